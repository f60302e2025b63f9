import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from '../cliIo';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends OptionsConfig> = O & { help: { type: 'boolean'; short: 'h' } };

/** What parseArgs gives for these options, `--help` included. */
export type CommandArgs<O extends OptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: WithHelp<O> }>>;

/** A usage mistake: the message and where the options are, on stderr; exit 2. */
export function usageError(io: CliIo, command: string, message: string): number {
  io.stderr(`keylab ${command}: ${message}\nRun keylab ${command} --help for the options.\n`);
  return 2;
}

/**
 * Reads a subcommand's arguments the one way every keylab command does:
 * strict options plus positionals and `--help`/`-h`. Returns the parsed
 * arguments, or the exit code when there is nothing more to do: 0 after
 * printing the usage for --help, 2 after a usage error (an unknown option,
 * a missing value).
 *
 * @example
 * const read = readCommandArgs(args, io, { name: 'format', usage }, { check: { type: 'boolean' } })
 * if (typeof read === 'number') return read
 */
export function readCommandArgs<O extends OptionsConfig>(args: readonly string[], io: CliIo, command: { readonly name: string; readonly usage: string }, options: O): CommandArgs<O> | number {
  let parsed: CommandArgs<O>;
  try {
    parsed = parseArgs({ args: [...args], allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } as WithHelp<O> });
  } catch (error) {
    return usageError(io, command.name, error instanceof Error ? error.message : String(error));
  }
  if ((parsed.values as { readonly help?: boolean }).help === true) {
    io.stdout(command.usage);
    return 0;
  }
  return parsed;
}
