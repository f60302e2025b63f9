import { compareKeys, compareUtf8, type KeyAttributeValue, type KeyType } from '../../keys';
import type { Item } from '../../expressions';
import { ChunkedSortedList, type FenceProbe, type ListPosition, type Probe, type Relocate } from './chunkedSortedList';
import { compositeComparator, valueOfRaw, type CompositeRawKey, type SortKeyComparator, type StoredSortKey } from './compositeKey';
import { canonicalKey, firstHashOfSegment, hashPartitionKey } from './partitionKey';
import { preparedRawComparator, rawComparator, rawKeyOf, rawProbeOf, type RawKey } from './rawKey';

/**
 * One stored item. Records are immutable: a write replaces the record, so a
 * page being read never sees half an update. `pk`/`sk` point into `item`
 * (or, for a record whose item is read later, are equal to its key values).
 * The table may also replace a record with an equal copy of it (and its
 * item) to keep key order and memory order alike (see Relocate in
 * chunkedSortedList.ts): hold a record's key, not the record, across writes.
 * A record is also the table's own store entry (`record === this`), which
 * saves one object per item at a million items.
 */
export interface ItemRecord extends StoreEntry {
  readonly item: Item;
  /**
   * True when `item` is frozen all the way down (see freezeItem.ts): a read
   * may return it as it is. False for items holding binary, which reads copy.
   */
  readonly frozen: boolean;
}

/** An entry of a table or index store: its key values in that store, its size, and the item it stands for. */
export interface StoreEntry {
  /** This store's partition-key value. */
  readonly pk: KeyAttributeValue;
  /** This store's sort-key value (undefined when the store has no sort key). */
  readonly sk: KeyAttributeValue | undefined;
  /** The same sort-key value, raw (see rawKey.ts); in a multi-attribute index, every sort attribute's (compositeKey.ts). */
  readonly skRaw: StoredSortKey | undefined;
  /**
   * Decided once on write (plainFlagOf in rawKey.ts): the sort key is one S
   * value with no code unit ≥ 0xD800, so comparisons with it may use `<`
   * (see preparedKeys.ts in src/keys). False for N, B, composite keys.
   */
  readonly skPlain: boolean;
  /** Bytes the entry counts for in this store: the item's size, or its projected size in an index. */
  readonly size: number;
  /** The table item this entry stands for. */
  readonly record: ItemRecord;
}

/** A partition (item collection) of a store. */
export interface Partition<E extends StoreEntry> {
  readonly canonical: string;
  readonly hash: number;
  readonly value: KeyAttributeValue;
  /** Fenced by raw sort key in a table with a sort key (see ChunkedSortedList). */
  readonly entries: ChunkedSortedList<E, RawKey>;
}

/**
 * Key components used to search a partition, in the store's order:
 * `[sk]` for a table; `[indexSk, tablePk, tableSk]` for an index (components
 * the store doesn't have are left out), with one indexSk per sort attribute in
 * a multi-attribute index. A probe may give a prefix only.
 */
export type KeyProbe = readonly KeyAttributeValue[];

/** The shape of a store: its sort key's type (if any), and whether it is a secondary index over a table. */
export interface StoreShape {
  readonly sortKeyType: KeyType | undefined;
  /** A multi-attribute index's sort attributes' types, left to right (`sortKeyType` is then undefined). */
  readonly sortKeyTypes?: readonly KeyType[];
  /** True for an index: entries with equal index keys are ordered by the table key. */
  readonly secondary: boolean;
  readonly tableHasSortKey: boolean;
}

/**
 * Items (or index entries) grouped in partitions, each partition sorted by
 * the store's sort key with `compareKeys`, partitions reachable by key in
 * O(1) and in Scan order (see partitionKey.ts) in O(log p).
 *
 * Order contract inside a partition: ascending sort key; in an index, entries
 * with equal index keys are ordered by table partition key then table sort
 * key — DynamoDB leaves that order unspecified, Keylab makes it deterministic.
 */
export class KeyedStore<E extends StoreEntry> {
  private readonly byKey = new Map<string, Partition<E>>();
  private readonly scanOrder = new ChunkedSortedList<Partition<E>>(comparePartitions);
  private entryCount = 0;
  private byteCount = 0;
  /** Orders two entries of one partition. */
  readonly compareEntries: (a: E, b: E) => number;
  /** Orders two raw sort keys (undefined without a sort key); composite ones in a multi-attribute index. */
  readonly compareSortKeys: SortKeyComparator | undefined;
  /** Partitions are fenced by raw sort key when the sort key alone orders them (a table, not an index). */
  private readonly fenceOf: ((entry: E) => RawKey) | undefined;
  /** The single sort attribute's type (undefined without a sort key or with several). */
  private readonly sortKeyType: KeyType | undefined;

  /**
   * @param relocate lays out a chunk of entries again in key order (see
   * chunkedSortedList.ts); given for the table's own items, whose pages are
   * read item by item. It may run during {@link put}.
   */
  constructor(
    readonly shape: StoreShape,
    private readonly relocate?: Relocate<E>,
  ) {
    // A store's entries all hold one kind of sort key, so its comparator sees only that kind.
    if (shape.sortKeyTypes) this.compareSortKeys = compositeComparator(shape.sortKeyTypes) as SortKeyComparator;
    else this.compareSortKeys = shape.sortKeyType ? (rawComparator(shape.sortKeyType) as SortKeyComparator) : undefined;
    this.compareEntries = createEntryComparator(shape, this.compareSortKeys);
    this.sortKeyType = shape.sortKeyType;
    // Only tables are fenced, and a table's sort key is one attribute.
    this.fenceOf = shape.sortKeyType && !shape.secondary ? (entry) => entry.skRaw as RawKey : undefined;
  }

  /** Number of entries in the store. */
  get count(): number {
    return this.entryCount;
  }

  /** Sum of entry sizes. */
  get bytes(): number {
    return this.byteCount;
  }

  /** The partition holding `pk`, or undefined. */
  partition(pk: KeyAttributeValue): Partition<E> | undefined {
    return this.byKey.get(canonicalKey(pk));
  }

  /** The entry with these key components, or undefined. */
  get(pk: KeyAttributeValue, probe: KeyProbe): E | undefined {
    return this.partition(pk)?.entries.find(this.probe(probe), this.fenceProbeOf(probe));
  }

  /** Inserts or replaces an entry; returns the replaced entry. */
  put(entry: E): E | undefined {
    const partition = this.partitionFor(entry.pk);
    const replaced = partition.entries.insert(entry, this.fenceOf && this.rawProbe(entry.skRaw as RawKey, entry.skPlain));
    if (replaced) this.byteCount -= replaced.size;
    else this.entryCount++;
    this.byteCount += entry.size;
    return replaced;
  }

  /**
   * Writes `entry` over the equal entry already stored (same keys, same
   * size: a copy), without counting it as a scattered write. Returns false
   * when no entry is equal.
   */
  replace(entry: E): boolean {
    return this.partition(entry.pk)?.entries.replace(entry) !== undefined;
  }

  /** Removes the entry with these key components; returns it. */
  delete(pk: KeyAttributeValue, probe: KeyProbe): E | undefined {
    const partition = this.partition(pk);
    if (!partition) return undefined;
    const removed = partition.entries.remove(this.probe(probe), this.fenceProbeOf(probe));
    if (!removed) return undefined;
    this.entryCount--;
    this.byteCount -= removed.size;
    if (partition.entries.size === 0) this.dropPartition(partition);
    return removed;
  }

  /**
   * Fills an empty partition from entries already sorted by
   * {@link compareEntries} without duplicates — the bulk-load path, O(n).
   * Returns false (and does nothing) when the partition already has entries.
   */
  fillPartition(pk: KeyAttributeValue, sorted: readonly E[]): boolean {
    if (sorted.length === 0) return true;
    const canonical = canonicalKey(pk);
    if (this.byKey.has(canonical)) return false;
    const partition: Partition<E> = {
      canonical,
      hash: hashPartitionKey(pk),
      value: pk,
      entries: ChunkedSortedList.fromSorted(this.compareEntries, sorted, this.fenceOf, this.relocate),
    };
    this.byKey.set(canonical, partition);
    this.scanOrder.insert(partition);
    this.entryCount += sorted.length;
    for (const entry of sorted) this.byteCount += entry.size;
    return true;
  }

  /**
   * The first position in a partition whose sort key is ≥ (`after` false) or
   * > (`after` true) the target that `rawProbe` compares with: the bounds of
   * a Query's sort-key condition. Uses the partition's fences when it has them.
   */
  sortKeyBound(partition: Partition<E>, rawProbe: (raw: RawKey) => number, after: boolean): ListPosition {
    const probe: Probe<E> = (entry) => rawProbe(entry.skRaw as RawKey);
    const fenceProbe = this.fenceOf ? rawProbe : undefined;
    return after ? partition.entries.upperBound(probe, fenceProbe) : partition.entries.lowerBound(probe, fenceProbe);
  }

  /**
   * `(key) => compareSortKeys(target, key)` in a store with one sort
   * attribute, an S target's plain flag decided once (or given, a stored
   * entry's `skPlain`): the probe of every search by sort key.
   */
  rawProbe(target: RawKey, plain?: boolean): (key: RawKey) => number {
    return rawProbeOf(this.sortKeyType as KeyType, target, plain);
  }

  /** The fence probe (see ChunkedSortedList) matching {@link probe}: in a table with a sort key, whose fences are raw sort keys. */
  private fenceProbeOf(components: KeyProbe): FenceProbe<RawKey> | undefined {
    if (!this.fenceOf || components.length === 0) return undefined;
    return this.rawProbe(rawKeyOf(components[0] as KeyAttributeValue));
  }

  /** Turns key components into a probe over this store's entries. */
  probe(components: KeyProbe): Probe<E> {
    if (this.shape.sortKeyTypes) return this.compositeProbe(components, this.shape.sortKeyTypes.length);
    const { secondary, tableHasSortKey } = this.shape;
    const sortKeyProbe = this.sortKeyType && components.length > 0 ? this.rawProbe(rawKeyOf(components[0] as KeyAttributeValue)) : undefined;
    const hasSortKey = this.sortKeyType !== undefined;
    return (entry) => {
      let i = 0;
      if (hasSortKey) {
        if (i >= components.length) return 0;
        i++;
        const order = (sortKeyProbe as (key: RawKey) => number)(entry.skRaw as RawKey);
        if (order !== 0) return order;
      }
      if (secondary) {
        if (i >= components.length) return 0;
        const order = compareKeys(components[i++] as KeyAttributeValue, entry.record.pk);
        if (order !== 0 || !tableHasSortKey || i >= components.length) return order;
        return compareKeys(components[i] as KeyAttributeValue, entry.record.sk as KeyAttributeValue);
      }
      return 0;
    };
  }

  /** {@link probe} for a multi-attribute index: `sortCount` sort components (or a prefix of them), then the table key. */
  private compositeProbe(components: KeyProbe, sortCount: number): Probe<E> {
    const { tableHasSortKey } = this.shape;
    const compareSortKeys = this.compareSortKeys as SortKeyComparator;
    const skRaw: CompositeRawKey = components.slice(0, sortCount).map((component) => rawKeyOf(component));
    return (entry) => {
      const order = compareSortKeys(skRaw, entry.skRaw as CompositeRawKey);
      if (order !== 0 || components.length <= sortCount) return order;
      const pkOrder = compareKeys(components[sortCount] as KeyAttributeValue, entry.record.pk);
      if (pkOrder !== 0 || !tableHasSortKey || components.length <= sortCount + 1) return pkOrder;
      return compareKeys(components[sortCount + 1] as KeyAttributeValue, entry.record.sk as KeyAttributeValue);
    };
  }

  /** The key components of an entry, as {@link probe} takes them. */
  componentsOf(entry: E): KeyProbe {
    const components: KeyAttributeValue[] = [];
    if (this.shape.sortKeyType) components.push(entry.sk as KeyAttributeValue);
    const sortKeyTypes = this.shape.sortKeyTypes;
    if (sortKeyTypes) (entry.skRaw as CompositeRawKey).forEach((raw, i) => components.push(valueOfRaw(raw, sortKeyTypes[i] as KeyType)));
    if (this.shape.secondary) {
      components.push(entry.record.pk);
      if (this.shape.tableHasSortKey) components.push(entry.record.sk as KeyAttributeValue);
    }
    return components;
  }

  /** All partitions, in Scan order. */
  partitionsInScanOrder(): ChunkedSortedList<Partition<E>> {
    return this.scanOrder;
  }

  /**
   * The position in Scan order of the first partition at or after (hash,
   * canonical) of `pk` — where a Scan resumes when the ExclusiveStartKey's
   * partition may no longer exist.
   */
  scanPositionOf(pk: KeyAttributeValue): ListPosition {
    const canonical = canonicalKey(pk);
    const hash = hashPartitionKey(pk);
    return this.scanOrder.lowerBound((partition) => hash - partition.hash || compareUtf8(canonical, partition.canonical));
  }

  /** The position in Scan order of the first partition whose hash is ≥ the first hash of `segment`. */
  segmentStart(segment: number, totalSegments: number): ListPosition {
    const first = firstHashOfSegment(segment, totalSegments);
    return this.scanOrder.lowerBound((partition) => (first <= partition.hash ? -1 : 1));
  }

  private partitionFor(pk: KeyAttributeValue): Partition<E> {
    const canonical = canonicalKey(pk);
    let partition = this.byKey.get(canonical);
    if (!partition) {
      partition = { canonical, hash: hashPartitionKey(pk), value: pk, entries: new ChunkedSortedList(this.compareEntries, this.fenceOf, this.relocate) };
      this.byKey.set(canonical, partition);
      this.scanOrder.insert(partition);
    }
    return partition;
  }

  private dropPartition(partition: Partition<E>): void {
    this.byKey.delete(partition.canonical);
    this.scanOrder.remove((other) => comparePartitions(partition, other));
  }
}

/** Scan order of partitions: by hash, then canonical string (only on a hash collision). */
function comparePartitions<E extends StoreEntry>(a: Partition<E>, b: Partition<E>): number {
  return a.hash - b.hash || compareUtf8(a.canonical, b.canonical);
}

function createEntryComparator<E extends StoreEntry>(shape: StoreShape, compareSortKeys: SortKeyComparator | undefined): (a: E, b: E) => number {
  const { secondary, tableHasSortKey } = shape;
  // One sort attribute: its comparator with both entries' plain flags (`<` for plain S keys); several: the composite one.
  const comparePrepared = shape.sortKeyType ? preparedRawComparator(shape.sortKeyType) : undefined;
  return (a, b) => {
    if (comparePrepared) {
      const order = comparePrepared(a.skRaw as RawKey, a.skPlain, b.skRaw as RawKey, b.skPlain);
      if (order !== 0) return order;
    } else if (compareSortKeys) {
      const order = compareSortKeys(a.skRaw as StoredSortKey, b.skRaw as StoredSortKey);
      if (order !== 0) return order;
    }
    if (!secondary) return 0;
    const order = compareKeys(a.record.pk, b.record.pk);
    if (order !== 0 || !tableHasSortKey) return order;
    return compareKeys(a.record.sk as KeyAttributeValue, b.record.sk as KeyAttributeValue);
  };
}
