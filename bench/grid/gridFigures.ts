/** What the grid bench's parts share: the 100k partition they read, and how a figure against its target is printed. */
export const ITEMS = 100_000;
export const PARTITION = 'BENCH#100K';
/** A main-thread task longer than this blocks the scroll (the PerformanceObserver's 'longtask'). */
export const LONG_TASK_MS = 50;

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}
