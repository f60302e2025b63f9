/**
 * What both command-line servers (`npm start`, `npm run endpoint`) share: the
 * usage error they exit with (their options are read by src/errors'
 * parseCommandLine, like every command's), how they read ports, and the one
 * way they stop on Ctrl-C / SIGTERM.
 */

/** A mistake in how a server was invoked: Keylab's one command-line error (src/errors/commandLine.ts). */
export { UsageError } from '../../errors';

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
