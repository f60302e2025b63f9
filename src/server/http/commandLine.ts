/**
 * What both command-line servers (`npm start`, `npm run endpoint`) share: the
 * usage error they exit with, how they read options and ports, and the one
 * way they stop on Ctrl-C / SIGTERM.
 */

/** A mistake in how a server was invoked; the message is meant for people. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** One argument of a command line, as {@link commandLineOptions} hands it out. */
export interface CommandLineOption {
  /** The argument as typed (`--port=5174`), for "Unknown argument" messages. */
  readonly arg: string;
  /** The flag without an inline value (`--port`). */
  readonly flag: string;
  /**
   * The flag's value: inline (`--port=5174`) or the next argument
   * (`--port 5174`), which is then consumed. Throws UsageError with
   * `missingValue(flag)` when there is none (or the next one is a flag).
   */
  value(): string;
}

/**
 * Walks a command line one option at a time; each caller switches on
 * `flag` and asks for `value()` only for flags that take one, before the
 * loop moves on (the value is the next argument, which it then skips).
 *
 * @example
 * for (const option of commandLineOptions(['--port=5174', '--verbose'], (flag) => `Missing value after ${flag}.`))
 *   if (option.flag === '--port') port = option.value(); // "5174"
 */
export function* commandLineOptions(argv: readonly string[], missingValue: (flag: string) => string): Generator<CommandLineOption> {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals === -1 ? arg : arg.slice(0, equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    yield {
      arg,
      flag,
      value: () => {
        if (inline !== undefined) return inline;
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) throw new UsageError(missingValue(flag));
        i++;
        return next;
      },
    };
  }
}

/**
 * A TCP port written as a whole number from 1 to 65535 (spaces around it are
 * fine), or undefined; each server words its own message.
 *
 * @example
 * portNumber(" 8000 ") // 8000
 * portNumber("80.5")   // undefined
 */
export function portNumber(text: string): number | undefined {
  const trimmed = text.trim();
  const port = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : undefined;
}

export interface ShutdownOptions {
  /** Printed when the first signal arrives (e.g. "Stopping Keylab…"); nothing when omitted. */
  readonly announce?: string;
  /** Prefix of the message when stopping fails, e.g. "Keylab did not stop cleanly:". */
  readonly failure: string;
}

/**
 * Stops cleanly on SIGINT/SIGTERM: runs `stop`, then exits 0 (1 when it
 * fails). A second signal while stopping exits 1 at once, so a stuck stop
 * never traps the user.
 */
export function stopOnSignals(stop: () => Promise<void>, options: ShutdownOptions): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`Received ${signal} again; exiting now.`);
      process.exit(1);
    }
    stopping = true;
    if (options.announce) console.log(options.announce);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(options.failure, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
