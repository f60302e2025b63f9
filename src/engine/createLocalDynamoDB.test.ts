import type { DynamoDB } from '@aws-sdk/client-dynamodb';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Item } from '../expressions';
import { createEngine, expectError, N, S, tableInput } from './engine.fixtures';
import type { DynamoDBDataSource, EngineChange } from './localDynamoDB.types';

const T = 'Things';
const table = tableInput(T, [
  ['pk', 'S'],
  ['sk', 'N'],
]);

describe('createLocalDynamoDB', () => {
  it('has the shape of the AWS SDK DynamoDB client (a real client is a DynamoDBDataSource too)', async () => {
    expectTypeOf<DynamoDB>().toMatchTypeOf<DynamoDBDataSource>();
    const db = createEngine();
    expectTypeOf(db).toMatchTypeOf<DynamoDBDataSource>();
    const output = await db.createTable(table);
    expect(output.$metadata).toEqual({});
  });

  it('calls the storage hook before applying a write, and resolves only once it is stored', async () => {
    const stored: EngineChange[] = [];
    let release: () => void = () => undefined;
    const db = createEngine({
      storage: {
        write: (change) =>
          new Promise<void>((resolve) => {
            stored.push(change);
            release = () => resolve();
          }),
      },
    });
    const creating = db.createTable(table);
    await Promise.resolve();
    await Promise.resolve();
    expect(stored.map((change) => change.type)).toEqual(['createTable']);
    // Not applied until the hook resolves.
    await expectError(db.describeTable({ TableName: T }), 'ResourceNotFoundException', /not found/);
    release();
    await creating;
    expect((await db.describeTable({ TableName: T })).Table?.TableStatus).toBe('ACTIVE');

    let settled = false;
    const putting = db.putItem({ TableName: T, Item: { pk: S('a'), sk: N(1) } }).then(() => (settled = true));
    // The hook has the write (and holds it): only then is "not settled, not applied" worth checking.
    await vi.waitUntil(() => stored.length === 2, { interval: 1 });
    expect(settled).toBe(false);
    expect((await db.getItem({ TableName: T, Key: { pk: S('a'), sk: N(1) } })).Item).toBeUndefined();
    release();
    await putting;
    expect(stored.at(-1)).toEqual({ type: 'writeItems', writes: [{ tableName: T, key: { pk: S('a'), sk: N(1) }, item: { pk: S('a'), sk: N(1) } }] });
  });

  it('reports a failed store and does not apply the change; later writes still run', async () => {
    let fail = false;
    const db = createEngine({
      storage: {
        write: async () => {
          if (fail) throw new Error('disk full');
        },
      },
    });
    await db.createTable(table);
    fail = true;
    await expect(db.putItem({ TableName: T, Item: { pk: S('a'), sk: N(1) } })).rejects.toThrow('disk full');
    fail = false;
    expect((await db.scan({ TableName: T })).Count).toBe(0);
    await db.putItem({ TableName: T, Item: { pk: S('b'), sk: N(1) } });
    expect((await db.scan({ TableName: T })).Count).toBe(1);
  });

  it('serialises writes while a hook is set, so conditions see earlier writes', async () => {
    const db = createEngine({ storage: { write: () => new Promise<void>((resolve) => setTimeout(() => resolve(), 1)) } });
    await db.createTable(table);
    const attempts = Array.from({ length: 5 }, (_, i) =>
      db.putItem({ TableName: T, Item: { pk: S('a'), sk: N(1), n: N(i) }, ConditionExpression: 'attribute_not_exists(pk)' }).then(
        () => 'ok',
        (error: Error) => error.name,
      ),
    );
    expect(await Promise.all(attempts)).toEqual(['ok', ...Array(4).fill('ConditionalCheckFailedException')]);
  });

  it('tells subscribers about applied changes, not about refused ones', async () => {
    const db = createEngine();
    const seen: string[] = [];
    const unsubscribe = db.subscribe((change) => seen.push(change.type));
    await db.createTable(table);
    await db.putItem({ TableName: T, Item: { pk: S('a'), sk: N(1) } });
    await db.putItem({ TableName: T, Item: { pk: S('a') } }).catch(() => undefined);
    await db.deleteItem({ TableName: T, Key: { pk: S('zz'), sk: N(1) } });
    unsubscribe();
    await db.deleteTable({ TableName: T });
    expect(seen).toEqual(['createTable', 'writeItems']);
  });
});

describe('bulk load, snapshot and restore', () => {
  it('loads many items in one change, later items winning, and validates them all first', async () => {
    const changes: EngineChange[] = [];
    const db = createEngine({ storage: { write: (change) => void changes.push(change) } });
    await db.createTable(table);
    await db.putItem({ TableName: T, Item: { pk: S('old'), sk: N(1) } });
    const items: Item[] = Array.from({ length: 5000 }, (_, i) => ({ pk: S(`p${i % 3}`), sk: N(i % 1000), v: N(i) }));
    items.push({ pk: S('old'), sk: N(1), v: S('replaced') });
    expect(await db.loadItems(T, items)).toEqual({ loaded: 5001 });
    expect(changes.at(-1)?.type).toBe('writeItems');
    const { Table } = await db.describeTable({ TableName: T });
    expect(Table?.ItemCount).toBe(3001);
    const { Items } = await db.query({ TableName: T, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('p1') }, Limit: 3 });
    expect(Items).toEqual([
      { pk: S('p1'), sk: N(0), v: N(4000) },
      { pk: S('p1'), sk: N(1), v: N(3001) },
      { pk: S('p1'), sk: N(2), v: N(2002) },
    ]);
    expect((await db.getItem({ TableName: T, Key: { pk: S('old'), sk: N(1) } })).Item?.v).toEqual(S('replaced'));

    const before = changes.length;
    await expectError(
      db.loadItems(T, [{ pk: S('x'), sk: N(1) }, { pk: S('y') }]),
      'ValidationException',
      'One or more parameter values were invalid: Missing the key sk in the item',
    );
    expect(changes.length).toBe(before);
    expect((await db.getItem({ TableName: T, Key: { pk: S('x'), sk: N(1) } })).Item).toBeUndefined();
  });

  it('snapshots a table and restores it into another engine without calling the hook', async () => {
    const db = createEngine();
    await db.createTable({ ...table, GlobalSecondaryIndexes: undefined });
    await db.loadItems(
      T,
      Array.from({ length: 100 }, (_, i) => ({ pk: S(`p${i % 4}`), sk: N(i) })),
    );
    const snapshot = db.snapshotTable(T);
    expect(snapshot.items).toHaveLength(100);
    // A snapshot is JSON-safe except for binary values.
    const revived = JSON.parse(JSON.stringify(snapshot));

    const calls: EngineChange[] = [];
    const copy = createEngine({ storage: { write: (change) => void calls.push(change) } });
    copy.restoreTable(revived);
    expect(calls).toEqual([]);
    expect(await copy.describeTable({ TableName: T })).toEqual(await db.describeTable({ TableName: T }));
    expect((await copy.scan({ TableName: T })).Items).toEqual((await db.scan({ TableName: T })).Items);
  });

  it("keeps handed-over items as they are (a data file's parsed items), and copies items that stay the caller's", async () => {
    const source = createEngine();
    await source.createTable({ ...table, GlobalSecondaryIndexes: undefined });
    const definition = source.snapshotTable(T).table;
    const items = () => Array.from({ length: 3 }, (_, i): Item => ({ pk: S('p'), sk: N(i), v: S(`v${i}`) }));
    const db = createEngine();

    const handedOver = items();
    db.restoreTable({ table: definition, items: handedOver }, { handOver: true });
    const stored = db.snapshotTable(T).items;
    expect(stored).toEqual(handedOver);
    stored.forEach((item, i) => expect(item).toBe(handedOver[i]));
    // Stored items are frozen, so a read can hand them out without a copy.
    expect(Object.isFrozen(handedOver[0])).toBe(true);

    const kept = items();
    db.restoreTable({ table: definition, items: kept });
    const copied = db.snapshotTable(T).items;
    expect(copied).toEqual(kept);
    copied.forEach((item, i) => expect(item).not.toBe(kept[i]));
    expect(Object.isFrozen(kept[0])).toBe(false);
  });
});
