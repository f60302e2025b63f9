/**
 * ConsumedCapacity through the AWS SDK: Keylab's endpoint against the figures DynamoDB bills
 * (src/dynamo/capacityUnits.ts, src/engine/operations/capacity.ts, with their sources), and
 * DynamoDB Local where it bills the same. Where DynamoDB Local's simpler figures differ (marked
 * `local: 'differs'`, with what it answers), real DynamoDB wins and only the endpoint is checked.
 */
import type { AttributeValue, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DynamoDBDataSource } from '../src/engine';
import { N, S } from './contract/fixtures';
import { useDifferentialSides } from './contract/differentialHarness';
import { uniqueTableName } from './dynamodbLocal';

const sides = useDifferentialSides();

/** An item of exactly `bytes` bytes: { pk: S(id), sk: N(0), d: S(padding) } is 2 + id + 2 + 1 + 1 + padding bytes. */
const sized = (id: string, bytes: number): Record<string, AttributeValue> => ({ pk: S(id), sk: N(0), d: S('x'.repeat(bytes - 6 - id.length)) });
const key = (id: string) => ({ pk: S(id), sk: N(0) });

type Capacity = ConsumedCapacity | ConsumedCapacity[] | undefined;

interface CapacityCase {
  readonly label: string;
  readonly run: (db: DynamoDBDataSource, table: string) => Promise<Capacity>;
  /** What DynamoDB bills (TableName is filled in). */
  readonly expected: (table: string) => Capacity;
  /** DynamoDB Local bills the same ('same'), or differs (what it answers, for the record). */
  readonly local: 'same' | { readonly differs: string };
}

async function createTable(db: DynamoDBDataSource, name: string): Promise<void> {
  await db.createTable({
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
      { AttributeName: 'l', AttributeType: 'S' },
      { AttributeName: 'g', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    LocalSecondaryIndexes: [
      {
        IndexName: 'lsi',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'l', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ],
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
  });
}

const CASES: CapacityCase[] = [
  {
    label: 'GetItem, strongly consistent, 4,097 bytes: 2',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('a', 4097) });
      return (await db.getItem({ TableName: table, Key: key('a'), ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL' })).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 2 }),
    local: 'same',
  },
  {
    label: 'GetItem, eventually consistent, missing item: 0.5',
    run: async (db, table) => (await db.getItem({ TableName: table, Key: key('zz'), ReturnConsumedCapacity: 'TOTAL' })).ConsumedCapacity,
    expected: (table) => ({ TableName: table, CapacityUnits: 0.5 }),
    local: 'same',
  },
  {
    label: 'PutItem replacing 3,000 bytes by 100: the larger, 3',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('b', 3000) });
      return (await db.putItem({ TableName: table, Item: sized('b', 100), ReturnConsumedCapacity: 'TOTAL' })).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 3 }),
    local: 'same',
  },
  {
    label: 'Query of 3 items of 2,000 bytes, strongly consistent: summed then rounded, 2',
    run: async (db, table) => {
      for (let i = 0; i < 3; i++) await db.putItem({ TableName: table, Item: { ...sized('q', 2000 - 1), sk: N(i + 1) } });
      return (
        await db.query({
          TableName: table,
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': S('q') },
          ConsistentRead: true,
          ReturnConsumedCapacity: 'TOTAL',
        })
      ).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 2 }),
    local: 'same',
  },
  {
    label: 'Query of an LSI fetching 4 items of ~300 bytes from the table: index 1 + table 4 × 1 (the Developer Guide’s example)',
    run: async (db, table) => {
      for (let i = 0; i < 4; i++) await db.putItem({ TableName: table, Item: { pk: S('t'), sk: N(i), l: S(`l${i}`), body: S('b'.repeat(280)) } });
      return (
        await db.query({
          TableName: table,
          IndexName: 'lsi',
          KeyConditionExpression: 'pk = :p',
          ExpressionAttributeValues: { ':p': S('t') },
          Select: 'ALL_ATTRIBUTES',
          ConsistentRead: true,
          ReturnConsumedCapacity: 'INDEXES',
        })
      ).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 5, Table: { CapacityUnits: 4 }, LocalSecondaryIndexes: { lsi: { CapacityUnits: 1 } } }),
    local: 'same',
  },
  {
    label: 'PutItem of a new item with a GSI key, INDEXES: table 1 + GSI 1',
    run: async (db, table) => (await db.putItem({ TableName: table, Item: { ...key('w'), g: S('G') }, ReturnConsumedCapacity: 'INDEXES' })).ConsumedCapacity,
    expected: (table) => ({ TableName: table, CapacityUnits: 2, Table: { CapacityUnits: 1 }, GlobalSecondaryIndexes: { gsi: { CapacityUnits: 1 } } }),
    local: 'same',
  },
  {
    label: 'TransactGetItems of 2 items: 2 × (1 + 1)',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('c', 100) });
      return (
        await db.transactGetItems({
          TransactItems: [{ Get: { TableName: table, Key: key('c') } }, { Get: { TableName: table, Key: key('zz') } }],
          ReturnConsumedCapacity: 'TOTAL',
        })
      ).ConsumedCapacity;
    },
    expected: (table) => [{ TableName: table, CapacityUnits: 4 }],
    local: 'same',
  },
  {
    label: 'TransactWriteItems Put 1,500 bytes + ConditionCheck: 2 × (2 + 1); its replay (same token): transactional reads, 2 × (1 + 1)',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('d', 100) });
      const request = {
        TransactItems: [
          { Put: { TableName: table, Item: sized('e', 1500) } },
          { ConditionCheck: { TableName: table, Key: key('d'), ConditionExpression: 'attribute_exists(pk)' } },
        ],
        ClientRequestToken: uniqueTableName('token').slice(0, 36),
        ReturnConsumedCapacity: 'TOTAL' as const,
      };
      const first = (await db.transactWriteItems(request)).ConsumedCapacity ?? [];
      const replay = (await db.transactWriteItems(request)).ConsumedCapacity ?? [];
      return [...first, ...replay];
    },
    expected: (table) => [
      { TableName: table, CapacityUnits: 6 },
      { TableName: table, CapacityUnits: 4 },
    ],
    local: { differs: 'DynamoDB Local bills this replay 2, as for one item' },
  },
  {
    label: 'TransactWriteItems updating one small item, and its replay: 2 × 1 write, then 2 × 1 read',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: { ...key('r'), n: N(0) } });
      const request = {
        TransactItems: [{ Update: { TableName: table, Key: key('r'), UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': N(1) } } }],
        ClientRequestToken: uniqueTableName('token').slice(0, 36),
        ReturnConsumedCapacity: 'TOTAL' as const,
      };
      return [...((await db.transactWriteItems(request)).ConsumedCapacity ?? []), ...((await db.transactWriteItems(request)).ConsumedCapacity ?? [])];
    },
    expected: (table) => [
      { TableName: table, CapacityUnits: 2 },
      { TableName: table, CapacityUnits: 2 },
    ],
    local: 'same',
  },
  {
    label: 'TransactWriteItems with INDEXES: reads and writes split for the total, the table and the index; the replay reads only',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: key('h') });
      const request = {
        TransactItems: [
          { Put: { TableName: table, Item: { ...key('i'), g: S('G') } } },
          { ConditionCheck: { TableName: table, Key: key('h'), ConditionExpression: 'attribute_exists(pk)' } },
        ],
        ClientRequestToken: uniqueTableName('token').slice(0, 36),
        ReturnConsumedCapacity: 'INDEXES' as const,
      };
      return [...((await db.transactWriteItems(request)).ConsumedCapacity ?? []), ...((await db.transactWriteItems(request)).ConsumedCapacity ?? [])];
    },
    expected: (table) => [
      {
        TableName: table,
        CapacityUnits: 6,
        ReadCapacityUnits: 2,
        WriteCapacityUnits: 4,
        Table: { CapacityUnits: 4, ReadCapacityUnits: 2, WriteCapacityUnits: 2 },
        GlobalSecondaryIndexes: { gsi: { CapacityUnits: 2, WriteCapacityUnits: 2 } },
      },
      { TableName: table, CapacityUnits: 4, ReadCapacityUnits: 4, Table: { CapacityUnits: 4, ReadCapacityUnits: 4 } },
    ],
    local: { differs: 'DynamoDB Local gives CapacityUnits alone, and bills the replay 2' },
  },
  {
    label: 'TransactGetItems with INDEXES: the table’s ReadCapacityUnits, 2 × 1',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: key('t') });
      return (await db.transactGetItems({ TransactItems: [{ Get: { TableName: table, Key: key('t') } }], ReturnConsumedCapacity: 'INDEXES' })).ConsumedCapacity;
    },
    expected: (table) => [{ TableName: table, CapacityUnits: 2, ReadCapacityUnits: 2, Table: { CapacityUnits: 2, ReadCapacityUnits: 2 } }],
    local: { differs: 'DynamoDB Local gives CapacityUnits alone' },
  },
  {
    label: 'Scan of 3 items of 2,000 bytes, eventually consistent: summed, rounded, halved, 1',
    run: async (db, table) => {
      for (const id of ['s1', 's2', 's3']) await db.putItem({ TableName: table, Item: sized(id, 2000) });
      return (await db.scan({ TableName: table, ReturnConsumedCapacity: 'TOTAL' })).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 1 }),
    local: 'same',
  },
  {
    label: 'UpdateItem changing a GSI key, INDEXES: table 1 + GSI delete 1 + put 1',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: { ...key('u'), g: S('G1') } });
      return (
        await db.updateItem({
          TableName: table,
          Key: key('u'),
          UpdateExpression: 'SET g = :g',
          ExpressionAttributeValues: { ':g': S('G2') },
          ReturnConsumedCapacity: 'INDEXES',
        })
      ).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 3, Table: { CapacityUnits: 1 }, GlobalSecondaryIndexes: { gsi: { CapacityUnits: 2 } } }),
    local: 'same',
  },
  {
    label: 'DeleteItem of a 5,000-byte item: 5',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('x', 5000) });
      return (await db.deleteItem({ TableName: table, Key: key('x'), ReturnConsumedCapacity: 'TOTAL' })).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 5 }),
    local: 'same',
  },
  {
    label: 'BatchGetItem: each item rounded up on its own, then summed (the Developer Guide’s 1.5 KB + 6.5 KB = 12 KB example): 3',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('y1', 1536) });
      await db.putItem({ TableName: table, Item: sized('y2', 6656) });
      return (await db.batchGetItem({ RequestItems: { [table]: { Keys: [key('y1'), key('y2')], ConsistentRead: true } }, ReturnConsumedCapacity: 'TOTAL' }))
        .ConsumedCapacity;
    },
    expected: (table) => [{ TableName: table, CapacityUnits: 3 }],
    local: 'same',
  },
  {
    label: 'BatchGetItem: a key that finds nothing is billed as the GetItem it is, 1',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('y', 4097) });
      return (await db.batchGetItem({ RequestItems: { [table]: { Keys: [key('y'), key('zz')], ConsistentRead: true } }, ReturnConsumedCapacity: 'TOTAL' }))
        .ConsumedCapacity;
    },
    expected: (table) => [{ TableName: table, CapacityUnits: 3 }],
    local: { differs: 'DynamoDB Local bills nothing for the missing key: 2' },
  },
  {
    label: 'BatchWriteItem: each write billed on its own (1,025 bytes 2 + 100 bytes 1)',
    run: async (db, table) =>
      (
        await db.batchWriteItem({
          RequestItems: { [table]: [{ PutRequest: { Item: sized('v', 1025) } }, { PutRequest: { Item: sized('w2', 100) } }] },
          ReturnConsumedCapacity: 'TOTAL',
        })
      ).ConsumedCapacity,
    expected: (table) => [{ TableName: table, CapacityUnits: 3 }],
    local: 'same',
  },
  {
    label: 'ExecuteStatement SELECT of one 4,097-byte item, consistent: 2',
    run: async (db, table) => {
      await db.putItem({ TableName: table, Item: sized('p', 4097) });
      return (
        await db.executeStatement({
          Statement: `SELECT * FROM "${table}" WHERE pk = 'p' AND sk = 0`,
          ConsistentRead: true,
          ReturnConsumedCapacity: 'TOTAL',
        })
      ).ConsumedCapacity;
    },
    expected: (table) => ({ TableName: table, CapacityUnits: 2 }),
    local: { differs: 'DynamoDB Local returns no ConsumedCapacity for ExecuteStatement' },
  },
];

describe('ConsumedCapacity through the SDK', () => {
  it.each(CASES)('$label', async (entry) => {
    const results: Record<string, Capacity> = {};
    for (const side of [sides.engine, sides.local]) {
      const table = uniqueTableName('capacity');
      await createTable(side.db, table);
      results[side.name] = await entry.run(side.db, table);
      const expected = entry.expected(table);
      if (side === sides.engine || entry.local === 'same') expect(results[side.name], side.name).toEqual(expected);
      else expect(results[side.name], `${side.name} (differs: ${entry.local.differs})`).not.toEqual(expected);
      await side.db.deleteTable({ TableName: table });
    }
  });
});
