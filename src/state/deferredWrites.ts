import type { PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';

/**
 * Saves that wait for a pause in typing. The designs store is saved whole
 * (every design, every sample row: megabytes for a big design), and saving
 * it on every keystroke costs a JSON.stringify and a synchronous
 * localStorage write per key press. Writes here wait until `delayMs` after
 * the last change (at most `maxWaitMs` after the first), and `flush()` runs
 * them at once: the composition root calls it when the page is hidden or
 * unloaded, so a reload or a closed tab keeps the last keystroke.
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

export function createDeferredWrites({ delayMs, maxWaitMs, timers = globalThis as unknown as NonNullable<DeferredWritesOptions['timers']> }: DeferredWritesOptions): DeferredWrites {
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

/**
 * A zustand persist storage of JSON text in `storage` whose writes go through
 * `writes` (stringified only when they run). Reading a key with a pending
 * write flushes it first, so a read never sees an older value.
 */
export function deferredJsonStorage<S>(storage: StateStorage, writes: DeferredWrites): PersistStorage<S> {
  return {
    getItem(name) {
      writes.flush();
      const text = storage.getItem(name) as string | null;
      return text === null ? null : (JSON.parse(text) as StorageValue<S>);
    },
    setItem(name, value) {
      writes.schedule(name, () => storage.setItem(name, JSON.stringify(value)));
    },
    removeItem(name) {
      writes.cancel(name);
      storage.removeItem(name);
    },
  };
}
