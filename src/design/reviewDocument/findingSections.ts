import { DECISION_KIND_LABELS, describeReviewDate } from '../decisions/decisions';
import { isSignOffCurrent } from '../decisions/fingerprint';
import { FINDING_DECISION_KINDS, type Design, type FindingDecisionDesign } from '../design.types';
import type { ReviewedFinding, ReviewSubject } from '../review';
import type { ReviewLine, ReviewSection } from './reviewDocument.types';
import { code, groupDigits, message, strong, text } from './reviewLines';

/** The document's findings (the open ones) and the decided ones with their decisions: kind, comment, who and when. */

/** What a finding is about, outermost first: `Leaderboard / Run / SK / score`, a pattern by its id. */
function subjectLine(subject: ReviewSubject): ReviewLine {
  const parts = [
    subject.table,
    subject.entity,
    subject.index !== undefined ? `index ${subject.index}` : undefined,
    subject.keyAttribute,
    subject.field,
    subject.pattern !== undefined ? `pattern ${subject.pattern}` : undefined,
  ].filter((part): part is string => part !== undefined && part !== '');
  return parts.length === 0 ? [text('the design')] : parts.flatMap((part, index) => [...(index > 0 ? [text(' / ')] : []), code(part)]);
}

/** An evidence label ("sorts first") begins a sentence of its own after the message: its first letter a capital. */
function asSentenceStart(label: string): string {
  return label.replace(/^[a-z]/, (first) => first.toUpperCase());
}

/** The message, the samples that show it, and the fix in words. */
function messageLine(finding: ReviewedFinding): ReviewLine {
  return [
    ...message(finding.message),
    // An evidence text that is a sentence already (a why) brings its own stop.
    ...finding.evidence.flatMap((evidence) => [
      text(' '),
      ...message(asSentenceStart(evidence.label)),
      text(': '),
      code(evidence.text),
      ...(/[.!?]$/.test(evidence.text.trim()) ? [] : [text('.')]),
    ]),
    ...(finding.suggestion.trim() !== '' ? [text(' Fix: '), ...message(finding.suggestion)] : []),
  ];
}

export function findingsSection(findings: readonly ReviewedFinding[]): ReviewSection {
  const open = findings.filter((finding) => !finding.decision);
  return {
    id: 'findings',
    title: 'Findings',
    blocks:
      open.length === 0
        ? [{ kind: 'paragraph', content: [text(findings.length === 0 ? 'The review found nothing.' : 'Every finding is decided (see Decisions).')] }]
        : [
            {
              kind: 'table',
              label: 'Findings',
              columns: ['Severity', 'Code', 'Subject', 'Message'],
              rows: open.map((finding): readonly ReviewLine[] => [
                [text(finding.severity)],
                [code(finding.code)],
                subjectLine(finding.subject),
                messageLine(finding),
              ]),
            },
          ],
  };
}

/**
 * Decided findings, by kind (accepted, won't fix, fix later), with the
 * comment, who decided and when — also those the review no longer reports
 * (kept in the design by id and code), so a reader sees every decision.
 */
export function decisionsSection(design: Design, findings: readonly ReviewedFinding[]): ReviewSection {
  const reported = new Set(findings.map((finding) => finding.id));
  const gone = (design.decisions ?? []).filter((entry) => !reported.has(entry.id));
  const blocks = FINDING_DECISION_KINDS.flatMap((kind): ReviewSection['blocks'] => {
    const decided = findings.filter((finding) => finding.decision?.kind === kind);
    const goneOfKind = gone.filter((entry) => entry.kind === kind);
    if (decided.length + goneOfKind.length === 0) return [];
    const rows: (readonly ReviewLine[])[] = [
      ...decided.map((finding): readonly ReviewLine[] => [
        [text(finding.severity)],
        [code(finding.code)],
        subjectLine(finding.subject),
        message(finding.message),
        ...decisionCells(finding.decision),
      ]),
      ...goneOfKind.map((entry): readonly ReviewLine[] => [
        [text('—')],
        [code(entry.code)],
        [code(entry.id)],
        [text('No longer reported.')],
        ...decisionCells(entry),
      ]),
    ];
    const label = `${DECISION_KIND_LABELS[kind]} (${rows.length.toLocaleString('en-US')})`;
    return [
      { kind: 'subheading', content: [text(label)] },
      {
        kind: 'table',
        label: `${DECISION_KIND_LABELS[kind]} findings`,
        columns: ['Severity', 'Code', 'Subject', 'Finding', 'Comment', 'Decided by', 'When'],
        rows,
      },
    ];
  });
  return {
    id: 'decisions',
    title: 'Decisions',
    blocks: blocks.length === 0 ? [{ kind: 'paragraph', content: [text('No finding is decided.')] }] : blocks,
  };
}

/** Comment, who and when (an older file's acceptance has no name or date: a dash). */
function decisionCells(decision: FindingDecisionDesign | undefined): readonly ReviewLine[] {
  if (!decision) return [[text('')], [text('—')], [text('—')]];
  return [
    [text(decision.comment)],
    [text(decision.decidedBy === '' ? '—' : decision.decidedBy)],
    [text(decision.decidedAt === '' ? '—' : describeReviewDate(decision.decidedAt))],
  ];
}

/** Who signed the design off, when, for which revision, and whether the design changed since (isSignOffCurrent). */
export function signOffSection(design: Design): ReviewSection {
  const signOffs = design.signOffs ?? [];
  return {
    id: 'sign-off',
    title: 'Sign-off',
    blocks:
      signOffs.length === 0
        ? [{ kind: 'paragraph', content: [text('Nobody has signed this design off.')] }]
        : [
            {
              kind: 'table',
              label: 'Sign-offs',
              columns: ['Reviewer', 'Signed', 'Revision', 'State'],
              rows: signOffs.map((entry): readonly ReviewLine[] => [
                [text(entry.reviewer)],
                [text(describeReviewDate(entry.signedAt))],
                [text(groupDigits(entry.revision))],
                isSignOffCurrent(design, entry) ? [text('current')] : [strong('out of date'), text(': the design changed after this sign-off')],
              ]),
            },
          ],
  };
}
