/**
 * TransactWriteItems and TransactGetItems, compared with the real DynamoDB
 * Local as the contract suite does (contract/contract.ts): outputs,
 * TransactionCanceledException with its CancellationReasons, request errors,
 * idempotency, and the tables' contents afterwards. DynamoDB Local's known
 * differences are mapped away by contract/transactionNormalizers.ts (README).
 */
import type { TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBDataSource } from '../src/engine';
import { Contract } from './contract/contract';
import { B, keyNames, N, S, tableSpec } from './contract/fixtures';
import { scanAsSet } from './contract/normalize';
import { scanAllPages } from './contract/paging';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './contract/sides';
import { TRANSACTION_NORMALIZERS } from './contract/transactionNormalizers';

let engineSide: Side;
let localSide: Side;
let contract: Contract;

const orders = tableSpec(
  'txOrders',
  [
    ['pk', 'S'],
    ['sk', 'N'],
  ],
  { gsis: [{ name: 'byStatus', keys: [['status', 'S']], projection: { ProjectionType: 'ALL' } }] },
);
const stock = tableSpec('txStock', [['sku', 'S']]);

beforeAll(async () => {
  engineSide = await startEngineSide();
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
  for (const spec of [orders, stock]) await contract.sameResult(`CreateTable ${spec.name}`, (db) => db.createTable(spec.input));
});

afterAll(async () => {
  for (const spec of [orders, stock]) await contract?.onBoth((db) => db.deleteTable({ TableName: spec.name }).then(() => undefined)).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
});

const order = (sk: number) => ({ pk: S('c1'), sk: N(sk) });
const put = (sk: number, extra = {}, more = {}): TransactWriteItem => ({ Put: { TableName: orders.name, Item: { ...order(sk), ...extra }, ...more } });

async function sameTables(label: string): Promise<void> {
  for (const spec of [orders, stock])
    await contract.same(`${label}: ${spec.name}`, (db) => scanAllPages(db, { TableName: spec.name }), scanAsSet(keyNames(spec.keys)));
}

function sameTransaction(label: string, TransactItems: TransactWriteItem[], extra: object = {}) {
  return contract.same(label, (db: DynamoDBDataSource) => db.transactWriteItems({ TransactItems, ...extra }), ...TRANSACTION_NORMALIZERS);
}

describe('TransactWriteItems', () => {
  it('applies Put, Update, Delete and ConditionCheck over two tables at once', async () => {
    await contract.onBoth(async (db) => {
      await db.putItem({ TableName: stock.name, Item: { sku: S('apple'), count: N(5) } });
      await db.putItem({ TableName: orders.name, Item: { ...order(0), status: S('OLD') } });
      await db.putItem({ TableName: orders.name, Item: { ...order(9) } });
    });
    const outcome = await sameTransaction('an order placed', [
      put(1, { status: S('NEW'), bytes: B(0xff, 0) }, { ConditionExpression: 'attribute_not_exists(pk)' }),
      {
        Update: {
          TableName: stock.name,
          Key: { sku: S('apple') },
          UpdateExpression: 'SET #c = #c - :one',
          ConditionExpression: '#c >= :one',
          ExpressionAttributeNames: { '#c': 'count' },
          ExpressionAttributeValues: { ':one': N(1) },
        },
      },
      { Delete: { TableName: orders.name, Key: order(0) } },
      { ConditionCheck: { TableName: orders.name, Key: order(9), ConditionExpression: 'attribute_exists(pk)' } },
    ]);
    expect(outcome).toHaveProperty('ok', true);
    await sameTables('after the order');
  });

  it('cancels with one reason per action in request order, the old item where asked, and writes nothing', async () => {
    const outcome = await sameTransaction('two conditions fail', [
      put(2, { status: S('NEW') }),
      put(1, {}, { ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      { Update: { TableName: stock.name, Key: { sku: S('pear') }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': N(1) } } },
      {
        ConditionCheck: {
          TableName: stock.name,
          Key: { sku: S('apple') },
          ConditionExpression: '#c > :many',
          ExpressionAttributeNames: { '#c': 'count' },
          ExpressionAttributeValues: { ':many': N(100) },
        },
      },
      { Delete: { TableName: orders.name, Key: order(77), ConditionExpression: 'attribute_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
    ]);
    expect(outcome).toMatchObject({ ok: false, name: 'TransactionCanceledException' });
    expect((outcome as { reasons: { Code: string }[] }).reasons.map((reason) => reason.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
      'None',
      'ConditionalCheckFailed',
      'ConditionalCheckFailed',
    ]);
    await sameTables('after the cancelled transaction');
  });

  it('cancels with a ValidationError reason for what an action would write', async () => {
    await sameTransaction('an index key of the wrong type', [put(3), put(4, { status: N(1) })]);
    // The item grows past 400 KB. (DynamoDB Local refuses the request itself when its values alone exceed 400 KB; not compared.)
    await contract.onBoth((db) => db.putItem({ TableName: orders.name, Item: { ...order(12), filler: S('f'.repeat(3000)) } }));
    await sameTransaction('an update past 400 KB', [
      put(3),
      { Update: { TableName: orders.name, Key: order(12), UpdateExpression: 'SET big = :big', ExpressionAttributeValues: { ':big': S('x'.repeat(408_000)) } } },
    ]);
    await sameTables('after the refused transactions');
  });

  it('refuses bad requests with the same errors, before running anything', async () => {
    await sameTransaction('no actions', []);
    await sameTransaction(
      '101 actions',
      Array.from({ length: 101 }, (_, i) => put(100 + i)),
    );
    await sameTransaction('two actions on one item', [put(5), put(5, { v: N(1) })]);
    // DynamoDB: "you cannot both ConditionCheck and Update the same item" (API reference; the engine refuses it);
    // DynamoDB Local 3.3.1 runs a ConditionCheck beside a write to its item. Both answers asserted.
    const checkAndWrite = await contract.compare((db) =>
      db.transactWriteItems({
        TransactItems: [put(5), { ConditionCheck: { TableName: orders.name, Key: order(5), ConditionExpression: 'attribute_not_exists(pk)' } }],
      }),
    );
    expect(checkAndWrite.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: 'Transaction request cannot include multiple operations on one item',
    });
    expect(checkAndWrite.local).toMatchObject({ ok: false, name: 'TransactionCanceledException' });
    await sameTransaction('two kinds in one action', [{ ...put(5), Delete: { TableName: orders.name, Key: order(5) } }]);
    await sameTransaction('no kind in an action', [{}]);
    await sameTransaction('a ConditionCheck without a condition', [{ ConditionCheck: { TableName: orders.name, Key: order(5) } as never }]);
    await sameTransaction('a missing table', [put(5), { Put: { TableName: 'txNoSuchTable', Item: { id: S('x') } } }]);
    await sameTransaction('an invalid expression after a duplicate', [
      put(5),
      put(5),
      { Update: { TableName: orders.name, Key: order(6), UpdateExpression: 'SET v = ' } },
    ]);
    await sameTransaction('an unused value', [
      { Put: { TableName: orders.name, Item: order(5), ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':x': S('1') } } },
    ]);
    await sameTransaction('an empty index key', [put(5, { status: S('') })]);
    await sameTransaction('an item over 400 KB', [put(5, { big: S('x'.repeat(409_600)) })]);
    const big = S('x'.repeat(390_000));
    const payload = await contract.compare((db) => db.transactWriteItems({ TransactItems: Array.from({ length: 11 }, (_, i) => put(200 + i, { big })) }));
    // The payload's size is the items' sizes; both say so (the engine counts each item as DynamoDB sizes it).
    expect(payload.engine).toMatchObject({
      ok: false,
      name: 'ValidationException',
      message: expect.stringMatching(/^Transaction payload size cannot exceed 4MB\. Payload Size: \d+$/),
    });
    expect(payload.local).toMatchObject({
      ok: false,
      name: 'ValidationException',
      message: expect.stringMatching(/^Transaction payload size cannot exceed 4MB\. Payload Size: \d+$/),
    });
    await sameTables('after the refused requests');
  });

  it('ClientRequestToken: a retry is not applied twice; other items with the token are a mismatch', async () => {
    const token = `keylab-${Date.now().toString(36)}`;
    const increment: TransactWriteItem[] = [
      { Update: { TableName: stock.name, Key: { sku: S('plum') }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': N(1) } } },
    ];
    await sameTransaction('first call', increment, { ClientRequestToken: token });
    await sameTransaction('the same call again', increment, { ClientRequestToken: token });
    // A replay returns "the number of read capacity units consumed in reading the item" (API reference,
    // TransactWriteItems → ClientRequestToken): a transactional read, 2 units for this small item (DynamoDB agrees:
    // nubo-db/dynamodb-conformance, ExecuteTransaction's replay).
    await sameTransaction('the same call again, billed', increment, { ClientRequestToken: token, ReturnConsumedCapacity: 'TOTAL' });
    await sameTransaction('other items, same token', [put(8)], { ClientRequestToken: token });
    await contract.sameResult('applied once', (db) => db.getItem({ TableName: stock.name, Key: { sku: S('plum') }, ConsistentRead: true }));
  });

  it('charges double, per table (one write per table: DynamoDB Local sums only then)', async () => {
    await sameTransaction(
      'a put with an index and a check, INDEXES',
      [put(11, { status: S('NEW') }), { ConditionCheck: { TableName: stock.name, Key: { sku: S('apple') }, ConditionExpression: 'attribute_exists(sku)' } }],
      {
        ReturnConsumedCapacity: 'INDEXES',
      },
    );
    await sameTransaction(
      'an update of a 3 KB item, TOTAL',
      [{ Update: { TableName: orders.name, Key: order(11), UpdateExpression: 'SET big = :b', ExpressionAttributeValues: { ':b': S('b'.repeat(3000)) } } }],
      {
        ReturnConsumedCapacity: 'TOTAL',
      },
    );
  });
});

describe('key errors', () => {
  // A table key of the wrong type cancels the transaction with the action's ValidationError reason on both (DynamoDB:
  // nubo-db/dynamodb-conformance tier 3, transactWriteItems); DynamoDB Local words the reason without names (keyReasonDetail).
  const cases: [string, TransactWriteItem, string][] = [
    [
      'a Put item key of the wrong type',
      { Put: { TableName: orders.name, Item: { pk: S('c1'), sk: S('x') } } },
      'One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S',
    ],
    [
      'a Delete Key of the wrong type',
      { Delete: { TableName: orders.name, Key: { pk: N(1), sk: N(1) } } },
      'The provided key element does not match the schema',
    ],
  ];
  it.each(cases)('%s', async (label, action, message) => {
    const outcome = await sameTransaction(label, [put(60), action]);
    expect(outcome).toEqual({
      ok: false,
      name: 'TransactionCanceledException',
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]',
      reasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: message }],
    });
    await sameTables(`after ${label}`);
  });
});

describe('TransactGetItems', () => {
  it('reads items in request order ({} when missing), with projections, charged double per table', async () => {
    await contract.same(
      'three gets over two tables',
      (db) =>
        db.transactGetItems({
          TransactItems: [
            { Get: { TableName: orders.name, Key: order(1), ProjectionExpression: 'sk, #s, bytes', ExpressionAttributeNames: { '#s': 'status' } } },
            { Get: { TableName: orders.name, Key: order(404) } },
            { Get: { TableName: stock.name, Key: { sku: S('apple') } } },
          ],
          ReturnConsumedCapacity: 'TOTAL',
        }),
      ...TRANSACTION_NORMALIZERS,
    );
  });

  it('refuses bad requests as a whole', async () => {
    const get = (TransactItems: object[]) => (db: DynamoDBDataSource) => db.transactGetItems({ TransactItems } as never);
    await contract.sameError(
      'one item twice',
      get([{ Get: { TableName: orders.name, Key: order(1) } }, { Get: { TableName: orders.name, Key: order(1) } }]),
      ...TRANSACTION_NORMALIZERS,
    );
    await contract.sameError('a missing table', get([{ Get: { TableName: 'txNoSuchTable', Key: { id: S('x') } } }]), ...TRANSACTION_NORMALIZERS);
    // Where they differ: DynamoDB cancels the transaction with the Get's ValidationError reason (None for the others). DynamoDB
    // Local answers one such Get alone with a plain ValidationException, and this pair with a TransactionCanceledException
    // saying `The number of conditions on the keys is invalid`, without reasons.
    const { engine, local } = await contract.compare(
      get([{ Get: { TableName: orders.name, Key: order(1) } }, { Get: { TableName: orders.name, Key: { pk: S('c1') } } }]),
    );
    expect(local).toMatchObject({ ok: false, name: 'TransactionCanceledException' });
    expect(engine).toMatchObject({
      ok: false,
      name: 'TransactionCanceledException',
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ValidationError]',
      reasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: 'The provided key element does not match the schema' }],
    });
    await contract.sameError(
      'a reserved word',
      get([{ Get: { TableName: orders.name, Key: order(1), ProjectionExpression: 'name' } }]),
      ...TRANSACTION_NORMALIZERS,
    );
    await contract.sameError(
      '101 gets',
      get(Array.from({ length: 101 }, (_, i) => ({ Get: { TableName: orders.name, Key: order(i) } }))),
      ...TRANSACTION_NORMALIZERS,
    );
  });
});
