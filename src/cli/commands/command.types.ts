import type { CliIo } from '../cliIo';

/**
 * One `keylab` subcommand: a module in src/cli/commands exporting it as its
 * default and listed in ./index.ts. `run` returns the exit code (0 fine,
 * 1 the check failed, 2 bad input or usage); it never calls process.exit.
 */
export interface KeylabCommand {
  readonly name: string;
  /** One line for `keylab --help`. */
  readonly summary: string;
  /** The full `keylab <name> --help` text. */
  readonly usage: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}
