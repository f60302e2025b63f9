import { DECISION_KIND_LABELS, describeReviewDate, type FindingDecisionDesign } from '../../design';
import type { CheckLocation, CheckReport, CheckSeverity, CheckSubject, FailOn } from '../checkReport.types';

/**
 * What the machine-readable formats (SARIF, JUnit, GitHub annotations)
 * write, one entry per thing a reader acts on: an open or decided finding,
 * an access pattern's verdict, a file that could not be read. Each format
 * is a pure function of these entries, so they agree on every count.
 */
export type ReportEntry = FindingEntry | PatternEntry | ProblemEntry;

/** The rule id of a failing access pattern (SARIF, JUnit and annotations name it alike). */
export const PATTERN_RULE_ID = 'keylab.accessPattern';
/** The rule id of a file that could not be read as a design. */
export const UNREADABLE_RULE_ID = 'keylab.unreadableFile';

interface EntryBase {
  /** The file, relative to the working directory, with forward slashes. */
  readonly file: string;
  /** Where in the file (a stand-in says so in `nearest`); undefined: nowhere better than the file. */
  readonly location?: CheckLocation;
}

export interface FindingEntry extends EntryBase {
  readonly kind: 'finding';
  /** The stable finding id (`review.noTiebreaker|Leaderboard|Score||SK||`). */
  readonly id: string;
  readonly code: string;
  readonly severity: CheckSeverity;
  readonly title: string;
  readonly message: string;
  readonly suggestion: string;
  readonly subject: CheckSubject;
  readonly decision?: FindingDecisionDesign;
}

export interface PatternEntry extends EntryBase {
  readonly kind: 'pattern';
  readonly table: string;
  readonly patternId: string;
  readonly name: string;
  readonly verdict: 'passes' | 'fails';
  /** Why it fails (empty when it passes). */
  readonly reasons: readonly string[];
}

export interface ProblemEntry extends EntryBase {
  readonly kind: 'problem';
  /** What is wrong with the file, with the line and column in the message where known. */
  readonly message: string;
}

const RANK: Readonly<Record<CheckSeverity, number>> = { error: 3, warning: 2, note: 1 };

/**
 * The report's entries, file by file in the report's order: each checked
 * file's findings (errors first), then its pattern verdicts; an unreadable
 * file's problems. Reader warnings and skipped files stay in the text and
 * JSON outputs.
 */
export function reportEntries(report: CheckReport): ReportEntry[] {
  return report.files.flatMap((file): ReportEntry[] => {
    if (file.status === 'unreadable') {
      return file.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => ({
          kind: 'problem',
          file: file.file,
          message: problem.message,
          ...(problem.line !== undefined ? { location: { line: problem.line, column: problem.column ?? 1 } } : {}),
        }));
    }
    return [
      ...file.findings.map((finding): ReportEntry => ({
        kind: 'finding',
        file: file.file,
        id: finding.id,
        code: finding.code,
        severity: finding.severity,
        title: finding.title,
        message: finding.message,
        suggestion: finding.suggestion,
        subject: finding.subject,
        ...(finding.decision ? { decision: finding.decision } : {}),
        ...(finding.location ? { location: finding.location } : {}),
      })),
      ...file.patterns.map((pattern): ReportEntry => ({
        kind: 'pattern',
        file: file.file,
        table: pattern.table,
        patternId: pattern.pattern,
        name: pattern.name,
        verdict: pattern.verdict,
        reasons: pattern.reasons.map((reason) => reason.message),
        ...(pattern.location ? { location: pattern.location } : {}),
      })),
    ];
  });
}

/** Whether a severity is at or above `--fail-on` (never: none is). */
export function atOrAbove(severity: CheckSeverity, failOn: FailOn): boolean {
  return failOn !== 'never' && RANK[severity] >= RANK[failOn];
}

/** Whether an entry fails the run at `failOn`: an open finding at or above it, a failing pattern or an unreadable file (both errors). */
export function failsRun(entry: ReportEntry, failOn: FailOn): boolean {
  return atOrAbove(severityOf(entry), failOn) && !(entry.kind === 'finding' && entry.decision) && !(entry.kind === 'pattern' && entry.verdict === 'passes');
}

/** An entry's severity: a finding's own; a failing pattern and an unreadable file are errors. */
export function severityOf(entry: ReportEntry): CheckSeverity {
  return entry.kind === 'finding' ? entry.severity : 'error';
}

/** The rule an entry belongs to. */
export function ruleIdOf(entry: ReportEntry): string {
  return entry.kind === 'finding' ? entry.code : entry.kind === 'pattern' ? PATTERN_RULE_ID : UNREADABLE_RULE_ID;
}

/** The decision on a finding in words, as the text output says it: `Won't fix by Ana on 2026-12-05 09:40 UTC: "…"`. */
export function describeDecision(decision: FindingDecisionDesign): string {
  const who = decision.decidedBy ? ` by ${decision.decidedBy}` : '';
  const when = decision.decidedAt ? ` on ${describeReviewDate(decision.decidedAt)}` : '';
  return `${DECISION_KIND_LABELS[decision.kind]}${who}${when}${decision.comment ? `: "${decision.comment}"` : ''}`;
}
