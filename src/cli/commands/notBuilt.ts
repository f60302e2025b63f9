import type { KeylabCommand } from './command.types';

/** A registered command whose code is not in this build: it says so and exits 2, never pretending to have run. */
export function notBuiltCommand(name: string, summary: string, usage: string): KeylabCommand {
  return {
    name,
    summary: `${summary} (not built yet)`,
    usage: `${usage}\n\nkeylab ${name} is registered but not built in this version of Keylab.\n`,
    run: async (_args, io) => {
      io.stderr(`keylab ${name} is registered but not built in this version of Keylab: nothing was done.\n`);
      return 2;
    },
  };
}
