import { nodeIo, type CliIo } from './cliIo';
import { COMMANDS } from './commands';

/**
 * The `keylab` command: `keylab <command> [options]`, each command a module
 * of ./commands. `runKeylab` is the whole command in process (tests call it
 * with their own io); `runMain` is what bin/keylab.mjs calls.
 */

/** `keylab --help`. */
export function keylabUsage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `Usage: keylab <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}

Run keylab <command> --help for a command's options.
`;
}

/**
 * Runs `keylab` with its arguments (without node and the script): the exit code.
 *
 * @example
 * await runKeylab(["check", "designs/"], io) // 0, 1 or 2
 */
export async function runKeylab(args: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const asked = name === 'help' ? COMMANDS.find((command) => command.name === rest[0]) : undefined;
    if (name === undefined) {
      io.stderr(keylabUsage());
      return 2;
    }
    io.stdout(asked ? asked.usage : keylabUsage());
    return 0;
  }
  if (name === '--version') {
    io.stdout(`${io.version}\n`);
    return 0;
  }
  const command = COMMANDS.find((entry) => entry.name === name);
  if (!command) {
    io.stderr(`keylab: unknown command "${name}". Commands: ${COMMANDS.map((entry) => entry.name).join(', ')}.\n\n${keylabUsage()}`);
    return 2;
  }
  // Every subcommand's --help, the same way (a command may also handle it itself, later in its options).
  if (rest[0] === '--help' || rest[0] === '-h') {
    io.stdout(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    // A bug, never the input's fault: said with its stack, and never a pass.
    io.stderr(
      `keylab ${name} stopped on an internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\nPlease report it with the files that caused it.\n`,
    );
    return 2;
  }
}

/** The process entry: runs keylab on process.argv and sets the exit code (stdout is flushed, never cut by process.exit). */
export async function runMain(options: { readonly version: string }): Promise<void> {
  process.exitCode = await runKeylab(process.argv.slice(2), nodeIo(options.version));
}
