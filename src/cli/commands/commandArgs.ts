import { formatOptionHelp, parseCommandLine, USAGE_EXIT_CODE, UsageError, type OptionTable, type ParsedCommandLine } from '../../errors';
import type { CliIo } from '../cliIo';

type WithHelp<O extends OptionTable> = O & { readonly help: { readonly type: 'boolean'; readonly short: 'h' } };

/** What the parser gives for these options, `--help` included. */
export type CommandArgs<O extends OptionTable> = ParsedCommandLine<WithHelp<O>>;

const HELP_OPTION = { type: 'boolean', short: 'h', help: 'this text' } as const;

/**
 * The "Options:" lines of a subcommand's --help, from the same table
 * readCommandArgs reads (with --help added, as it adds it).
 */
export function commandOptionHelp(options: OptionTable, minWidth = 18): string {
  return formatOptionHelp({ ...options, help: HELP_OPTION }, minWidth);
}

/** A usage mistake: the message and where the options are, on stderr; exit 2. */
export function usageError(io: CliIo, command: string, message: string): number {
  io.stderr(`keylab ${command}: ${message}\nRun keylab ${command} --help for the options.\n`);
  return USAGE_EXIT_CODE;
}

/**
 * Reads a subcommand's arguments the one way every Keylab command does
 * (src/errors' parseCommandLine): strict options plus positionals and
 * `--help`/`-h`. Returns the parsed arguments, or the exit code when there is
 * nothing more to do: 0 after printing the usage for --help, 2 after a usage
 * error (an unknown option, with the nearest known one; a missing value).
 *
 * @example
 * const read = readCommandArgs(args, io, { name: 'format', usage }, { check: { type: 'boolean' } })
 * if (typeof read === 'number') return read
 */
export function readCommandArgs<O extends OptionTable>(
  args: readonly string[],
  io: CliIo,
  command: { readonly name: string; readonly usage: string },
  options: O,
): CommandArgs<O> | number {
  let parsed: CommandArgs<O>;
  try {
    parsed = parseCommandLine(args, { ...options, help: HELP_OPTION } as WithHelp<O>, { command: `keylab ${command.name}`, positionals: true });
  } catch (error) {
    if (error instanceof UsageError) return usageError(io, command.name, error.message);
    throw error;
  }
  if (parsed.values.help === true) {
    io.stdout(command.usage);
    return 0;
  }
  return parsed;
}
