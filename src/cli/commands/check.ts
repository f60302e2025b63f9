import { resolve } from 'node:path';
import {
  buildCheckReport,
  CHECK_OUTPUT_FORMATS,
  CHECK_PROFILES,
  checkDesignText,
  combineExitCodes,
  FAIL_ON_VALUES,
  layoutDriftOf,
  problemLine,
  selectRules,
  type CheckFileProblem,
  type CheckFileReport,
  type FailOn,
  type SkippedFile,
} from '../../check';
import { useColor, type CliIo } from '../cliIo';
import { expandInputs } from '../expandInputs';
import type { KeylabCommand } from './command.types';
import { commandOptionHelp, readCommandArgs, usageError as commandUsageError } from './commandArgs';

/** keylab check's options: read by readCommandArgs and listed by --help from this one table. */
const OPTIONS = {
  'fail-on': {
    type: 'string',
    value: '<level>',
    help: 'error | warning | note | never (default error): exit 1\nwhen an open finding at or above it exists. A failing\naccess pattern counts as an error.',
  },
  profile: {
    type: 'string',
    value: '<name>',
    help: [
      `the rule set: ${CHECK_PROFILES.map((profile) => profile.name).join(' | ')}`,
      ...CHECK_PROFILES.map((profile) => `  ${profile.name}: ${profile.description}`),
    ].join('\n'),
  },
  rules: { type: 'string', value: '<codes>', help: 'only these review rules, comma-separated, with or without\n"review." (no access-pattern verdicts)' },
  format: { type: 'string', value: '<name>', help: `${CHECK_OUTPUT_FORMATS.map((format) => format.name).join(' | ')} (default text)` },
  output: {
    type: 'string',
    value: '<file>',
    help: 'write the report to this file instead of stdout (the\nexit code is the same; problems still go to stderr)',
  },
  quiet: { type: 'boolean', help: 'text: only open findings, failing patterns and the summary' },
  'check-format': {
    type: 'boolean',
    help: 'also fail (exit 1) when a Keylab design file is not in\nthe canonical layout keylab format writes, naming the\nfile and its first differing line',
  },
} as const;

const USAGE = `Usage: keylab check [options] <files, folders or globs…>

Checks design files as the Design tab does: the design review's rules and
every access pattern's verdict (run on the built-in engine, in process).
Reads Keylab designs (*.keylab.json), NoSQL Workbench models, OneTable
schemas and CloudFormation templates (YAML or JSON). A folder means every
*.json, *.yaml, *.yml and *.template under it. A file found by a folder or a
glob that is valid JSON or YAML but no design (package.json) is skipped and
listed with why; one that is not valid JSON or YAML is reported (exit 2).
Decisions recorded in a design (accepted, won't fix, fix later) keep their
findings from failing the run.

Options:
${commandOptionHelp(OPTIONS)}

Exit codes: 0 nothing open at or above --fail-on; 1 something is (or, with
--check-format, a file is not in the layout); 2 bad input (a file that
cannot be read, an unknown option, a glob or folder with no file). The
highest wins: 2 over 1 over 0.
`;

/** `keylab check`: reads the files, checks each with src/check, prints the report, returns its exit code. */
const check: KeylabCommand = {
  name: 'check',
  summary: 'check design files with the review rules and access-pattern verdicts (CI-friendly exit codes)',
  usage: USAGE,
  run: async (args, io) => {
    const parsed = readCommandArgs(args, io, { name: 'check', usage: USAGE }, OPTIONS);
    if (typeof parsed === 'number') return parsed;
    const { values, positionals } = parsed;
    const failOn = values['fail-on'] ?? 'error';
    if (!(FAIL_ON_VALUES as readonly string[]).includes(failOn)) return usageError(io, `--fail-on takes ${FAIL_ON_VALUES.join(', ')}; got "${failOn}".`);
    const output = CHECK_OUTPUT_FORMATS.find((format) => format.name === (values.format ?? 'text'));
    if (!output) return usageError(io, `--format takes ${CHECK_OUTPUT_FORMATS.map((format) => format.name).join(', ')}; got "${values.format}".`);
    const chosen = selectRules({
      ...(values.profile !== undefined ? { profile: values.profile } : {}),
      ...(values.rules !== undefined ? { rules: values.rules.split(',') } : {}),
    });
    if (!chosen.ok) return usageError(io, chosen.message);
    if (positionals.length === 0) return usageError(io, 'Name the design files, folders or globs to check.');

    const inputs = await expandInputs(positionals, io.cwd);
    if (!inputs.ok) return usageError(io, inputs.message);

    const files: CheckFileReport[] = [];
    const skipped: SkippedFile[] = [];
    const drifts: { readonly file: string; readonly problem: CheckFileProblem }[] = [];
    for (const input of inputs.files) {
      let bytes: Uint8Array;
      try {
        bytes = await io.readFile(input.path);
      } catch (error) {
        files.push({
          status: 'unreadable',
          file: input.display,
          problems: [{ severity: 'error', path: '', message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` }],
        });
        continue;
      }
      const part = await checkDesignText(bytes, input.display, { selection: chosen.selection, skipNonDesign: !input.explicit });
      if (part.status === 'skipped') skipped.push({ file: part.file, reason: part.reason });
      else files.push(part);
      const drift = values['check-format'] && part.status === 'checked' && part.format === 'keylab' ? layoutDriftOf(bytes, input.display) : undefined;
      if (drift) drifts.push({ file: input.display, problem: drift });
    }
    const report = buildCheckReport(files, skipped, { selection: chosen.selection, failOn: failOn as FailOn, version: io.version });
    const exitCode = combineExitCodes(report.exitCode, drifts.length > 0 ? 1 : 0);
    // The text report gives its own verdict; the machine-readable ones carry the run's exit code.
    const written = output.name === 'text' ? report : { ...report, exitCode };
    if (values.output !== undefined) {
      const target = resolve(io.cwd, values.output);
      try {
        await io.writeFile(target, output.write(written, { color: false, quiet: values.quiet === true }));
      } catch (error) {
        io.stderr(`keylab check: the report could not be written to ${values.output}: ${error instanceof Error ? error.message : String(error)}
`);
        return 2;
      }
    } else io.stdout(output.write(written, { color: useColor(io), quiet: values.quiet === true }));
    // The text output lists them in place; other formats keep stdout machine-readable, so the reason for exit 2 goes to stderr.
    if (output.name !== 'text' || values.output !== undefined)
      for (const file of files)
        if (file.status === 'unreadable')
          for (const problem of file.problems)
            io.stderr(`${problemLine(file.file, problem)}
`);
    if (values['check-format']) writeLayoutDrift(io, drifts, output.name === 'text' && values.output === undefined, exitCode);
    return exitCode;
  },
};

/** --check-format's lines (after the text report, or on stderr beside a machine-readable one) and its verdict. */
function writeLayoutDrift(io: CliIo, drifts: readonly { readonly file: string; readonly problem: CheckFileProblem }[], text: boolean, exitCode: number): void {
  const write = text ? io.stdout : io.stderr;
  for (const drift of drifts) write(`${problemLine(drift.file, drift.problem)}\n`);
  const count = drifts.length === 1 ? '1 file is' : `${drifts.length} files are`;
  write(
    drifts.length === 0
      ? '--check-format: every Keylab design file is in the canonical layout.\n'
      : `--check-format: ${count} not in the canonical layout (run keylab format on ${drifts.length === 1 ? 'it' : 'them'}). exit ${exitCode}\n`,
  );
}

function usageError(io: CliIo, message: string): number {
  return commandUsageError(io, 'check', message);
}

export default check;
