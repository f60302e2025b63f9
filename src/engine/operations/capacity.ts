import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { readCapacityUnits, writeCapacityUnits } from '../../dynamo';
import { attributeValuesEqual, getOwnAttribute, validationError, type Item } from '../../expressions';
import { indexedSize, indexKeyOf, sameIndexKey, type TableStore } from '../storage/tableStore';

/**
 * Capacity units, as DynamoDB's Developer Guide counts them:
 * - reads: the bytes read, rounded up to 4 KB; 1 unit per 4 KB for a strongly
 *   consistent read, 0.5 for an eventually consistent one. A Query or Scan
 *   sums the items it read, then rounds; a read that finds nothing still
 *   costs the minimum (DynamoDB Local reports 0 for an empty Query).
 * - writes: 1 unit per 1 KB of the larger of the old and new item, at least
 *   1; each index the write changes costs its own units.
 */

/** ReturnConsumedCapacity's values. */
export type CapacityMode = 'INDEXES' | 'TOTAL' | 'NONE';

/** Read units for `bytes` read (src/dynamo's one rule). */
export function readUnits(bytes: number, consistent: boolean): number {
  return readCapacityUnits(bytes, consistent);
}

/** Write units for a write whose item was `oldSize` bytes and is now `newSize` bytes: the larger of the two. */
export function writeUnits(oldSize: number, newSize: number): number {
  return writeCapacityUnits(Math.max(oldSize, newSize));
}

/** Units charged to the table and to each index by one operation. */
export interface CapacityCharge {
  table: number;
  local: Map<string, number>;
  global: Map<string, number>;
}

/** An empty charge. */
export function createCharge(): CapacityCharge {
  return { table: 0, local: new Map(), global: new Map() };
}

/** Adds `units` to an index's share of a charge. */
export function chargeIndex(charge: CapacityCharge, kind: 'local' | 'global', indexName: string, units: number): void {
  const map = kind === 'local' ? charge.local : charge.global;
  map.set(indexName, (map.get(indexName) ?? 0) + units);
}

/**
 * The ConsumedCapacity DynamoDB returns for a charge: TOTAL gives the total,
 * INDEXES adds the table's and each index's share; NONE (or absent) gives
 * nothing.
 */
export function consumedCapacity(mode: string | undefined, tableName: string, charge: CapacityCharge): ConsumedCapacity | undefined {
  if (mode !== 'TOTAL' && mode !== 'INDEXES') return undefined;
  let total = charge.table;
  for (const units of charge.local.values()) total += units;
  for (const units of charge.global.values()) total += units;
  const capacity: ConsumedCapacity = { TableName: tableName, CapacityUnits: total };
  if (mode === 'INDEXES') {
    capacity.Table = { CapacityUnits: charge.table };
    if (charge.local.size > 0) capacity.LocalSecondaryIndexes = toCapacityMap(charge.local);
    if (charge.global.size > 0) capacity.GlobalSecondaryIndexes = toCapacityMap(charge.global);
  }
  return capacity;
}

function toCapacityMap(units: Map<string, number>): Record<string, { CapacityUnits: number }> {
  const map: Record<string, { CapacityUnits: number }> = {};
  for (const [name, value] of units) map[name] = { CapacityUnits: value };
  return map;
}

/** ReturnConsumedCapacity must be INDEXES, TOTAL or NONE. */
export function checkCapacityMode(mode: string | undefined): void {
  if (mode !== undefined && mode !== 'INDEXES' && mode !== 'TOTAL' && mode !== 'NONE') {
    throw validationError(
      `1 validation error detected: Value '${mode}' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]`,
    );
  }
}

/** An item with its size, before or after a write. */
export interface SizedItem {
  readonly item: Item;
  readonly size: number;
}

/**
 * Charges the write units of replacing `before` by `after` (either may be
 * absent): the table, and every index whose entry changes. An index entry
 * that stays the same (same index key, same projected attributes) costs
 * nothing; one whose index key changes costs a delete plus a put.
 */
export function chargeWrite(charge: CapacityCharge, table: TableStore, before: SizedItem | undefined, after: SizedItem | undefined): void {
  charge.table += writeUnits(before?.size ?? 0, after?.size ?? 0);
  for (const index of table.indexes.values()) {
    const oldKey = before ? indexKeyOf(index, before.item) : undefined;
    const newKey = after ? indexKeyOf(index, after.item) : undefined;
    if (!oldKey && !newKey) continue;
    const oldSize = before && oldKey ? indexedSize(index, before.item, before.size) : 0;
    const newSize = after && newKey ? indexedSize(index, after.item, after.size) : 0;
    let units: number;
    if (oldKey && newKey) {
      const sameKey = sameIndexKey(index, oldKey, newKey);
      if (sameKey && projectionUnchanged(index.projectedNames, (before as SizedItem).item, (after as SizedItem).item)) continue;
      units = sameKey ? writeUnits(oldSize, newSize) : writeUnits(oldSize, 0) + writeUnits(0, newSize);
    } else {
      units = writeUnits(oldSize, newSize);
    }
    chargeIndex(charge, index.definition.kind, index.definition.name, units);
  }
}

/** True when every projected attribute is equal before and after (for ALL, which projects everything: the whole item). */
function projectionUnchanged(names: ReadonlySet<string> | undefined, before: Item, after: Item): boolean {
  if (names === undefined) return attributeValuesEqual({ M: before }, { M: after });
  for (const name of names) {
    const a = getOwnAttribute(before, name);
    const b = getOwnAttribute(after, name);
    if (a === undefined || b === undefined ? a !== b : !attributeValuesEqual(a, b)) return false;
  }
  return true;
}
