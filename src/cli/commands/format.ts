import { formatDesignText, keylabFileName, layoutProblem, problemLine, sameBytes, type CheckFileProblem } from '../../check';
import { decodeDesignText } from '../../design';
import type { CliIo } from '../cliIo';
import { expandInputs, type InputFile } from '../expandInputs';
import { writeFileAtomically } from '../writeFileAtomically';
import type { KeylabCommand } from './command.types';
import { commandOptionHelp, readCommandArgs, usageError as commandUsageError } from './commandArgs';

/** keylab format's options: read by readCommandArgs and listed by --help from this one table. */
const OPTIONS = {
  check: { type: 'boolean', help: 'write nothing; exit 1 and list the files that would change' },
  stdout: { type: 'boolean', help: 'write the formatted text of one file to stdout (nothing written)' },
  'to-keylab': {
    type: 'boolean',
    help: 'for a Workbench model, OneTable schema or CloudFormation\ntemplate: write <name>.keylab.json beside it (never over an\nexisting file)',
  },
} as const;

const USAGE = `Usage: keylab format [options] <files, folders or globs…>

Rewrites Keylab design files (*.keylab.json) in place in the canonical,
diff-friendly layout: the text Export design… writes. Order that means
something is kept (tables, entities, samples, patterns, index key
attributes); order that means nothing is sorted (decisions by finding id,
key templates by key attribute, sample values by template field); one
sample per line. Each file is written whole or not at all (a temporary file
renamed over it), and a file already in the layout is not touched.

NoSQL Workbench models, OneTable schemas and CloudFormation templates are
not Keylab design files: they are skipped with the reason, never converted
silently (--to-keylab writes a Keylab design beside them).

Options:
${commandOptionHelp(OPTIONS, 12)}

Exit codes (the highest wins): 2 a file that could not be read (bad JSON,
not a design file, a problem the reader names: file, line, column) or
written; 1 with --check, a file not in the layout; 0 otherwise.
`;

/** The outcome of one file, for the exit code and the summary. */
type FileOutcome = 'formatted' | 'unchanged' | 'wouldChange' | 'skipped' | 'converted' | 'failed';

const KEYLAB_NAME = /\.keylab\.json$/i;

/** `keylab format`: the canonical layout for design files (src/check/format does the text; this reads and writes the files). */
const format: KeylabCommand = {
  name: 'format',
  summary: 'write Keylab design files in the canonical, diff-friendly layout (--check: fail on drift)',
  usage: USAGE,
  run: async (args, io) => {
    const parsed = readCommandArgs(args, io, { name: 'format', usage: USAGE }, OPTIONS);
    if (typeof parsed === 'number') return parsed;
    const { values, positionals } = parsed;
    if (positionals.length === 0) return usageError(io, 'Name the design files, folders or globs to format.');
    if (values.check && values.stdout)
      return usageError(io, '--check and --stdout do not go together: --check lists the files that would change, --stdout prints one file.');
    const inputs = await expandInputs(positionals, io.cwd);
    if (!inputs.ok) return usageError(io, inputs.message);
    if (values.stdout && inputs.files.length !== 1) return usageError(io, `--stdout prints one file; ${positionals.join(' ')} names ${inputs.files.length}.`);

    const outcomes: FileOutcome[] = [];
    for (const input of inputs.files)
      outcomes.push(await formatFile(input, io, { check: values.check === true, stdout: values.stdout === true, toKeylab: values['to-keylab'] === true }));
    if (!values.stdout) io.stderr(`${summary(outcomes, values.check === true)}\n`);
    if (outcomes.includes('failed')) return 2;
    return outcomes.includes('wouldChange') ? 1 : 0;
  },
};

interface FormatMode {
  readonly check: boolean;
  readonly stdout: boolean;
  readonly toKeylab: boolean;
}

async function formatFile(input: InputFile, io: CliIo, mode: FormatMode): Promise<FileOutcome> {
  const fail = (problems: readonly CheckFileProblem[]): FileOutcome => {
    for (const problem of problems) io.stderr(`${problemLine(input.display, problem)}\n`);
    io.stderr(`${input.display}: not formatted; nothing was written for it.\n`);
    return 'failed';
  };
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(input.path);
  } catch (error) {
    return fail([{ severity: 'error', path: '', message: `the file could not be read: ${systemMessage(error)}` }]);
  }
  const decoded = decodeDesignText(bytes, input.display);
  if (!decoded.ok) return fail(decoded.errors);
  const result = formatDesignText(decoded.text, input.display, { toKeylab: mode.toKeylab });

  if (result.kind === 'unreadable') {
    // Found by a folder or a glob, valid JSON or YAML and no design format (a package.json): skipped and said, as keylab check does.
    // Broken JSON is never skipped: it may be a broken design.
    if (!input.explicit && !KEYLAB_NAME.test(input.path) && result.notADesignFile) {
      io.stderr(`skipped ${input.display}: not a design file Keylab reads\n`);
      return 'skipped';
    }
    return fail(result.problems);
  }
  if (result.kind === 'other') {
    if (!mode.toKeylab || result.keylab === undefined) {
      io.stderr(`skipped ${result.message}\n`);
      return 'skipped';
    }
    if (mode.stdout) {
      io.stdout(result.keylab);
      return 'converted';
    }
    return convert(input, result.keylab, io, mode);
  }

  if (mode.stdout) {
    io.stdout(result.canonical);
    return 'unchanged';
  }
  const canonicalBytes = new TextEncoder().encode(result.canonical);
  if (sameBytes(bytes, canonicalBytes)) return 'unchanged';
  if (mode.check) {
    // Same text but other bytes: a byte-order mark before it.
    const difference = result.difference ?? { line: 1, column: 1, found: '\uFEFF', expected: '' };
    io.stdout(`${problemLine(input.display, layoutProblem(input.display, difference))}\n`);
    return 'wouldChange';
  }
  try {
    await writeFileAtomically(input.path, result.canonical);
  } catch (error) {
    return fail([{ severity: 'error', path: '', message: `could not write the formatted file (the original is left as it was): ${systemMessage(error)}` }]);
  }
  io.stdout(`formatted ${input.display}\n`);
  return 'formatted';
}

/** Writes the Keylab design of another format's file beside it, never over an existing file. */
async function convert(input: InputFile, text: string, io: CliIo, mode: FormatMode): Promise<FileOutcome> {
  const target = keylabFileName(input.path);
  const shown = keylabFileName(input.display);
  let existing: Uint8Array | undefined;
  try {
    existing = await io.readFile(target);
  } catch {
    existing = undefined;
  }
  if (existing !== undefined) {
    if (sameBytes(existing, new TextEncoder().encode(text))) return 'unchanged';
    io.stderr(`${input.display}: ${shown} already exists and differs from this file's design: it was not overwritten (rename or remove it, then run again).\n`);
    return 'failed';
  }
  if (mode.check) {
    io.stdout(`${shown}: would be written from ${input.display} (--to-keylab)\n`);
    return 'wouldChange';
  }
  try {
    await writeFileAtomically(target, text, { exclusive: true });
  } catch (error) {
    io.stderr(`${input.display}: could not write ${shown}: ${systemMessage(error)}\n`);
    return 'failed';
  }
  io.stdout(`wrote ${shown} from ${input.display}\n`);
  return 'converted';
}

function systemMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "2 files formatted, 3 already in the layout, 1 skipped; exit 0". */
function summary(outcomes: readonly FileOutcome[], check: boolean): string {
  const count = (outcome: FileOutcome) => outcomes.filter((entry) => entry === outcome).length;
  const parts = [
    check ? `${plural(count('wouldChange'), 'file')} not in the layout` : `${plural(count('formatted'), 'file')} formatted`,
    `${count('unchanged')} already in the layout`,
    ...(count('converted') > 0
      ? [`${plural(count('converted'), 'Keylab design')} written beside ${count('converted') === 1 ? 'its source' : 'their sources'}`]
      : []),
    ...(count('skipped') > 0 ? [`${count('skipped')} skipped`] : []),
    ...(count('failed') > 0 ? [`${plural(count('failed'), 'file')} could not be formatted`] : []),
  ];
  const exit = count('failed') > 0 ? 2 : count('wouldChange') > 0 ? 1 : 0;
  return `${parts.join(', ')}. exit ${exit}`;
}

function usageError(io: CliIo, message: string): number {
  return commandUsageError(io, 'format', message);
}

export default format;
