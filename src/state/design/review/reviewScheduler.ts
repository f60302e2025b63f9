/**
 * When the Design tab's review runs: after the keystroke's frame is painted
 * (the item collection, the urgent work, shows first), in slices short enough
 * that the next keystroke is handled between two of them.
 */
export interface ReviewScheduler {
  /** Runs `task` once the current frame has been painted; returns what cancels it. */
  afterPaint(task: () => void): () => void;
  /** Runs `task` in a task of its own, after the input events waiting; returns what cancels it. */
  nextSlice(task: () => void): () => void;
  /** The time now, in ms (performance.now()). */
  now(): number;
}

/** A slice of review work stops after this long and yields: a keystroke then waits at most about one slice (plus one rule's step). */
export const REVIEW_SLICE_MS = 6;

/**
 * A frame callback runs before the paint, and a task queued from it runs after
 * the paint. Hidden pages get no frames: a timeout runs the task anyway.
 */
const AFTER_PAINT_FALLBACK_MS = 100;

/**
 * The browser's scheduler (frames and MessageChannel tasks: a timeout nested in
 * timeouts is clamped to 4 ms); without frames (Node, tests) timeouts only.
 */
export function createBrowserReviewScheduler(): ReviewScheduler {
  const nextSlice = (task: () => void): (() => void) => {
    if (typeof MessageChannel === 'undefined') {
      const timer = setTimeout(task, 0);
      return () => clearTimeout(timer);
    }
    const channel = new MessageChannel();
    let cancelled = false;
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (!cancelled) task();
    };
    channel.port2.postMessage(undefined);
    return () => {
      cancelled = true;
      channel.port1.close();
    };
  };
  return {
    afterPaint(task) {
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        clearTimeout(fallback);
        if (frame !== undefined) cancelAnimationFrame(frame);
        cancelSlice?.();
        task();
      };
      let cancelSlice: (() => void) | undefined;
      const fallback = setTimeout(once, typeof requestAnimationFrame === 'function' ? AFTER_PAINT_FALLBACK_MS : 0);
      const frame =
        typeof requestAnimationFrame === 'function'
          ? requestAnimationFrame(() => {
              cancelSlice = nextSlice(once);
            })
          : undefined;
      return () => {
        done = true;
        clearTimeout(fallback);
        if (frame !== undefined) cancelAnimationFrame(frame);
        cancelSlice?.();
      };
    },
    nextSlice,
    now: () => performance.now(),
  };
}
