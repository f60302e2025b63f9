import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { rejection, table, useTestEndpoint } from './endpointTestKit';

/*
 * Values, key schemas, transactions and tags over the wire, answered as real
 * DynamoDB answers (issue 35: "Serialization vs validation", "Key schema
 * messages", "TransactGetItems / TagResource / ListTagsOfResource"). Raw
 * requests where an SDK could never send the body; the SDK client where it
 * can. Sources of each message: architect/dynalite's tests (recorded against
 * live DynamoDB), ScyllaDB's alternator tests, and the conformance suite.
 */

const kit = useTestEndpoint();
const { call } = kit;

/** Table `Vals`: pk S, sk N; GSI `byG` (g S), LSI `byL` (pk, l S). */
const T = 'Vals';

beforeAll(async () => {
  await kit.client.createTable(
    table(T, {
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
        { AttributeName: 'g', AttributeType: 'S' },
        { AttributeName: 'l', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
      LocalSecondaryIndexes: [
        {
          IndexName: 'byL',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'l', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
});

/** The error an endpoint answer carries: its short name and message. */
async function errorOf(operation: string, body: unknown): Promise<{ status: number; name: string; message: string }> {
  const response = await call(operation, body);
  const parsed = JSON.parse(response.body) as { __type?: string; message?: string; Message?: string };
  return { status: response.status, name: String(parsed.__type).split('#')[1] ?? '', message: parsed.message ?? parsed.Message ?? '' };
}

const SERIALIZATION = 'SerializationException';
const VALIDATION = 'ValidationException';
const TWO_TYPES = 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes';
const NO_TYPE = 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes';
const NOT_A_NUMBER = 'The parameter cannot be converted to a numeric value';

describe('serialization vs validation: a value of the wrong JSON type is a SerializationException, a wrong AttributeValue a ValidationException', () => {
  /** Each path a value can take into a request, as a body built around one AttributeValue `v` (used as the table's sort key `sk`). */
  const PATHS: [string, string, (v: unknown) => object, string][] = [
    ['Item', 'PutItem', (v) => ({ TableName: T, Item: { pk: { S: 'a' }, sk: v } }), ''],
    ['Key', 'GetItem', (v) => ({ TableName: T, Key: { pk: { S: 'a' }, sk: v } }), ''],
    [
      'ExpressionAttributeValues',
      'Query',
      (v) => ({ TableName: T, KeyConditionExpression: 'pk = :p AND sk = :v', ExpressionAttributeValues: { ':p': { S: 'a' }, ':v': v } }),
      'eav',
    ],
    [
      'ExclusiveStartKey',
      'Query',
      (v) => ({
        TableName: T,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: 'a' } },
        ExclusiveStartKey: { pk: { S: 'a' }, sk: v },
      }),
      'esk',
    ],
    ['a TransactWriteItems Put', 'TransactWriteItems', (v) => ({ TransactItems: [{ Put: { TableName: T, Item: { pk: { S: 'a' }, sk: v } } }] }), ''],
    ['a TransactGetItems Key', 'TransactGetItems', (v) => ({ TransactItems: [{ Get: { TableName: T, Key: { pk: { S: 'a' }, sk: v } } }] }), ''],
    ['a BatchWriteItem PutRequest', 'BatchWriteItem', (v) => ({ RequestItems: { [T]: [{ PutRequest: { Item: { pk: { S: 'a' }, sk: v } } }] } }), ''],
    ['a BatchGetItem Key', 'BatchGetItem', (v) => ({ RequestItems: { [T]: { Keys: [{ pk: { S: 'a' }, sk: v }] } } }), ''],
  ];

  /** A value, the exception DynamoDB answers, and its message (before any prefix the path adds). */
  const VALUES: [string, unknown, string, string][] = [
    ['a number for S', { S: 5 }, SERIALIZATION, 'NUMBER_VALUE cannot be converted to String'],
    ['an object for N', { N: {} }, SERIALIZATION, 'Start of structure or map found where not expected'],
    ['a string for BOOL', { BOOL: 'true' }, SERIALIZATION, 'Unexpected token received from parser'],
    ['a number in SS', { SS: [1] }, SERIALIZATION, 'NUMBER_VALUE cannot be converted to String'],
    ['an object for L', { L: {} }, SERIALIZATION, 'Start of structure or map found where not expected'],
    ['a string for the AttributeValue', 'x', SERIALIZATION, 'Unexpected value type in payload'],
    ['two types', { S: 'a', N: '1' }, VALIDATION, TWO_TYPES],
    ['no type', {}, VALIDATION, NO_TYPE],
    ['an empty number', { N: '' }, VALIDATION, NOT_A_NUMBER],
    ['a bad number', { N: 'x1' }, VALIDATION, `${NOT_A_NUMBER}: x1`],
  ];

  const cases = PATHS.flatMap(([path, operation, body, wrap]) =>
    VALUES.map(([what, value, name, message]) => {
      let expected = message;
      if (name === VALIDATION && wrap === 'eav') expected = `ExpressionAttributeValues contains invalid value: ${message} for key :v`;
      if (name === VALIDATION && wrap === 'esk') expected = `The provided starting key is invalid: ${message}`;
      return { label: `${what} in ${path}`, operation, body: body(value), name, expected };
    }),
  );

  it.each(cases)('$label → $name', async ({ operation, body, name, expected }) => {
    expect(await errorOf(operation, body)).toEqual({ status: 400, name, message: expected });
  });

  it('checks values before the table exists: two types in a Key for a missing table is still the ValidationException', async () => {
    expect(await errorOf('GetItem', { TableName: 'NoSuchTable', Key: { pk: { S: 'a', N: '1' } } })).toEqual({
      status: 400,
      name: VALIDATION,
      message: TWO_TYPES,
    });
  });
});

describe('key schema messages', () => {
  const esk = (ExclusiveStartKey: object, IndexName?: string) => ({
    TableName: T,
    ...(IndexName ? { IndexName } : {}),
    KeyConditionExpression: IndexName === 'byG' ? 'g = :v' : 'pk = :v',
    ExpressionAttributeValues: { ':v': { S: 'a' } },
    ExclusiveStartKey,
  });
  const STARTING = 'The provided starting key is invalid';
  const MISMATCH = 'The provided key element does not match the schema';
  const pk = { S: 'a' };
  const sk = { N: '1' };

  // dynalite's query/scan tests and db/index.js (recorded against DynamoDB): the count first, then the index's keys, then the table's.
  it.each([
    ['table: the sort key missing', esk({ pk }), `${STARTING}: ${MISMATCH}`],
    ['table: an extra attribute', esk({ pk, sk, z: pk }), `${STARTING}: ${MISMATCH}`],
    ['table: the sort key of the wrong type', esk({ pk, sk: { S: '1' } }), `${STARTING}: ${MISMATCH}`],
    ['GSI: only the table key', esk({ pk, sk }, 'byG'), STARTING],
    ['GSI: the index key missing, another in its place', esk({ pk, sk, z: pk }, 'byG'), STARTING],
    ['GSI: the index key of the wrong type', esk({ pk, sk, g: sk }, 'byG'), MISMATCH],
    ['GSI: the table sort key of the wrong type', esk({ pk, sk: { S: '1' }, g: pk }, 'byG'), `${STARTING}: ${MISMATCH}`],
    ['GSI: the table sort key missing, another in its place', esk({ pk, z: sk, g: pk }, 'byG'), `${STARTING}: ${MISMATCH}`],
    ['LSI: the index sort key missing', esk({ pk, sk }, 'byL'), STARTING],
    ['LSI: the table sort key of the wrong type', esk({ pk, sk: pk, l: pk }, 'byL'), `${STARTING}: ${MISMATCH}`],
  ])('ExclusiveStartKey, %s', async (_label, body, message) => {
    expect(await errorOf('Query', body)).toEqual({ status: 400, name: VALIDATION, message });
  });

  it('a Scan of an index checks its ExclusiveStartKey the same way', async () => {
    expect(await errorOf('Scan', { TableName: T, IndexName: 'byG', ExclusiveStartKey: { pk, sk: { S: '1' }, g: pk } })).toEqual({
      status: 400,
      name: VALIDATION,
      message: `${STARTING}: ${MISMATCH}`,
    });
  });

  it.each([
    ['begins_with on the partition key', 'begins_with(g, :v)'],
    ['a range condition on the partition key', 'g < :v'],
    ['a condition beyond the index key', 'g = :v AND pk = :v'],
  ])('a GSI Query with %s: Query key condition not supported', async (_label, KeyConditionExpression) => {
    expect(await errorOf('Query', { TableName: T, IndexName: 'byG', KeyConditionExpression, ExpressionAttributeValues: { ':v': { S: 'a' } } })).toEqual({
      status: 400,
      name: VALIDATION,
      message: 'Query key condition not supported',
    });
  });

  const createTable = (KeySchema: object[], AttributeDefinitions: object[]) => ({
    TableName: 'Dup',
    KeySchema,
    AttributeDefinitions,
    BillingMode: 'PAY_PER_REQUEST',
  });
  it.each([
    [
      'one attribute as HASH and RANGE',
      createTable(
        [
          { AttributeName: 'a', KeyType: 'HASH' },
          { AttributeName: 'a', KeyType: 'RANGE' },
        ],
        [{ AttributeName: 'a', AttributeType: 'S' }],
      ),
      'Invalid KeySchema: Some index key attribute have no definition',
    ],
    [
      'one attribute defined twice',
      createTable(
        [{ AttributeName: 'a', KeyType: 'HASH' }],
        [
          { AttributeName: 'a', AttributeType: 'S' },
          { AttributeName: 'a', AttributeType: 'N' },
        ],
      ),
      'Attribute Name is duplicated: a',
    ],
  ])('CreateTable with %s', async (_label, body, message) => {
    expect(await errorOf('CreateTable', body)).toEqual({ status: 400, name: VALIDATION, message });
  });
});

describe('TransactGetItems, TagResource and ListTagsOfResource', () => {
  it('a TransactGetItems Key missing an attribute cancels the transaction with a ValidationError reason (None for the others)', async () => {
    const error = await rejection(
      kit.client.transactGetItems({
        TransactItems: [{ Get: { TableName: T, Key: { pk: { S: 'a' }, sk: { N: '1' } } } }, { Get: { TableName: T, Key: { pk: { S: 'a' } } } }],
      }),
    );
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect(error.message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]');
    expect((error as TransactionCanceledException).CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ValidationError', Message: 'The provided key element does not match the schema' },
    ]);
  });

  it.each([
    [
      'TagResource',
      'not an ARN',
      { ResourceArn: 'abcd', Tags: [{ Key: 'k', Value: 'v' }] },
      VALIDATION,
      'Invalid TableArn: Invalid ResourceArn provided as input abcd',
    ],
    [
      'TagResource',
      'an index ARN',
      { ResourceArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/Vals/index/byG', Tags: [{ Key: 'k', Value: 'v' }] },
      VALIDATION,
      'Invalid TableArn: Invalid ResourceArn provided as input arn:aws:dynamodb:ddblocal:000000000000:table/Vals/index/byG',
    ],
    ['UntagResource', 'not an ARN', { ResourceArn: 'a:b:c', TagKeys: ['k'] }, VALIDATION, 'Invalid TableArn: Invalid ResourceArn provided as input a:b:c'],
    ['ListTagsOfResource', 'not an ARN', { ResourceArn: 'abcd' }, VALIDATION, 'Invalid TableArn: Invalid ResourceArn provided as input abcd'],
    [
      'ListTagsOfResource',
      'the ARN of a missing table',
      { ResourceArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/NoSuchTable' },
      'AccessDeniedException',
      'User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:ListTagsOfResource on resource: arn:aws:dynamodb:ddblocal:000000000000:table/NoSuchTable',
    ],
    [
      'TagResource',
      'the ARN of a missing table',
      { ResourceArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/NoSuchTable', Tags: [{ Key: 'k', Value: 'v' }] },
      'ResourceNotFoundException',
      'Requested resource not found: ResourceArn: arn:aws:dynamodb:ddblocal:000000000000:table/NoSuchTable not found',
    ],
  ])('%s with %s', async (operation, _label, body, name, message) => {
    expect(await errorOf(operation, body)).toEqual({ status: 400, name, message });
  });
});
