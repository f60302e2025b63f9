import type {
  AttributeValue,
  CreateTableCommandInput,
  GlobalSecondaryIndex,
  KeySchemaElement,
  LocalSecondaryIndex,
  Projection,
} from '@aws-sdk/client-dynamodb';
import type { KeySchemaInfo } from '../../src/expressions';
import { uniqueTableName } from '../dynamodbLocal';

/** Key attribute types. */
export type KeyType = 'S' | 'N' | 'B';

/** A key attribute: [name, type]. */
export type KeyAttribute = readonly [string, KeyType];

type Item = Record<string, AttributeValue>;

/** `{ S: value }`. */
export const S = (value: string): AttributeValue => ({ S: value });
/** `{ N: value }`. */
export const N = (value: string | number): AttributeValue => ({ N: String(value) });
/** `{ B: bytes }`. */
export const B = (...bytes: number[]): AttributeValue => ({ B: Uint8Array.from(bytes) });

/** KeySchema elements, HASH first. */
export function keySchema(...names: string[]): KeySchemaElement[] {
  return names.map((AttributeName, i) => ({ AttributeName, KeyType: i === 0 ? 'HASH' : 'RANGE' }));
}

/** An index: its name, its keys (hash first) and its projection. */
export interface IndexSpec {
  readonly name: string;
  readonly keys: readonly KeyAttribute[];
  readonly projection?: Projection;
}

/** A table for the contract: a unique name (DynamoDB Local is shared by the whole run) and its CreateTable input. */
export interface TableSpec {
  readonly name: string;
  readonly keys: readonly KeyAttribute[];
  readonly gsis: readonly IndexSpec[];
  readonly lsis: readonly IndexSpec[];
  readonly input: CreateTableCommandInput;
}

/**
 * A PAY_PER_REQUEST table with the given keys and indexes; attribute
 * definitions are derived from every key used.
 *
 * @example
 * tableSpec('scores', [['pk', 'S'], ['sk', 'N']], { gsis: [{ name: 'byPlayer', keys: [['player', 'S']] }] })
 */
export function tableSpec(prefix: string, keys: readonly KeyAttribute[], options: { gsis?: IndexSpec[]; lsis?: IndexSpec[]; name?: string } = {}): TableSpec {
  const name = options.name ?? uniqueTableName(`contract-${prefix}`);
  const gsis = options.gsis ?? [];
  const lsis = options.lsis ?? [];
  const definitions = new Map<string, KeyType>();
  for (const [attribute, type] of [...keys, ...gsis.flatMap((index) => index.keys), ...lsis.flatMap((index) => index.keys)]) definitions.set(attribute, type);
  const toIndex = (index: IndexSpec) => ({
    IndexName: index.name,
    KeySchema: keySchema(...index.keys.map(([attribute]) => attribute)),
    Projection: index.projection ?? { ProjectionType: 'ALL' as const },
  });
  const input: CreateTableCommandInput = {
    TableName: name,
    KeySchema: keySchema(...keys.map(([attribute]) => attribute)),
    AttributeDefinitions: [...definitions].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    BillingMode: 'PAY_PER_REQUEST',
    ...(gsis.length > 0 ? { GlobalSecondaryIndexes: gsis.map(toIndex) as GlobalSecondaryIndex[] } : {}),
    ...(lsis.length > 0 ? { LocalSecondaryIndexes: lsis.map(toIndex) as LocalSecondaryIndex[] } : {}),
  };
  return { name, keys, gsis, lsis, input };
}

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
