import type { TableDesign } from '../design.types';
import { compareEncodedRows, compareKeyTuples, compareRawRows, entitiesInIndex, entityRowsOf, type EntityPartitionRows } from './entityRows';
import type { CollectionRow, ItemCollection, PartitionSummary, PositionedRow, UnencodableSample } from './itemCollection.types';
import { mergeSorted } from './mergeSorted';

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
  if (!inIndex) return { ...base, rows: [], rawOrder: [], outOfPlaceCount: 0, unencodable: [] };
  const encodedLists: (readonly CollectionRow[])[] = [];
  const rawLists: (readonly CollectionRow[])[] = [];
  const unencodable: UnencodableSample[] = [];
  let partition: PartitionSummary | undefined;
  const entities: { entity: string; itemCount: number }[] = [];
  for (const { entity, entityIndex } of inIndex.entries) {
    const entityRows = entityRowsOf(table, entity, entityIndex, query.indexName, inIndex.schema);
    unencodable.push(...entityRows.unencodable);
    const rows = entityRows.partitions.get(query.partition);
    if (!rows) continue;
    encodedLists.push(rows.byEncoded);
    rawLists.push(rows.byRaw);
    entities.push({ entity: entity.name, itemCount: rows.byEncoded.length });
    partition ??= { id: query.partition, parts: rows.parts, itemCount: 0, entities };
  }
  const encoded = mergeSorted(encodedLists, compareEncodedRows);
  const raw = mergeSorted(rawLists, compareRawRows);
  const rawPositionOf = new Map<CollectionRow, number>();
  for (let i = 0; i < raw.length; i++) rawPositionOf.set(raw[i] as CollectionRow, i + 1);
  const checkSameKey = query.indexName === undefined;
  let outOfPlaceCount = 0;
  const rows: PositionedRow[] = encoded.map((row, index) => {
    const rawPosition = rawPositionOf.get(row) as number;
    const outOfPlace = rawPosition !== index + 1;
    if (outOfPlace) outOfPlaceCount++;
    const previous = encoded[index - 1];
    const sameKey = checkSameKey && previous !== undefined && compareKeyTuples(previous.sortValues, row.sortValues) === 0;
    return { row, position: index + 1, rawPosition, outOfPlace, ...(sameKey ? { sameKeyAs: previous } : {}) };
  });
  const rawOrder = new Array<PositionedRow>(rows.length);
  for (const positioned of rows) rawOrder[positioned.rawPosition - 1] = positioned;
  return {
    ...base,
    ...(partition ? { partition: { ...partition, itemCount: rows.length } } : {}),
    rows,
    rawOrder,
    outOfPlaceCount,
    unencodable,
  };
}

