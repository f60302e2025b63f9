import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { itemJsonBytes } from './pageJson';
import { encodeOutput, stringifyWire } from './wireFormat';

describe('pageJson (a page of items with each stored item serialized once)', () => {
  it("gives the same JSON as serializing the whole output, for the engine's frozen items and for items with bytes", async () => {
    const db = createLocalDynamoDB();
    await db.createTable({
      TableName: 'Tbl',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await db.putItem({
      TableName: 'Tbl',
      Item: { pk: { S: 'p' }, sk: { N: '1' }, m: { M: { l: { L: [{ S: 'é"\\' }, { NULL: true }] } } }, ss: { SS: ['a', 'b'] } },
    });
    await db.putItem({ TableName: 'Tbl', Item: { pk: { S: 'p' }, sk: { N: '2' }, b: { B: Uint8Array.of(0xff, 0) } } });
    const output = await db.query({ TableName: 'Tbl', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } }, Limit: 2 });
    expect(Object.isFrozen(output.Items?.[0])).toBe(true);
    expect(Object.isFrozen(output.Items?.[1])).toBe(false);
    const { $metadata: _metadata, ...rest } = output;
    const encoded = encodeOutput(output);
    expect(JSON.parse(encoded)).toEqual(JSON.parse(stringifyWire(rest)));
    expect(JSON.parse(encoded).Items[1].b).toEqual({ B: '/wA=' });
    // Read again: the same text (from the cache) for the unchanged item.
    expect(
      encodeOutput(await db.query({ TableName: 'Tbl', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } }, Limit: 2 })),
    ).toBe(encoded);
  });

  it('serializes an item again after it was replaced (the new stored object has its own text)', async () => {
    const db = createLocalDynamoDB();
    await db.createTable({
      TableName: 'Tbl',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await db.putItem({ TableName: 'Tbl', Item: { pk: { S: 'p' }, v: { N: '1' } } });
    const before = encodeOutput(await db.scan({ TableName: 'Tbl' }));
    await db.updateItem({ TableName: 'Tbl', Key: { pk: { S: 'p' } }, UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': { N: '2' } } });
    const after = encodeOutput(await db.scan({ TableName: 'Tbl' }));
    expect(JSON.parse(before).Items).toEqual([{ pk: { S: 'p' }, v: { N: '1' } }]);
    expect(JSON.parse(after).Items).toEqual([{ pk: { S: 'p' }, v: { N: '2' } }]);
  });

  it('keeps an empty page and the members around it', () => {
    expect(JSON.parse(encodeOutput({ Items: [], Count: 0, ScannedCount: 0, $metadata: {} }))).toEqual({ Items: [], Count: 0, ScannedCount: 0 });
    expect(encodeOutput({ Items: [] })).toBe('{"Items":[]}');
    expect(itemJsonBytes({ a: { S: 'x' } }, stringifyWire).toString('utf8')).toBe('{"a":{"S":"x"}}');
    expect(encodeOutput({ Items: [Object.freeze({ a: { S: 'é' } }), { b: { S: 'x' } }], Count: 2 })).toBe(
      '{"Items":[{"a":{"S":"é"}},{"b":{"S":"x"}}],"Count":2}',
    );
  });
});
