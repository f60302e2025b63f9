/**
 * Merges lists that are each sorted by `compare` into one sorted list (a
 * k-way merge over a binary heap of the lists' heads): n·log k comparisons
 * instead of re-sorting n keys. Stable: among equal items, an earlier list's
 * come first, and each list keeps its own order.
 *
 * @example
 * mergeSorted([[1, 4], [2, 3]], (a, b) => a - b) // [1, 2, 3, 4]
 */
export function mergeSorted<T>(lists: readonly (readonly T[])[], compare: (a: T, b: T) => number): T[] {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return [...(nonEmpty[0] as readonly T[])];
  const total = nonEmpty.reduce((sum, list) => sum + list.length, 0);
  const out = new Array<T>(total);
  // The heap holds list numbers; `next[list]` is the index of that list's head.
  const next = new Int32Array(nonEmpty.length);
  const heap: number[] = nonEmpty.map((_, index) => index);
  const head = (list: number): T => (nonEmpty[list] as readonly T[])[next[list] as number] as T;
  const less = (x: number, y: number): boolean => {
    const order = compare(head(x), head(y));
    return order < 0 || (order === 0 && x < y);
  };
  const siftDown = (start: number): void => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const child = right < heap.length && less(heap[right] as number, heap[left] as number) ? right : left;
      if (!less(heap[child] as number, heap[i] as number)) return;
      [heap[i], heap[child]] = [heap[child] as number, heap[i] as number];
      i = child;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(i);
  for (let o = 0; o < total; o++) {
    const list = heap[0] as number;
    out[o] = head(list);
    next[list] = (next[list] as number) + 1;
    if ((next[list] as number) >= (nonEmpty[list] as readonly T[]).length) {
      const last = heap.pop() as number;
      if (heap.length === 0) break;
      heap[0] = last;
    }
    siftDown(0);
  }
  return out;
}

/**
 * Merges a short sorted list into a long one (both sorted by `compare`): each
 * added item is placed by a galloping search in what is left of `base` (steps
 * of 1, 2, 4, … from where the last item went, then a binary search in the
 * last step), so adding one entity's 1,000 rows to 19,000 costs about
 * 1,000 · 2·log₂(gap) comparisons, gap being the base items between two added
 * ones — fewer than a binary search over the rest when the lists interleave,
 * and each search reads rows next to the last one's (warm in the cache).
 * `compare` must never tie an item of `added` with one of `base` (the item
 * collection breaks ties by entity), so the result equals a full merge.
 * `placedAt`, when given (length ≥ added.length), receives each added item's
 * index in the result.
 */
export function mergeInto<T>(base: readonly T[], added: readonly T[], compare: (a: T, b: T) => number, placedAt?: Int32Array): T[] {
  const out = new Array<T>(base.length + added.length);
  let o = 0;
  let from = 0;
  for (let a = 0; a < added.length; a++) {
    const item = added[a] as T;
    // The first index at or after `from` whose item sorts after `item`: gallop to bracket it, then bisect.
    let low = from;
    let high = base.length;
    for (let step = 1; low < base.length; step *= 2) {
      const probe = from + step - 1;
      if (probe >= base.length) break;
      if (compare(base[probe] as T, item) < 0) low = probe + 1;
      else {
        high = probe;
        break;
      }
    }
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(base[middle] as T, item) < 0) low = middle + 1;
      else high = middle;
    }
    while (from < low) out[o++] = base[from++] as T;
    if (placedAt) placedAt[a] = o;
    out[o++] = item;
  }
  while (from < base.length) out[o++] = base[from++] as T;
  return out;
}
