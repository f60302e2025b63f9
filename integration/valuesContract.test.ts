/**
 * Values and key schemas compared with the real DynamoDB Local (issue 35:
 * "Serialization vs validation", "Key schema messages"): bad numbers and
 * AttributeValues with two types or none on every path a value takes into a
 * request, unsupported key conditions on a GSI, ExclusiveStartKeys that do not
 * match an index, duplicate names at CreateTable. Equal answers are checked
 * as equal; where DynamoDB Local differs, both answers are asserted and the
 * engine's is DynamoDB's (architect/dynalite's recordings; README "Where
 * DynamoDB Local differs").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../src/engine';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../src/server';
import { Contract } from './contract/contract';
import { N, S, tableSpec } from './contract/fixtures';
import { createDynamoDBLocalSide, createSdkClient, type Side } from './contract/sides';

let endpoint: RunningDynamoDBEndpoint;
let engineSide: Side;
let localSide: Side;
let contract: Contract;

const values = tableSpec(
  'vvValues',
  [
    ['pk', 'S'],
    ['sk', 'N'],
  ],
  { gsis: [{ name: 'byG', keys: [['g', 'S']], projection: { ProjectionType: 'ALL' } }] },
);

beforeAll(async () => {
  // The engine behind its own endpoint, so raw requests (bodies no SDK sends) reach both sides too.
  endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
  const client = createSdkClient(endpoint.url);
  engineSide = { name: 'engine endpoint', db: client, streams: undefined as never, close: () => Promise.resolve(client.destroy()) };
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
  await contract.sameResult(`CreateTable ${values.name}`, (db) => db.createTable(values.input));
});

afterAll(async () => {
  await contract?.onBoth((db) => db.deleteTable({ TableName: values.name }).then(() => undefined)).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
  await endpoint?.stop();
});

/** Paths a value takes into a request, each around one value `v` standing as the sort key `sk`. */
const PATHS: [string, (v: { N: string }) => (db: DynamoDBDataSource) => Promise<unknown>][] = [
  ['PutItem Item', (v) => (db) => db.putItem({ TableName: values.name, Item: { pk: S('a'), sk: v } })],
  ['GetItem Key', (v) => (db) => db.getItem({ TableName: values.name, Key: { pk: S('a'), sk: v } })],
  ['DeleteItem Key', (v) => (db) => db.deleteItem({ TableName: values.name, Key: { pk: S('a'), sk: v } })],
  ['BatchWriteItem PutRequest', (v) => (db) => db.batchWriteItem({ RequestItems: { [values.name]: [{ PutRequest: { Item: { pk: S('a'), sk: v } } }] } })],
  ['BatchGetItem Key', (v) => (db) => db.batchGetItem({ RequestItems: { [values.name]: { Keys: [{ pk: S('a'), sk: v }] } } })],
  ['TransactWriteItems Put', (v) => (db) => db.transactWriteItems({ TransactItems: [{ Put: { TableName: values.name, Item: { pk: S('a'), sk: v } } }] })],
  ['TransactGetItems Key', (v) => (db) => db.transactGetItems({ TransactItems: [{ Get: { TableName: values.name, Key: { pk: S('a'), sk: v } } }] })],
];

describe('numbers that are not numbers', () => {
  // DynamoDB Local words these its own way (DEFAULT_NORMALIZERS' "number not a number"); the engine's words are DynamoDB's
  // (src/server/endpoint/dynamodbEndpoint.values.test.ts checks them).
  it.each(
    PATHS.flatMap(([path, scenario]) => [{ N: '' }, { N: 'x1' }].map((value) => ({ label: `${JSON.stringify(value)} in ${path}`, run: scenario(value) }))),
  )('$label: the same ValidationException', async ({ label, run }) => {
    expect(await contract.sameError(label, run)).toMatchObject({ name: 'ValidationException' });
  });
});

/** One raw request to an endpoint: its HTTP status and the error's short name and message (DynamoDB Local writes `Message`). */
async function rawError(url: string, operation: string, body: unknown): Promise<{ status: number; name: string; message: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': `DynamoDB_20120810.${operation}`,
      Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
      'X-Amz-Date': '20250101T000000Z',
    },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json()) as { __type?: string; message?: string; Message?: string };
  return { status: response.status, name: String(parsed.__type).split('#')[1] ?? '', message: parsed.message ?? parsed.Message ?? '' };
}

describe('AttributeValues with two types or none (bodies no SDK sends)', () => {
  const TWO = 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes';
  const NONE = 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes';
  it.each([
    ['no type in a BatchGetItem Key', 'BatchGetItem', { RequestItems: { vvValues: { Keys: [{ pk: {}, sk: { N: '1' } }] } } }, NONE],
    [
      'two types in a TransactWriteItems Put',
      'TransactWriteItems',
      { TransactItems: [{ Put: { TableName: 'vvValues', Item: { pk: { S: 'a', B: 'AA==' }, sk: { N: '1' } } } }] },
      TWO,
    ],
  ])('%s: the same ValidationException', async (_label, operation, body, message) => {
    const engine = await rawError(endpoint.url, operation, body);
    const local = await rawError(inject('dynamodbLocalEndpoint'), operation, body);
    expect(engine).toEqual({ status: 400, name: 'ValidationException', message });
    expect(local).toEqual(engine);
  });

  // Where DynamoDB Local differs: for PutItem and GetItem it answers `Cannot do operations on a non-existent table`
  // (ResourceNotFoundException) to these bodies although the table exists; DynamoDB checks the values first (dynalite's recordings).
  it.each([
    ['two types in an Item', 'PutItem', { TableName: 'vvValues', Item: { pk: { S: 'a', N: '1' }, sk: { N: '1' } } }, TWO],
    ['no type in an Item', 'PutItem', { TableName: 'vvValues', Item: { pk: {}, sk: { N: '1' } } }, NONE],
    ['two types in a Key', 'GetItem', { TableName: 'vvValues', Key: { pk: { S: 'a' }, sk: { N: '1', S: '1' } } }, TWO],
  ])("%s: DynamoDB's ValidationException (DynamoDB Local: ResourceNotFoundException)", async (_label, operation, body, message) => {
    expect(await rawError(endpoint.url, operation, body)).toEqual({ status: 400, name: 'ValidationException', message });
    expect(await rawError(inject('dynamodbLocalEndpoint'), operation, body)).toMatchObject({ status: 400, name: 'ResourceNotFoundException' });
  });
});

describe('key schema messages', () => {
  const onG = (extra: object) => (db: DynamoDBDataSource) =>
    db.query({ TableName: values.name, IndexName: 'byG', ExpressionAttributeValues: { ':v': S('a') }, ...extra } as never);

  it.each(['begins_with(g, :v)', 'g < :v', 'g = :v AND pk = :v'])('a GSI Query with %s: the same Query key condition not supported', async (condition) => {
    const error = await contract.sameError(condition, onG({ KeyConditionExpression: condition }));
    expect(error.message).toBe('Query key condition not supported');
  });

  // DynamoDB Local words both its own way (DEFAULT_NORMALIZERS); the engine's messages are DynamoDB's (dynamodbEndpoint.values.test.ts).
  it('an ExclusiveStartKey that does not match a GSI: the same ValidationException', async () => {
    // The index part is right; the table's sort key is a string where the table has a number.
    await contract.sameError(
      'table key of the wrong type',
      onG({ KeyConditionExpression: 'g = :v', ExclusiveStartKey: { pk: S('a'), sk: S('1'), g: S('a') } }),
    );
    // Only the table key.
    await contract.sameError('only the table key', onG({ KeyConditionExpression: 'g = :v', ExclusiveStartKey: { pk: S('a'), sk: N(1) } }));
  });

  it('CreateTable with one attribute as HASH and RANGE, or defined twice: the same ValidationException', async () => {
    const create = (input: object) => (db: DynamoDBDataSource) => db.createTable({ TableName: 'vvDup', BillingMode: 'PAY_PER_REQUEST', ...input } as never);
    await contract.sameError(
      'HASH and RANGE on one attribute',
      create({
        KeySchema: [
          { AttributeName: 'a', KeyType: 'HASH' },
          { AttributeName: 'a', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [{ AttributeName: 'a', AttributeType: 'S' }],
      }),
    );
    await contract.sameError(
      'one attribute defined twice',
      create({
        KeySchema: [{ AttributeName: 'a', KeyType: 'HASH' }],
        AttributeDefinitions: [
          { AttributeName: 'a', AttributeType: 'S' },
          { AttributeName: 'a', AttributeType: 'N' },
        ],
      }),
    );
  });
});
