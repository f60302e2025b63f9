import type { WriteRequest } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEngine, expectError, N, S, tableInput } from './engine.fixtures';
import type { LocalDynamoDB } from './localDynamoDB.types';

/*
 * BatchWriteItem and BatchGetItem. Messages verified on DynamoDB Local 3.3.1 unless noted.
 * DynamoDB Local differs: "Cannot do operations on a non-existent table" for a missing table,
 * "BatchGetItem must have some requests set" for empty RequestItems (DynamoDB: a constraint error),
 * "One of the required keys was not given a value" / "The number of conditions on the keys is invalid"
 * for bad keys (DynamoDB: the PutItem / Key messages), and capacity figures that count a delete of a
 * missing item as 2 units.
 */

const T = 'Batch';
let db: LocalDynamoDB;

beforeEach(async () => {
  db = createEngine();
  await db.createTable(
    tableInput(T, [
      ['pk', 'S'],
      ['sk', 'N'],
    ]),
  );
  await db.createTable(tableInput('Other', [['id', 'S']]));
});

const put = (pk: string, sk: number, extra = {}): WriteRequest => ({ PutRequest: { Item: { pk: S(pk), sk: N(sk), ...extra } } });
const del = (pk: string, sk: number): WriteRequest => ({ DeleteRequest: { Key: { pk: S(pk), sk: N(sk) } } });

describe('BatchWriteItem', () => {
  it('writes puts and deletes over several tables and leaves nothing unprocessed', async () => {
    await db.putItem({ TableName: T, Item: { pk: S('a'), sk: N(9) } });
    const output = await db.batchWriteItem({
      RequestItems: { [T]: [put('a', 1), put('a', 2, { x: S('x') }), del('a', 9), del('zz', 1)], Other: [{ PutRequest: { Item: { id: S('o') } } }] },
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(output.UnprocessedItems).toEqual({});
    expect(output.ConsumedCapacity).toEqual([
      { TableName: T, CapacityUnits: 4 },
      { TableName: 'Other', CapacityUnits: 1 },
    ]);
    const { Items } = await db.query({ TableName: T, KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': S('a') } });
    expect(Items).toEqual([
      { pk: S('a'), sk: N(1) },
      { pk: S('a'), sk: N(2), x: S('x') },
    ]);
    expect((await db.getItem({ TableName: 'Other', Key: { id: S('o') } })).Item).toEqual({ id: S('o') });
  });

  it.each([
    ['a put and a delete of one key', [put('a', 1), del('a', 1)], 'Provided list of item keys contains duplicates'],
    ['one key written as 1 and 1.0', [put('a', 1), { PutRequest: { Item: { pk: S('a'), sk: N('1.0') } } }], 'Provided list of item keys contains duplicates'],
    // One table's list over 25 (or empty) breaks the map-value constraint (architect/dynalite's recordings); 26 over several tables is counted below.
    [
      '26 requests',
      Array.from({ length: 26 }, (_, i) => put('a', i)),
      new RegExp(
        `^1 validation error detected: Value '\\{${T}=\\[.+\\]\\}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: \\[Member must have length less than or equal to 25, Member must have length greater than or equal to 1\\]$`,
      ),
    ],
    [
      'an empty list',
      [],
      `1 validation error detected: Value '{${T}=[]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]`,
    ],
    [
      'a request with both members',
      [{ PutRequest: { Item: { pk: S('a'), sk: N(1) } }, DeleteRequest: { Key: { pk: S('a'), sk: N(1) } } }],
      'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes',
    ],
    ['a request with neither member', [{}], 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes'],
    ['an item without its sort key', [{ PutRequest: { Item: { pk: S('a') } } }], 'One or more parameter values were invalid: Missing the key sk in the item'],
    ['a delete key without its sort key', [{ DeleteRequest: { Key: { pk: S('a') } } }], 'The provided key element does not match the schema'],
    ['an item over 400 KB', [put('a', 1, { big: S('x'.repeat(409_600)) })], 'Item size has exceeded the maximum allowed size'],
  ] as [string, WriteRequest[], string | RegExp][])('refuses %s, writing nothing', async (_, requests, message) => {
    await expectError(db.batchWriteItem({ RequestItems: { [T]: requests } }), 'ValidationException', message);
    expect((await db.scan({ TableName: T })).Count).toBe(0);
  });

  it('counts the 25-request limit over all tables', async () => {
    const requests = Array.from({ length: 13 }, (_, i) => put('a', i));
    const others = Array.from({ length: 13 }, (_, i) => ({ PutRequest: { Item: { id: S(`o${i}`) } } }));
    await expectError(
      db.batchWriteItem({ RequestItems: { [T]: requests, Other: others } }),
      'ValidationException',
      'Too many items requested for the BatchWriteItem call',
    );
  });

  it('refuses a missing table and empty RequestItems', async () => {
    await expectError(db.batchWriteItem({ RequestItems: { Nope: [put('a', 1)] } }), 'ResourceNotFoundException', 'Requested resource not found');
    await expectError(db.batchWriteItem({ RequestItems: {} }), 'ValidationException', 'The requestItems parameter is required for BatchWriteItem');
  });
});

describe('BatchGetItem', () => {
  beforeEach(async () => {
    await db.batchWriteItem({
      RequestItems: { [T]: [put('a', 1, { x: S('x1') }), put('a', 2, { x: S('x2') })], Other: [{ PutRequest: { Item: { id: S('o') } } }] },
    });
  });

  it('returns the items found per table, with projections, and charges each key as a GetItem', async () => {
    const output = await db.batchGetItem({
      RequestItems: {
        [T]: {
          Keys: [
            { pk: S('a'), sk: N(2) },
            { pk: S('a'), sk: N(1) },
            { pk: S('zz'), sk: N(1) },
          ],
          ProjectionExpression: 'sk, x',
        },
        Other: { Keys: [{ id: S('none') }], ConsistentRead: true },
      },
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(output.Responses).toEqual({
      [T]: [
        { sk: N(2), x: S('x2') },
        { sk: N(1), x: S('x1') },
      ],
      Other: [],
    });
    expect(output.UnprocessedKeys).toEqual({});
    // DynamoDB Local charges 1 unit for T (the missing key free); each key is its own GetItem here.
    expect(output.ConsumedCapacity).toEqual([
      { TableName: T, CapacityUnits: 1.5 },
      { TableName: 'Other', CapacityUnits: 1 },
    ]);
  });

  it.each([
    [
      {
        [T]: {
          Keys: [
            { pk: S('a'), sk: N(1) },
            { pk: S('a'), sk: N('1e0') },
          ],
        },
      },
      'ValidationException',
      'Provided list of item keys contains duplicates',
    ],
    [
      { [T]: { Keys: Array.from({ length: 101 }, (_, i) => ({ pk: S('a'), sk: N(i) })) } },
      'ValidationException',
      `1 validation error detected: Value at 'RequestItems.${T}.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100`,
    ],
    [{ [T]: { Keys: [{ pk: S('a') }] } }, 'ValidationException', 'The provided key element does not match the schema'],
    [
      { [T]: { Keys: [] } },
      'ValidationException',
      `1 validation error detected: Value '[]' at 'requestItems.${T}.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1`,
    ],
    [{ Nope: { Keys: [{ id: S('a') }] } }, 'ResourceNotFoundException', 'Requested resource not found'],
  ])('refuses %j', async (RequestItems, name, message) => {
    await expectError(db.batchGetItem({ RequestItems }), name, message);
  });
});
