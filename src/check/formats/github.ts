import type { CheckLocation, CheckReport, CheckSeverity } from '../checkReport.types';
import { subjectText, summaryLine } from '../formatCheckText';
import { workflowCommand } from './githubCommand';
import { PATTERN_RULE_ID, reportEntries, severityOf, UNREADABLE_RULE_ID, type ReportEntry } from './reportEntries';

const COMMAND: Readonly<Record<CheckSeverity, string>> = { error: 'error', warning: 'warning', note: 'notice' };

function place(location: CheckLocation | undefined): { line?: number; col?: number } {
  return location ? { line: location.line, col: location.column } : {};
}

/** Where a stand-in place points, said in the message (an annotation has no other field for it). */
function nearestNote(location: CheckLocation | undefined): string {
  return location?.nearest ? ` [Shown at the nearest place: ${location.nearest}.]` : '';
}

function annotation(entry: ReportEntry): string | undefined {
  const common = { file: entry.file, ...place(entry.location) };
  const command = COMMAND[severityOf(entry)];
  if (entry.kind === 'finding') {
    if (entry.decision) return undefined;
    return workflowCommand(
      command,
      { ...common, title: `${entry.code}: ${entry.title}` },
      `${entry.message} ${entry.suggestion} (${subjectText(entry.subject)})${nearestNote(entry.location)}`,
    );
  }
  if (entry.kind === 'pattern') {
    if (entry.verdict === 'passes') return undefined;
    return workflowCommand(
      command,
      { ...common, title: `${PATTERN_RULE_ID}: ${entry.name}` },
      `Access pattern ${entry.patternId} of table ${entry.table} fails: ${entry.reasons.join(' ')}${nearestNote(entry.location)}`,
    );
  }
  return workflowCommand(command, { ...common, title: `${UNREADABLE_RULE_ID}: not a readable design` }, entry.message);
}

/**
 * The report as GitHub Actions workflow commands, one line each, which the
 * runner turns into annotations on the pull request's files: `::error` for
 * open error findings, failing access patterns and unreadable files,
 * `::warning` and `::notice` for open warnings and notes, at the file, line
 * and column. Decided findings and passing patterns stay quiet. Every value
 * from the design is escaped (see workflowCommand), so a hostile table name
 * cannot end a command or start another. Ends with the summary line as plain
 * log text.
 *
 * @example
 * writeGithubAnnotations(report)
 * // '::error file=designs/shop.keylab.json,line=12,col=9,title=review.numberInStringField%3A Numbers in a string field::…\n3 files: …\n'
 */
export function writeGithubAnnotations(report: CheckReport): string {
  const lines = reportEntries(report).flatMap((entry) => annotation(entry) ?? []);
  return `${[...lines, summaryLine(report)].join('\n')}\n`;
}
