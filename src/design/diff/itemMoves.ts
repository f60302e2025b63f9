import { decodeBase64 } from '../../dynamo';
import { compareKeys, compareUtf8, type KeyAttributeValue } from '../../keys';
import type { JsonAttributeValue, JsonItem, KeyAttributeDesign, TableDesign } from '../design.types';
import { isEntityInIndex, keySchemaOf, sampleItemBuilder, type KeySchemaDesign } from '../designKeys';
import type { ItemMove, KeyMoves, PlacedKey } from './diff.types';

/** One stored item's key in a key space: typed values (for DynamoDB's order) and their text. */
interface KeyedRow {
  readonly entity: string;
  readonly sampleId: string;
  readonly partitionId: string;
  readonly partition: string;
  readonly sortValues: readonly KeyAttributeValue[];
  readonly sort: string;
}

interface Placement {
  readonly placed: ReadonlyMap<string, PlacedKey>;
  readonly problems: ReadonlyMap<string, readonly string[]>;
}

const PART_SEPARATOR = ' · ';

function keyValueOf(value: JsonAttributeValue | undefined): KeyAttributeValue | undefined {
  if (value === undefined) return undefined;
  if ('S' in value) return { S: value.S };
  if ('N' in value) return { N: value.N };
  if ('B' in value) {
    const bytes = decodeBase64(value.B);
    return bytes === undefined ? undefined : { B: bytes };
  }
  return undefined;
}

function textOf(value: JsonAttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  return 'B' in value ? value.B : '';
}

function keyedRow(entity: string, sampleId: string, item: JsonItem, schema: KeySchemaDesign): KeyedRow | undefined {
  const partitionValues = schema.partition.map((attribute) => item[attribute.name]);
  const sortValues = schema.sort.map((attribute) => item[attribute.name]);
  const typedSort = sortValues.map(keyValueOf);
  if (partitionValues.some((value) => value === undefined) || sortValues.some((value) => value === undefined) || typedSort.some((value) => value === undefined))
    return undefined;
  const partitionTexts = partitionValues.map((value) => textOf(value as JsonAttributeValue));
  return {
    entity,
    sampleId,
    // Typed, so N "1" and S "1" are two partitions.
    partitionId: JSON.stringify(partitionValues),
    partition: partitionTexts.join(PART_SEPARATOR),
    sortValues: typedSort as KeyAttributeValue[],
    sort: sortValues.map((value) => textOf(value as JsonAttributeValue)).join(PART_SEPARATOR),
  };
}

/** DynamoDB's order of a partition: the sort key attributes left to right, each by its type (src/keys' one comparator). */
function compareRows(a: KeyedRow, b: KeyedRow): number {
  for (let i = 0; i < a.sortValues.length; i++) {
    const order = compareKeys(a.sortValues[i] as KeyAttributeValue, b.sortValues[i] as KeyAttributeValue);
    if (order !== 0) return order;
  }
  // Equal keys (a GSI allows them; in the table they collide): a stable, documented tie order.
  return compareUtf8(a.entity, b.entity) || compareUtf8(a.sampleId, b.sampleId);
}

/**
 * Every item of the table or index (each entity in it, sparse indexes
 * honoured) placed in its partition in DynamoDB's order; keyed by the
 * sample id of `entityName`'s items.
 */
function placeEntity(table: TableDesign, indexName: string | undefined, entityName: string): Placement {
  const schema = keySchemaOf(table, indexName);
  const placed = new Map<string, PlacedKey>();
  const problems = new Map<string, readonly string[]>();
  if (!schema) return { placed, problems };
  const partitions = new Map<string, KeyedRow[]>();
  for (const entity of table.entities) {
    if (!isEntityInIndex(table, entity, indexName)) continue;
    const build = sampleItemBuilder(table, entity);
    for (const sample of entity.samples) {
      const built = build(sample);
      if (!built.ok) {
        if (entity.name === entityName)
          problems.set(
            sample.id,
            built.problems.map((problem) => `${problem.attribute}: ${problem.message}`),
          );
        continue;
      }
      const row = keyedRow(entity.name, sample.id, built.item, schema);
      if (!row) continue;
      const rows = partitions.get(row.partitionId);
      if (rows) rows.push(row);
      else partitions.set(row.partitionId, [row]);
    }
  }
  for (const rows of partitions.values()) {
    rows.sort(compareRows);
    rows.forEach((row, index) => {
      if (row.entity === entityName) placed.set(row.sampleId, { partition: row.partition, sort: row.sort, position: index + 1, of: rows.length });
    });
  }
  return { placed, problems };
}

const sameKey = (a: PlacedKey | undefined, b: PlacedKey | undefined) => a?.partition === b?.partition && a?.sort === b?.sort;
const samePlace = (a: PlacedKey | undefined, b: PlacedKey | undefined) => a?.partition === b?.partition && a?.position === b?.position;

/**
 * Which stored items of an entity move, and where, when its templates change
 * from `beforeTable` to `afterTable`: per sample (matched by id), its old and
 * new key and its old and new position in its partition (among every
 * entity's items there), in DynamoDB's order.
 *
 * @example
 * itemMoves(before.tables[0], after.tables[0], 'Run', undefined).items.filter((item) => item.positionChanged)
 */
export function itemMoves(beforeTable: TableDesign, afterTable: TableDesign, entityName: string, indexName: string | undefined): KeyMoves {
  const before = placeEntity(beforeTable, indexName, entityName);
  const after = placeEntity(afterTable, indexName, entityName);
  const afterEntity = afterTable.entities.find((entity) => entity.name === entityName);
  const beforeEntity = beforeTable.entities.find((entity) => entity.name === entityName);
  const ids = [...new Set([...(afterEntity?.samples ?? []), ...(beforeEntity?.samples ?? [])].map((sample) => sample.id))];
  const items: ItemMove[] = ids.map((sampleId) => {
    const old = before.placed.get(sampleId);
    const next = after.placed.get(sampleId);
    const problems = [
      ...(before.problems.get(sampleId) ?? []).map((problem) => `before: ${problem}`),
      ...(after.problems.get(sampleId) ?? []).map((problem) => `after: ${problem}`),
    ];
    return {
      sampleId,
      ...(old ? { before: old } : {}),
      ...(next ? { after: next } : {}),
      keyChanged: !sameKey(old, next),
      positionChanged: !samePlace(old, next),
      problems,
    };
  });
  // The new order first (by partition, then position), then items only the old design places.
  items.sort((a, b) => placeOrder(a.after, b.after) || placeOrder(a.before, b.before));
  const schema = keySchemaOf(afterTable, indexName) ?? keySchemaOf(beforeTable, indexName);
  return {
    ...(indexName !== undefined ? { index: indexName } : {}),
    keySpace: indexName !== undefined ? `index ${indexName}` : `table ${afterTable.name}`,
    keyAttributes: schema ? [...schema.partition, ...schema.sort].map((attribute: KeyAttributeDesign) => attribute.name) : [],
    items,
    moving: items.filter((item) => item.keyChanged).length,
    repositioned: items.filter((item) => item.positionChanged).length,
  };
}

function placeOrder(a: PlacedKey | undefined, b: PlacedKey | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return compareUtf8(a.partition, b.partition) || a.position - b.position;
}
