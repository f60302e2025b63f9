import { beforeAll, describe, expect, it } from 'vitest';
import { rejection, table, useTestEndpoint } from './endpointTestKit';

/*
 * Validation lists and the order of checks, over HTTP, as DynamoDB answers
 * (src/engine/operations/checkOrder.ts): the member constraints reported
 * together, in DynamoDB's count and wording; the checks that need no table
 * before the table lookup. Sources: architect/dynalite's tests (recorded
 * against live DynamoDB), nubo-db/dynamodb-conformance tier 3 (captured from
 * AWS regions, 2026), the API reference.
 */

const kit = useTestEndpoint();
const { call } = kit;

const MISSING = 'NoSuchTable';
const TABLE = 'Validated';

beforeAll(async () => {
  await kit.client.createTable(table(TABLE));
});

/** The error of a raw request: its `__type` after `#` and its message. */
async function errorOf(operation: string, body: unknown): Promise<{ status: number; name: string; message: string }> {
  const response = await call(operation, body);
  const parsed = JSON.parse(response.body) as { __type: string; message?: string; Message?: string };
  return { status: response.status, name: parsed.__type.split('#')[1] ?? '', message: parsed.message ?? parsed.Message ?? '' };
}

const keys = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ pk: { S: `k${from + i}` }, sk: { S: 's' } }));
const puts = (count: number) => keys(count).map((Item) => ({ PutRequest: { Item } }));
const NAME_RULES =
  '[Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]';

describe('checks that need no table come before the table lookup', () => {
  const keyCondition = { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'a' } } };
  it.each([
    ['Query: empty ExpressionAttributeNames', 'Query', { ...keyCondition, ExpressionAttributeNames: {} }, 'ExpressionAttributeNames must not be empty'],
    [
      'Query: empty ProjectionExpression',
      'Query',
      { ...keyCondition, ProjectionExpression: '' },
      'Invalid ProjectionExpression: The expression can not be empty;',
    ],
    [
      'Query: BETWEEN bounds of two types',
      'Query',
      { KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', ExpressionAttributeValues: { ':p': { S: 'a' }, ':a': { S: 'x' }, ':b': { N: '1' } } },
      'Invalid KeyConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {S:x}, upper bound operand: AttributeValue: {N:1}',
    ],
    [
      'Query: a bad number in the key condition',
      'Query',
      { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { N: 'abc' } } },
      'ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: abc for key :p',
    ],
    [
      'Query: an unused ExpressionAttributeValues entry',
      'Query',
      { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'a' }, ':q': { S: 'b' } } },
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:q}',
    ],
    [
      'UpdateTable: ReadCapacityUnits out of bounds',
      'UpdateTable',
      { ProvisionedThroughput: { ReadCapacityUnits: 1000000000001, WriteCapacityUnits: 1000000000001 } },
      'Given value 1000000000001 for ReadCapacityUnits is out of bounds',
    ],
    [
      'UpdateTable: WriteCapacityUnits out of bounds',
      'UpdateTable',
      { ProvisionedThroughput: { ReadCapacityUnits: 1000000000000, WriteCapacityUnits: 1000000000001 } },
      'Given value 1000000000001 for WriteCapacityUnits is out of bounds',
    ],
    [
      "UpdateTable: an index's throughput out of bounds",
      'UpdateTable',
      { GlobalSecondaryIndexUpdates: [{ Update: { IndexName: 'abc', ProvisionedThroughput: { ReadCapacityUnits: 1000000000001, WriteCapacityUnits: 1 } } }] },
      'Given value 1000000000001 for ReadCapacityUnits is out of bounds for index abc',
    ],
  ])('%s against a missing table is a ValidationException', async (_, operation, body, message) => {
    expect(await errorOf(operation, { TableName: MISSING, ...body })).toEqual({ status: 400, name: 'ValidationException', message });
  });

  it("CreateTable's throughput comes before its key schema", async () => {
    const badKeys = { AttributeDefinitions: [], KeySchema: [{ AttributeName: 'a', KeyType: 'HASH' }] };
    expect(
      await errorOf('CreateTable', { TableName: 'ctBounds', ...badKeys, ProvisionedThroughput: { ReadCapacityUnits: 1000000000001, WriteCapacityUnits: 1 } }),
    ).toEqual({
      status: 400,
      name: 'ValidationException',
      message: 'Given value 1000000000001 for ReadCapacityUnits is out of bounds',
    });
    expect(
      await errorOf('CreateTable', {
        TableName: 'ctBilling',
        ...badKeys,
        BillingMode: 'PAY_PER_REQUEST',
        ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 },
      }),
    ).toEqual({
      status: 400,
      name: 'ValidationException',
      message:
        'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
    });
  });

  it('a valid request to a missing table is still ResourceNotFoundException', async () => {
    const error = await rejection(kit.client.query({ TableName: MISSING, ...keyCondition }));
    expect([error.name, error.message]).toEqual(['ResourceNotFoundException', 'Requested resource not found']);
  });
});

describe('several validation errors in one message, counted, in DynamoDB order', () => {
  it.each([
    [
      'PutItem: an empty TableName is the one error, an invalid ReturnValues beside it unreported',
      'PutItem',
      { TableName: '', Item: { pk: { S: 'a' } }, ReturnValues: 'INVALID' },
      "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1",
    ],
    [
      'GetItem: an empty TableName',
      'GetItem',
      { TableName: '', Key: { pk: { S: 'a' } } },
      "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1",
    ],
    [
      'DescribeTable: an empty TableName',
      'DescribeTable',
      { TableName: '' },
      "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 1",
    ],
    [
      'PutItem: a 256-character TableName',
      'PutItem',
      { TableName: 'a'.repeat(256), Item: { pk: { S: 'a' } } },
      `1 validation error detected: Value '${'a'.repeat(256)}' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255`,
    ],
    // Query's Limit and BatchGetItem's Keys are reported in DynamoDB's newer form (no value, the API's spelling); Scan's Limit is not.
    [
      'Query: Limit 0 names Limit, without its value',
      'Query',
      { TableName: TABLE, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'a' } }, Limit: 0 },
      "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
    ],
    [
      'Scan: Limit 0 names limit, with its value',
      'Scan',
      { TableName: TABLE, Limit: 0 },
      "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
    ],
    [
      'BatchGetItem: 101 keys for one table name the Keys member, without the keys',
      'BatchGetItem',
      { RequestItems: { [TABLE]: { Keys: keys(101) } } },
      `1 validation error detected: Value at 'RequestItems.${TABLE}.member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100`,
    ],
    [
      'BatchGetItem: a bad table name is a constraint on the map keys, the map echoed as JSON',
      'BatchGetItem',
      { RequestItems: { 'bad!name': { Keys: [{ pk: { S: 'a' } }] } } },
      `1 validation error detected: Value '{"bad!name":{"Keys":[{"pk":{"S":"a"}}]}}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: ${NAME_RULES}`,
    ],
    [
      'BatchGetItem: ReturnConsumedCapacity, then the map keys, then a missing Keys',
      'BatchGetItem',
      { RequestItems: { 'aa;': {} }, ReturnConsumedCapacity: 'hi' },
      "3 validation errors detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; " +
        `Value '{"aa;":{}}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: ${NAME_RULES}; ` +
        "Value null at 'requestItems.aa;.member.keys' failed to satisfy constraint: Member must not be null",
    ],
    [
      'BatchWriteItem: both enums, the map keys, then the missing members of each request',
      'BatchWriteItem',
      { RequestItems: { 'aa;': [{ PutRequest: {}, DeleteRequest: {} }] }, ReturnConsumedCapacity: 'hi', ReturnItemCollectionMetrics: 'hi' },
      "5 validation errors detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; " +
        "Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]; " +
        `Value '{"aa;":[{"PutRequest":{},"DeleteRequest":{}}]}' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: ${NAME_RULES}; ` +
        "Value null at 'requestItems.aa;.member.1.member.deleteRequest.key' failed to satisfy constraint: Member must not be null; " +
        "Value null at 'requestItems.aa;.member.1.member.putRequest.item' failed to satisfy constraint: Member must not be null",
    ],
    [
      'BatchWriteItem: an empty list for a table breaks the map-value constraint',
      'BatchWriteItem',
      { RequestItems: { [TABLE]: [] } },
      `1 validation error detected: Value '{${TABLE}=[]}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]`,
    ],
  ])('%s', async (_, operation, body, message) => {
    expect(await errorOf(operation, body)).toEqual({ status: 400, name: 'ValidationException', message });
  });

  it.each([
    [
      'BatchWriteItem: 26 requests for one table break the map-value constraint',
      'BatchWriteItem',
      { RequestItems: { [TABLE]: puts(26) } },
      /^1 validation error detected: Value '\{Validated=\[.+\]\}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: \[Member must have length less than or equal to 25, Member must have length greater than or equal to 1\]$/,
    ],
  ])('%s', async (_, operation, body, message) => {
    const error = await errorOf(operation, body);
    expect([error.status, error.name]).toEqual([400, 'ValidationException']);
    expect(error.message).toMatch(message);
  });

  it.each([
    ['BatchGetItem', { RequestItems: { [TABLE]: { Keys: keys(100) }, Other: { Keys: keys(1, 100) } } }, 'Too many items requested for the BatchGetItem call'],
    [
      'BatchWriteItem',
      { RequestItems: { [TABLE]: puts(13), Other: keys(13, 13).map((Item) => ({ PutRequest: { Item } })) } },
      'Too many items requested for the BatchWriteItem call',
    ],
  ])('%s over the limit only summed over tables: the total is refused', async (operation, body, message) => {
    expect(await errorOf(operation, body)).toEqual({ status: 400, name: 'ValidationException', message });
  });
});

describe('required members', () => {
  it.each([
    ['CreateTable', { AttributeDefinitions: [{ AttributeName: 'a', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'a', KeyType: 'HASH' }] }],
    ['UpdateTable', { BillingMode: 'PAY_PER_REQUEST' }],
  ])('%s without TableName names the parameter', async (operation, body) => {
    expect(await errorOf(operation, body)).toEqual({
      status: 400,
      name: 'ValidationException',
      message: "The parameter 'TableName' is required but was not present in the request",
    });
  });

  it.each(['BatchGetItem', 'BatchWriteItem'])('%s with empty RequestItems says the parameter is required', async (operation) => {
    expect(await errorOf(operation, { RequestItems: {} })).toEqual({
      status: 400,
      name: 'ValidationException',
      message: `The requestItems parameter is required for ${operation}`,
    });
  });

  it('PutItem without TableName is the counted member constraint', async () => {
    expect(await errorOf('PutItem', { Item: { pk: { S: 'a' } } })).toEqual({
      status: 400,
      name: 'ValidationException',
      message: "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null",
    });
  });
});
