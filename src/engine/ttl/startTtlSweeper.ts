import type { LocalDynamoDB } from '../localDynamoDB.types';

/**
 * The timer functions browsers and Node both have. The pure core is compiled
 * without DOM or Node types, so they are named here rather than imported.
 */
const timers = globalThis as unknown as {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
};

/** Options of {@link startTtlSweeper}. */
export interface TtlSweeperOptions {
  /** Time between sweeps, in milliseconds. Default 1000. */
  readonly intervalMs?: number;
  /**
   * Items looked at per TTL-enabled table and sweep. Default 2000: a table of
   * a million items is swept in about eight minutes at the default interval,
   * at a few milliseconds per tick (DynamoDB itself takes up to a few days).
   */
  readonly maxItemsPerTable?: number;
  /** A sweep that failed (e.g. its change could not be stored). Default: console.warn. */
  readonly onError?: (error: unknown) => void;
}

/** A running sweeper. */
export interface TtlSweeperHandle {
  /** Stops the timer; a sweep already running finishes. */
  stop(): void;
}

/**
 * Runs the engine's TTL sweep on a timer, in slices (see
 * LocalDynamoDB.sweepExpiredItems), as DynamoDB's background process does:
 * what the endpoint and the browser's built-in table use. A tick is skipped
 * while the previous sweep is still being stored. The timer does not keep a
 * Node process alive.
 *
 * @example
 * const sweeper = startTtlSweeper(engine);
 * // …
 * sweeper.stop();
 */
export function startTtlSweeper(engine: Pick<LocalDynamoDB, 'sweepExpiredItems'>, options: TtlSweeperOptions = {}): TtlSweeperHandle {
  const maxItemsPerTable = options.maxItemsPerTable ?? 2000;
  const onError = options.onError ?? ((error: unknown) => console.warn('Keylab engine: a TTL sweep failed', error));
  let running = false;
  const timer = timers.setInterval(() => {
    if (running) return;
    running = true;
    engine
      .sweepExpiredItems({ maxItemsPerTable })
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 1000);
  // Node's timers have unref (browsers return a number): a sweeper alone must not keep a process running.
  (timer as { unref?: () => void }).unref?.();
  return { stop: () => timers.clearInterval(timer) };
}
