import type { TableDesign } from '../design.types';
import { compareEncodedRows, compareKeyTuples, compareRawRows, entitiesInIndex, entityRowsOf, type EntityPartitionRows } from './entityRows';
import type { CollectionRow, ItemCollection, PartitionSummary, PositionedRow, UnencodableSample } from './itemCollection.types';
import { positionsAfterMerge, positionsOf, type CollectionPositions } from './collectionPositions';
import { mergeInto, mergeSorted } from './mergeSorted';

/**
 * The partition-key values the samples of the table's (or index's) entities
 * produce, as DynamoDB stores them (a multi-attribute GSI partition key as
 * its tuple), with item counts per value and per entity, in byte order
 * (attribute by attribute, each by its type). Entities not in the index
 * (sparse) add nothing.
 *
 * @example
 * listPartitions(shopTable).map((p) => p.parts[0].text) // ["CUSTOMER#c1", "CUSTOMER#c2"]
 */
export function listPartitions(table: TableDesign, indexName?: string): PartitionSummary[] {
  const inIndex = entitiesInIndex(table, indexName);
  if (!inIndex) return [];
  const byId = new Map<string, { first: EntityPartitionRows; entities: { entity: string; itemCount: number }[]; itemCount: number }>();
  for (const { entity, entityIndex } of inIndex.entries) {
    for (const [id, rows] of entityRowsOf(table, entity, entityIndex, indexName, inIndex.schema).partitions) {
      let summary = byId.get(id);
      if (!summary) {
        summary = { first: rows, entities: [], itemCount: 0 };
        byId.set(id, summary);
      }
      summary.entities.push({ entity: entity.name, itemCount: rows.byEncoded.length });
      summary.itemCount += rows.byEncoded.length;
    }
  }
  return [...byId.entries()]
    .sort(([, a], [, b]) => compareKeyTuples(a.first.partitionValues, b.first.partitionValues))
    .map(([id, summary]) => ({ id, parts: summary.first.parts, itemCount: summary.itemCount, entities: summary.entities }));
}

/**
 * The partition to show first: the first (in byte order) of those holding the
 * most entities — where a single-table design's item collection is.
 */
export function defaultPartition(partitions: readonly PartitionSummary[]): PartitionSummary | undefined {
  let best: PartitionSummary | undefined;
  for (const partition of partitions) if (!best || partition.entities.length > best.entities.length) best = partition;
  return best;
}

export interface ItemCollectionQuery {
  /** An index name, or undefined for the table. */
  readonly indexName?: string;
  /** A PartitionSummary id (from listPartitions). */
  readonly partition: string;
}

/**
 * One partition's item collection: every entity's sample items in it, in
 * DynamoDB's order of the sort key (compareKeys: UTF-8 bytes for S, numeric
 * for N, unsigned bytes for B; a multi-attribute key attribute by attribute),
 * each with its naive position and whether the naive keys would move it.
 *
 * Contract: equals sorting every row from scratch (ties keep the table's entity
 * order, then sample order). Each entity's rows are encoded and sorted once per
 * change of its templates or samples (cached), then the entities' sorted lists
 * are merged, so a keystroke in one template costs one entity's encoding plus a
 * k-way merge. Samples whose keys don't encode are listed in `unencodable`.
 *
 * @example
 * buildItemCollection(shopTable, { partition: listPartitions(shopTable)[0].id }).rows.map((r) => r.row.entity)
 * // ["Address", "Address", "Customer", "Order", "Order", "Order"]
 */
export function buildItemCollection(table: TableDesign, query: ItemCollectionQuery): ItemCollection {
  const inIndex = entitiesInIndex(table, query.indexName);
  const base = query.indexName === undefined ? {} : { indexName: query.indexName };
  if (!inIndex)
    return {
      ...base,
      rows: [],
      rawOrder: [],
      rawPositions: new Int32Array(0),
      positionsInRawOrder: new Int32Array(0),
      outOfPlaceCount: 0,
      notIntendedCount: 0,
      unencodable: [],
    };
  const encodedLists: (readonly CollectionRow[])[] = [];
  const rawLists: (readonly CollectionRow[])[] = [];
  const unencodable: UnencodableSample[] = [];
  let partition: PartitionSummary | undefined;
  const entities: { entity: string; itemCount: number }[] = [];
  let notIntendedCount = 0;
  for (const { entity, entityIndex } of inIndex.entries) {
    const entityRows = entityRowsOf(table, entity, entityIndex, query.indexName, inIndex.schema);
    unencodable.push(...entityRows.unencodable);
    const rows = entityRows.partitions.get(query.partition);
    if (!rows) continue;
    encodedLists.push(rows.byEncoded);
    notIntendedCount += rows.notIntendedCount;
    rawLists.push(rows.byRaw);
    entities.push({ entity: entity.name, itemCount: rows.byEncoded.length });
    partition ??= { id: query.partition, parts: rows.parts, itemCount: 0, entities };
  }
  const { encoded, raw, positions } = mergeLists(encodedLists, rawLists);
  return {
    ...base,
    ...(partition ? { partition: { ...partition, itemCount: encoded.length } } : {}),
    rows: encoded,
    rawOrder: raw,
    rawPositions: positions.rawPositions,
    positionsInRawOrder: positions.positionsInRawOrder,
    outOfPlaceCount: positions.outOfPlaceCount,
    notIntendedCount,
    unencodable,
  };
}

/**
 * The row at a 1-based position of the collection with its marks, built on
 * demand (the view asks for the rows it shows, not all 20,000).
 */
export function positionedRow(collection: ItemCollection, position: number): PositionedRow | undefined {
  const row = collection.rows[position - 1];
  if (!row) return undefined;
  const rawPosition = collection.rawPositions[position - 1] as number;
  const previous = collection.rows[position - 2];
  // Only the table's keys are unique: an index may hold many items under one key.
  const sameKey = collection.indexName === undefined && previous !== undefined && compareKeyTuples(previous.sortValues, row.sortValues) === 0;
  return { row, position, rawPosition, outOfPlace: rawPosition !== position, ...(sameKey ? { sameKeyAs: previous } : {}) };
}

interface MergedLists {
  readonly encodedLists: readonly (readonly CollectionRow[])[];
  readonly rawLists: readonly (readonly CollectionRow[])[];
  readonly encoded: readonly CollectionRow[];
  readonly raw: readonly CollectionRow[];
  readonly positions: CollectionPositions;
  /** Every entity's rows but one's, merged, while that entity is being edited. */
  readonly others?: {
    readonly entityIndex: number;
    readonly encoded: readonly CollectionRow[];
    readonly raw: readonly CollectionRow[];
    readonly positions: CollectionPositions;
  };
}

/** The last merge, so a keystroke in one entity re-merges that entity's rows only. */
let lastMerge: MergedLists | undefined;

/**
 * The entities' sorted lists merged, in both orders. When exactly one
 * entity's lists differ from the last call's (a keystroke in its template),
 * its old rows are taken out of the last result and its new rows merged in
 * (mergeInto); otherwise a k-way merge of all lists. Both give the same rows:
 * the comparators break ties by entity, and lists keep sample order.
 */
function mergeLists(encodedLists: readonly (readonly CollectionRow[])[], rawLists: readonly (readonly CollectionRow[])[]): MergedLists {
  const changed = lastMerge ? singleChangedList(lastMerge.encodedLists, encodedLists) : undefined;
  let merged: MergedLists;
  if (lastMerge && changed === -1) merged = lastMerge;
  else if (lastMerge && changed !== undefined) {
    const entityIndex = (encodedLists[changed] as readonly CollectionRow[])[0]?.entityIndex as number;
    // Typing goes on in one template: the other entities' merged rows are the same as last time.
    const others = lastMerge.others?.entityIndex === entityIndex ? lastMerge.others : othersThan(lastMerge, entityIndex);
    const addedByEncoded = encodedLists[changed] as readonly CollectionRow[];
    const addedByRaw = rawLists[changed] as readonly CollectionRow[];
    const encodedAt = new Int32Array(addedByEncoded.length);
    const rawAt = new Int32Array(addedByRaw.length);
    merged = {
      encodedLists,
      rawLists,
      encoded: mergeInto(others.encoded, addedByEncoded, compareEncodedRows, encodedAt),
      raw: mergeInto(others.raw, addedByRaw, compareRawRows, rawAt),
      positions: positionsAfterMerge(others.positions, addedByRaw, encodedAt, rawAt),
      others,
    };
  } else {
    const encoded = mergeSorted(encodedLists, compareEncodedRows);
    const raw = mergeSorted(rawLists, compareRawRows);
    merged = { encodedLists, rawLists, encoded, raw, positions: positionsOf(encoded, raw) };
  }
  lastMerge = merged;
  return merged;
}

/** Every entity's rows but one's, in both orders, with their positions (once per entity being edited). */
function othersThan(merge: MergedLists, entityIndex: number): NonNullable<MergedLists['others']> {
  const encoded = merge.encoded.filter((row) => row.entityIndex !== entityIndex);
  const raw = merge.raw.filter((row) => row.entityIndex !== entityIndex);
  return { entityIndex, encoded, raw, positions: positionsOf(encoded, raw) };
}

/**
 * -1 when the lists are the very same, the index of the one list that is a
 * new version of the same entity's (its first row's entity, non-empty both
 * times), else undefined.
 */
function singleChangedList(before: readonly (readonly CollectionRow[])[], after: readonly (readonly CollectionRow[])[]): number | undefined {
  if (before.length !== after.length) return undefined;
  let changed = -1;
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    if (changed !== -1) return undefined;
    const old = (before[i] as readonly CollectionRow[])[0];
    const now = (after[i] as readonly CollectionRow[])[0];
    if (!old || !now || old.entityIndex !== now.entityIndex || old.partitionId !== now.partitionId) return undefined;
    changed = i;
  }
  return changed;
}
