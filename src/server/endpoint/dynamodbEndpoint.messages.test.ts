import { beforeAll, describe, expect, it } from 'vitest';
import { table, useTestEndpoint } from './endpointTestKit';

/*
 * Requests DynamoDB refuses, sent as raw JSON over HTTP, and the exact
 * ValidationException messages DynamoDB answers with (nubo-db/dynamodb-conformance's
 * recordings of DynamoDB, tier2/tier3).
 */

const test = useTestEndpoint();

beforeAll(async () => {
  await test.client.createTable(table('Msgs'));
  await test.client.createTable(
    table('MsgsHash', { KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] }),
  );
  await test.client.putItem({ TableName: 'Msgs', Item: { pk: { S: 'p' }, sk: { S: 's' }, data: { S: 'old' } } });
});

describe('ValidationException messages', () => {
  it.each<[string, string, unknown, string]>([
    [
      'RETURNING inside ExecuteTransaction (UPDATE)',
      'ExecuteTransaction',
      { TransactStatements: [{ Statement: `UPDATE "Msgs" SET data = 'new' WHERE pk = 'p' AND sk = 's' RETURNING ALL NEW *` }] },
      'Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction.',
    ],
    [
      'RETURNING inside ExecuteTransaction (DELETE, second statement)',
      'ExecuteTransaction',
      {
        TransactStatements: [
          { Statement: `UPDATE "Msgs" SET data = 'new' WHERE pk = 'p' AND sk = 's'` },
          { Statement: `DELETE FROM "MsgsHash" WHERE pk = 'q' RETURNING ALL OLD *` },
        ],
      },
      'Validation failed in TransactStatements[1]: RETURNING clause is not supported in ExecuteTransaction.',
    ],
    [
      'BatchGetItem with ProjectionExpression for one table and AttributesToGet for another',
      'BatchGetItem',
      {
        RequestItems: {
          MsgsHash: { Keys: [{ pk: { S: 'a' } }], ProjectionExpression: 'pk' },
          Msgs: { Keys: [{ pk: { S: 'b' }, sk: { S: 'z' } }], AttributesToGet: ['pk'] },
        },
      },
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}',
    ],
    [
      'CreateTable with one attribute as HASH and RANGE',
      'CreateTable',
      {
        TableName: 'DupKey',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'pk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
      },
      'Invalid KeySchema: Some index key attribute have no definition',
    ],
    [
      'CreateTable with three KeySchema elements',
      'CreateTable',
      {
        TableName: 'ThreeKeys',
        AttributeDefinitions: ['pk', 'sk', 'extra'].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
          { AttributeName: 'extra', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
      },
      "1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), KeySchemaElement(attributeName=sk, keyType=RANGE), " +
        "KeySchemaElement(attributeName=extra, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
    ],
  ])('%s', async (_, operation, body, message) => {
    const response = await test.call(operation, body);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ __type: 'com.amazon.coral.validate#ValidationException', message });
  });

  it('a refused transaction changes nothing', async () => {
    expect((await test.client.getItem({ TableName: 'Msgs', Key: { pk: { S: 'p' }, sk: { S: 's' } } })).Item?.data).toEqual({ S: 'old' });
  });
});

describe('KeyConditionExpression parentheses, as DynamoDB reads them', () => {
  const query = (expression: string) =>
    test.call('Query', {
      TableName: 'Msgs',
      KeyConditionExpression: expression,
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
      ExpressionAttributeValues: { ':pk': { S: 'p' }, ':sk': { S: 's' } },
    });
  // DynamoDB accepts one pair around a condition or the whole AND; it refuses a pair that wraps another
  // (nubo-db/dynamodb-conformance c4f8a8e: "DynamoDB rejects redundant wrapping like `((x)) AND ((y))`"; tier3 query: `((pk = :v))`).
  it.each(['(#pk = :pk) AND (#sk = :sk)', '(#pk = :pk AND #sk = :sk)', '(#pk = :pk AND (#sk = :sk))'])('accepts %j', async (expression) => {
    const response = await query(expression);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).Count).toBe(1);
  });
  it.each(['((#pk = :pk)) AND ((#sk = :sk))', '((#pk = :pk))', '((#pk = :pk)) AND (#sk = :sk)'])('refuses %j', async (expression) => {
    const response = await query(expression);
    expect(JSON.parse(response.body)).toEqual({
      __type: 'com.amazon.coral.validate#ValidationException',
      message: 'Invalid KeyConditionExpression: The expression has redundant parentheses;',
    });
  });
});

describe('legacy KeyConditions: their own checks come before a missing table', () => {
  const eq = { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'x' }] };
  it.each<[string, Record<string, unknown>, string]>([
    ['no condition', {}, 'Conditions must be at least length 1'],
    ['three conditions', { a: eq, b: eq, c: eq }, 'Conditions can be of length 1 or 2 only'],
    [
      'EQ without a value',
      { a: { ComparisonOperator: 'EQ', AttributeValueList: [] } },
      'One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator',
    ],
  ])('%s', async (_, keyConditions, message) => {
    const response = await test.call('Query', { TableName: 'NoSuchTable', KeyConditions: keyConditions });
    expect(JSON.parse(response.body)).toEqual({ __type: 'com.amazon.coral.validate#ValidationException', message });
  });

  it('a well-formed KeyConditions on a missing table is ResourceNotFoundException', async () => {
    const response = await test.call('Query', { TableName: 'NoSuchTable', KeyConditions: { pk: eq } });
    expect(JSON.parse(response.body).__type).toBe('com.amazonaws.dynamodb.v20120810#ResourceNotFoundException');
  });
});
