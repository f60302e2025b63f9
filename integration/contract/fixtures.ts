import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { KeySchemaInfo } from '../../src/expressions';
import type { KeyAttribute, KeyType } from '../fixtures/tables';

// The tables themselves come from the one CreateTable fixture.
export { keySchema, tableSpec, type IndexSpec, type KeyAttribute, type KeyType, type TableSpec } from '../fixtures/tables';

type Item = Record<string, AttributeValue>;

/** `{ S: value }`. */
export const S = (value: string): AttributeValue => ({ S: value });
/** `{ N: value }`. */
export const N = (value: string | number): AttributeValue => ({ N: String(value) });
/** `{ B: bytes }`. */
export const B = (...bytes: number[]): AttributeValue => ({ B: Uint8Array.from(bytes) });

/** The key schema of a table (or of one of its indexes), as the expression code takes it. */
export function keySchemaInfo(keys: readonly KeyAttribute[]): KeySchemaInfo {
  const [partition, sort] = keys;
  if (!partition) throw new Error('a key schema needs a partition key');
  return {
    partitionKey: { name: partition[0], type: partition[1] },
    ...(sort ? { sortKey: { name: sort[0], type: sort[1] } } : {}),
  };
}

/** The table key attribute names. */
export function keyNames(keys: readonly KeyAttribute[]): string[] {
  return keys.map(([name]) => name);
}

/** The key of an item. */
export function keyOf(item: Item, keys: readonly KeyAttribute[]): Item {
  return Object.fromEntries(keys.map(([name]) => [name, item[name] as AttributeValue]));
}

/** A value of the given key type built from an index (distinct indexes, distinct values). */
export function keyValue(type: KeyType, index: number): AttributeValue {
  if (type === 'S') return S(`k${String(index).padStart(3, '0')}`);
  if (type === 'N') return N(index - 10);
  return B(index >> 8, index & 0xff);
}

/** Splits `items` into BatchWriteItem-sized chunks of PutRequests. */
export function putRequests(items: readonly Item[], chunk = 25): { PutRequest: { Item: Item } }[][] {
  const chunks: { PutRequest: { Item: Item } }[][] = [];
  for (let i = 0; i < items.length; i += chunk) chunks.push(items.slice(i, i + chunk).map((Item) => ({ PutRequest: { Item } })));
  return chunks;
}
