import { getOwnAttribute, itemSize, type Item } from '../../../expressions';
import { compareKeys, type KeyAttributeValue } from '../../../keys';
import type { ItemWrite } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import { canonicalKey } from '../../storage/partitionKey';
import { writeFileAtomic } from './atomicFile';
import type { TableFile } from './journalFiles';
import { baseLines, headerLine, rewrittenLineCount, TABLE_FILE_VERSION } from './tableFile';

/*
 * Compaction: a table file replaced by its current items. Files are
 * replaced, never rewritten in place (temporary file, fsync, rename,
 * directory fsync: atomicFile.ts), so a crash leaves the old or the new
 * version:
 * - when a table is created (a header-only file);
 * - when a change is large (≥ {@link REWRITE_WRITES} writes: a bulk load),
 *   as the table's current items plus the change — the table is written once
 *   and no giant change has to be replayed from the journal;
 * - when the journal has grown past the size of the table it started from
 *   (compaction: the file is rewritten as the current items), so a file stays
 *   within about twice its live data;
 * - when loading finds a file mostly garbage, repaired, completed by a
 *   pending change, or in an older format.
 * A rewritten file's header counts the lines the rewrite wrote, so they are
 * never taken for a torn append.
 */

/** A change with at least this many writes to one table rewrites that table's file instead of appending. */
export const REWRITE_WRITES = 10_000;

/** The journal may grow by this much (or by the size of the base, if larger) before the file is compacted. */
export const COMPACT_MIN_BYTES = 4 << 20;

/** Whether a change of `writes` to this file (the only table it touches) replaces the file instead of appending. */
export function replacesFile(file: TableFile, writes: number, compactAfterBytes: number): boolean {
  const grown = file.bytes - file.baseBytes > Math.max(compactAfterBytes, file.baseBytes);
  return writes >= REWRITE_WRITES || grown;
}

/**
 * Whether a loaded file starts over as a compact one: mostly overwritten or
 * deleted items, dropped damage, a pending change completed, an older format,
 * item sizes stored under older rules (which the next start would work out
 * again), or {@link REWRITE_WRITES} writes or more appended since the last
 * rewrite (a table filled by many small writes, BatchWriteItem in a test's
 * setup: appended lines are read whole at every start, a rewrite's items by
 * key).
 */
export function compactsAtLoad(loaded: {
  readonly writes: number;
  readonly appendedWrites: number;
  readonly liveItems: number;
  readonly dropped: number;
  readonly version: number;
  readonly sizesCurrent: boolean;
  readonly completedPending: boolean;
}): boolean {
  return (
    loaded.completedPending ||
    loaded.writes > 2 * loaded.liveItems + 1_000 ||
    loaded.appendedWrites >= REWRITE_WRITES ||
    loaded.dropped > 0 ||
    loaded.version < TABLE_FILE_VERSION ||
    (!loaded.sizesCurrent && loaded.liveItems > 0)
  );
}

/** A table's items, and their sizes when known (a TableSnapshot is one). */
export interface TableBase {
  readonly items: readonly Item[];
  /** Each item's itemSize(), in the order of `items`. */
  readonly itemSizes?: readonly number[];
}

/**
 * Replaces the table's file by `base` (its items) with `change` (the writes
 * that caused the rewrite) applied, atomically: the file holds the table as
 * it is once the change is in, every item on the fast path of a load (read by
 * key: see tableFile.ts), none replayed as a write.
 */
export async function rewriteTableFile(root: string, file: TableFile, base: TableBase, change?: readonly ItemWrite[]): Promise<void> {
  const content = change && change.length > 0 ? withChange(base, change, file.definition) : base;
  const bytes = await writeFileAtomic(root, file.fileName, parts(file.definition, content));
  // The append handle points at the replaced file.
  await file.handle?.close().catch(() => undefined);
  file.handle = undefined;
  file.bytes = bytes;
  file.baseBytes = bytes;
  file.broken = undefined;
}

/** The lines of a rewritten table file: header (counting the lines after it), then the items. */
function* parts(definition: TableDefinition, base: TableBase): Generator<string> {
  yield headerLine(definition, rewrittenLineCount(base.items.length, 0));
  yield* baseLines(definition, base.items, base.itemSizes);
}

/**
 * A table's items (in the engine's order: a snapshot's) with a change
 * applied, in an order that keeps each partition's items together and in
 * sort-key order, so that a Query reads few of the file's blocks: items
 * already stored keep their place (a put replaces one in place, a delete
 * drops it); new items follow, partition by partition, each partition's in
 * sort-key order (compareKeys).
 */
export function withChange(base: TableBase, change: readonly ItemWrite[], definition: TableDefinition): TableBase {
  const { partitionKey, sortKey } = definition.keys;
  const partitionOf = (item: Item) => canonicalKey(getOwnAttribute(item, partitionKey.name) as KeyAttributeValue);
  const keyOf = (item: Item) => {
    const partition = partitionOf(item);
    return sortKey ? `${partition.length}:${partition}${canonicalKey(getOwnAttribute(item, sortKey.name) as KeyAttributeValue)}` : partition;
  };
  const stored = new Map<string, { item: Item; size: number }>();
  base.items.forEach((item, i) => stored.set(keyOf(item), { item, size: base.itemSizes?.[i] ?? itemSize(item) }));
  /** New items by partition, in the order their partitions first appear, each by key. */
  const added = new Map<string, Map<string, Item>>();
  for (const write of change) {
    const key = keyOf(write.key);
    if (!write.item) {
      stored.delete(key);
      added.get(partitionOf(write.key))?.delete(key);
    } else if (stored.has(key)) {
      stored.set(key, { item: write.item, size: itemSize(write.item) });
    } else {
      const partition = partitionOf(write.item);
      let items = added.get(partition);
      if (!items) added.set(partition, (items = new Map()));
      items.set(key, write.item);
    }
  }
  const items: Item[] = [];
  const itemSizes: number[] = [];
  for (const { item, size } of stored.values()) {
    items.push(item);
    itemSizes.push(size);
  }
  for (const partition of added.values()) {
    const sorted = [...partition.values()];
    if (sortKey)
      sorted.sort((a, b) => compareKeys(getOwnAttribute(a, sortKey.name) as KeyAttributeValue, getOwnAttribute(b, sortKey.name) as KeyAttributeValue));
    for (const item of sorted) {
      items.push(item);
      itemSizes.push(itemSize(item));
    }
  }
  return { items, itemSizes };
}
