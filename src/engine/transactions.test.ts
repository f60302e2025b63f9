import type { TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../expressions';
import { createEngine, expectError, FIXED_NOW, N, S, tableInput } from './engine.fixtures';
import type { EngineChange, LocalDynamoDB } from './localDynamoDB.types';

/*
 * TransactWriteItems and TransactGetItems. Messages verified on DynamoDB Local 3.3.1 unless noted;
 * integration/transactionsContract.test.ts compares them with the real thing. DynamoDB Local differs:
 * a ConditionalCheckFailed reason says "The conditional request failed." (with a period; DynamoDB
 * and its single-item error do not), an IdempotentParameterMismatchException has no message, and
 * its ConsumedCapacity counts one write per table (README).
 */

const T = 'Txn';
let db: LocalDynamoDB;
let now: number;

beforeEach(async () => {
  now = FIXED_NOW;
  db = createEngine({ clock: () => now });
  await db.createTable(
    tableInput(
      T,
      [
        ['pk', 'S'],
        ['sk', 'S'],
      ],
      {
        extraDefinitions: [['g', 'S']],
        GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
      },
    ),
  );
  await db.createTable(tableInput('Other', [['id', 'N']]));
  await db.putItem({ TableName: T, Item: { pk: S('a'), sk: S('1'), n: N(1) } });
});

const key = (pk: string, sk = '1'): Item => ({ pk: S(pk), sk: S(sk) });
const put = (pk: string, extra: Item = {}, more: object = {}): TransactWriteItem => ({ Put: { TableName: T, Item: { ...key(pk), ...extra }, ...more } });
const check = (pk: string, ConditionExpression: string, more: object = {}): TransactWriteItem => ({
  ConditionCheck: { TableName: T, Key: key(pk), ConditionExpression, ...more },
});
const increment = (pk: string, more: object = {}): TransactWriteItem => ({
  Update: { TableName: T, Key: key(pk), UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': N(1) }, ...more },
});

async function itemOf(pk: string): Promise<Item | undefined> {
  return (await db.getItem({ TableName: T, Key: key(pk), ConsistentRead: true })).Item;
}

async function cancellation(promise: Promise<unknown>): Promise<{ message: string; reasons: unknown }> {
  const error = (await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as { name: string; message: string; CancellationReasons: unknown } | undefined;
  expect(error?.name).toBe('TransactionCanceledException');
  return { message: (error as { message: string }).message, reasons: error?.CancellationReasons };
}

describe('TransactWriteItems', () => {
  it('applies Put, Update, Delete and ConditionCheck over two tables together, as one change', async () => {
    await db.putItem({ TableName: T, Item: key('gone') });
    await db.putItem({ TableName: T, Item: { ...key('checked'), n: N(1) } });
    const changes: EngineChange[] = [];
    db.subscribe((change) => changes.push(change));
    const output = await db.transactWriteItems({
      TransactItems: [
        put('b', { g: S('x') }),
        increment('a'),
        { Delete: { TableName: T, Key: key('gone') } },
        check('checked', 'n = :one', { ExpressionAttributeValues: { ':one': N(1) } }),
        { Put: { TableName: 'Other', Item: { id: N(7) } } },
      ],
      ReturnConsumedCapacity: 'INDEXES',
    });
    expect(await itemOf('b')).toEqual({ ...key('b'), g: S('x') });
    expect(await itemOf('a')).toEqual({ ...key('a'), n: N(2) });
    expect(await itemOf('gone')).toBeUndefined();
    expect(changes).toHaveLength(1);
    expect(changes[0]?.type === 'writeItems' && changes[0].writes.map((write) => write.tableName)).toEqual([T, T, T, 'Other']);
    // Doubled: put b (table 2, index 2), update a (2), delete (2), check (a read: 2); Other's put (2). INDEXES splits reads from writes.
    expect(output.ConsumedCapacity).toEqual([
      {
        TableName: T,
        CapacityUnits: 10,
        ReadCapacityUnits: 2,
        WriteCapacityUnits: 8,
        Table: { CapacityUnits: 8, ReadCapacityUnits: 2, WriteCapacityUnits: 6 },
        GlobalSecondaryIndexes: { byG: { CapacityUnits: 2, WriteCapacityUnits: 2 } },
      },
      { TableName: 'Other', CapacityUnits: 2, WriteCapacityUnits: 2, Table: { CapacityUnits: 2, WriteCapacityUnits: 2 } },
    ]);
  });

  it('writes nothing when a condition fails, and gives one reason per action in request order', async () => {
    const { message, reasons } = await cancellation(
      db.transactWriteItems({
        TransactItems: [
          put('b'),
          check('a', 'attribute_not_exists(pk)', { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
          increment('c'),
          check('zz', 'attribute_exists(pk)', { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
        ],
      }),
    );
    expect(message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed, None, ConditionalCheckFailed]',
    );
    expect(reasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { ...key('a'), n: N(1) } },
      { Code: 'None' },
      // No item to return: the reason carries none.
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
    expect(await itemOf('b')).toBeUndefined();
    expect(await itemOf('c')).toBeUndefined();
  });

  it('cancels with ValidationError reasons for what the written items would be', async () => {
    const { reasons } = await cancellation(
      db.transactWriteItems({
        TransactItems: [
          put('b'),
          put('c', { g: N(1) }),
          { Update: { TableName: T, Key: key('a'), UpdateExpression: 'SET big = :big', ExpressionAttributeValues: { ':big': S('x'.repeat(409_600)) } } },
        ],
      }),
    );
    expect(reasons).toEqual([
      { Code: 'None' },
      { Code: 'ValidationError', Message: 'One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: byG' },
      { Code: 'ValidationError', Message: 'Item size to update has exceeded the maximum allowed size' },
    ]);
    expect(await itemOf('b')).toBeUndefined();
  });

  it('refuses bad requests before running any action', async () => {
    await expectError(
      db.transactWriteItems({ TransactItems: [] }),
      'ValidationException',
      "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
    await expectError(
      db.transactWriteItems({ TransactItems: Array.from({ length: 101 }, (_, i) => put(`p${i}`)) }),
      'ValidationException',
      "1 validation error detected: Value '[101 elements]' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100",
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [put('b'), put('b')] }),
      'ValidationException',
      'Transaction request cannot include multiple operations on one item',
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [put('a'), check('a', 'attribute_exists(pk)')] }),
      'ValidationException',
      'Transaction request cannot include multiple operations on one item',
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [{ ...put('b'), Delete: { TableName: T, Key: key('b') } }] }),
      'ValidationException',
      'TransactItems can only contain one of Check, Put, Update or Delete',
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [{}] }),
      'ValidationException',
      'Invalid Request: TransactWriteRequest should contain Delete or Put or Update request',
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [{ ConditionCheck: { TableName: T, Key: key('a') } as never }] }),
      'ValidationException',
      "1 validation error detected: Value null at 'transactItems.1.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null",
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [put('b', {}, { ReturnValuesOnConditionCheckFailure: 'ALL_NEW' })] }),
      'ValidationException',
      "1 validation error detected: Value 'ALL_NEW' at 'transactItems.1.member.put.returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]",
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [{ Put: { TableName: 'Nope', Item: key('b') } }] }),
      'ResourceNotFoundException',
      'Requested resource not found',
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [put('b'), { Update: { TableName: T, Key: key('a'), UpdateExpression: 'SET v = ' } }] }),
      'ValidationException',
      'Invalid UpdateExpression: Syntax error; token: "<EOF>", near: "= "',
    );
    await expectError(
      db.transactWriteItems({ TransactItems: [put('b', { g: S('') })] }),
      'ValidationException',
      /^One or more parameter values are not valid\. A value specified for a secondary index key is not supported/,
    );
    const big = S('x'.repeat(399_000));
    await expectError(
      db.transactWriteItems({ TransactItems: Array.from({ length: 11 }, (_, i) => put(`big${i}`, { d: big })) }),
      'ValidationException',
      /^Transaction payload size cannot exceed 4MB\. Payload Size: \d+$/,
    );
    expect(await itemOf('b')).toBeUndefined();
  });

  it('with a ClientRequestToken: a retry succeeds without writing again; other items are a mismatch; 10 minutes later it is new', async () => {
    const request = { TransactItems: [increment('a')], ClientRequestToken: 'token-1' };
    await db.transactWriteItems(request);
    const retry = await db.transactWriteItems({ ...request, ReturnConsumedCapacity: 'TOTAL' });
    // Charged as a transactional read of the item (API reference, ClientRequestToken: 2 units, as DynamoDB answers), not written again.
    expect(retry.ConsumedCapacity).toEqual([{ TableName: T, CapacityUnits: 2 }]);
    expect((await itemOf('a'))?.n).toEqual(N(2));
    await expectError(
      db.transactWriteItems({ TransactItems: [increment('b')], ClientRequestToken: 'token-1' }),
      'IdempotentParameterMismatchException',
      /^The ClientRequestToken was already used/,
    );
    now += 10 * 60 * 1000;
    await db.transactWriteItems(request);
    expect((await itemOf('a'))?.n).toEqual(N(3));
  });

  it('does not remember the token of a cancelled transaction', async () => {
    await cancellation(db.transactWriteItems({ TransactItems: [check('a', 'attribute_not_exists(pk)')], ClientRequestToken: 'token-2' }));
    await db.transactWriteItems({ TransactItems: [increment('a')], ClientRequestToken: 'token-2' });
    expect((await itemOf('a'))?.n).toEqual(N(2));
  });

  it('is isolated: writes queued around a transaction never see half of it', async () => {
    let release: () => void = () => undefined;
    const stored: EngineChange[] = [];
    const slow = createEngine({
      storage: {
        write: (change) => {
          stored.push(change);
          // The first item write waits, so the others queue up behind it.
          return stored.length === 3 ? new Promise<void>((resolve) => (release = resolve)) : undefined;
        },
      },
    });
    await slow.createTable(
      tableInput(T, [
        ['pk', 'S'],
        ['sk', 'S'],
      ]),
    );
    await slow.putItem({ TableName: T, Item: { ...key('a'), n: N(0) } });
    const first = slow.putItem({ TableName: T, Item: { ...key('b'), n: N(0) } });
    const transaction = slow.transactWriteItems({ TransactItems: [increment('a'), increment('b')] });
    const after = slow.updateItem({
      TableName: T,
      Key: key('b'),
      UpdateExpression: 'ADD n :ten',
      ExpressionAttributeValues: { ':ten': N(10), ':one': N(1) },
      ConditionExpression: 'n = :one',
      ReturnValues: 'ALL_NEW',
    });
    // While the transaction waits in the queue, reads see neither half of it.
    const { Responses } = await slow.transactGetItems({ TransactItems: [{ Get: { TableName: T, Key: key('a') } }, { Get: { TableName: T, Key: key('b') } }] });
    expect(Responses?.map((response) => response.Item?.n)).toEqual([N(0), undefined]);
    release();
    await first;
    await transaction;
    expect((await after).Attributes?.n).toEqual(N(11));
    expect(stored.filter((change) => change.type === 'writeItems').map((change) => (change.type === 'writeItems' ? change.writes.length : 0))).toEqual([
      1, 1, 2, 1,
    ]);
  });
});

describe('TransactGetItems', () => {
  it('reads items in request order, {} for a missing one, with projections, charged double per table', async () => {
    await db.putItem({ TableName: 'Other', Item: { id: N(1), x: S('x') } });
    const output = await db.transactGetItems({
      TransactItems: [
        { Get: { TableName: T, Key: key('a'), ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'n' } } },
        { Get: { TableName: T, Key: key('zz') } },
        { Get: { TableName: 'Other', Key: { id: N(1) } } },
      ],
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(output.Responses).toEqual([{ Item: { n: N(1) } }, {}, { Item: { id: N(1), x: S('x') } }]);
    expect(output.ConsumedCapacity).toEqual([
      { TableName: T, CapacityUnits: 4 },
      { TableName: 'Other', CapacityUnits: 2 },
    ]);
  });

  it('refuses bad requests as a whole', async () => {
    await expectError(
      db.transactGetItems({ TransactItems: [{ Get: { TableName: T, Key: key('a') } }, { Get: { TableName: T, Key: key('a') } }] }),
      'ValidationException',
      'Transaction request cannot include multiple operations on one item',
    );
    expect(
      await cancellation(db.transactGetItems({ TransactItems: [{ Get: { TableName: T, Key: key('a') } }, { Get: { TableName: T, Key: { pk: S('a') } } }] })),
    ).toEqual({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]',
      reasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: 'The provided key element does not match the schema' }],
    });
    await expectError(
      db.transactGetItems({ TransactItems: [{ Get: { TableName: 'Nope', Key: key('a') } }] }),
      'ResourceNotFoundException',
      'Requested resource not found',
    );
    await expectError(
      db.transactGetItems({ TransactItems: [{ Get: { TableName: T, Key: key('a'), ProjectionExpression: 'name' } }] }),
      'ValidationException',
      'Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name',
    );
    await expectError(
      db.transactGetItems({ TransactItems: [{} as never] }),
      'ValidationException',
      "1 validation error detected: Value null at 'transactItems.1.member.get' failed to satisfy constraint: Member must not be null",
    );
  });
});

describe('ReturnValuesOnConditionCheckFailure on single-item writes', () => {
  it('puts the item in the ConditionalCheckFailedException as Item', async () => {
    for (const write of [
      () => db.putItem({ TableName: T, Item: key('a'), ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      () =>
        db.updateItem({
          TableName: T,
          Key: key('a'),
          UpdateExpression: 'SET n = :two',
          ConditionExpression: 'n = :two',
          ExpressionAttributeValues: { ':two': N(2) },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      () => db.deleteItem({ TableName: T, Key: key('a'), ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
    ]) {
      const error = (await write().catch((reason: unknown) => reason)) as { name: string; message: string; Item?: Item };
      expect(error.name).toBe('ConditionalCheckFailedException');
      expect(error.message).toBe('The conditional request failed');
      expect(error.Item).toEqual({ ...key('a'), n: N(1) });
    }
  });
});
