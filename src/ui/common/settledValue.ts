import { useEffect, useState, useSyncExternalStore } from 'react';
import { createDeferredWrites, type DeferredWritesOptions } from '../../state';

/**
 * A value that follows another once it stops changing: `offer` each new
 * value; `current` becomes it `delayMs` after the last offer (at most
 * `maxWaitMs` after the first of a burst), so work that judges a whole design
 * (the review, the review document) runs when typing pauses rather than on
 * every key press. Offering `current` again drops the pending one (typed
 * back); `settle` sets a value at once (another design opened).
 */
export interface Settler<T> {
  readonly current: T;
  offer(value: T): void;
  settle(value: T): void;
  subscribe(listener: () => void): () => void;
  /** Drops the pending value and its timer. */
  dispose(): void;
}

export type SettleOptions = Pick<DeferredWritesOptions, 'delayMs' | 'maxWaitMs'>;

/** The timers the settler waits with (tests pass fake ones): the deferred writes' own. */
export type SettleTimers = Required<NonNullable<DeferredWritesOptions['timers']>>;

const browserTimers: SettleTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** The deferred-writes key of the one value a settler waits to take. */
const TAKE = 'take';

/** The waiting is the deferred saves' (createDeferredWrites: the same pause and cap); what is added is the value and its listeners. */
export function createSettler<T>(initial: T, options: SettleOptions, timers: SettleTimers = browserTimers): Settler<T> {
  const waits = createDeferredWrites({ ...options, timers });
  let current = initial;
  let pending: { readonly value: T } | undefined;
  const listeners = new Set<() => void>();
  const cancel = () => {
    waits.cancel(TAKE);
    pending = undefined;
  };
  const set = (value: T) => {
    cancel();
    if (Object.is(value, current)) return;
    current = value;
    for (const listener of [...listeners]) listener();
  };
  return {
    get current() {
      return current;
    },
    offer(value) {
      if (Object.is(value, current)) {
        cancel();
        return;
      }
      if (pending && Object.is(pending.value, value)) return;
      pending = { value };
      waits.schedule(TAKE, () => set(value));
    },
    settle: set,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: cancel,
  };
}

/**
 * `value` once it has stopped changing for `delayMs` (see createSettler). A
 * value of another subject (`sameSubject` false: another design) is
 * returned at once, never a pause late.
 */
export function useSettledValue<T>(value: T, options: SettleOptions, sameSubject: (a: T, b: T) => boolean = () => true): T {
  const [settler] = useState(() => createSettler(value, options));
  const settled = useSyncExternalStore(settler.subscribe, () => settler.current);
  useEffect(() => {
    if (sameSubject(settler.current, value)) settler.offer(value);
    else settler.settle(value);
  }, [settler, value, sameSubject]);
  useEffect(() => () => settler.dispose(), [settler]);
  return sameSubject(settled, value) ? settled : value;
}
