import { describe, expect, it } from 'vitest';
import { createEngine, expectError, N, S, tableInput } from '../engine.fixtures';

describe('member constraints and ReturnItemCollectionMetrics', () => {
  it('reports several violations in DynamoDB order', async () => {
    const db = createEngine();
    await expectError(
      db.query({ TableName: 'a;', Limit: 0, KeyConditionExpression: 'pk = :p' }),
      'ValidationException',
      "3 validation errors detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1; Value 'a;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'a;' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
    );
    await expectError(
      db.putItem({ TableName: 'Things', Item: { id: S('a') }, ReturnValues: 'FOO' as never, ReturnConsumedCapacity: 'BAR' as never }),
      'ValidationException',
      /^2 validation errors detected: Value 'BAR' at 'returnConsumedCapacity' .*; Value 'FOO' at 'returnValues' /,
    );
  });

  it('returns the item collection of a table with an LSI, and none without one', async () => {
    const db = createEngine();
    await db.createTable({
      ...tableInput('Scores', [
        ['pk', 'S'],
        ['sk', 'N'],
      ]),
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
        { AttributeName: 'rank', AttributeType: 'N' },
      ],
      LocalSecondaryIndexes: [
        {
          IndexName: 'byRank',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'rank', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
    await db.createTable(tableInput('Plain', [['id', 'S']]));
    const put = await db.putItem({ TableName: 'Scores', Item: { pk: S('p'), sk: N(1), rank: N(2) }, ReturnItemCollectionMetrics: 'SIZE' });
    expect(put.ItemCollectionMetrics).toEqual({ ItemCollectionKey: { pk: S('p') }, SizeEstimateRangeGB: [0, 1] });
    const plain = await db.putItem({ TableName: 'Plain', Item: { id: S('x') }, ReturnItemCollectionMetrics: 'SIZE' });
    expect(plain.ItemCollectionMetrics).toBeUndefined();
    const batch = await db.batchWriteItem({
      RequestItems: { Scores: [{ DeleteRequest: { Key: { pk: S('p'), sk: N(1) } } }] },
      ReturnItemCollectionMetrics: 'SIZE',
    });
    expect(batch.ItemCollectionMetrics).toEqual({ Scores: [{ ItemCollectionKey: { pk: S('p') }, SizeEstimateRangeGB: [0, 1] }] });
  });
});
