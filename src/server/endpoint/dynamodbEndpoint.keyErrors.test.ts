import type { AttributeValue, TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { rejection, table, useTestEndpoint } from './endpointTestKit';

/*
 * Key errors of the multi-item writes, through the AWS SDK, as real DynamoDB
 * answers them (nubo-db/dynamodb-conformance tier 3, batchWriteItem and
 * transactWriteItems, recorded against DynamoDB): BatchWriteItem says a wrong
 * table-key type does not match the schema; TransactWriteItems cancels the
 * transaction with the action's ValidationError reason for a key or index key
 * of the wrong type, and refuses an empty key value up front. An attribute
 * that is an LSI's sort key and a GSI's key is reported with the GSI's name.
 */

const kit = useTestEndpoint();
const TABLE = 'KeyErrors';
const MISMATCH = 'The provided key element does not match the schema';
const indexType = (actual: string) =>
  `One or more parameter values were invalid: Type mismatch for Index Key lsi1sk Expected: S Actual: ${actual} IndexName: gsi1`;
const EMPTY_INDEX_KEY =
  'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi1, IndexKey: lsi1sk';
const EMPTY_KEY = 'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk';

beforeAll(async () => {
  await kit.client.createTable(
    table(TABLE, {
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'lsi1sk', AttributeType: 'S' },
      ],
      LocalSecondaryIndexes: [
        {
          IndexName: 'lsi1',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'lsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      GlobalSecondaryIndexes: [{ IndexName: 'gsi1', KeySchema: [{ AttributeName: 'lsi1sk', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
    }),
  );
});

const item = (extra: Record<string, AttributeValue>): Record<string, AttributeValue> => ({ pk: { S: 'p' }, sk: { S: 's' }, ...extra });
const WRONG = { N: { N: '5' }, L: { L: [{ S: 'x' }] } } satisfies Record<string, AttributeValue>;

describe('BatchWriteItem key errors', () => {
  it.each([
    ['a wrong-typed table key', { pk: WRONG.N, sk: { S: 's' } }, MISMATCH],
    ['a non-scalar table key', { pk: WRONG.L, sk: { S: 's' } }, MISMATCH],
    ['a wrong-typed index key', item({ lsi1sk: WRONG.N }), indexType('N')],
    ['a non-scalar index key', item({ lsi1sk: WRONG.L }), indexType('L')],
    ['an empty index key', item({ lsi1sk: { S: '' } }), EMPTY_INDEX_KEY],
    ['an empty table key', { pk: { S: '' }, sk: { S: 's' } }, EMPTY_KEY],
  ] as const)('a PutRequest with %s', async (_label, Item, message) => {
    const error = await rejection(kit.client.batchWriteItem({ RequestItems: { [TABLE]: [{ PutRequest: { Item } }] } }));
    expect({ name: error.name, message: error.message }).toEqual({ name: 'ValidationException', message });
  });

  it('PutItem still names the attribute and both types', async () => {
    const error = await rejection(kit.client.putItem({ TableName: TABLE, Item: { pk: WRONG.N, sk: { S: 's' } } }));
    expect(error.message).toBe('One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N');
  });
});

describe('TransactWriteItems key errors', () => {
  const key = (pk: AttributeValue) => ({ pk, sk: { S: 's' } });
  const update = (Key: Record<string, AttributeValue>, value: AttributeValue = { S: 'x' }, attribute = 'other'): TransactWriteItem => ({
    Update: {
      TableName: TABLE,
      Key,
      UpdateExpression: 'SET #a = :v',
      ExpressionAttributeNames: { '#a': attribute },
      ExpressionAttributeValues: { ':v': value },
    },
  });
  const fine: TransactWriteItem = { Put: { TableName: TABLE, Item: { pk: { S: 'fine' }, sk: { S: 's' } } } };

  it.each([
    [
      'Put, a wrong-typed table key',
      { Put: { TableName: TABLE, Item: key(WRONG.N) } },
      'One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N',
    ],
    [
      'Put, a non-scalar table key',
      { Put: { TableName: TABLE, Item: key(WRONG.L) } },
      'One or more parameter values were invalid: Type mismatch for key pk expected: S actual: L',
    ],
    ['Put, a wrong-typed index key', { Put: { TableName: TABLE, Item: item({ lsi1sk: WRONG.N }) } }, indexType('N')],
    ['Put, a non-scalar index key', { Put: { TableName: TABLE, Item: item({ lsi1sk: WRONG.L }) } }, indexType('L')],
    ['Update, a wrong-typed index key', update(key({ S: 'u' }), WRONG.N, 'lsi1sk'), indexType('N')],
    ['Update, a wrong-typed Key', update(key(WRONG.N)), MISMATCH],
    ['Update, a non-scalar Key', update(key(WRONG.L)), MISMATCH],
    ['Delete, a wrong-typed Key', { Delete: { TableName: TABLE, Key: key(WRONG.N) } }, MISMATCH],
    [
      'ConditionCheck, a non-scalar Key',
      { ConditionCheck: { TableName: TABLE, Key: key(WRONG.L), ConditionExpression: 'attribute_not_exists(pk)' } },
      MISMATCH,
    ],
  ] as [string, TransactWriteItem, string][])('%s cancels the transaction with that action’s ValidationError reason', async (_label, action, message) => {
    const error = (await rejection(kit.client.transactWriteItems({ TransactItems: [fine, action] }))) as Error & { CancellationReasons?: unknown };
    expect({ name: error.name, message: error.message, reasons: error.CancellationReasons }).toEqual({
      name: 'TransactionCanceledException',
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]',
      reasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: message }],
    });
    // Nothing was written.
    expect((await kit.client.getItem({ TableName: TABLE, Key: key({ S: 'fine' }) })).Item).toBeUndefined();
  });

  it.each([
    ['Put, an empty index key', { Put: { TableName: TABLE, Item: item({ lsi1sk: { S: '' } }) } }, EMPTY_INDEX_KEY],
    ['Put, an empty table key', { Put: { TableName: TABLE, Item: key({ S: '' }) } }, EMPTY_KEY],
    ['Delete, an empty Key', { Delete: { TableName: TABLE, Key: key({ S: '' }) } }, EMPTY_KEY],
    // An empty value wins over another action's wrong type: the request is refused before any action runs.
    ['a wrong-typed Key, then an empty Key', { Delete: { TableName: TABLE, Key: key({ S: '' }) } }, EMPTY_KEY, update(key(WRONG.N))],
  ] as [string, TransactWriteItem, string, TransactWriteItem?][])('%s is the request’s ValidationException', async (_label, action, message, before = fine) => {
    const error = await rejection(kit.client.transactWriteItems({ TransactItems: [before, action] }));
    expect({ name: error.name, message: error.message }).toEqual({ name: 'ValidationException', message });
  });
});
