import type { Design } from '../design.types';
import type { ReviewedFinding, ReviewSubject } from '../review';
import type { ReviewLine, ReviewSection } from './reviewDocument.types';
import { code, message, text } from './reviewLines';

/** The document's findings (the open ones) and the accepted ones with their notes. */

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
    ...finding.evidence.flatMap((evidence) => [text(' '), ...message(asSentenceStart(evidence.label)), text(': '), code(evidence.text), ...(/[.!?]$/.test(evidence.text.trim()) ? [] : [text('.')])]),
    ...(finding.suggestion.trim() !== '' ? [text(' Fix: '), ...message(finding.suggestion)] : []),
  ];
}

export function findingsSection(findings: readonly ReviewedFinding[]): ReviewSection {
  const open = findings.filter((finding) => !finding.accepted);
  return {
    id: 'findings',
    title: 'Findings',
    blocks:
      open.length === 0
        ? [{ kind: 'paragraph', content: [text(findings.length === 0 ? 'The review found nothing.' : 'Every finding is accepted (see Accepted).')] }]
        : [
            {
              kind: 'table',
              label: 'Findings',
              columns: ['Severity', 'Code', 'Subject', 'Message'],
              rows: open.map((finding): readonly ReviewLine[] => [[text(finding.severity)], [code(finding.code)], subjectLine(finding.subject), messageLine(finding)]),
            },
          ],
  };
}

/**
 * Accepted findings with the designers' notes — also those the review no
 * longer reports (kept in the design by id and code), so a reader sees every
 * acceptance.
 */
export function acceptedSection(design: Design, findings: readonly ReviewedFinding[]): ReviewSection {
  const accepted = findings.filter((finding) => finding.accepted);
  const reported = new Set(findings.map((finding) => finding.id));
  const gone = (design.acceptedFindings ?? []).filter((entry) => !reported.has(entry.id));
  const rows: (readonly ReviewLine[])[] = [
    ...accepted.map((finding): readonly ReviewLine[] => [[text(finding.severity)], [code(finding.code)], subjectLine(finding.subject), message(finding.message), [text(finding.accepted?.note ?? '')]]),
    ...gone.map((entry): readonly ReviewLine[] => [[text('—')], [code(entry.code)], [code(entry.id)], [text('No longer reported.')], [text(entry.note)]]),
  ];
  return {
    id: 'accepted',
    title: 'Accepted',
    blocks:
      rows.length === 0
        ? [{ kind: 'paragraph', content: [text('No finding is accepted.')] }]
        : [{ kind: 'table', label: 'Accepted findings', columns: ['Severity', 'Code', 'Subject', 'Finding', 'Note'], rows }],
  };
}
