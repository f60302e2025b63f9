import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEngine, keySchema, N, S, tableInput } from './engine.fixtures';
import type { LocalDynamoDB } from './localDynamoDB.types';

/*
 * ConsumedCapacity as DynamoDB bills it, table-driven, through the engine's operations. Each rule
 * and its source is listed in src/dynamo/capacityUnits.ts and src/engine/operations/capacity.ts.
 * Item sizes are exact: on table T an item { pk: S(id), d: S(padding) } is 2 + id + 1 + padding bytes.
 */

const T = 'Bill';
let db: LocalDynamoDB;

/** An item of exactly `bytes` bytes whose pk is the one-character `id`. */
const sized = (id: string, bytes: number): Record<string, AttributeValue> => ({ pk: S(id), d: S('x'.repeat(bytes - 4)) });

beforeEach(async () => {
  db = createEngine();
  await db.createTable(tableInput(T, [['pk', 'S']]));
});

describe('GetItem: the item rounded up to 4 KB; 1 unit strongly consistent, half eventually', () => {
  it.each([
    [100, true, 1],
    [100, false, 0.5],
    [4096, true, 1],
    [4097, true, 2],
    [4097, false, 1],
    [12_289, false, 2],
  ])('%i bytes, ConsistentRead %s → %d', async (bytes, ConsistentRead, units) => {
    await db.putItem({ TableName: T, Item: sized('a', bytes) });
    const output = await db.getItem({ TableName: T, Key: { pk: S('a') }, ConsistentRead, ReturnConsumedCapacity: 'TOTAL' });
    expect(output.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: units });
  });
});

describe('PutItem / UpdateItem / DeleteItem: the larger of the old and the new item, rounded up to 1 KB', () => {
  it.each([
    ['put, new item of 1 KB', undefined, 1024, 1],
    ['put, new item of 1 KB + 1', undefined, 1025, 2],
    ['put, replacing 3 KB by 100 bytes', 3000, 100, 3],
    ['put, replacing 100 bytes by 2.5 KB', 100, 2500, 3],
  ])('%s', async (_label, oldBytes, newBytes, units) => {
    if (oldBytes !== undefined) await db.putItem({ TableName: T, Item: sized('a', oldBytes) });
    const output = await db.putItem({ TableName: T, Item: sized('a', newBytes), ReturnConsumedCapacity: 'TOTAL' });
    expect(output.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: units });
  });

  it('UpdateItem bills the larger of before and after; DeleteItem the deleted item (1 for a missing one)', async () => {
    await db.putItem({ TableName: T, Item: sized('a', 2100) });
    const update = await db.updateItem({ TableName: T, Key: { pk: S('a') }, UpdateExpression: 'REMOVE d', ReturnConsumedCapacity: 'TOTAL' });
    expect(update.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 3 });
    await db.putItem({ TableName: T, Item: sized('b', 5000) });
    const deleted = await db.deleteItem({ TableName: T, Key: { pk: S('b') }, ReturnConsumedCapacity: 'TOTAL' });
    expect(deleted.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 5 });
    const missing = await db.deleteItem({ TableName: T, Key: { pk: S('b') }, ReturnConsumedCapacity: 'TOTAL' });
    expect(missing.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 1 });
  });
});

describe('Scan: the page’s items summed, then rounded up to 4 KB (not per item)', () => {
  it.each([
    // 3 items of 2,000 bytes: 6,000 bytes → 2 units (3 if each item were rounded).
    [3, 2000, true, 2],
    [3, 2000, false, 1],
    [1, 100, true, 1],
    [0, 0, false, 0.5],
  ])('%i items of %i bytes, ConsistentRead %s → %d', async (count, bytes, ConsistentRead, units) => {
    for (let i = 0; i < count; i++) await db.putItem({ TableName: T, Item: sized(String(i), bytes) });
    const output = await db.scan({ TableName: T, ConsistentRead, ReturnConsumedCapacity: 'TOTAL' });
    expect(output.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: units });
  });
});

describe('Query on an LSI that fetches from the table (Developer Guide, "Local secondary indexes", read capacity)', () => {
  const L = 'Threads';
  beforeEach(async () => {
    await db.createTable({
      ...tableInput(
        L,
        [
          ['pk', 'S'],
          ['sk', 'N'],
        ],
        { extraDefinitions: [['l', 'S']] },
      ),
      LocalSecondaryIndexes: [{ IndexName: 'lsi', KeySchema: keySchema('pk', 'l'), Projection: { ProjectionType: 'KEYS_ONLY' } }],
    });
    // Four items of about 300 bytes, a few dozen of them in the index: the guide's example.
    for (let i = 0; i < 4; i++) await db.putItem({ TableName: L, Item: { pk: S('p'), sk: N(i), l: S(`l${i}`), body: S('b'.repeat(280)) } });
  });

  it.each([
    // The index's entries summed and rounded (1 unit), plus each fetched table item rounded on its own (4 × 1).
    [true, { TableName: L, CapacityUnits: 5, Table: { CapacityUnits: 4 }, LocalSecondaryIndexes: { lsi: { CapacityUnits: 1 } } }],
    [false, { TableName: L, CapacityUnits: 2.5, Table: { CapacityUnits: 2 }, LocalSecondaryIndexes: { lsi: { CapacityUnits: 0.5 } } }],
  ])('ConsistentRead %s', async (ConsistentRead, capacity) => {
    const output = await db.query({
      TableName: L,
      IndexName: 'lsi',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': S('p') },
      Select: 'ALL_ATTRIBUTES',
      ConsistentRead,
      ReturnConsumedCapacity: 'INDEXES',
    });
    expect(output.Count).toBe(4);
    expect(output.ConsumedCapacity).toEqual(capacity);
  });

  it('charges only the index when nothing is fetched', async () => {
    const output = await db.query({
      TableName: L,
      IndexName: 'lsi',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': S('p') },
      ReturnConsumedCapacity: 'INDEXES',
    });
    expect(output.ConsumedCapacity).toEqual({
      TableName: L,
      CapacityUnits: 0.5,
      Table: { CapacityUnits: 0 },
      LocalSecondaryIndexes: { lsi: { CapacityUnits: 0.5 } },
    });
  });
});

describe('transactions: twice the units of the plain operation', () => {
  it('TransactGetItems: 2 × a strongly consistent read of each item', async () => {
    await db.putItem({ TableName: T, Item: sized('a', 5000) });
    await db.putItem({ TableName: T, Item: sized('b', 100) });
    const output = await db.transactGetItems({
      TransactItems: [
        { Get: { TableName: T, Key: { pk: S('a') } } },
        { Get: { TableName: T, Key: { pk: S('b') } } },
        { Get: { TableName: T, Key: { pk: S('c') } } },
      ],
      ReturnConsumedCapacity: 'TOTAL',
    });
    // (2 + 1 + 1) × 2
    expect(output.ConsumedCapacity).toEqual([{ TableName: T, CapacityUnits: 8 }]);
  });

  it('TransactWriteItems: 2 × each write, a ConditionCheck billed as a read; a replay with the same token: transactional reads only', async () => {
    await db.putItem({ TableName: T, Item: sized('c', 100) });
    const request = {
      TransactItems: [
        { Put: { TableName: T, Item: sized('a', 1500) } },
        { ConditionCheck: { TableName: T, Key: { pk: S('c') }, ConditionExpression: 'attribute_exists(pk)' } },
      ],
      ClientRequestToken: 'bill-1',
      ReturnConsumedCapacity: 'TOTAL' as const,
    };
    // Put: 2 write units; ConditionCheck: 1 read unit; doubled.
    expect((await db.transactWriteItems(request)).ConsumedCapacity).toEqual([{ TableName: T, CapacityUnits: 6 }]);
    // The replay reads the items ((1 + 1) strongly consistent read units, doubled as transactional reads) and writes nothing.
    expect((await db.transactWriteItems(request)).ConsumedCapacity).toEqual([{ TableName: T, CapacityUnits: 4 }]);
    // INDEXES names the kind: reads only.
    expect((await db.transactWriteItems({ ...request, ReturnConsumedCapacity: 'INDEXES' })).ConsumedCapacity).toEqual([
      { TableName: T, CapacityUnits: 4, ReadCapacityUnits: 4, Table: { CapacityUnits: 4, ReadCapacityUnits: 4 } },
    ]);
  });
});
