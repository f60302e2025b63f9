import { describeDecision, describeStaleDecision, type DesignFileFormat } from '../design';
import { isDecided } from '../design/review';
import { visibleMarkdownText } from '../design/reviewDocument';
import type { CheckedDesignFile, CheckFileProblem, CheckFinding, CheckReport, CheckSeverity, CheckSubject, UnreadableDesignFile } from './checkReport.types';

/** What each reader is called in the output. */
export const FORMAT_NAMES: Readonly<Record<DesignFileFormat, string>> = {
  keylab: 'Keylab design',
  workbench: 'NoSQL Workbench model',
  onetable: 'OneTable schema',
  cloudformation: 'CloudFormation template',
  electrodb: 'ElectroDB entities',
};

export interface CheckTextOptions {
  /** ANSI colours (only for a terminal, and never with NO_COLOR). */
  readonly color?: boolean;
  /** Only files with something open or unreadable, and the summary; no passing patterns, decided findings or skipped files. */
  readonly quiet?: boolean;
}

const ANSI = {
  red: '\u001b[31m',
  yellow: '\u001b[33m',
  cyan: '\u001b[36m',
  green: '\u001b[32m',
  dim: '\u001b[2m',
  bold: '\u001b[1m',
  reset: '\u001b[0m',
} as const;

/**
 * The report as text for a terminal or a CI log: per file, its format, each
 * open finding (severity, code, where in the design, message, fix), the
 * decided ones with who decided and why, every pattern verdict, then one
 * summary line. Names and messages from the file are untrusted: control,
 * invisible and bidi characters are shown as markers, never sent to the
 * terminal.
 *
 * @example
 * formatCheckText(report) // "width-too-narrow.keylab.json  Keylab design \"Scores\"\n  error  review.widthTooNarrow …"
 */
export function formatCheckText(report: CheckReport, options: CheckTextOptions = {}): string {
  const paint = (color: keyof typeof ANSI, text: string) => (options.color ? `${ANSI[color]}${text}${ANSI.reset}` : text);
  const lines: string[] = [];
  for (const file of report.files) {
    const before = lines.length;
    if (file.status === 'unreadable') writeUnreadable(file, lines, paint);
    else writeChecked(file, lines, paint, options.quiet === true);
    if (lines.length > before) lines.push('');
  }
  if (!options.quiet) for (const skipped of report.skipped) lines.push(paint('dim', `skipped ${safe(skipped.file)}: ${safe(skipped.reason)}`));
  if (!options.quiet && report.skipped.length > 0) lines.push('');
  lines.push(summaryLine(report));
  return `${lines.join('\n')}\n`;
}

type Paint = (color: keyof typeof ANSI, text: string) => string;

const SEVERITY_COLOR: Readonly<Record<CheckSeverity, keyof typeof ANSI>> = { error: 'red', warning: 'yellow', note: 'cyan' };

function writeUnreadable(file: UnreadableDesignFile, lines: string[], paint: Paint): void {
  lines.push(`${paint('bold', safe(file.file))}  ${paint('red', 'could not be read')}${file.format ? ` (${FORMAT_NAMES[file.format]})` : ''}`);
  for (const problem of file.problems) lines.push(`  ${problemLine(file.file, problem, paint)}`);
}

/** `file:line:column: error: message (at path)`, as compilers print it. */
export function problemLine(file: string, problem: CheckFileProblem, paint: Paint = (_color, text) => text): string {
  const place = problem.line !== undefined ? `:${problem.line}${problem.column !== undefined ? `:${problem.column}` : ''}` : '';
  const path = problem.path ? ` (at ${safe(problem.path)})` : '';
  return `${safe(file)}${place}: ${paint(problem.severity === 'error' ? 'red' : 'yellow', problem.severity)}: ${safe(problem.message)}${path}`;
}

function writeChecked(file: CheckedDesignFile, lines: string[], paint: Paint, quiet: boolean): void {
  const open = file.findings.filter((finding) => !isDecided(finding));
  const decided = file.findings.filter(isDecided);
  const failing = file.patterns.filter((pattern) => pattern.verdict === 'fails');
  if (quiet && open.length === 0 && failing.length === 0) return;
  const tables = `${file.tables.length} table${file.tables.length === 1 ? '' : 's'}`;
  lines.push(`${paint('bold', safe(file.file))}  ${FORMAT_NAMES[file.format]} "${safe(file.designName)}", ${tables}`);
  if (!quiet) for (const warning of file.warnings) lines.push(`  ${problemLine(file.file, warning, paint)}`);
  for (const finding of open) {
    lines.push(
      `  ${paint(SEVERITY_COLOR[finding.severity], finding.severity.padEnd(7))} ${finding.code}  ${subjectText(finding.subject)}${locationText(file.file, finding)}`,
    );
    lines.push(...indented(finding.message, '          '));
    lines.push(...indented(`Fix: ${finding.suggestion}`, '          ').map((line) => paint('dim', line)));
  }
  if (!quiet) {
    for (const finding of decided) {
      lines.push(
        paint('dim', `  decided ${finding.code}  ${subjectText(finding.subject)} (${finding.severity}) — ${safe(describeDecision(finding.decision!))}`),
      );
    }
    for (const decision of file.staleDecisions ?? []) lines.push(paint('dim', `  ${safe(describeStaleDecision(decision))}`));
  }
  for (const pattern of quiet ? failing : file.patterns) {
    const verdict = pattern.verdict === 'passes' ? paint('green', 'passes ') : paint('red', 'FAILS  ');
    lines.push(`  pattern ${verdict} table ${safe(pattern.table)} · ${safe(pattern.name)} (${safe(pattern.pattern)})`);
    for (const reason of pattern.reasons) lines.push(...indented(reason.message, '          '));
  }
  if (!quiet) for (const problem of file.sampleProblems) lines.push(paint('dim', `  sample not written: ${safe(problem)}`));
}

/** Where in the design a finding is: `table Shop · entity Order · index GSI1 · key SK · field score · pattern p1`. */
export function subjectText(subject: CheckSubject): string {
  const parts = [
    subject.table ? `table ${safe(subject.table)}` : '',
    subject.entity !== undefined ? `entity ${safe(subject.entity)}` : '',
    subject.index !== undefined ? `index ${safe(subject.index)}` : '',
    subject.keyAttribute !== undefined ? `key ${safe(subject.keyAttribute)}` : '',
    subject.field !== undefined ? `field ${safe(subject.field)}` : '',
    subject.pattern !== undefined ? `pattern ${safe(subject.pattern)}` : '',
  ];
  return parts.filter((part) => part !== '').join(' · ');
}

function locationText(file: string, finding: CheckFinding): string {
  // A stand-in place says what it is (a Workbench model has no templates: the entity's first item).
  return finding.location
    ? `  (${safe(file)}:${finding.location.line}:${finding.location.column}${finding.location.nearest ? `, the nearest place: ${safe(finding.location.nearest)}` : ''})`
    : '';
}

/** Untrusted text made safe for a terminal, line breaks kept for `indented`. */
function safe(text: string): string {
  return visibleMarkdownText(text, 'keep');
}

function indented(text: string, prefix: string): string[] {
  return safe(text)
    .split(/\r\n|\r|\n/)
    .map((line) => `${prefix}${line}`);
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "3 files: 2 errors, 1 warning, 4 notes open; 2 decided; 1 pattern fails" (and unreadable and skipped files, when any). */
export function summaryLine(report: CheckReport): string {
  const { counts } = report;
  const parts = [
    `${plural(report.files.length, 'file')}: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.note, 'note')} open`,
    `${counts.decided} decided`,
    `${plural(counts.failingPatterns, 'pattern fails', 'patterns fail')}`,
  ];
  if (report.unreadable > 0) parts.push(`${plural(report.unreadable, 'file')} could not be read`);
  if (report.skipped.length > 0) parts.push(`${plural(report.skipped.length, 'file')} skipped`);
  const verdict =
    report.exitCode === 2
      ? 'exit 2 (a file could not be read)'
      : report.exitCode === 1
        ? `exit 1 (open findings at or above --fail-on ${report.options.failOn})`
        : `exit 0${report.options.failOn === 'never' ? ' (--fail-on never)' : ` (nothing open at or above --fail-on ${report.options.failOn})`}`;
  return `${parts.join('; ')}. ${verdict}`;
}
