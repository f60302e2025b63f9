import { parseArgs } from 'node:util';
import { buildCheckReport, CHECK_OUTPUT_FORMATS, CHECK_PROFILES, checkDesignText, FAIL_ON_VALUES, problemLine, selectRules, type CheckFileReport, type FailOn, type SkippedFile } from '../../check';
import { useColor, type CliIo } from '../cliIo';
import { expandInputs } from '../expandInputs';
import type { KeylabCommand } from './command.types';

const USAGE = `Usage: keylab check [options] <files, folders or globs…>

Checks design files as the Design tab does: the design review's rules and
every access pattern's verdict (run on the built-in engine, in process).
Reads Keylab designs (*.keylab.json), NoSQL Workbench models, OneTable
schemas and CloudFormation templates (YAML or JSON). A folder means every
design file under it; files found by a folder or a glob that are no design
file are skipped and listed with why. Decisions recorded in a design
(accepted, won't fix, fix later) keep their findings from failing the run.

Options:
  --fail-on <level>   error | warning | note | never (default error): exit 1
                      when an open finding at or above it exists. A failing
                      access pattern counts as an error.
  --profile <name>    the rule set: ${CHECK_PROFILES.map((profile) => profile.name).join(' | ')}
${CHECK_PROFILES.map((profile) => `                        ${profile.name}: ${profile.description}`).join('\n')}
  --rules <codes>     only these review rules, comma-separated, with or without
                      "review." (no access-pattern verdicts)
  --format <name>     ${CHECK_OUTPUT_FORMATS.map((format) => format.name).join(' | ')} (default text)
  --quiet             text: only open findings, failing patterns and the summary
  --help              this text

Exit codes: 0 nothing open at or above --fail-on; 1 something is;
2 bad input (a file that cannot be read, an unknown option, a glob or
folder with no file).
`;

/** `keylab check`: reads the files, checks each with src/check, prints the report, returns its exit code. */
const check: KeylabCommand = {
  name: 'check',
  summary: 'check design files with the review rules and access-pattern verdicts (CI-friendly exit codes)',
  usage: USAGE,
  run: async (args, io) => {
    let parsed;
    try {
      parsed = parseArgs({
        args: [...args],
        allowPositionals: true,
        strict: true,
        options: {
          'fail-on': { type: 'string' },
          profile: { type: 'string' },
          rules: { type: 'string' },
          format: { type: 'string' },
          quiet: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (error) {
      return usageError(io, error instanceof Error ? error.message : String(error));
    }
    const { values, positionals } = parsed;
    if (values.help) {
      io.stdout(USAGE);
      return 0;
    }
    const failOn = values['fail-on'] ?? 'error';
    if (!(FAIL_ON_VALUES as readonly string[]).includes(failOn)) return usageError(io, `--fail-on takes ${FAIL_ON_VALUES.join(', ')}; got "${failOn}".`);
    const output = CHECK_OUTPUT_FORMATS.find((format) => format.name === (values.format ?? 'text'));
    if (!output) return usageError(io, `--format takes ${CHECK_OUTPUT_FORMATS.map((format) => format.name).join(', ')}; got "${values.format}".`);
    const chosen = selectRules({ ...(values.profile !== undefined ? { profile: values.profile } : {}), ...(values.rules !== undefined ? { rules: values.rules.split(',') } : {}) });
    if (!chosen.ok) return usageError(io, chosen.message);
    if (positionals.length === 0) return usageError(io, 'Name the design files, folders or globs to check.');

    const inputs = await expandInputs(positionals, io.cwd);
    if (!inputs.ok) return usageError(io, inputs.message);

    const files: CheckFileReport[] = [];
    const skipped: SkippedFile[] = [];
    for (const input of inputs.files) {
      let bytes: Uint8Array;
      try {
        bytes = await io.readFile(input.path);
      } catch (error) {
        files.push({ status: 'unreadable', file: input.display, problems: [{ severity: 'error', path: '', message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` }] });
        continue;
      }
      const part = await checkDesignText(bytes, input.display, { selection: chosen.selection, skipNonDesign: !input.explicit });
      if (part.status === 'skipped') skipped.push({ file: part.file, reason: part.reason });
      else files.push(part);
    }
    const report = buildCheckReport(files, skipped, { selection: chosen.selection, failOn: failOn as FailOn, version: io.version });
    io.stdout(output.write(report, { color: useColor(io), quiet: values.quiet === true }));
    // The text output lists them in place; other formats keep stdout machine-readable, so the reason for exit 2 goes to stderr.
    if (output.name !== 'text') for (const file of files) if (file.status === 'unreadable') for (const problem of file.problems) io.stderr(`${problemLine(file.file, problem)}\n`);
    return report.exitCode;
  },
};

function usageError(io: CliIo, message: string): number {
  io.stderr(`keylab check: ${message}\nRun keylab check --help for the options.\n`);
  return 2;
}

export default check;
