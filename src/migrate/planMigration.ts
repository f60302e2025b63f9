import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { attributeValuesEqual, getOwnAttribute, itemSize, setOwnAttribute, type Item } from '../expressions';
import { encodeBase64 } from '../dynamo';
import { type CompiledKeyTemplate } from '../keys';
import type { Collision, CompiledMigration, CopiedStatus, CopyEntry, MigrationPlan, PlanCounts, PlanEntry, RewriteEntry, WriteEntry } from './migration.types';
import { TableKeyMap } from './tableKeyMap';
import { buildTarget, currentReaders, decodeCurrent, isInTargetShape, targetWriters } from './migrationKeys';

/**
 * The migration plan, page by page: each stored item's old key → new key
 * (for the table and every index key the entity has), or why it stays:
 * unchanged, already in the target shape (a migration half done), can't be
 * encoded (the step-1 finding), of another entity. Collisions need every page
 * (a new key may equal a key stored on a later page), so they come with
 * {@link MigrationPlanner.finish}.
 *
 * How an item is classified:
 * 1. its key attributes decode with the current templates → encode the target
 *    templates from those field values (a field no current template has is
 *    read from the item's own S or N attribute of that name) → `unchanged`
 *    when every target value equals the stored one, else `rewrite`;
 * 2. else every target attribute decodes with its target template and
 *    re-encodes to the stored value → `alreadyMigrated`;
 * 3. else the table's partition key fits neither version → `otherEntity`
 *    (another entity sharing the table: left alone, counted);
 * 4. else `cannotEncode`, with the findings.
 *
 * Copy into a new table: every source item is also a write (a CopyEntry for
 * all but the rewrites), so the new table is whole; collisions are two writes
 * on one new key, or a new key the target already holds with another item.
 *
 * Speed (a million items in a few seconds): per item, only the sort key's
 * codecs run (partition keys, shared by many items, are memoised both ways),
 * the new size is the old one plus the changed attributes' difference, and
 * the collision maps are keyed by the stored strings themselves.
 */
export interface MigrationPlanner {
  /** Plans one page of stored items (in the order read). */
  addPage(items: readonly Item[]): readonly PlanEntry[];
  /**
   * Copy mode: one page of the items already in the target table (none when
   * it is missing or empty). finish checks each against the writes' new keys:
   * the same item there is a copy done before; a different one a collision.
   */
  addTargetPage(items: readonly Item[]): void;
  /** The counts so far (collisions: only those found so far: two items on one new key). */
  counts(): PlanCounts;
  /** Every entry, with collisions against all stored keys (in place) or the target's items (copying). */
  finish(): MigrationPlan;
}

/** Which copy count an item copied as it is adds to. */
const COPY_COUNT = {
  unchanged: 'copyUnchanged',
  alreadyMigrated: 'copyUnchanged',
  otherEntity: 'copyOtherEntity',
  cannotEncode: 'copyCannotEncode',
} as const satisfies Record<CopiedStatus, keyof PlanCounts>;

const equalItems = (a: Item, b: Item) => attributeValuesEqual({ M: a as Record<string, AttributeValue> }, { M: b as Record<string, AttributeValue> });

/** One stored item's fate under a migration (the planner's per-item rule, also Verify's rescan). */
export interface ItemClassifier {
  /** The item's table key. */
  keyOf(item: Item): Item;
  /** What the plan does with the item stored under `key` (see MigrationPlanner for the rule). */
  planItem(item: Item, key: Item): PlanEntry;
  /** Every target attribute decodes with its target template and re-encodes to the stored value (or is absent from a sparse index). */
  isInTargetShape(item: Item): boolean;
}

export function createItemClassifier(migration: CompiledMigration): ItemClassifier {
  const { partitionKey, sortKey } = migration.spec;
  const partition = migration.attributes.find((attribute) => attribute.name === partitionKey);
  const tableKeys = new Set([partitionKey, ...(sortKey === undefined ? [] : [sortKey])]);
  const readers = currentReaders(migration.attributes, tableKeys);
  const writers = targetWriters(migration.attributes, tableKeys);

  const keyOf = (item: Item): Item => {
    const key: Record<string, AttributeValue> = {};
    const partitionValue = getOwnAttribute(item, partitionKey);
    if (partitionValue) setOwnAttribute(key, partitionKey, partitionValue);
    if (sortKey !== undefined) {
      const sortValue = getOwnAttribute(item, sortKey);
      if (sortValue) setOwnAttribute(key, sortKey, sortValue);
    }
    return key;
  };
  const partitionTextOf = (key: Item) => valueText(getOwnAttribute(key, partitionKey));
  const sortTextOf = (key: Item) => (sortKey === undefined ? '' : valueText(getOwnAttribute(key, sortKey)));
  const fitsPartition = (template: CompiledKeyTemplate | undefined, text: string) => template !== undefined && template.decode(text).ok;

  function planItem(item: Item, key: Item): PlanEntry {
    const current = decodeCurrent(readers, item, migration.fallbackFields);
    if (current.ok) {
      const built = buildTarget(writers, item, current.values);
      if (!built.ok) return { status: 'cannotEncode', key, item, problems: built.problems };
      if (built.item === item) return { status: 'unchanged', key, item };
      const newItem = built.item;
      const newKey = keyOf(newItem);
      const sameKey = partitionTextOf(newKey) === partitionTextOf(key) && sortTextOf(newKey) === sortTextOf(key);
      const sizeBefore = itemSize(item);
      return { status: 'rewrite', key, item, newKey, newItem, sizeBefore, sizeAfter: sizeBefore + built.sizeChange, sameKey };
    }
    if (isInTargetShape(migration.attributes, tableKeys, item)) return { status: 'alreadyMigrated', key, item };
    const partitionText = valueText(getOwnAttribute(item, partitionKey));
    if (partition && !fitsPartition(partition.currentTemplate, partitionText) && !fitsPartition(partition.targetTemplate, partitionText))
      return { status: 'otherEntity', key, item };
    return { status: 'cannotEncode', key, item, problems: current.problems };
  }
  return { keyOf, planItem, isInTargetShape: (item) => isInTargetShape(migration.attributes, tableKeys, item) };
}

export function createMigrationPlanner(migration: CompiledMigration): MigrationPlanner {
  const { spec } = migration;
  /** Copy into a new table: every source item is written there, rewritten or as it is, so the new table is whole. */
  const copying = spec.targetTableName !== undefined;
  const entries: PlanEntry[] = [];
  const rewrites: WriteEntry[] = [];
  /** Every write's new table key → the index (in `rewrites`) of the first write there. */
  const newKeys = new TableKeyMap<number>();
  /** The later writes on a new key already taken by another write (twoItems collisions: rare, so kept apart). */
  const laterOnNewKey = new Map<number, number[]>();
  /** Copying: the target table's items, checked against the new keys by finish. */
  const targetItems: Item[] = [];
  const collisions: Collision[] = [];
  const counts = {
    rewrite: 0,
    unchanged: 0,
    alreadyMigrated: 0,
    cannotEncode: 0,
    collisions: 0,
    otherEntity: 0,
    bytesBefore: 0,
    bytesAfter: 0,
    copying,
    copyUnchanged: 0,
    copyOtherEntity: 0,
    copyCannotEncode: 0,
    alreadyInTarget: 0,
  };
  const { partitionKey, sortKey } = spec;
  const { keyOf, planItem } = createItemClassifier(migration);
  /** A key's two texts for the maps ('' for a table without a sort key). */
  const partitionTextOf = (key: Item) => valueText(getOwnAttribute(key, partitionKey));
  const sortTextOf = (key: Item) => (sortKey === undefined ? '' : valueText(getOwnAttribute(key, sortKey)));

  const copyOf = (entry: Exclude<PlanEntry, RewriteEntry>): CopyEntry => {
    const size = itemSize(entry.item);
    return {
      status: 'copy',
      copied: entry.status,
      key: entry.key,
      item: entry.item,
      newKey: entry.key,
      newItem: entry.item,
      sizeBefore: size,
      sizeAfter: size,
      sameKey: true,
    };
  };

  const twoItems = (first: WriteEntry, entry: WriteEntry): Collision => ({
    kind: 'twoItems',
    newKey: entry.newKey,
    keys: [first.key, entry.key],
    message: copying
      ? `${describeKey(first.key)} and ${describeKey(entry.key)} would both be written to ${describeKey(entry.newKey)} in table ${spec.targetTableName ?? ''}: the second would be refused (nothing is overwritten), so the new table would miss it. Add a tiebreaker field to the target key, or widen the field that lost digits.`
      : `${describeKey(first.key)} and ${describeKey(entry.key)} both map to ${describeKey(entry.newKey)}: the second would overwrite the first. Add a tiebreaker field to the target key, or widen the field that lost digits.`,
  });
  const existingKey = (entry: WriteEntry, there: PlanEntry): Collision => ({
    kind: 'existingKey',
    newKey: entry.newKey,
    keys: [entry.key, there.key],
    message: `${describeKey(entry.key)} maps to ${describeKey(entry.newKey)}, which another stored item already has: writing it would need that item moved first (or overwritten). Change the target template so old and new keys can't meet.`,
  });
  const inTarget = (entry: WriteEntry, there: Item): Collision => ({
    kind: 'inTarget',
    newKey: entry.newKey,
    keys: [entry.key, keyOf(there)],
    message: `${describeKey(entry.key)} would be written to ${describeKey(entry.newKey)} in table ${spec.targetTableName ?? ''}, which already holds a different item there: it would be refused (nothing is overwritten). Copy into an empty or new table, or delete that item from ${spec.targetTableName ?? ''} first.`,
  });

  /** Registers a write's new key; a key another write already has is a twoItems collision. */
  const addWrite = (entry: WriteEntry) => {
    const index = rewrites.push(entry) - 1;
    const newPartition = partitionTextOf(entry.newKey);
    const newSort = sortTextOf(entry.newKey);
    const first = newKeys.get(newPartition, newSort);
    if (first === undefined) newKeys.set(newPartition, newSort, index);
    else {
      collisions.push(twoItems(rewrites[first] as WriteEntry, entry));
      const later = laterOnNewKey.get(first);
      if (later) later.push(index);
      else laterOnNewKey.set(first, [index]);
    }
  };
  /** The writes on one new key (the first, then any later ones: collisions). */
  const writesAt = (first: number): readonly number[] => {
    const later = laterOnNewKey.get(first);
    return later === undefined ? [first] : [first, ...later];
  };

  return {
    addPage(items) {
      const page: PlanEntry[] = new Array(items.length);
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as Item;
        const entry = planItem(item, keyOf(item));
        page[i] = entry;
        entries.push(entry);
        counts[entry.status]++;
        if (entry.status === 'rewrite') {
          counts.bytesBefore += entry.sizeBefore;
          counts.bytesAfter += entry.sizeAfter;
          addWrite(entry);
        } else if (copying) {
          counts[COPY_COUNT[entry.status]]++;
          addWrite(copyOf(entry));
        }
      }
      counts.collisions = collisions.length;
      return page;
    },
    addTargetPage(items) {
      for (const item of items) targetItems.push(item);
    },
    counts: () => ({ ...counts }),
    finish() {
      const found: { readonly index: number; readonly collision: Collision }[] = [];
      if (copying) {
        // Only the target's items can meet a write there (the source's old keys are not in the new table).
        for (const there of targetItems) {
          const first = newKeys.get(partitionTextOf(there), sortTextOf(there));
          if (first === undefined) continue;
          for (const index of writesAt(first)) {
            const entry = rewrites[index] as WriteEntry;
            if (equalItems(entry.newItem, there)) counts.alreadyInTarget++;
            else found.push({ index, collision: inTarget(entry, there) });
          }
        }
      } else {
        // Each stored key looked up among the new keys (one map of the new keys, not a second one of every stored key).
        // The same key read twice (a scan over a changing table): the last read counts.
        const storedOnNewKey = new Map<number, number>();
        for (let i = 0; i < entries.length; i++) {
          const { key } = entries[i] as PlanEntry;
          const first = newKeys.get(partitionTextOf(key), sortTextOf(key));
          if (first !== undefined) storedOnNewKey.set(first, i);
        }
        for (const [first, storedAt] of storedOnNewKey) {
          const there = entries[storedAt] as PlanEntry;
          for (const index of writesAt(first)) {
            const entry = rewrites[index] as WriteEntry;
            if (!entry.sameKey && entry !== there) found.push({ index, collision: existingKey(entry, there) });
          }
        }
      }
      // In write order, as the writes are applied.
      found.sort((a, b) => a.index - b.index);
      for (const { collision } of found) collisions.push(collision);
      counts.collisions = collisions.length;
      return { spec, entries, rewrites, collisions, counts: { ...counts } };
    },
  };
}

/**
 * Plans every page of an async stream of stored items (a Scan's pages),
 * reporting each page as it is planned. Copying, `targetPages` are the
 * target table's items (omit them when it is missing: it has none).
 */
export async function planMigration(
  migration: CompiledMigration,
  pages: AsyncIterable<readonly Item[]>,
  onPage?: (entries: readonly PlanEntry[], counts: PlanCounts) => void,
  targetPages?: AsyncIterable<readonly Item[]>,
): Promise<MigrationPlan> {
  const planner = createMigrationPlanner(migration);
  for await (const page of pages) {
    const entries = planner.addPage(page);
    onPage?.(entries, planner.counts());
  }
  if (targetPages) for await (const page of targetPages) planner.addTargetPage(page);
  return planner.finish();
}

/** A key attribute value as template text: S as is, N as its digits, B as base64 ('' when absent or not a key type). */
export function valueText(value: AttributeValue | undefined): string {
  if (!value) return '';
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return value.N;
  if (value.B !== undefined) return encodeBase64(value.B);
  return '';
}

/** `leaderboardId = "SEASON#1", rankKey = "00000042#p1"`: a key in messages (values quoted as text). */
export function describeKey(key: Item): string {
  return Object.keys(key)
    .map((name) => `${name} = ${JSON.stringify(valueText(getOwnAttribute(key, name)))}`)
    .join(', ');
}
