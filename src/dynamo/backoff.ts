/*
 * One backoff for every retry loop: exponential with full jitter (AWS Architecture Blog,
 * "Exponential Backoff And Jitter"): the wait before retry `attempt` is a random time in
 * [0, min(cap, base · 2^attempt)). The random source and the sleep are injectable, so tests
 * never wait on time.
 */

export interface BackoffOptions {
  /** The first step, in milliseconds (default 25). */
  readonly baseMs?: number;
  /** No wait is longer than this (default 5000). */
  readonly capMs?: number;
  /** 0 ≤ random() < 1 (default Math.random). */
  readonly random?: () => number;
  /** Waits (default: a timer that an abort signal ends early). */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The defaults every caller shares (the exported migration programs carry them too). */
export const BACKOFF_DEFAULTS = { baseMs: 25, capMs: 5000 } as const;

/**
 * The wait before retry `attempt` (1 for the first retry), in whole milliseconds.
 *
 * @example
 * backoffDelay(3, { random: () => 0.5 }) // 100: half of min(5000, 25 · 2^3)
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? BACKOFF_DEFAULTS.baseMs;
  const cap = options.capMs ?? BACKOFF_DEFAULTS.capMs;
  const random = options.random ?? Math.random;
  return Math.floor(random() * Math.min(cap, base * 2 ** Math.max(0, attempt)));
}

/** Sleeps for {@link backoffDelay}(attempt); an aborted signal ends the wait at once. */
export function backoff(attempt: number, options: BackoffOptions = {}, signal?: AbortSignal): Promise<void> {
  return (options.sleep ?? sleepFor)(backoffDelay(attempt, options), signal);
}

/** A timer that resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
