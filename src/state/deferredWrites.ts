/**
 * Saves that wait for a pause in typing. A design is saved whole (every
 * sample row: megabytes for a big design), and saving it on every keystroke
 * would cost a structured clone and an IndexedDB write per key press. Writes
 * here wait until `delayMs` after the last change (at most `maxWaitMs` after
 * the first), one per key (the designs store uses one key per design), and
 * `flush()` runs them at once: the composition root calls it when the page is
 * hidden or unloaded (after keeping what is unconfirmed: unloadJournal.ts).
 */
export interface DeferredWrites {
  /** Runs `write` later, replacing a pending write under the same key. */
  schedule(key: string, write: () => void): void;
  /** Drops a pending write (the value was removed). */
  cancel(key: string): void;
  /** Runs every pending write now. */
  flush(): void;
}

export interface DeferredWritesOptions {
  readonly delayMs: number;
  readonly maxWaitMs: number;
  /** Tests pass fake timers (and, to move time with them, `now`; Date.now by default). */
  readonly timers?: { setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void; now?: () => number };
}

export function createDeferredWrites({
  delayMs,
  maxWaitMs,
  timers = globalThis as unknown as NonNullable<DeferredWritesOptions['timers']>,
}: DeferredWritesOptions): DeferredWrites {
  const now = timers.now ?? (() => Date.now());
  const pending = new Map<string, { write: () => void; firstAt: number; timer: unknown }>();
  const run = (key: string) => {
    const entry = pending.get(key);
    if (!entry) return;
    pending.delete(key);
    timers.clearTimeout(entry.timer);
    entry.write();
  };
  return {
    schedule(key, write) {
      const previous = pending.get(key);
      const firstAt = previous?.firstAt ?? now();
      if (previous) timers.clearTimeout(previous.timer);
      const wait = Math.max(0, Math.min(delayMs, firstAt + maxWaitMs - now()));
      pending.set(key, { write, firstAt, timer: timers.setTimeout(() => run(key), wait) });
    },
    cancel(key) {
      const entry = pending.get(key);
      if (entry) timers.clearTimeout(entry.timer);
      pending.delete(key);
    },
    flush() {
      for (const key of [...pending.keys()]) run(key);
    },
  };
}
