import { describe, expect, it } from 'vitest';
import { compareUtf8 } from '../src/keys';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { pkSkTable } from './fixtures/tables';

describe('DynamoDB Local (the real component the suite compares against)', () => {
  it('returns a partition in UTF-8 byte order, which compareUtf8 reproduces', async () => {
    const client = createDynamoDBLocalClient();
    const TableName = uniqueTableName('order');
    await client.createTable(pkSkTable(TableName));
    const keys = ['9', '10', '240', '1500', 'z', 'ä', '€', '\uFFFF', '𝄞', 'Z', '#', 'a#b', 'ab'];
    for (const sk of keys) await client.putItem({ TableName, Item: { pk: { S: 'p' }, sk: { S: sk } } });
    const result = await client.query({
      TableName,
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'p' } },
    });
    const returned = (result.Items ?? []).map((item) => item.sk?.S);
    expect(returned).toEqual([...keys].sort(compareUtf8));
    expect(returned.slice(0, 4)).toEqual(['#', '10', '1500', '240']);
    await client.deleteTable({ TableName });
    client.destroy();
  });
});
