import type { AttributeValue, DynamoDB } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../src/engine';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { tableWithLsiAndGsi } from './fixtures/tables';

/*
 * A smoke test of the built-in engine against DynamoDB Local: the same handful of operations on both,
 * outputs compared (without $metadata). The full contract suite is a later step; this covers the
 * cases where DynamoDB Local and DynamoDB agree. Known differences are listed in src/engine/*.test.ts.
 */

type Item = Record<string, AttributeValue>;

let local: DynamoDB;
const engine = createLocalDynamoDB();
const sides: [string, () => DynamoDBDataSource][] = [
  ['engine', () => engine],
  ['DynamoDB Local', () => local],
];

beforeAll(() => {
  local = createDynamoDBLocalClient();
});
afterAll(() => local.destroy());

/** Runs `scenario` on both sides and returns both results (errors as { error: name, message }). */
async function onBoth<T>(scenario: (db: DynamoDBDataSource) => Promise<T>): Promise<[unknown, unknown]> {
  const results: unknown[] = [];
  for (const [, get] of sides) {
    try {
      results.push(strip(await scenario(get())));
    } catch (error) {
      results.push({ error: (error as Error).name, message: (error as Error).message });
    }
  }
  return results as [unknown, unknown];
}

/** Drops $metadata; keeps the rest for comparison. */
function strip(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)) {
    const { $metadata: _metadata, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  return value;
}

const T = uniqueTableName('engineSmoke');
const SORT_KEYS = ['9', '10', '240', '1500', 'z', 'Z', 'ä', '€', '\uFFFF', '𝄞', '#', 'a#b', 'ab'];

describe('the engine and DynamoDB Local agree', () => {
  beforeAll(async () => {
    for (const [, get] of sides) {
      const db = get();
      await db.createTable(tableWithLsiAndGsi(T));
      for (const [i, sk] of SORT_KEYS.entries()) {
        const item: Item = { pk: { S: 'p' }, sk: { S: sk }, l: { N: String((i * 7) % 13) }, x: { S: `x${i}` }, y: { N: `${i}.50` } };
        if (i % 3 !== 0) item.g = { S: i % 2 ? 'odd' : 'even' };
        await db.putItem({ TableName: T, Item: item });
      }
    }
  });

  it('Query returns a partition in UTF-8 byte order, both directions, with Limit, filter and LastEvaluatedKey', async () => {
    for (const ScanIndexForward of [true, false]) {
      const [engineResult, localResult] = await onBoth((db) =>
        db.query({ TableName: T, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } }, ScanIndexForward }),
      );
      expect(engineResult).toEqual(localResult);
    }
    const [a, b] = await onBoth((db) =>
      db.query({
        TableName: T,
        KeyConditionExpression: 'pk = :p AND sk BETWEEN :lo AND :hi',
        FilterExpression: 'y > :y',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':lo': { S: '10' }, ':hi': { S: 'ä' }, ':y': { N: '3' } },
        Limit: 4,
      }),
    );
    expect(a).toEqual(b);
    // 10, 1500, 240, 9 are read (byte order); the filter keeps those with y > 3.
    expect(a).toMatchObject({ ScannedCount: 4, LastEvaluatedKey: { pk: { S: 'p' }, sk: { S: '9' } } });
  });

  it('pages an LSI and a GSI with the same LastEvaluatedKeys', async () => {
    const [lsiEngine, lsiLocal] = await onBoth((db) =>
      db.query({
        TableName: T,
        IndexName: 'lsi',
        KeyConditionExpression: 'pk = :p AND l >= :l',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':l': { N: '3' } },
        Limit: 3,
      }),
    );
    expect(lsiEngine).toEqual(lsiLocal);
    const [gsiEngine, gsiLocal] = await onBoth((db) =>
      db.query({
        TableName: T,
        IndexName: 'gsi',
        KeyConditionExpression: 'g = :g',
        ExpressionAttributeValues: { ':g': { S: 'odd' } },
        Limit: 2,
        ScanIndexForward: false,
      }),
    );
    expect(gsiEngine).toEqual(gsiLocal);
  });

  it('GetItem projects, UpdateItem returns values, numbers are normalised', async () => {
    const key = { pk: { S: 'p' }, sk: { S: '𝄞' } };
    const [got, gotLocal] = await onBoth((db) => db.getItem({ TableName: T, Key: key, ProjectionExpression: 'x, y, nope' }));
    expect(got).toEqual(gotLocal);
    const [updated, updatedLocal] = await onBoth((db) =>
      db.updateItem({
        TableName: T,
        Key: { pk: { S: 'u' }, sk: { S: 'u' } },
        UpdateExpression: 'SET n = :n, m = :m ADD c :one',
        ExpressionAttributeValues: { ':n': { N: '15' }, ':m': { M: { a: { L: [{ N: '1' }] } } }, ':one': { N: '1' } },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(updated).toEqual(updatedLocal);
    // DynamoDB Local stores a number written by UpdateItem's SET as spelled (001.50e1 stays 001.50e1,
    // though PutItem's 1E2 reads back 100); DynamoDB stores numbers normalised, and so does the engine.
    const { Attributes } = await engine.updateItem({
      TableName: T,
      Key: { pk: { S: 'u' }, sk: { S: 'u' } },
      UpdateExpression: 'SET n = :n',
      ExpressionAttributeValues: { ':n': { N: '001.50e1' } },
      ReturnValues: 'UPDATED_NEW',
    });
    expect(Attributes).toEqual({ n: { N: '15' } });
  });

  it('refuses the same requests with the same errors', async () => {
    const cases: ((db: DynamoDBDataSource) => Promise<unknown>)[] = [
      (db) => db.putItem({ TableName: T, Item: { pk: { S: 'p' }, sk: { S: '9' } }, ConditionExpression: 'attribute_not_exists(pk)' }),
      (db) =>
        db.query({
          TableName: T,
          KeyConditionExpression: 'pk = :p',
          FilterExpression: 'sk = :s',
          ExpressionAttributeValues: { ':p': { S: 'p' }, ':s': { S: '9' } },
        }),
      (db) =>
        db.query({ TableName: T, IndexName: 'gsi', ConsistentRead: true, KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': { S: 'odd' } } }),
      (db) =>
        db.batchWriteItem({
          RequestItems: { [T]: [{ PutRequest: { Item: { pk: { S: 'd' }, sk: { S: 'd' } } } }, { DeleteRequest: { Key: { pk: { S: 'd' }, sk: { S: 'd' } } } }] },
        }),
      (db) =>
        db.updateItem({
          TableName: T,
          Key: { pk: { S: 'p' }, sk: { S: '9' } },
          UpdateExpression: 'SET sk = :v',
          ExpressionAttributeValues: { ':v': { S: 'w' } },
        }),
      (db) => db.putItem({ TableName: T, Item: { pk: { S: '' }, sk: { S: 'x' } } }),
    ];
    for (const scenario of cases) {
      const [engineResult, localResult] = await onBoth(scenario);
      expect(engineResult).toHaveProperty('error');
      expect(engineResult).toEqual(localResult);
    }
  });

  it('BatchWriteItem and BatchGetItem, then Scan (compared as sets: Scan order is internal)', async () => {
    const [written, writtenLocal] = await onBoth((db) =>
      db.batchWriteItem({
        RequestItems: {
          [T]: [
            { PutRequest: { Item: { pk: { S: 'b' }, sk: { S: '1' }, v: { SS: ['a', 'b'] } } } },
            { PutRequest: { Item: { pk: { S: 'b' }, sk: { S: '2' }, v: { BOOL: true } } } },
            { DeleteRequest: { Key: { pk: { S: 'p' }, sk: { S: 'z' } } } },
          ],
        },
      }),
    );
    expect(written).toEqual(writtenLocal);
    const [read, readLocal] = await onBoth((db) =>
      db.batchGetItem({
        RequestItems: {
          [T]: {
            Keys: [
              { pk: { S: 'b' }, sk: { S: '2' } },
              { pk: { S: 'b' }, sk: { S: '1' } },
              { pk: { S: 'b' }, sk: { S: '3' } },
            ],
          },
        },
      }),
    );
    const bySk = (result: unknown) =>
      (((result as { Responses: Record<string, Item[]> }).Responses[T] ?? []) as Item[]).slice().sort((x, y) => ((x.sk?.S ?? '') < (y.sk?.S ?? '') ? -1 : 1));
    expect(bySk(read)).toEqual(bySk(readLocal));
    const [scanned, scannedLocal] = await onBoth((db) => db.scan({ TableName: T, Select: 'COUNT', FilterExpression: 'attribute_exists(x)' }));
    expect(scanned).toEqual(scannedLocal);
  });

  it('describes the table with the same keys, indexes and counts', async () => {
    const [described, describedLocal] = await onBoth((db) => db.describeTable({ TableName: T }));
    const pick = (result: unknown) => {
      const table = (result as { Table: Record<string, unknown> }).Table;
      const indexes = (table.LocalSecondaryIndexes as { IndexName: string; ItemCount: number; KeySchema: unknown }[]).map((index) => [
        index.IndexName,
        index.ItemCount,
        index.KeySchema,
      ]);
      return [table.TableName, table.KeySchema, table.AttributeDefinitions, table.ItemCount, table.TableSizeBytes, table.TableStatus, indexes];
    };
    expect(pick(described)).toEqual(pick(describedLocal));
  });
});
