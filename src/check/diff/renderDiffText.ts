import { describeDecision, describeStaleDecision, type KeyMoves } from '../../design';
import { keyText, movedItems, movesSummary, placeText } from '../../design/diff';
import { visibleMarkdownText } from '../../design/reviewDocument';
import type { DiffFinding, DiffReport } from './diffReport.types';

/** Design text for a terminal: invisible and control characters (an escape sequence too) shown as markers, never sent raw. */
const visible = (text: string) => visibleMarkdownText(text, 'keep').replace(/\r\n|\r/g, '\n');

/** Multi-line text (one template per line), each line indented under its label. */
function indented(label: string, text: string, indent: string): string[] {
  const [first = '', ...rest] = visible(text).split('\n');
  return [`${indent}${label}${first}`, ...rest.map((line) => `${indent}${' '.repeat(label.length)}${line}`)];
}

function movesLines(moves: KeyMoves, examples: number): string[] {
  const moved = movedItems(moves);
  const lines = [`    ${visible(movesSummary(moves))}`];
  for (const item of moved.slice(0, examples)) {
    lines.push(
      `      ${visible(item.sampleId)}: ${visible(keyText(item.before))} (${placeText(item.before)}) → ${visible(keyText(item.after))} (${placeText(item.after)})`,
    );
    for (const problem of item.problems) lines.push(`        ${visible(problem)}`);
  }
  if (moved.length > examples) lines.push(`      … and ${moved.length - examples} more`);
  return lines;
}

const findingLine = (finding: DiffFinding) =>
  `  ${finding.severity} ${finding.code} (${[finding.table, finding.entity]
    .filter((part) => part !== undefined && part !== '')
    .map((part) => visible(part as string))
    .join(', ')}): ${visible(finding.message)}`;

/**
 * The diff report as plain text for a terminal: the headline, the changes
 * per table (before, after, verdict, why, a few of the items that move), the
 * findings added and resolved, and the migrations with their commands.
 * Design text is shown with its invisible characters as markers.
 */
export function renderDiffText(report: DiffReport, options: { readonly examples?: number } = {}): string {
  const examples = options.examples ?? 5;
  const lines = [`keylab diff: ${visible(report.before)} → ${visible(report.after)}`, report.summary];
  if (report.worst) lines.push(`Most work: ${report.worst.label}.`);
  let table: string | undefined;
  for (const change of report.changes) {
    if (change.table !== table) {
      table = change.table;
      lines.push('', table === '' ? 'The design' : `Table ${visible(table)}`);
    }
    lines.push(`  [${change.verdictLabel}] ${change.action} ${visible(change.subject)}`);
    if (change.before !== undefined) lines.push(...indented('before: ', change.before, '    '));
    if (change.after !== undefined) lines.push(...indented('after:  ', change.after, '    '));
    lines.push(`    why: ${change.how}`);
    for (const moves of change.moves ?? []) lines.push(...movesLines(moves, examples));
  }
  for (const [title, findings] of [
    ['Findings added', report.findings.added],
    ['Findings resolved', report.findings.resolved],
  ] as const) {
    if (findings.length > 0) lines.push('', `${title} (${findings.length})`, ...findings.map(findingLine));
  }
  // Decisions as keylab check reads them: a decided new finding is listed as decided, not as new; a stale decision is listed to be removed.
  const { decided, staleDecisions } = report.findings;
  if (decided.length > 0)
    lines.push(
      '',
      `Findings decided (${decided.length})`,
      ...decided.map((finding) => `${findingLine(finding)} — ${visible(describeDecision(finding.decision!))}`),
    );
  if (staleDecisions.length > 0)
    lines.push('', `Stale decisions (${staleDecisions.length})`, ...staleDecisions.map((decision) => `  ${visible(describeStaleDecision(decision))}`));
  if (report.migrations.length > 0) {
    lines.push('', 'Migrations');
    for (const migration of report.migrations) {
      lines.push(
        `  ${visible(migration.table)}${migration.entity !== undefined ? `, entity ${visible(migration.entity)}` : ''} (${migration.changes.map(visible).join('; ')})`,
      );
      lines.push(...migration.commands.map((command) => `    ${visible(command)}`));
      lines.push(`    ${visible(migration.note)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
