import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../expressions';
import { B, createEngine, expectError, keySchema, N, S, tableInput } from './engine.fixtures';
import type { LocalDynamoDB } from './localDynamoDB.types';

const INVALID = 'One or more parameter values were invalid: ';

/*
 * PutItem, GetItem, DeleteItem and UpdateItem.
 *
 * Messages are real DynamoDB's (architect/dynalite's tests were recorded against it, and AWS users quote
 * them). DynamoDB Local 3.3.1 (verified here) words these differently:
 * - missing key attribute: "One of the required keys was not given a value";
 * - wrong key type: "One or more parameter values were invalid: Type mismatch for key" (no names);
 * - Key with missing/extra attributes: "The number of conditions on the keys is invalid";
 * - key too long: "Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes";
 * - numbers: "A value provided cannot be converted into a number", "DynamoDB only supports precision up to 38 digits";
 * - string set duplicates: no trailing period; binary set duplicates: members not listed;
 * - index key of the wrong type: "…Type mismatch for Index Key" (no names);
 * - UPDATED_OLD / UPDATED_NEW of a nested update return the whole top-level attribute
 *   (DynamoDB returns the updated paths only).
 */

let db: LocalDynamoDB;
const T = 'Items';

beforeEach(async () => {
  db = createEngine();
  await db.createTable({
    ...tableInput(
      T,
      [
        ['pk', 'S'],
        ['sk', 'N'],
      ],
      { extraDefinitions: [['g', 'S']] },
    ),
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: keySchema('g'), Projection: { ProjectionType: 'KEYS_ONLY' } }],
  });
});

const key = { pk: S('a'), sk: N(1) };

describe('PutItem validation', () => {
  const cases: [string, Item, string][] = [
    ['a missing sort key', { pk: S('a') }, `${INVALID}Missing the key sk in the item`],
    ['a missing partition key', { sk: N(1) }, `${INVALID}Missing the key pk in the item`],
    ['a key of the wrong type', { pk: N(1), sk: N(1) }, `${INVALID}Type mismatch for key pk expected: S actual: N`],
    [
      'an empty string key',
      { pk: S(''), sk: N(1) },
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    ],
    ['a partition key over 2048 bytes', { pk: S('€'.repeat(683)), sk: N(1) }, `${INVALID}Size of hashkey has exceeded the maximum size limit of2048 bytes`],
    ['an invalid number', { ...key, x: N('12abc') }, 'The parameter cannot be converted to a numeric value: 12abc'],
    ['an empty number', { ...key, x: N('') }, 'The parameter cannot be converted to a numeric value'],
    ['39 significant digits', { ...key, x: N('1'.repeat(39)) }, 'Attempting to store more than 38 significant digits in a Number'],
    ['a number overflow', { ...key, x: N('1e126') }, 'Number overflow. Attempting to store a number with magnitude larger than supported range'],
    ['a number underflow', { ...key, x: N('1e-131') }, 'Number underflow. Attempting to store a number with magnitude smaller than supported range'],
    ['an empty string set', { ...key, x: { SS: [] } }, `${INVALID}An string set  may not be empty`],
    ['an empty number set', { ...key, x: { NS: [] } }, `${INVALID}An number set  may not be empty`],
    ['an empty binary set', { ...key, x: { BS: [] } }, `${INVALID}Binary sets should not be empty`],
    ['a string set with duplicates', { ...key, x: { SS: ['a', 'a'] } }, `${INVALID}Input collection [a, a] contains duplicates.`],
    ['a number set with duplicates after normalisation', { ...key, x: { NS: ['1', '1.0'] } }, 'Input collection contains duplicates'],
    [
      'a binary set with duplicates',
      { ...key, x: { BS: [Uint8Array.of(0x62), Uint8Array.of(0x62)] } },
      `${INVALID}Input collection [Yg==, Yg==]of type BS contains duplicates.`,
    ],
    ['NULL: false', { ...key, x: { NULL: false } }, `${INVALID}Null attribute value types must have the value of true`],
    ['an empty AttributeValue', { ...key, x: {} as AttributeValue }, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    [
      'two types in one AttributeValue',
      { ...key, x: { S: 'a', N: '1' } as unknown as AttributeValue },
      'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes',
    ],
    ['an empty set nested in a map', { ...key, x: { M: { y: { SS: [] } } } }, `${INVALID}An string set  may not be empty`],
    ['an index key of the wrong type', { ...key, g: N(1) }, `${INVALID}Type mismatch for Index Key g Expected: S Actual: N IndexName: gsi`],
    [
      'an empty index key',
      { ...key, g: S('') },
      'One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: gsi, IndexKey: g',
    ],
    ['an item over 400 KB', { ...key, x: S('x'.repeat(409_600)) }, 'Item size has exceeded the maximum allowed size'],
  ];

  it.each(cases)('refuses %s', async (_, Item, message) => {
    await expectError(db.putItem({ TableName: T, Item }), 'ValidationException', message);
  });

  it('accepts an item of exactly 400 KB, and empty strings and binaries outside keys', async () => {
    // pk(2+1) + sk(2+2) + x(1+n) + e(1) + b(1) = 409,600
    const x = 'x'.repeat(409_600 - 3 - 4 - 1 - 1 - 1);
    await db.putItem({ TableName: T, Item: { ...key, x: S(x), e: S(''), b: B() } });
    const { Item } = await db.getItem({ TableName: T, Key: key });
    expect(Item?.x?.S).toHaveLength(x.length);
    expect(Item?.e).toEqual(S(''));
  });

  it('refuses a sort key over 1024 bytes, binary keys counted in raw bytes', async () => {
    await db.createTable(
      tableInput('Bin', [
        ['pk', 'B'],
        ['sk', 'B'],
      ]),
    );
    await expectError(
      db.putItem({ TableName: 'Bin', Item: { pk: B(1), sk: { B: new Uint8Array(1025) } } }),
      'ValidationException',
      `${INVALID}Aggregated size of all range keys has exceeded the size limit of 1024 bytes`,
    );
    await expectError(
      db.putItem({ TableName: 'Bin', Item: { pk: B(), sk: B(1) } }),
      'ValidationException',
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: pk',
    );
    await db.putItem({ TableName: 'Bin', Item: { pk: B(1), sk: { B: new Uint8Array(1024) } } });
  });

  it('refuses a missing table', async () => {
    await expectError(db.putItem({ TableName: 'Nope', Item: key }), 'ResourceNotFoundException', 'Requested resource not found');
  });
});

describe('stored values', () => {
  it('normalises numbers as DynamoDB stores them (verified on DynamoDB Local)', async () => {
    await db.putItem({ TableName: T, Item: { pk: S('n'), sk: N('001.50e1'), x: N('-0'), ns: { NS: ['1e3', '2'] }, l: { L: [N('0.10')] } } });
    const { Item } = await db.getItem({ TableName: T, Key: { pk: S('n'), sk: N(15) } });
    expect(Item).toEqual({ pk: S('n'), sk: N('15'), x: N('0'), ns: { NS: ['2', '1000'] }, l: { L: [N('0.1')] } });
  });

  it('copies items in and out: callers cannot change what is stored', async () => {
    const bytes = Uint8Array.of(1, 2, 3);
    const Item: Item = { ...key, b: { B: bytes }, m: { M: { x: S('x') } } };
    await db.putItem({ TableName: T, Item });
    bytes[0] = 9;
    (Item.m as { M: Item }).M.x = S('changed');
    const first = (await db.getItem({ TableName: T, Key: key })).Item as Item;
    expect(first.b).toEqual(B(1, 2, 3));
    expect(first.m).toEqual({ M: { x: S('x') } });
    (first.b as { B: Uint8Array }).B[0] = 7;
    (first.m as { M: Item }).M.x = S('changed');
    expect((await db.getItem({ TableName: T, Key: key })).Item).toEqual(first && { ...key, b: B(1, 2, 3), m: { M: { x: S('x') } } });
  });

  it('keeps attribute names such as __proto__ and constructor as plain attributes', async () => {
    const Item: Item = { ...key };
    Object.defineProperty(Item, '__proto__', { value: S('p'), enumerable: true });
    Object.defineProperty(Item, 'constructor', { value: S('c'), enumerable: true });
    await db.putItem({ TableName: T, Item });
    const stored = (await db.getItem({ TableName: T, Key: key })).Item as Item;
    expect(Object.keys(stored).sort()).toEqual(['__proto__', 'constructor', 'pk', 'sk']);
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
  });
});

describe('Key parameters', () => {
  const cases: [string, Item, string][] = [
    ['a missing sort key', { pk: S('a') }, 'The provided key element does not match the schema'],
    ['an extra attribute', { ...key, z: S('z') }, 'The provided key element does not match the schema'],
    ['a key of the wrong type', { pk: S('a'), sk: S('1') }, 'The provided key element does not match the schema'],
    [
      'an empty key',
      { pk: S(''), sk: N(1) },
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    ],
  ];
  it.each(cases)('GetItem, DeleteItem and UpdateItem refuse %s', async (_, Key, message) => {
    await expectError(db.getItem({ TableName: T, Key }), 'ValidationException', message);
    await expectError(db.deleteItem({ TableName: T, Key }), 'ValidationException', message);
    await expectError(
      db.updateItem({ TableName: T, Key, UpdateExpression: 'SET x = :x', ExpressionAttributeValues: { ':x': S('x') } }),
      'ValidationException',
      message,
    );
  });
});

describe('GetItem', () => {
  it('returns nothing for a missing item, and projects', async () => {
    expect((await db.getItem({ TableName: T, Key: key })).Item).toBeUndefined();
    await db.putItem({ TableName: T, Item: { ...key, x: N(1), m: { M: { b: { L: [S('x'), N(10)] } } } } });
    const { Item } = await db.getItem({ TableName: T, Key: key, ProjectionExpression: 'x, m.b[1], nope' });
    expect(Item).toEqual({ x: N(1), m: { M: { b: { L: [N(10)] } } } });
  });
});

describe('conditions and ReturnValues', () => {
  it('PutItem returns the old item with ALL_OLD and refuses other values', async () => {
    expect((await db.putItem({ TableName: T, Item: { ...key, x: N(1) }, ReturnValues: 'ALL_OLD' })).Attributes).toBeUndefined();
    expect((await db.putItem({ TableName: T, Item: { ...key, x: N(2) }, ReturnValues: 'ALL_OLD' })).Attributes).toEqual({ ...key, x: N(1) });
    for (const ReturnValues of ['ALL_NEW', 'UPDATED_OLD', 'UPDATED_NEW'] as const) {
      await expectError(db.putItem({ TableName: T, Item: key, ReturnValues }), 'ValidationException', 'Return values set to invalid value');
      await expectError(db.deleteItem({ TableName: T, Key: key, ReturnValues }), 'ValidationException', 'Return values set to invalid value');
    }
    await expectError(
      db.putItem({ TableName: T, Item: key, ReturnValues: 'BOGUS' as never }),
      'ValidationException',
      "1 validation error detected: Value 'BOGUS' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
    );
  });

  it('checks ConditionExpression against the current item, and returns it on failure when asked', async () => {
    await db.putItem({ TableName: T, Item: { ...key, x: N(2) } });
    const failed = db.putItem({ TableName: T, Item: key, ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' });
    await expectError(failed, 'ConditionalCheckFailedException', 'The conditional request failed');
    const error = (await failed.catch((e: unknown) => e)) as { Item?: Item; item?: Item };
    expect(error.Item).toEqual({ ...key, x: N(2) });
    expect(error.item).toEqual({ ...key, x: N(2) });
    // No item to return when the item does not exist.
    const missing = (await db
      .deleteItem({ TableName: T, Key: { pk: S('zz'), sk: N(1) }, ConditionExpression: 'attribute_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })
      .catch((e: unknown) => e)) as { name: string; Item?: Item };
    expect(missing.name).toBe('ConditionalCheckFailedException');
    expect(missing.Item).toBeUndefined();
    // A condition that holds lets the write through.
    await db.putItem({ TableName: T, Item: { ...key, x: N(3) }, ConditionExpression: 'x = :two', ExpressionAttributeValues: { ':two': N(2) } });
    expect((await db.getItem({ TableName: T, Key: key })).Item?.x).toEqual(N(3));
  });

  it('DeleteItem deletes, returns ALL_OLD, and succeeds for a missing item', async () => {
    await db.putItem({ TableName: T, Item: { ...key, x: N(1) } });
    expect((await db.deleteItem({ TableName: T, Key: key, ReturnValues: 'ALL_OLD' })).Attributes).toEqual({ ...key, x: N(1) });
    expect((await db.deleteItem({ TableName: T, Key: key, ReturnValues: 'ALL_OLD' })).Attributes).toBeUndefined();
    expect((await db.getItem({ TableName: T, Key: key })).Item).toBeUndefined();
  });
});

describe('UpdateItem', () => {
  it('creates the item from its key when it does not exist', async () => {
    const { Attributes } = await db.updateItem({
      TableName: T,
      Key: key,
      UpdateExpression: 'SET x = :x',
      ExpressionAttributeValues: { ':x': N('6.0') },
      ReturnValues: 'ALL_NEW',
    });
    expect(Attributes).toEqual({ ...key, x: N(6) });
    const bare = await db.updateItem({ TableName: T, Key: { pk: S('b'), sk: N(1) }, ReturnValues: 'ALL_NEW' });
    expect(bare.Attributes).toEqual({ pk: S('b'), sk: N(1) });
  });

  it.each([
    ['SET sk = :v', { ':v': N(2) }, 'sk'],
    ['REMOVE pk', undefined, 'pk'],
  ])('refuses to update a key attribute: %s', async (UpdateExpression, ExpressionAttributeValues, name) => {
    await expectError(
      db.updateItem({ TableName: T, Key: key, UpdateExpression, ExpressionAttributeValues }),
      'ValidationException',
      `${INVALID}Cannot update attribute ${name}. This attribute is part of the key`,
    );
  });

  it('returns ALL_OLD, UPDATED_OLD, ALL_NEW and UPDATED_NEW; nested updates return only the updated paths', async () => {
    await db.putItem({ TableName: T, Item: { ...key, x: N(1), y: N(1), m: { M: { a: N(1), b: { L: [S('x'), S('y')] } } } } });
    const update = (ReturnValues: 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW', value: string) =>
      db.updateItem({
        TableName: T,
        Key: key,
        UpdateExpression: 'SET x = :v, m.b[1] = :v REMOVE y',
        ExpressionAttributeValues: { ':v': N(value) },
        ReturnValues,
      });
    expect((await update('UPDATED_OLD', '2')).Attributes).toEqual({ x: N(1), y: N(1), m: { M: { b: { L: [S('y')] } } } });
    expect((await update('UPDATED_NEW', '3')).Attributes).toEqual({ x: N(3), m: { M: { b: { L: [N(3)] } } } });
    expect((await update('ALL_OLD', '4')).Attributes).toEqual({ ...key, x: N(3), m: { M: { a: N(1), b: { L: [S('x'), N(3)] } } } });
    expect((await update('ALL_NEW', '5')).Attributes).toEqual({ ...key, x: N(5), m: { M: { a: N(1), b: { L: [S('x'), N(5)] } } } });
    // Nothing updated that existed before: no Attributes at all.
    expect((await db.updateItem({ TableName: T, Key: key, UpdateExpression: 'REMOVE nothere', ReturnValues: 'UPDATED_OLD' })).Attributes).toBeUndefined();
  });

  it('refuses an item that grows over 400 KB, and bad index keys', async () => {
    await expectError(
      db.updateItem({ TableName: T, Key: key, UpdateExpression: 'SET big = :v', ExpressionAttributeValues: { ':v': S('x'.repeat(409_600)) } }),
      'ValidationException',
      'Item size to update has exceeded the maximum allowed size',
    );
    await expectError(
      db.updateItem({ TableName: T, Key: key, UpdateExpression: 'SET g = :v', ExpressionAttributeValues: { ':v': N(1) } }),
      'ValidationException',
      `${INVALID}Type mismatch for Index Key g Expected: S Actual: N IndexName: gsi`,
    );
    await expectError(
      db.updateItem({ TableName: T, Key: key, UpdateExpression: 'SET g = :v', ExpressionAttributeValues: { ':v': S('') } }),
      'ValidationException',
      /^One or more parameter values are not valid\. The update expression attempted to update a secondary index key to a value that is not supported\./,
    );
  });

  it('does not share values with the request', async () => {
    const list = { L: [S('a')] };
    await db.updateItem({ TableName: T, Key: key, UpdateExpression: 'SET l = :l', ExpressionAttributeValues: { ':l': list } });
    list.L.push(S('b'));
    expect((await db.getItem({ TableName: T, Key: key })).Item?.l).toEqual({ L: [S('a')] });
  });

  it('checks the condition on a missing item against an empty item', async () => {
    await expectError(
      db.updateItem({
        TableName: T,
        Key: key,
        UpdateExpression: 'SET a = :a',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':a': S('a') },
      }),
      'ConditionalCheckFailedException',
      'The conditional request failed',
    );
    expect((await db.getItem({ TableName: T, Key: key })).Item).toBeUndefined();
  });
});

describe('ReturnConsumedCapacity on writes and GetItem', () => {
  it('charges 1 WCU per KB of the larger item, plus index writes; reads round up to 4 KB', async () => {
    const put = await db.putItem({ TableName: T, Item: { ...key, g: S('G'), big: S('x'.repeat(3000)) }, ReturnConsumedCapacity: 'INDEXES' });
    // Verified on DynamoDB Local: 3 units on the table, 1 on the KEYS_ONLY GSI.
    expect(put.ConsumedCapacity).toEqual({
      TableName: T,
      CapacityUnits: 4,
      Table: { CapacityUnits: 3 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 1 } },
    });
    const smaller = await db.putItem({ TableName: T, Item: { ...key, g: S('G'), big: S('x') }, ReturnConsumedCapacity: 'TOTAL' });
    // The old item was 3 KB: the larger of old and new counts. The GSI entry didn't change.
    expect(smaller.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 3 });
    const get = await db.getItem({ TableName: T, Key: key, ReturnConsumedCapacity: 'TOTAL', ConsistentRead: true });
    expect(get.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 1 });
    const missing = await db.getItem({ TableName: T, Key: { pk: S('q'), sk: N(1) }, ReturnConsumedCapacity: 'TOTAL' });
    expect(missing.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 0.5 });
    const deleted = await db.deleteItem({ TableName: T, Key: { pk: S('q'), sk: N(1) }, ReturnConsumedCapacity: 'TOTAL' });
    expect(deleted.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 1 });
  });
});
