import { describeDecision, describeStaleDecision, type FindingDecisionDesign, type KeyMoves, type StructuralChange } from '../../design';
import { keyText, movedItems, movesSummary, placeText } from '../../design/diff';
import { markdownCodeBlock, markdownProse } from '../../design/reviewDocument';
import { clip, commentCode, commentHtml, commentProse } from './commentText';
import type { DiffFinding, DiffMigration, DiffReport } from './diffReport.types';

/** GitHub's limit on a pull-request comment's body, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** How much of each list a rendering shows (the whole report, until the comment would pass the limit). */
interface Shown {
  readonly changes: number;
  readonly examples: number;
  readonly findings: number;
  readonly migrations: number;
}

/** The longest migration command shown in a comment, in characters. */
const MAX_COMMAND = 4_000;

/** Lists longer than this fold into a `<details>` block. */
const FOLD_AFTER = 10;

const row = (cells: readonly string[]) => `| ${cells.map((cell) => cell || ' ').join(' | ')} |`;

/** Multi-line design text (one template per line) in one table cell: a code span per line, `<br>` between them. */
const cellLines = (text: string | undefined, code: boolean) =>
  text === undefined
    ? '—'
    : clip(text, 2_000)
        .split(/\r\n|\r|\n/)
        .map((line) => (code ? commentCode(line, true) : commentProse(line)))
        .join('<br>');

function changesTable(changes: readonly StructuralChange[]): string {
  const lines = [row(['What changed', 'Before', 'After', 'Verdict', 'Why']), row(['---', '---', '---', '---', '---'])];
  for (const change of changes) {
    lines.push(
      row([
        `${change.action} ${commentProse(change.subject)}`,
        cellLines(change.before, true),
        cellLines(change.after, true),
        `**${change.verdictLabel}**`,
        markdownProse(change.how),
      ]),
    );
  }
  return lines.join('\n');
}

/** The changes per table (they come grouped by table): the table's name, then its changes. */
function changesByTable(changes: readonly StructuralChange[]): string {
  const groups: StructuralChange[][] = [];
  for (const change of changes) {
    const last = groups.at(-1);
    if (last && last[0]?.table === change.table) last.push(change);
    else groups.push([change]);
  }
  return groups.map((group) => `${group[0]?.table ? `**Table ${commentCode(group[0].table)}**` : '**The design**'}\n\n${changesTable(group)}`).join('\n\n');
}

function folded(summary: string, body: string, open = false): string {
  return `<details${open ? ' open' : ''}><summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

function movesBlock(change: StructuralChange, moves: KeyMoves, examples: number): string {
  const moved = movedItems(moves);
  const head = `**${commentProse(change.subject)}** (${commentCode(change.table)}): ${commentProse(movesSummary(moves))}`;
  if (examples === 0 || moved.length === 0) return head;
  const shown = moved.slice(0, examples);
  const table = [
    row(['Item', 'Old key', 'Old place', 'New key', 'New place']),
    row(['---', '---', '---', '---', '---']),
    ...shown.map((item) =>
      row([
        commentCode(item.sampleId, true),
        item.before ? commentCode(keyText(item.before), true) : '—',
        placeText(item.before),
        `${item.after ? commentCode(keyText(item.after), true) : '—'}${item.problems.map((problem) => `<br>${commentProse(problem)}`).join('')}`,
        placeText(item.after),
      ]),
    ),
  ].join('\n');
  const more = moved.length > shown.length ? `\n\n${moved.length - shown.length} more not shown.` : '';
  return `${head}\n\n${folded(commentHtml(`${shown.length} of ${moved.length} items that move in ${moves.keySpace}, in DynamoDB’s order`), `${table}${more}`)}`;
}

const findingLine = (finding: DiffFinding) =>
  `- **${finding.severity}** ${commentCode(finding.code)} in ${commentCode(finding.table)}${finding.entity ? `, ${commentCode(finding.entity)}` : ''}: ${commentProse(finding.message)}${finding.decision ? ` — ${commentProse(describeDecision(finding.decision))}` : ''}`;

/** The finding lists the comment shows, each cut to the same number of rows when it is truncated. */
const findingLists = (report: DiffReport): readonly (readonly unknown[])[] => [
  report.findings.added,
  report.findings.resolved,
  report.findings.decided,
  report.findings.staleDecisions,
];

/** A stale decision: the finding no longer fires, so the design can drop it (design text as prose, never structure). */
function staleDecisionsBlock(decisions: readonly FindingDecisionDesign[], shown: number): string | undefined {
  if (decisions.length === 0) return undefined;
  const list =
    decisions
      .slice(0, shown)
      .map((decision) => `- ${commentProse(describeStaleDecision(decision))}`)
      .join('\n') + (decisions.length > shown ? `\n\n${decisions.length - shown} more not shown.` : '');
  const heading = `Stale decisions (${decisions.length})`;
  return decisions.length > FOLD_AFTER ? folded(heading, list) : `**${heading}**\n\n${list}`;
}

function findingsBlock(title: string, findings: readonly DiffFinding[], shown: number): string | undefined {
  if (findings.length === 0) return undefined;
  const list = findings.slice(0, shown).map(findingLine).join('\n') + (findings.length > shown ? `\n\n${findings.length - shown} more not shown.` : '');
  const heading = `${title} (${findings.length})`;
  return findings.length > FOLD_AFTER ? folded(heading, list) : `**${heading}**\n\n${list}`;
}

function migrationBlock(migration: DiffMigration): string {
  const where = `Table ${commentCode(migration.table)}${migration.entity !== undefined ? `, entity ${commentCode(migration.entity)}` : ''}`;
  const parts = [`**${where}**, for: ${migration.changes.map((subject) => commentProse(subject)).join('; ')}.`];
  const commands = migration.commands.join('\n');
  // A command is pasted whole or not at all: one too long for a comment (a name of thousands of characters) is left to the text output.
  if (commands.length > MAX_COMMAND)
    parts.push(`The command is ${commands.length.toLocaleString('en-US')} characters long: \`keylab diff --format text\` prints it.`);
  else if (commands !== '') parts.push(markdownCodeBlock(commands, 'sh'));
  parts.push(commentProse(migration.note, true, 4_000));
  return parts.join('\n\n');
}

function render(report: DiffReport, shown: Shown, truncation: string | undefined): string {
  const parts = ['## Keylab design diff', `From ${commentCode(report.before)} to ${commentCode(report.after)}.`];
  parts.push(report.worst ? `**Most work: ${report.worst.label}.** ${markdownProse(report.summary)}` : markdownProse(report.summary));
  if (report.changes.length > 0) {
    const changes = report.changes.slice(0, shown.changes);
    const table =
      changesByTable(changes) + (report.changes.length > changes.length ? `\n\n${report.changes.length - changes.length} more changes not shown.` : '');
    parts.push('### Changes', report.changes.length > FOLD_AFTER * 2 ? folded(`${report.changes.length} changes`, table, true) : table);
    const moving = changes.flatMap((change) =>
      (change.moves ?? []).filter((moves) => moves.moving > 0 || moves.repositioned > 0).map((moves) => movesBlock(change, moves, shown.examples)),
    );
    if (moving.length > 0) parts.push('### Items that move', ...moving);
  }
  if (report.migrations.length > 0) {
    const migrations = report.migrations.slice(0, shown.migrations);
    parts.push('### Migrations', ...migrations.map(migrationBlock));
    if (report.migrations.length > migrations.length) parts.push(`${report.migrations.length - migrations.length} more migrations not shown.`);
  }
  const findings = [
    findingsBlock('Findings added', report.findings.added, shown.findings),
    findingsBlock('Findings resolved', report.findings.resolved, shown.findings),
    findingsBlock('Findings decided', report.findings.decided, shown.findings),
    staleDecisionsBlock(report.findings.staleDecisions, shown.findings),
  ].filter((block): block is string => block !== undefined);
  if (findings.length > 0) parts.push('### Review findings', ...findings);
  if (truncation) parts.push(truncation);
  parts.push('<sub>Written by <code>keylab diff</code>.</sub>');
  return `${parts.join('\n\n')}\n`;
}

/**
 * The diff report as GitHub-flavoured Markdown for a pull-request comment:
 * the headline (the most work a change needs, the counts), a table of the
 * changes (before → after, verdict, why), a few of the items that move (in
 * `<details>`), each migration's `npm run migrate` command, and the findings
 * added and resolved. Design text is untrusted: it renders as text, never as
 * HTML, Markdown structure, a link or a mention. A comment that would pass
 * `maxLength` (GitHub's 65,536 characters) first drops the item examples,
 * then shows fewer rows, and says what it left out.
 */
export function renderDiffMarkdown(report: DiffReport, options: { readonly maxLength?: number; readonly examples?: number } = {}): string {
  const maxLength = options.maxLength ?? GITHUB_COMMENT_LIMIT;
  const all: Shown = { changes: Infinity, examples: options.examples ?? 5, findings: Infinity, migrations: Infinity };
  const full = render(report, all, undefined);
  if (full.length <= maxLength) return full;
  const totals = {
    changes: report.changes.length,
    findings: findingLists(report).reduce((sum, list) => sum + list.length, 0),
    migrations: report.migrations.length,
  };
  const note = (shown: Shown) => {
    const counts = [
      `${Math.min(shown.changes, totals.changes)} of ${totals.changes} changes`,
      `${Math.min(shown.migrations, totals.migrations)} of ${totals.migrations} migrations`,
      `${findingLists(report).reduce((sum, list) => sum + Math.min(shown.findings, list.length), 0)} of ${totals.findings} findings`,
    ];
    return `**Truncated** to stay under GitHub’s ${GITHUB_COMMENT_LIMIT.toLocaleString('en-US')}-character comment limit: ${shown.examples === 0 ? 'no item examples, ' : ''}${counts.join(', ')} shown. Run \`keylab diff\` locally (\`--format text\` or \`--format json\`) for the whole diff.`;
  };
  const attempt = (shown: Shown) => render(report, shown, note(shown));
  const noExamples: Shown = { ...all, examples: 0 };
  if (attempt(noExamples).length <= maxLength) return attempt(noExamples);
  // The most rows (changes, findings and migrations alike) that fit: every cell is clipped, so a few always do.
  let low = 0;
  let high = Math.max(totals.changes, totals.findings, totals.migrations);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (attempt({ changes: middle, examples: 0, findings: middle, migrations: middle }).length <= maxLength) low = middle;
    else high = middle - 1;
  }
  return attempt({ changes: low, examples: 0, findings: low, migrations: low });
}
