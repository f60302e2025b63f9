/**
 * An ordered collection with cheap inserts at scale: a sorted array of sorted
 * chunks of at most {@link MAX_CHUNK} entries. Finding a position is a binary
 * search over the chunks' last entries followed by a binary search inside one
 * chunk, so lookups cost O(log n); an insert or removal moves at most one
 * chunk's worth of entries (splice inside a chunk of ≤ 512), never the whole
 * collection. A plain sorted array would move up to n entries per insert, which
 * is what makes a million-item partition slow to build one put at a time.
 *
 * Order contract: entries are kept ascending by the comparator given to the
 * constructor, and no two entries compare equal — inserting an entry equal to
 * one already present replaces it (that is how a PutItem overwrites an item).
 */

/** A chunk never grows past this many entries; it is split in two when it would. */
export const MAX_CHUNK = 512;

/**
 * A chunk is laid out again (see {@link Relocate}) once this many of its
 * entries were written out of order since it was last laid out. Lower keeps
 * pages tighter, higher makes writes cheaper: with 128, a chunk of ~350
 * entries (the average after random inserts) is re-copied every 128 writes,
 * ~3 entry copies per write, and at most 128 of its entries are scattered.
 * Measured at 1M random-order puts (one partition, in-process): 64 gave a
 * 100-item page p50 of ~65–72 µs for a load ~2× slower than without
 * relocation; 128 gives ~75 µs for ~1.5× (without relocation: ~200 µs).
 * The copies are what costs: the young-generation collector copies every
 * surviving object, and a relocated copy always survives.
 */
export const RELOCATE_AFTER = 128;

/**
 * Replaces every entry of `entries` (one chunk, ascending) in place with an
 * equal entry (the list's comparator gives 0) whose objects are allocated
 * now, one after the other.
 *
 * Why: a JavaScript engine places objects in the order they are allocated
 * (and keeps that order, roughly, when it moves them). Entries written in
 * random key order are scattered over the heap, so a page of 100 neighbours
 * in key order is ~100 cache misses per pointer followed — measured, a
 * 100-item Query page at 1M items took ~200 µs after random-order puts
 * against ~50 µs after a bulk load, which allocates in key order. Copying a
 * chunk's entries in order restores that.
 */
export type Relocate<T> = (entries: T[]) => void;

/**
 * Compares a search target against an entry: negative when the target sorts
 * before `entry`, zero when it matches, positive when it sorts after. A probe
 * may compare only a prefix of an entry's key (e.g. just the sort key value of
 * an index entry whose full key also has table-key tiebreaks); it must be
 * monotone over the list's order.
 */
export type Probe<T> = (entry: T) => number;

/**
 * A probe on fences (see {@link ChunkedSortedList}): the same order as the
 * entry probe it accompanies, applied to a chunk's fence instead of its last
 * entry.
 */
export type FenceProbe<F> = (fence: F) => number;

/** A position in the list: chunk number and index inside that chunk. */
export interface ListPosition {
  readonly chunk: number;
  readonly index: number;
}

/**
 * A sorted list of entries, chunked.
 *
 * Optionally with fences: `fenceOf(entry)` gives a compact search key of an
 * entry (a raw sort-key string, say), kept for each chunk's last entry in one
 * dense array. Searches that bring a {@link FenceProbe} pick the chunk from
 * that array instead of reaching through each chunk to its last entry.
 *
 * @example
 * const list = new ChunkedSortedList<number>((a, b) => a - b);
 * list.insert(3); list.insert(1); list.insert(2);
 * [...list.values()] // [1, 2, 3]
 */
export class ChunkedSortedList<T, F = never> {
  private chunks: T[][] = [];
  private count = 0;
  /** fences[c] = fenceOf(last entry of chunk c), when fenceOf is given. */
  private readonly fences: F[] | undefined;
  /** scattered[c] = entries of chunk c written out of order since it was last laid out, when relocate is given. */
  private readonly scattered: number[] | undefined;
  /** The entry the last insert wrote: an insert next to it continues a run in key order, which is not scattered. */
  private lastWritten: T | undefined;

  constructor(
    private readonly compare: (a: T, b: T) => number,
    private readonly fenceOf?: (entry: T) => F,
    private readonly relocate?: Relocate<T>,
  ) {
    this.fences = fenceOf ? [] : undefined;
    this.scattered = relocate ? [] : undefined;
  }

  /**
   * A list built from entries already in ascending order without duplicates:
   * O(n), no comparisons. The caller guarantees the order (the bulk-load path
   * sorts once, then builds).
   */
  static fromSorted<T, F = never>(
    compare: (a: T, b: T) => number,
    sorted: readonly T[],
    fenceOf?: (entry: T) => F,
    relocate?: Relocate<T>,
  ): ChunkedSortedList<T, F> {
    const list = new ChunkedSortedList<T, F>(compare, fenceOf, relocate);
    // Fill chunks three-quarters full so the first inserts after a bulk load don't all split.
    const fill = (MAX_CHUNK * 3) >> 2;
    for (let start = 0; start < sorted.length; start += fill) list.chunks.push(sorted.slice(start, start + fill));
    list.count = sorted.length;
    if (list.fences) for (let c = 0; c < list.chunks.length; c++) list.fences.push(list.fenceOfChunk(c));
    // The caller built `sorted` in key order (see TableStore.putMany): nothing is scattered yet.
    if (list.scattered) for (let c = 0; c < list.chunks.length; c++) list.scattered.push(0);
    return list;
  }

  /** Number of entries. */
  get size(): number {
    return this.count;
  }

  /** The entry matching `probe` exactly (probe returns 0), or undefined. `fenceProbe` as for {@link lowerBound}. */
  find(probe: Probe<T>, fenceProbe?: FenceProbe<F>): T | undefined {
    const position = this.lowerBound(probe, fenceProbe);
    const entry = this.at(position);
    return entry !== undefined && probe(entry) === 0 ? entry : undefined;
  }

  /**
   * Inserts `entry`, or replaces the entry equal to it.
   * Returns the replaced entry, or undefined when the entry was new.
   * `fenceProbe`, when given, orders fences as the comparator orders `entry`
   * against other entries: the chunk is then found on the dense fence array
   * instead of through each chunk's last entry (a few cache misses less per
   * step — at a million entries, most of an insert's time).
   */
  insert(entry: T, fenceProbe?: FenceProbe<F>): T | undefined {
    const probe: Probe<T> = (other) => this.compare(entry, other);
    if (this.chunks.length === 0) {
      this.chunks.push([entry]);
      this.fences?.push(this.fenceOfChunk(0));
      this.scattered?.push(0);
      this.count = 1;
      this.lastWritten = entry;
      return undefined;
    }
    let chunkIndex = fenceProbe && this.fences ? this.findChunkByFence(fenceProbe) : this.findChunk(probe);
    // Past the end: append to the last chunk.
    if (chunkIndex === this.chunks.length) chunkIndex--;
    const chunk = this.chunks[chunkIndex] as T[];
    const index = searchChunk(chunk, probe);
    if (index < chunk.length && probe(chunk[index] as T) === 0) {
      const replaced = chunk[index] as T;
      chunk[index] = entry;
      if (index === chunk.length - 1) this.refreshFence(chunkIndex);
      this.noteWrite(chunkIndex, index);
      return replaced;
    }
    chunk.splice(index, 0, entry);
    this.count++;
    if (chunk.length > MAX_CHUNK) {
      const upper = chunk.splice(chunk.length >> 1);
      this.chunks.splice(chunkIndex + 1, 0, upper);
      this.fences?.splice(chunkIndex + 1, 0, this.fenceOfChunk(chunkIndex + 1));
      this.refreshFence(chunkIndex);
      if (this.scattered) {
        // Each half keeps its share of the scattered entries (unknown which: an even split is the estimate).
        const half = (this.scattered[chunkIndex] as number) >> 1;
        this.scattered[chunkIndex] = half;
        this.scattered.splice(chunkIndex + 1, 0, half);
        if (index >= chunk.length) this.noteWrite(chunkIndex + 1, index - chunk.length);
        else this.noteWrite(chunkIndex, index);
      }
    } else {
      if (index === chunk.length - 1) this.refreshFence(chunkIndex);
      this.noteWrite(chunkIndex, index);
    }
    return undefined;
  }

  /**
   * Writes `entry` over the equal entry already in the list without counting
   * it as scattered (for entries that are re-created in step with another
   * list's relocation); returns the replaced entry, or undefined (and does
   * nothing) when no entry is equal.
   */
  replace(entry: T): T | undefined {
    const probe: Probe<T> = (other) => this.compare(entry, other);
    const { chunk: chunkIndex, index } = this.lowerBound(probe);
    const chunk = this.chunks[chunkIndex];
    if (!chunk || index >= chunk.length || probe(chunk[index] as T) !== 0) return undefined;
    const replaced = chunk[index] as T;
    chunk[index] = entry;
    if (index === chunk.length - 1) this.refreshFence(chunkIndex);
    return replaced;
  }

  /**
   * Counts a write at (chunk, index) — unless it continues a run in key order
   * next to the previous write, whose entries sit together in memory anyway —
   * and lays the chunk out again once {@link RELOCATE_AFTER} writes are scattered.
   */
  private noteWrite(chunkIndex: number, index: number): void {
    const scattered = this.scattered;
    if (!scattered) return;
    const chunk = this.chunks[chunkIndex] as T[];
    const last = this.lastWritten;
    this.lastWritten = chunk[index];
    if (last !== undefined && (chunk[index - 1] === last || chunk[index + 1] === last)) return;
    const count = (scattered[chunkIndex] as number) + 1;
    if (count < RELOCATE_AFTER) {
      scattered[chunkIndex] = count;
      return;
    }
    this.relocateChunk(chunkIndex);
  }

  /** Lays out chunk `chunkIndex` again (see {@link Relocate}). */
  private relocateChunk(chunkIndex: number): void {
    const chunk = this.chunks[chunkIndex] as T[];
    (this.relocate as Relocate<T>)(chunk);
    (this.scattered as number[])[chunkIndex] = 0;
    this.lastWritten = undefined;
    // The fence is a key of the last entry: take the relocated copy's, so the old objects can go.
    this.refreshFence(chunkIndex);
  }

  /** Removes the entry matching `probe` exactly; returns it, or undefined when absent. `fenceProbe` as for {@link lowerBound}. */
  remove(probe: Probe<T>, fenceProbe?: FenceProbe<F>): T | undefined {
    const { chunk: chunkIndex, index } = this.lowerBound(probe, fenceProbe);
    const chunk = this.chunks[chunkIndex];
    if (!chunk || index >= chunk.length || probe(chunk[index] as T) !== 0) return undefined;
    const [removed] = chunk.splice(index, 1);
    this.count--;
    if (removed === this.lastWritten) this.lastWritten = undefined;
    if (chunk.length === 0) {
      this.chunks.splice(chunkIndex, 1);
      this.fences?.splice(chunkIndex, 1);
      this.scattered?.splice(chunkIndex, 1);
    } else {
      if (index === chunk.length) this.refreshFence(chunkIndex);
      this.mergeIfSmall(chunkIndex);
    }
    return removed;
  }

  /**
   * The first position whose entry is ≥ the target (probe(entry) ≤ 0); {@link end} when none.
   * `fenceProbe`, when given on a list with fences, must order fences as `probe` orders entries.
   */
  lowerBound(probe: Probe<T>, fenceProbe?: FenceProbe<F>): ListPosition {
    const chunkIndex = fenceProbe && this.fences ? this.findChunkByFence(fenceProbe) : this.findChunk(probe);
    if (chunkIndex === this.chunks.length) return this.end();
    return { chunk: chunkIndex, index: searchChunk(this.chunks[chunkIndex] as T[], probe) };
  }

  /** The first position whose entry is > the target (probe(entry) < 0); {@link end} when none. */
  upperBound(probe: Probe<T>, fenceProbe?: FenceProbe<F>): ListPosition {
    // Strictly-greater is lower-bound with "equal" counted as "target is after".
    const after: Probe<T> = (entry) => (probe(entry) >= 0 ? 1 : -1);
    const fenceAfter: FenceProbe<F> | undefined = fenceProbe && ((fence) => (fenceProbe(fence) >= 0 ? 1 : -1));
    return this.lowerBound(after, fenceAfter);
  }

  /** The position of the first entry (equal to {@link end} when the list is empty). */
  begin(): ListPosition {
    return this.chunks.length === 0 ? this.end() : { chunk: 0, index: 0 };
  }

  /** The position just past the last entry. */
  end(): ListPosition {
    return { chunk: this.chunks.length, index: 0 };
  }

  /** The entry at `position`, or undefined when the position is past either end. */
  at(position: ListPosition): T | undefined {
    return this.chunks[position.chunk]?.[position.index];
  }

  /** The position after `position` (may be {@link end}). */
  next(position: ListPosition): ListPosition {
    const chunk = this.chunks[position.chunk];
    if (!chunk) return this.end();
    if (position.index + 1 < chunk.length) return { chunk: position.chunk, index: position.index + 1 };
    return position.chunk + 1 < this.chunks.length ? { chunk: position.chunk + 1, index: 0 } : this.end();
  }

  /** The position before `position`, or undefined when `position` is the first. */
  previous(position: ListPosition): ListPosition | undefined {
    if (position.index > 0) return { chunk: position.chunk, index: position.index - 1 };
    for (let chunkIndex = position.chunk - 1; chunkIndex >= 0; chunkIndex--) {
      const length = (this.chunks[chunkIndex] as T[]).length;
      if (length > 0) return { chunk: chunkIndex, index: length - 1 };
    }
    return undefined;
  }

  /** Negative when `a` is before `b`, zero when equal, positive when after. */
  comparePositions(a: ListPosition, b: ListPosition): number {
    return a.chunk !== b.chunk ? a.chunk - b.chunk : a.index - b.index;
  }

  /**
   * Calls `visit` for entries from `from` onwards (ascending, or descending when
   * `descending`), until it returns false or the list ends. `from` is inclusive;
   * for a descending walk pass the position of the first entry to visit.
   * One tight loop over the chunk arrays: this is the Query and Scan hot path.
   */
  walk(from: ListPosition, descending: boolean, visit: (entry: T) => boolean): void {
    const chunks = this.chunks;
    if (!descending) {
      let index = from.index;
      for (let c = from.chunk; c < chunks.length; c++, index = 0) {
        const chunk = chunks[c] as T[];
        for (let i = index; i < chunk.length; i++) if (!visit(chunk[i] as T)) return;
      }
      return;
    }
    if (from.chunk >= chunks.length) return;
    let index = from.index;
    for (let c = from.chunk; c >= 0; c--) {
      const chunk = chunks[c] as T[];
      if (c !== from.chunk) index = chunk.length - 1;
      for (let i = index; i >= 0; i--) if (!visit(chunk[i] as T)) return;
    }
  }

  /** All entries in ascending order. */
  *values(): IterableIterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }

  /** Index of the first chunk whose last entry is ≥ the target, or chunks.length. */
  private findChunk(probe: Probe<T>): number {
    const chunks = this.chunks;
    let low = 0;
    let high = chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = chunks[middle] as T[];
      if (probe(chunk[chunk.length - 1] as T) > 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Index of the first chunk whose fence is ≥ the target, or chunks.length. */
  private findChunkByFence(probe: FenceProbe<F>): number {
    const fences = this.fences as F[];
    let low = 0;
    let high = fences.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (probe(fences[middle] as F) > 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private fenceOfChunk(chunkIndex: number): F {
    const chunk = this.chunks[chunkIndex] as T[];
    return (this.fenceOf as (entry: T) => F)(chunk[chunk.length - 1] as T);
  }

  private refreshFence(chunkIndex: number): void {
    if (this.fences) this.fences[chunkIndex] = this.fenceOfChunk(chunkIndex);
  }

  /** Keeps deletes from leaving a trail of tiny chunks: a chunk under a quarter full joins a neighbour when they fit together. */
  private mergeIfSmall(chunkIndex: number): void {
    const chunk = this.chunks[chunkIndex] as T[];
    if (chunk.length >= MAX_CHUNK >> 2) return;
    const nextChunk = this.chunks[chunkIndex + 1];
    if (nextChunk && chunk.length + nextChunk.length <= MAX_CHUNK) {
      this.chunks.splice(chunkIndex, 2, chunk.concat(nextChunk));
      this.fences?.splice(chunkIndex, 1);
      this.mergeScattered(chunkIndex);
      return;
    }
    const previousChunk = this.chunks[chunkIndex - 1];
    if (previousChunk && chunk.length + previousChunk.length <= MAX_CHUNK) {
      this.chunks.splice(chunkIndex - 1, 2, previousChunk.concat(chunk));
      this.fences?.splice(chunkIndex - 1, 1);
      this.mergeScattered(chunkIndex - 1);
    }
  }

  /** Chunks `into` and `into + 1` were merged into chunk `into`: so are their scattered counts. */
  private mergeScattered(into: number): void {
    const scattered = this.scattered;
    if (!scattered) return;
    scattered.splice(into, 2, (scattered[into] as number) + (scattered[into + 1] as number));
  }
}

/** Index of the first entry in `chunk` that is ≥ the target. */
function searchChunk<T>(chunk: readonly T[], probe: Probe<T>): number {
  let low = 0;
  let high = chunk.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (probe(chunk[middle] as T) > 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
