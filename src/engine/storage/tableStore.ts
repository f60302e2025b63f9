import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  attributeValueSize,
  getOwnAttribute,
  itemSize,
  keyAttributeNamesOf,
  partitionAttributesOf,
  sortAttributesOf,
  type Item,
  type KeySchemaInfo,
} from '../../expressions';
import { compareKeys, utf8ByteLength, type KeyAttributeValue, type KeyType } from '../../keys';
import { MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES } from '../../dynamo';
import { keyNames, type IndexDefinition, type KeyAttribute, type TableDefinition } from '../schema/tableDefinition';
import { copyItem } from '../values/copyItem';
import { indexKeyValuesOf, sortShapeOf, type IndexKeyValues, type StoredSortKey } from './compositeKey';
import { copyForLayout } from './copyForLayout';
import { DeferredItem, keyAttributesOf, type RestoredItem } from './deferredItem';
import { KeyedStore, type ItemRecord, type KeyProbe, type StoreEntry } from './keyedStore';
import { canonicalKey } from './partitionKey';
import { plainFlagOf, preparedRawComparator, rawKeyOf, type RawKey } from './rawKey';
import { StoredRecord } from './storedRecord';

/** An entry of a secondary index. */
export type IndexEntry = StoreEntry;

/** A secondary index with its entries. */
export interface IndexStore {
  readonly definition: IndexDefinition;
  readonly store: KeyedStore<IndexEntry>;
  /** Attribute names the index holds, or undefined when it projects ALL. */
  readonly projectedNames: ReadonlySet<string> | undefined;
  /** The index's key attributes and the table's (what a KEYS_ONLY index holds; see indexEntryOf). */
  readonly keyNames: readonly string[];
}

/**
 * A table's items and its indexes, kept in step on every write.
 *
 * Stored items are trusted: validated, normalised and owned by the table
 * (callers copy on the way in and out). Records are replaced, never changed.
 */
export class TableStore {
  /** The table's items, by key (each entry is an ItemRecord). */
  readonly items: KeyedStore<StoreEntry>;
  /** Replaced (never changed) by {@link redefine}: read it afresh, don't keep it. */
  indexes: ReadonlyMap<string, IndexStore>;
  /** Replaced by {@link redefine} (UpdateTable, UpdateTimeToLive, tags): read it afresh, don't keep it. */
  definition: TableDefinition;

  constructor(definition: TableDefinition) {
    this.definition = definition;
    const tableHasSortKey = definition.keys.sortKey !== undefined;
    this.items = new KeyedStore<StoreEntry>({ sortKeyType: definition.keys.sortKey?.type, secondary: false, tableHasSortKey }, (entries) =>
      this.relocateRecords(entries as ItemRecord[]),
    );
    this.indexes = new Map(definition.indexes.map((index) => [index.name, createIndexStore(index, definition.keys)]));
  }

  /**
   * Gives the table a new definition. A table's own keys never change (DynamoDB
   * cannot change a key schema); indexes may come and go: an index new to the
   * definition is built from the stored items (a GSI's backfill), one that is
   * gone is dropped, and one kept under the same name and keys keeps its entries.
   */
  redefine(definition: TableDefinition): void {
    const indexes = new Map<string, IndexStore>();
    const added: IndexStore[] = [];
    for (const index of definition.indexes) {
      const kept = this.indexes.get(index.name);
      if (kept && sameIndexLayout(kept.definition, index)) {
        indexes.set(index.name, { ...kept, definition: index });
      } else {
        const fresh = createIndexStore(index, definition.keys);
        indexes.set(index.name, fresh);
        added.push(fresh);
      }
    }
    this.definition = definition;
    this.indexes = indexes;
    if (added.length === 0) return;
    const records: ItemRecord[] = [];
    for (const partition of this.items.partitionsInScanOrder().values()) {
      for (const entry of partition.entries.values()) records.push(entry.record);
    }
    for (const index of added) putNewIndexEntries(index, records);
  }

  /** The stored record for a (validated) key, or undefined. */
  get(key: Item): ItemRecord | undefined {
    const { partitionKey, sortKey } = this.definition.keys;
    const pk = getOwnAttribute(key, partitionKey.name) as KeyAttributeValue;
    return this.items.get(pk, sortKey ? [getOwnAttribute(key, sortKey.name) as KeyAttributeValue] : [])?.record;
  }

  /**
   * Stores an item (already validated and owned by the table), replacing the
   * item with the same key and updating every index. Returns the replaced record.
   */
  put(item: Item): ItemRecord | undefined {
    return this.putRecord(this.createRecord(item));
  }

  /** Deletes the item with this (validated) key; returns the removed record. */
  delete(key: Item): ItemRecord | undefined {
    const existing = this.get(key);
    if (!existing) return undefined;
    this.items.delete(existing.pk, this.items.componentsOf(existing));
    for (const index of this.indexes.values()) removeIndexEntry(index, existing);
    return existing;
  }

  /**
   * The bulk-load path: stores many items at once. Items are grouped by
   * partition; a partition that is empty is built with one sort and an O(n)
   * fill instead of n inserts, which is what makes a million items load in
   * seconds. Later items win over earlier ones with the same key, as with n
   * PutItems. The items must be the table's own (validated, copied) objects,
   * or {@link DeferredItem}s (a data file's items, stored by key and read on
   * first use).
   */
  putMany(items: readonly RestoredItem[]): void {
    const { partitionKey, sortKey } = this.definition.keys;
    const groups = new Map<string, RestoredItem[]>();
    // Every partition key of a table has the table's key type: an S key is its own group key (no string built per item).
    const groupKeyOf =
      partitionKey.type === 'S'
        ? (item: RestoredItem) => (getOwnAttribute(keyAttributesOf(item), partitionKey.name) as { S: string }).S
        : (item: RestoredItem) => canonicalKey(getOwnAttribute(keyAttributesOf(item), partitionKey.name) as KeyAttributeValue);
    // Input in store order (a data file, a sorted load) comes partition by partition: the previous group is checked first.
    let lastKey: string | undefined;
    let last: RestoredItem[] = [];
    for (const item of items) {
      const groupKey = groupKeyOf(item);
      if (groupKey !== lastKey) {
        let group = groups.get(groupKey);
        if (!group) groups.set(groupKey, (group = []));
        lastKey = groupKey;
        last = group;
      }
      last.push(item);
    }
    // Records of partitions built from scratch: their index entries are all new too.
    const fresh: ItemRecord[] = [];
    for (const group of groups.values()) {
      const pk = getOwnAttribute(keyAttributesOf(group[0] as RestoredItem), partitionKey.name) as KeyAttributeValue;
      if (this.items.partition(pk)) {
        for (const item of group) this.putRecord(this.recordOf(item));
        continue;
      }
      const records = sortKey ? this.sortedRecords(group, sortKey) : [this.recordOf(group[group.length - 1] as RestoredItem, true)];
      this.items.fillPartition(pk, records);
      for (const record of records) fresh.push(record);
    }
    for (const index of this.indexes.values()) putNewIndexEntries(index, fresh);
  }

  /**
   * One new partition's items as records in sort-key order, the last of equal
   * keys winning. Each item's record (its raw sort key, size, frozen flag) is
   * made once; input already in order (the usual bulk load, a data file) is
   * kept as is. Otherwise the records are sorted once — on their raw key
   * values, with the comparator compareKeys itself uses for the type — and
   * their items copied in key order so that neighbours in the partition are
   * neighbours in memory (deferred items are left to be read where they are).
   */
  private sortedRecords(group: readonly RestoredItem[], sortKey: KeyAttribute): ItemRecord[] {
    const comparePrepared = preparedRawComparator(sortKey.type);
    const compare = (a: ItemRecord, b: ItemRecord) => comparePrepared(a.skRaw as RawKey, a.skPlain, b.skRaw as RawKey, b.skPlain);
    const records = group.map((item) => this.recordOf(item));
    let ordered = true;
    for (let i = 1; i < records.length && ordered; i++) ordered = compare(records[i - 1] as ItemRecord, records[i] as ItemRecord) < 0;
    if (ordered) return records;
    return sortUnique(records, compare).map((record) =>
      (record as StoredRecord).isDeferred ? record : this.createRecord(copyItem(record.item, true), record.size),
    );
  }

  /** A record of a restored item: {@link createRecord}, or a deferred one; `copy` copies a (non-deferred) item first. */
  private recordOf(item: RestoredItem, copy = false): ItemRecord {
    if (!(item instanceof DeferredItem)) return this.createRecord(copy ? copyItem(item, true) : item);
    const { partitionKey, sortKey } = this.definition.keys;
    const sk = sortKey ? (getOwnAttribute(item.key, sortKey.name) as KeyAttributeValue) : undefined;
    return StoredRecord.deferred(item, getOwnAttribute(item.key, partitionKey.name) as KeyAttributeValue, sk, sk && rawKeyOf(sk), plainFlagOf(sk));
  }

  private createRecord(item: Item, size = itemSize(item)): ItemRecord {
    const { partitionKey, sortKey } = this.definition.keys;
    const sk = sortKey ? (getOwnAttribute(item, sortKey.name) as KeyAttributeValue) : undefined;
    return StoredRecord.of(item, getOwnAttribute(item, partitionKey.name) as KeyAttributeValue, sk, sk && rawKeyOf(sk), plainFlagOf(sk), size);
  }

  private putRecord(record: ItemRecord): ItemRecord | undefined {
    if (this.indexes.size === 0) return this.items.put(record)?.record;
    // Indexes first: items.put may relocate the record's chunk (relocateRecords), which
    // expects every record of the chunk to have its index entries already.
    const replaced = this.items.get(record.pk, this.items.componentsOf(record))?.record;
    for (const index of this.indexes.values()) {
      if (replaced) removeIndexEntry(index, replaced);
      const entry = indexEntryOf(index, record);
      if (entry) index.store.put(entry);
    }
    this.items.put(record);
    return replaced;
  }

  /**
   * Replaces a chunk's records with copies allocated now, in key order (see
   * Relocate in chunkedSortedList.ts), and points their index entries at the
   * copies, so that the old objects can go and an index read sees the same
   * record as a table read. A record whose item is still to be read
   * (deferred) is left as it is: there is nothing of it to lay out.
   */
  private relocateRecords(records: ItemRecord[]): void {
    const indexes = this.indexes.size > 0 ? [...this.indexes.values()] : undefined;
    for (let i = 0; i < records.length; i++) {
      const old = records[i] as ItemRecord;
      if ((old as StoredRecord).isDeferred) continue;
      const record = this.createRecord(copyForLayout(old.item), old.size);
      records[i] = record;
      if (!indexes) continue;
      for (const index of indexes) {
        const entry = indexEntryOf(index, record);
        if (entry) index.store.replace(entry);
      }
    }
  }
}

/** Whether an index's entries stay valid under a new definition of it (same keys, same projection). */
function sameIndexLayout(a: IndexDefinition, b: IndexDefinition): boolean {
  return JSON.stringify([a.kind, a.keys, a.projection]) === JSON.stringify([b.kind, b.keys, b.projection]);
}

/**
 * An empty index store for an index of a table with these keys — the one way
 * an index is made, at CreateTable or restore time or when a GSI is added later.
 * Fill it with {@link putNewIndexEntries}.
 */
export function createIndexStore(definition: IndexDefinition, tableKeys: KeySchemaInfo): IndexStore {
  return {
    definition,
    store: new KeyedStore<IndexEntry>({ ...sortShapeOf(definition.keys), secondary: true, tableHasSortKey: tableKeys.sortKey !== undefined }),
    projectedNames: projectedNamesOf(definition, tableKeys),
    keyNames: [...new Set([...keyNames(tableKeys), ...keyNames(definition.keys)])],
  };
}

/** Adds the entries of records new to the index (a backfill adds every record); an index partition that doesn't exist yet is built in one go. */
export function putNewIndexEntries(index: IndexStore, records: readonly ItemRecord[]): void {
  const groups = new Map<string, IndexEntry[]>();
  for (const record of records) {
    const entry = indexEntryOf(index, record);
    if (!entry) continue;
    const canonical = canonicalKey(entry.pk);
    let group = groups.get(canonical);
    if (!group) groups.set(canonical, (group = []));
    group.push(entry);
  }
  for (const group of groups.values()) {
    const pk = (group[0] as IndexEntry).pk;
    if (index.store.partition(pk)) {
      for (const entry of group) index.store.put(entry);
    } else {
      index.store.fillPartition(pk, sortUnique(group, index.store.compareEntries));
    }
  }
}

/**
 * Sorts records with `compare` and keeps only the last of each run of equal
 * ones (a later put of the same key wins). Stable sort keeps input order
 * inside a run.
 */
function sortUnique<E>(entries: E[], compare: (a: E, b: E) => number): E[] {
  entries.sort(compare);
  const unique: E[] = [];
  for (let i = 0; i < entries.length; i++) {
    const next = entries[i + 1];
    if (next !== undefined && compare(entries[i] as E, next) === 0) continue;
    unique.push(entries[i] as E);
  }
  return unique;
}

/**
 * The index entry for a record, or undefined when the item lacks an index key
 * (sparse index). A record whose item is still to be read makes it from its
 * key attributes when they hold the index's (StoredRecord.indexSource): all
 * a KEYS_ONLY index projects, and an ALL index's size is the item's; an index
 * that projects INCLUDE's other attributes reads the item.
 */
export function indexEntryOf(index: IndexStore, record: ItemRecord): IndexEntry | undefined {
  const source = record instanceof StoredRecord && index.definition.projection.type !== 'INCLUDE' ? record.indexSource(index.keyNames) : record.item;
  const key = indexKeyOf(index, source);
  return key ? { pk: key.pk, sk: key.sk, skRaw: key.skRaw, skPlain: key.skPlain, size: indexedSize(index, source, record.size), record } : undefined;
}

/**
 * The item's key values in an index, or undefined when it lacks one of them
 * or one cannot be an index key (it is not in the index). Writes are checked
 * against the table's indexes, but an index added later (UpdateTable) is
 * backfilled from items written before it: one whose value has another type,
 * is empty or is too long stays out of it, as DynamoDB's backfill skips it.
 */
export function indexKeyOf(index: IndexStore, item: Item): IndexKeyValues | undefined {
  const keys = index.definition.keys;
  // Every write runs this per index: single-attribute keys (nearly all) are checked without building attribute lists.
  if (!keys.partitionKeys && !keys.sortKeys) {
    if (!attributeFits(item, keys.partitionKey, MAX_PARTITION_KEY_BYTES) || (keys.sortKey && !attributeFits(item, keys.sortKey, MAX_SORT_KEY_BYTES)))
      return undefined;
    return indexKeyValuesOf(keys, item);
  }
  for (const attribute of partitionAttributesOf(keys)) if (!attributeFits(item, attribute, MAX_PARTITION_KEY_BYTES)) return undefined;
  for (const attribute of sortAttributesOf(keys)) if (!attributeFits(item, attribute, MAX_SORT_KEY_BYTES)) return undefined;
  return indexKeyValuesOf(keys, item);
}

/** A key attribute the item lacks fits (it is simply not in the index); one it has must be a valid index key value. */
function attributeFits(item: Item, attribute: { readonly name: string; readonly type: KeyType }, maxBytes: number): boolean {
  const value = getOwnAttribute(item, attribute.name);
  return value === undefined || fitsIndexKey(value, attribute.type, maxBytes);
}

/** True when two key values of one index are the same key. */
export function sameIndexKey(index: IndexStore, a: IndexKeyValues, b: IndexKeyValues): boolean {
  if (compareKeys(a.pk, b.pk) !== 0) return false;
  const compare = index.store.compareSortKeys;
  return compare === undefined || compare(a.skRaw as StoredSortKey, b.skRaw as StoredSortKey) === 0;
}

/** Whether a value can be an index key of this type: the type, not empty, within DynamoDB's key size. */
function fitsIndexKey(value: AttributeValue, type: KeyType, maxBytes: number): boolean {
  const raw = (value as unknown as Record<string, unknown>)[type];
  if (raw === undefined) return false;
  if (type === 'N') return true;
  if (type === 'S') {
    const text = raw as string;
    // A UTF-16 code unit takes at most 3 UTF-8 bytes: most keys need no byte count.
    return text.length > 0 && (text.length * 3 <= maxBytes || utf8ByteLength(text) <= maxBytes);
  }
  const bytes = raw as Uint8Array;
  return bytes.byteLength > 0 && bytes.byteLength <= maxBytes;
}

/** The bytes an item takes in an index: its projected attributes (all of it for ALL). */
export function indexedSize(index: IndexStore, item: Item, itemSize: number): number {
  return index.projectedNames ? projectedSize(item, index.projectedNames) : itemSize;
}

function removeIndexEntry(index: IndexStore, record: ItemRecord): void {
  const entry = indexEntryOf(index, record);
  if (entry) index.store.delete(entry.pk, index.store.componentsOf(entry));
}

/** The probe components locating a record's entry in an index. */
export function indexComponentsOf(index: IndexStore, record: ItemRecord): KeyProbe | undefined {
  const entry = indexEntryOf(index, record);
  return entry ? index.store.componentsOf(entry) : undefined;
}

/** Size of the attributes of `item` an index holds. */
function projectedSize(item: Item, names: ReadonlySet<string>): number {
  let size = 0;
  for (const name of names) {
    const value = getOwnAttribute(item, name);
    if (value !== undefined) size += utf8ByteLength(name) + attributeValueSize(value);
  }
  return size;
}

/** Table keys + index keys (+ INCLUDE's attributes), or undefined for ALL. */
function projectedNamesOf(index: IndexDefinition, tableKeys: KeySchemaInfo): ReadonlySet<string> | undefined {
  if (index.projection.type === 'ALL') return undefined;
  const names = new Set<string>([tableKeys.partitionKey.name, ...keyAttributeNamesOf(index.keys)]);
  if (tableKeys.sortKey) names.add(tableKeys.sortKey.name);
  if (index.projection.type === 'INCLUDE') for (const name of index.projection.nonKeyAttributes ?? []) names.add(name);
  return names;
}
