/**
 * Request validation compared with the real DynamoDB Local: required
 * members, several constraint violations in one request, Limit 0, CreateTable
 * key schemas, and ReturnItemCollectionMetrics. Where DynamoDB Local answers
 * differently from DynamoDB, the engine follows DynamoDB (its messages as
 * architect/dynalite recorded them against live DynamoDB; the API reference),
 * and each case asserts both answers (README "Where DynamoDB Local differs").
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBDataSource } from '../src/engine';
import { Contract } from './contract/contract';
import { N, S, tableSpec } from './contract/fixtures';
import type { Comparison, Normalizer } from './contract/normalize';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './contract/sides';

let engineSide: Side;
let localSide: Side;
let contract: Contract;

const scores = tableSpec(
  'vcScores',
  [
    ['pk', 'S'],
    ['sk', 'N'],
  ],
  {
    lsis: [
      {
        name: 'byRank',
        keys: [
          ['pk', 'S'],
          ['rank', 'N'],
        ],
      },
    ],
  },
);
const plain = tableSpec('vcPlain', [['id', 'S']]);

beforeAll(async () => {
  engineSide = await startEngineSide();
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
  for (const spec of [scores, plain]) await contract.sameResult(`CreateTable ${spec.name}`, (db) => db.createTable(spec.input));
});

afterAll(async () => {
  for (const spec of [scores, plain]) await contract?.onBoth((db) => db.deleteTable({ TableName: spec.name }).then(() => undefined)).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
});

/**
 * DynamoDB reports every violated member constraint, counted (`2 validation
 * errors detected: …; …`); DynamoDB Local reports the first one alone,
 * uncounted. Equal when Local's message is the engine's first.
 */
const firstConstraintOnly: Normalizer = (comparison: Comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || engine.name !== local.name) return comparison;
  const match = /^\d+ validation errors? detected: (.*)$/.exec(engine.message);
  const first = match?.[1]?.split('; ')[0];
  if (first === undefined || first !== local.message) return comparison;
  return { ...comparison, local: engine };
};

/** DynamoDB's `Value '0' at 'limit' failed to satisfy constraint: …` (Query: `Value at 'Limit' …`); DynamoDB Local says `Limit must be greater than or equal to 1`. */
const localLimitMessage: Normalizer = (comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || local.message !== 'Limit must be greater than or equal to 1') return comparison;
  return /^\d+ validation errors? detected: Value ('-?\d+' at 'limit'|at 'Limit') failed to satisfy constraint: Member must have value greater than or equal to 1(;|$)/.test(
    engine.message,
  )
    ? { ...comparison, local: engine }
    : comparison;
};

describe('member constraints', () => {
  const sameError = (label: string, run: (db: DynamoDBDataSource) => Promise<unknown>) =>
    contract.sameError(label, run, firstConstraintOnly, localLimitMessage);

  it('names a missing required member', async () => {
    const untyped = (db: DynamoDBDataSource) => db as unknown as Record<string, (input: object) => Promise<unknown>>;
    for (const operation of ['putItem', 'getItem', 'deleteItem', 'updateItem', 'query', 'scan', 'describeTable', 'deleteTable'] as const) {
      await sameError(`${operation} without TableName`, (db) => (untyped(db)[operation] as (input: object) => Promise<unknown>)({}));
    }
    const noItem = await contract.compare((db) => db.putItem({ TableName: plain.name } as never));
    expect(noItem.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: "1 validation error detected: Value null at 'item' failed to satisfy constraint: Member must not be null",
    });
    expect(noItem.local).toEqual({ ok: false, name: 'ValidationException', message: 'Item to put in PutItem cannot be null' });
  });

  it('reports several violations together, in DynamoDB order', async () => {
    // DynamoDB Local answers any invalid table name with its own message, so these cases use valid names.
    await sameError('Scan: Limit, Segment, then TotalSegments', (db) => db.scan({ TableName: scores.name, Limit: -1, Segment: -1, TotalSegments: 0 }));
    const putEnums = await contract.compare((db) =>
      db.putItem({ TableName: plain.name, Item: { id: S('a') }, ReturnValues: 'FOO' as never, ReturnConsumedCapacity: 'BAR' as never }),
    );
    expect(putEnums.engine).toMatchObject({
      message:
        "2 validation errors detected: Value 'BAR' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'FOO' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
    });
    expect(putEnums.local).toMatchObject({ message: 'Return values set to invalid value' });
    await sameError('GetItem: TableName and Key', (db) => db.getItem({} as never));
    const engineOnly = await contract.compare((db) => db.query({ TableName: 'a;', Limit: 0, KeyConditionExpression: 'pk = :p' }));
    expect(engineOnly.engine).toMatchObject({
      message:
        "3 validation errors detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1; Value 'a;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'a;' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
    });
    expect(engineOnly.local).toMatchObject({ name: 'ValidationException', message: expect.stringMatching(/^Invalid table\/index name\./) });
  });

  it('refuses Limit 0 on Query and Scan', async () => {
    await sameError('Query Limit 0', (db) =>
      db.query({ TableName: scores.name, Limit: 0, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('a') } }),
    );
    await sameError('Scan Limit 0', (db) => db.scan({ TableName: scores.name, Limit: 0 }));
  });
});

describe('batch limits and the order of checks', () => {
  const plainKeys = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ id: S(`k${from + i}`) }));
  const scoreKeys = (count: number) => Array.from({ length: count }, (_, i) => ({ pk: S('p'), sk: N(i) }));

  it('refuses a PutRequest whose table key has the wrong type (DynamoDB: does not match the schema; DynamoDB Local: Type mismatch for key)', async () => {
    // A non-scalar key (a list) is the same message on DynamoDB (src/server/endpoint/dynamodbEndpoint.keyErrors.test.ts);
    // DynamoDB Local says `Invalid attribute value type` there.
    const error = await contract.sameError('BatchWriteItem PutRequest with a number for its string key', (db) =>
      db.batchWriteItem({ RequestItems: { [plain.name]: [{ PutRequest: { Item: { id: N(5) } } }] } }),
    );
    // The known difference applies only where the engine said exactly `The provided key element does not match the schema`.
    expect(error).toMatchObject({ name: 'ValidationException', message: expect.stringContaining('known difference: a Key parameter of the wrong type') });
  });

  it('refuses more than 100 keys or 25 writes summed over tables (DynamoDB Local agrees)', async () => {
    await contract.sameError('BatchGetItem: 100 + 1 keys over two tables', (db) =>
      db.batchGetItem({ RequestItems: { [plain.name]: { Keys: plainKeys(100) }, [scores.name]: { Keys: scoreKeys(1) } } }),
    );
    await contract.sameError('BatchWriteItem: 13 + 13 writes over two tables', (db) =>
      db.batchWriteItem({
        RequestItems: {
          [plain.name]: plainKeys(13).map((Item) => ({ PutRequest: { Item } })),
          [scores.name]: scoreKeys(13).map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );
  });

  // DynamoDB checks what needs no table before it looks the table up (architect/dynalite's recordings);
  // DynamoDB Local looks the table up first: `Cannot do operations on a non-existent table`.
  it.each([
    [
      'BETWEEN bounds of two types',
      { KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', ExpressionAttributeValues: { ':p': S('a'), ':a': S('x'), ':b': N(1) } },
      'Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {S:x}, upper bound operand: AttributeValue: {N:1}',
    ],
    [
      'an empty ProjectionExpression',
      { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('a') }, ProjectionExpression: '' },
      'Invalid ProjectionExpression: The expression can not be empty;',
    ],
  ])('Query with %s on a missing table: ValidationException (DynamoDB Local: ResourceNotFoundException)', async (_, request, message) => {
    const { engine, local } = await contract.compare((db) => db.query({ TableName: 'vcMissing', ...request }));
    expect(engine).toEqual({ ok: false, name: 'ValidationException', message });
    expect(local).toMatchObject({ ok: false, name: 'ResourceNotFoundException' });
  });
});

describe('CreateTable key schemas (DynamoDB messages; DynamoDB Local words them differently)', () => {
  const table = (KeySchema: CreateTableCommandInput['KeySchema'], names: string[]): CreateTableCommandInput => ({
    TableName: 'vcKeySchema',
    KeySchema,
    AttributeDefinitions: names.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    BillingMode: 'PAY_PER_REQUEST',
  });
  it.each([
    [
      'the same attribute twice',
      table(
        [
          { AttributeName: 'a', KeyType: 'HASH' },
          { AttributeName: 'a', KeyType: 'RANGE' },
        ],
        ['a'],
      ),
      'Invalid KeySchema: Some index key attribute have no definition',
      'Two keys can not have the same name',
    ],
    [
      'two HASH elements',
      table(
        [
          { AttributeName: 'a', KeyType: 'HASH' },
          { AttributeName: 'b', KeyType: 'HASH' },
        ],
        ['a', 'b'],
      ),
      'Invalid KeySchema: The second KeySchemaElement is not a RANGE key type',
      'Too many hash keys specified.  All Dynamo DB tables must have exactly one hash key',
    ],
    [
      'three elements',
      table(
        [
          { AttributeName: 'a', KeyType: 'HASH' },
          { AttributeName: 'b', KeyType: 'RANGE' },
          { AttributeName: 'c', KeyType: 'RANGE' },
        ],
        ['a', 'b', 'c'],
      ),
      "1 validation error detected: Value '[KeySchemaElement(attributeName=a, keyType=HASH), KeySchemaElement(attributeName=b, keyType=RANGE), " +
        "KeySchemaElement(attributeName=c, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
      'Key Schema too big.  Key Schema must at most consist of the hash and range key of a table',
    ],
    [
      'RANGE first',
      table(
        [
          { AttributeName: 'b', KeyType: 'RANGE' },
          { AttributeName: 'a', KeyType: 'HASH' },
        ],
        ['a', 'b'],
      ),
      'Invalid KeySchema: The first KeySchemaElement is not a HASH key type',
      'Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second',
    ],
  ])('%s', async (_, input, engineMessage, localMessage) => {
    const { engine, local } = await contract.compare((db) => db.createTable(input));
    // contract/normalize.ts createTableMessages already maps some of DynamoDB Local's wordings to a shared label.
    if (!engine.ok && !local.ok && engine.message === local.message) expect(engine.message).toContain(localMessage);
    else {
      expect(engine).toEqual({ ok: false, name: 'ValidationException', message: engineMessage });
      expect(local).toEqual({ ok: false, name: 'ValidationException', message: localMessage });
    }
  });
});

describe('ReturnItemCollectionMetrics', () => {
  it('SIZE returns the item collection of a table with an LSI (DynamoDB Local returns none)', async () => {
    const metrics = { ItemCollectionKey: { pk: S('p1') }, SizeEstimateRangeGB: [0, 1] };
    const writes: [string, (db: DynamoDBDataSource) => Promise<unknown>][] = [
      ['PutItem', (db) => db.putItem({ TableName: scores.name, Item: { pk: S('p1'), sk: N(1), rank: N(3) }, ReturnItemCollectionMetrics: 'SIZE' })],
      [
        'UpdateItem',
        (db) =>
          db.updateItem({
            TableName: scores.name,
            Key: { pk: S('p1'), sk: N(1) },
            UpdateExpression: 'SET #r = :r',
            ExpressionAttributeNames: { '#r': 'rank' },
            ExpressionAttributeValues: { ':r': N(4) },
            ReturnItemCollectionMetrics: 'SIZE',
          }),
      ],
      ['DeleteItem', (db) => db.deleteItem({ TableName: scores.name, Key: { pk: S('p1'), sk: N(1) }, ReturnItemCollectionMetrics: 'SIZE' })],
    ];
    for (const [label, write] of writes) {
      const comparison = await contract.compare(write);
      expect(comparison.engine, label).toEqual({ ok: true, value: { ItemCollectionMetrics: metrics } });
      expect(comparison.local, label).toEqual({ ok: true, value: {} });
    }
    const batch = await contract.compare((db) =>
      db.batchWriteItem({
        RequestItems: {
          [scores.name]: [{ PutRequest: { Item: { pk: S('p1'), sk: N(2) } } }, { PutRequest: { Item: { pk: S('p2'), sk: N(2) } } }],
          [plain.name]: [{ PutRequest: { Item: { id: S('x') } } }],
        },
        ReturnItemCollectionMetrics: 'SIZE',
      }),
    );
    expect(batch.engine).toEqual({
      ok: true,
      value: { UnprocessedItems: {}, ItemCollectionMetrics: { [scores.name]: [metrics, { ...metrics, ItemCollectionKey: { pk: S('p2') } }] } },
    });
    expect(batch.local).toEqual({ ok: true, value: { UnprocessedItems: {} } });
  });

  it('returns nothing without SIZE, on a table without LSIs, or when nothing was written', async () => {
    await contract.sameResult('NONE', (db) => db.putItem({ TableName: scores.name, Item: { pk: S('p3'), sk: N(1) }, ReturnItemCollectionMetrics: 'NONE' }));
    await contract.sameResult('no LSI', (db) => db.putItem({ TableName: plain.name, Item: { id: S('y') }, ReturnItemCollectionMetrics: 'SIZE' }));
    await contract.sameError('a failed condition', (db) =>
      db.putItem({
        TableName: scores.name,
        Item: { pk: S('p3'), sk: N(1) },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnItemCollectionMetrics: 'SIZE',
      }),
    );
  });
});
