import type { TableDesign } from '../design.types';
import { keySchemaOf } from '../designKeys';
import { judgeCollectionOrder } from '../intendedPlaces';
import { buildItemCollection, defaultPartition, listPartitions } from './buildItemCollection';
import type { CollectionRow, KeyPartText } from './itemCollection.types';

/** Consecutive rows of one entity in an order, counted together: `Address ×2`. */
export interface EntityRun {
  readonly entity: string;
  readonly count: number;
}

/**
 * One item collection at a glance: the partition the Item collection region
 * opens on (defaultPartition) of the table or of one index, its entities in
 * DynamoDB's order, and where the naive keys or the intended order differ.
 */
export interface CollectionGlance {
  readonly table: string;
  /** The index, or undefined for the table itself. */
  readonly index?: string;
  readonly partition: readonly KeyPartText[];
  readonly partitionCount: number;
  readonly itemCount: number;
  /** The entities in stored order (DynamoDB's order of the sort key). */
  readonly stored: readonly EntityRun[];
  /** The entities in the naive keys' order; only when it differs from `stored` (rows of one entity moved among themselves are counted, not listed). */
  readonly naive?: readonly EntityRun[];
  /** Rows the naive keys would put elsewhere (ItemCollection.outOfPlaceCount). */
  readonly naiveOutOfPlaceCount: number;
  /** Rows DynamoDB's order puts out of their intended order among their entity's rows (the one judge's). */
  readonly intendedOutOfPlaceCount: number;
  /** The same count for the naive keys' order. */
  readonly naiveIntendedOutOfPlaceCount: number;
  /** Samples of this table or index whose keys don't encode (in no collection). */
  readonly unencodableCount: number;
}

/** The entity names of `rows`, consecutive ones counted together. */
export function entityRuns(rows: readonly Pick<CollectionRow, 'entity'>[]): EntityRun[] {
  const runs: { entity: string; count: number }[] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last && last.entity === row.entity) last.count++;
    else runs.push({ entity: row.entity, count: 1 });
  }
  return runs;
}

function sameRuns(a: readonly EntityRun[], b: readonly EntityRun[]): boolean {
  return a.length === b.length && a.every((run, index) => run.entity === b[index]?.entity && run.count === b[index]?.count);
}

/**
 * The item collections of a table at a glance: the table's, then each
 * index's (one partition each: the one the Item collection region shows
 * first), in the table's index order. A table or index without a sort key,
 * or without an encodable sample, has none.
 *
 * Contract: the rows are `buildItemCollection`'s, in its order (DynamoDB's:
 * src/keys' comparator), and the intended-order counts are
 * `judgeCollectionOrder`'s, so the overview, the Item collection region, the
 * slides and the review document never disagree about a collection.
 *
 * @example
 * glanceAtCollections(SHOP_DESIGN.tables[0])[0].stored
 * // [{ entity: "Address", count: 2 }, { entity: "Customer", count: 1 }, { entity: "Order", count: 3 }]
 */
export function glanceAtCollections(table: TableDesign): CollectionGlance[] {
  const glances: CollectionGlance[] = [];
  for (const indexName of [undefined, ...table.indexes.map((index) => index.name)]) {
    const schema = keySchemaOf(table, indexName);
    if (!schema || schema.sort.length === 0) continue;
    const partitions = listPartitions(table, indexName);
    const partition = defaultPartition(partitions);
    if (!partition) continue;
    const collection = buildItemCollection(table, { ...(indexName === undefined ? {} : { indexName }), partition: partition.id });
    if (collection.rows.length === 0) continue;
    const intended = judgeCollectionOrder(collection);
    const stored = entityRuns(collection.rows);
    const naive = collection.outOfPlaceCount > 0 ? entityRuns(collection.rawOrder) : stored;
    glances.push({
      table: table.name,
      ...(indexName === undefined ? {} : { index: indexName }),
      partition: partition.parts,
      partitionCount: partitions.length,
      itemCount: collection.rows.length,
      stored,
      ...(sameRuns(naive, stored) ? {} : { naive }),
      naiveOutOfPlaceCount: collection.outOfPlaceCount,
      intendedOutOfPlaceCount: intended.outOfPlaceCount,
      naiveIntendedOutOfPlaceCount: intended.naiveOutOfPlaceCount,
      unencodableCount: collection.unencodable.length,
    });
  }
  return glances;
}
