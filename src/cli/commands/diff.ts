import { buildDiffReport, problemLine, renderDiffMarkdown, renderDiffText, type DiffReport } from '../../check';
import type { ChangeVerdict } from '../../design';
import type { CliIo } from '../cliIo';
import { readDiffSide } from '../readDiffSide';
import type { KeylabCommand } from './command.types';
import { commandOptionHelp, readCommandArgs, usageError as commandUsageError } from './commandArgs';

const FORMATS = ['text', 'markdown', 'json'] as const;

/** `--fail-on`: which verdicts make the run exit 1 (never by default: the diff was produced). */
const FAIL_ON: Readonly<Record<string, readonly ChangeVerdict[]>> = {
  never: [],
  migration: ['newTableAndMigration', 'deleteTable', 'rewriteKeys'],
  backfill: ['newTableAndMigration', 'deleteTable', 'rewriteKeys', 'newIndexAndBackfill', 'reindexInPlace'],
  any: ['newTableAndMigration', 'deleteTable', 'rewriteKeys', 'newIndexAndBackfill', 'reindexInPlace', 'newTable', 'inPlace'],
};

/** keylab diff's options: read by readCommandArgs and listed by --help from this one table. */
const OPTIONS = {
  format: {
    type: 'string',
    value: '<name>',
    help: "text | markdown | json (default text). markdown is a\npull-request comment (GitHub-flavoured, under GitHub's\n65,536-character limit, design text escaped).",
  },
  'fail-on': {
    type: 'string',
    value: '<level>',
    help: [
      'never | migration | backfill | any (default never):',
      'exit 1 when a change needs',
      '  migration: a new table and a migration, a deleted',
      "    table, or the stored items' keys rewritten",
      '  backfill: those, a new index and backfill, or items',
      '    re-indexed in place',
      '  any: anything done in DynamoDB (UpdateTable too)',
    ].join('\n'),
  },
  examples: { type: 'string', value: '<n>', help: 'items that move shown per table or index (default 5)' },
} as const;

const USAGE = `Usage: keylab diff [options] <old> <new>

The structural diff of two designs, as the Design tab's Structural diff shows
it: every change with what DynamoDB can do about it (in place, a new index and
backfill, the stored items move, a new table and a migration), the items that
move, the npm run migrate command for each migration, and the review findings
added and resolved.

Each side is a design file of any format keylab check reads, or git:REV:path:
the file as committed in REV (read with git show REV:path, so the path is from
the repository's root, or ./path from the current folder).
  keylab diff git:main:designs/shop.keylab.json designs/shop.keylab.json

Options:
${commandOptionHelp(OPTIONS)}

Exit codes: 0 the diff was printed (whatever it says, unless --fail-on);
1 a change at or above --fail-on; 2 bad input (a side that can't be read or
is no design, a bad revision or path in git, an unknown option).
`;

/** `keylab diff <old> <new>`: reads both sides, prints the diff report, returns its exit code. */
const diff: KeylabCommand = {
  name: 'diff',
  summary: 'the structural diff of two designs (files or git:REV:path) as text, a Markdown PR comment or JSON',
  usage: USAGE,
  run: async (args, io) => {
    const parsed = readCommandArgs(args, io, { name: 'diff', usage: USAGE }, OPTIONS);
    if (typeof parsed === 'number') return parsed;
    const { values, positionals } = parsed;
    const format = values.format ?? 'text';
    if (!(FORMATS as readonly string[]).includes(format)) return usageError(io, `--format takes ${FORMATS.join(', ')}; got "${format}".`);
    const failOn = values['fail-on'] ?? 'never';
    const failing = FAIL_ON[failOn];
    if (!failing) return usageError(io, `--fail-on takes ${Object.keys(FAIL_ON).join(', ')}; got "${failOn}".`);
    const examples = Number(values.examples ?? 5);
    if (!Number.isInteger(examples) || examples < 0) return usageError(io, `--examples takes a whole number (0 or more); got "${values.examples}".`);
    if (positionals.length !== 2) return usageError(io, `Name two designs, the old and the new (got ${positionals.length}).`);

    const sides = await Promise.all(positionals.map((arg) => readDiffSide(arg, io)));
    let unreadable = false;
    for (const side of sides) {
      if (side.ok) continue;
      unreadable = true;
      if (side.message !== undefined) io.stderr(`keylab diff: ${side.label}: ${side.message}\n`);
      for (const problem of side.problems ?? []) io.stderr(`${problemLine(side.label, problem)}\n`);
    }
    const [before, after] = sides;
    if (unreadable || !before?.ok || !after?.ok) return 2;
    const report = buildDiffReport(before.design, after.design, { before: before.side, after: after.side });
    io.stdout(render(report, format, examples));
    return report.changes.some((change) => failing.includes(change.verdict)) ? 1 : 0;
  },
};

function render(report: DiffReport, format: string, examples: number): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return format === 'markdown' ? renderDiffMarkdown(report, { examples }) : renderDiffText(report, { examples });
}

function usageError(io: CliIo, message: string): number {
  return commandUsageError(io, 'diff', message);
}

export default diff;
