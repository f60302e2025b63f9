import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from './createLocalDynamoDB';
import { expectError, FIXED_NOW, S, tableInput } from './engine.fixtures';

/*
 * Transient table states (transientStatusMs, DynamoDB Local's
 * -delayTransientStatuses), driven by a fake clock: time is advanced, never
 * waited for. Messages as live DynamoDB sends them (see tableStates.ts).
 */

const DELAY = 1000;
const IN_USE = 'Attempt to change a resource which is still in use: Table is being';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function engineWithClock(transientStatusMs = DELAY) {
  let now = FIXED_NOW;
  const db = createLocalDynamoDB({ clock: () => now, transientStatusMs });
  return { db, advance: (ms: number) => void (now += ms) };
}

const scores = tableInput('Scores', [['pk', 'S']], { extraDefinitions: [['g', 'S']] });
const item = { pk: S('p'), g: S('x') };
const gsi = {
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' as const },
    { AttributeName: 'g', AttributeType: 'S' as const },
  ],
  GlobalSecondaryIndexUpdates: [
    { Create: { IndexName: 'ByG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' as const }], Projection: { ProjectionType: 'ALL' as const } } },
  ],
};
const plainTable = tableInput('Scores', [['pk', 'S']]);

/** The item requests a CREATING or DELETING table refuses with ResourceNotFoundException. */
const ITEM_REQUESTS: [string, (db: ReturnType<typeof createLocalDynamoDB>) => Promise<unknown>][] = [
  ['PutItem', (db) => db.putItem({ TableName: 'Scores', Item: { pk: S('p') } })],
  ['GetItem', (db) => db.getItem({ TableName: 'Scores', Key: { pk: S('p') } })],
  ['Query', (db) => db.query({ TableName: 'Scores', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('p') } })],
  ['Scan', (db) => db.scan({ TableName: 'Scores' })],
  ['BatchWriteItem', (db) => db.batchWriteItem({ RequestItems: { Scores: [{ PutRequest: { Item: { pk: S('p') } } }] } })],
  ['TransactGetItems', (db) => db.transactGetItems({ TransactItems: [{ Get: { TableName: 'Scores', Key: { pk: S('p') } } }] })],
  ['ExecuteStatement', (db) => db.executeStatement({ Statement: `SELECT * FROM "Scores"` })],
];

describe('without a delay (the default)', () => {
  it('CreateTable answers CREATING with a TableId; the next DescribeTable says ACTIVE with the same TableId', async () => {
    const { db } = engineWithClock(0);
    const created = await db.createTable(plainTable);
    expect(created.TableDescription?.TableStatus).toBe('CREATING');
    expect(created.TableDescription?.TableId).toMatch(UUID);
    const described = await db.describeTable({ TableName: 'Scores' });
    expect(described.Table?.TableStatus).toBe('ACTIVE');
    expect(described.Table?.TableId).toBe(created.TableDescription?.TableId);
    await db.putItem({ TableName: 'Scores', Item: { pk: S('p') } });
  });

  it('every table gets its own TableId, kept by a save and load', async () => {
    const { db } = engineWithClock(0);
    await db.createTable(plainTable);
    await db.createTable(tableInput('Other', [['pk', 'S']]));
    const [a, b] = await Promise.all([db.describeTable({ TableName: 'Scores' }), db.describeTable({ TableName: 'Other' })]);
    expect(a.Table?.TableId).not.toBe(b.Table?.TableId);
    const loaded = createLocalDynamoDB();
    loaded.restoreTable(db.snapshotTable('Scores'));
    expect((await loaded.describeTable({ TableName: 'Scores' })).Table?.TableId).toBe(a.Table?.TableId);
  });

  it('a table saved before TableIds were kept gets a stable one', async () => {
    const { db } = engineWithClock(0);
    await db.createTable(plainTable);
    const { tableId: _dropped, ...oldDefinition } = db.snapshotTable('Scores').table;
    const ids = await Promise.all(
      [1, 2].map(async () => {
        const loaded = createLocalDynamoDB();
        loaded.restoreTable({ table: oldDefinition, items: [] });
        return (await loaded.describeTable({ TableName: 'Scores' })).Table?.TableId;
      }),
    );
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toBe(ids[0]);
  });
});

describe('CREATING', () => {
  it('DescribeTable says CREATING until the delay has passed, then ACTIVE', async () => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    expect((await db.describeTable({ TableName: 'Scores' })).Table?.TableStatus).toBe('CREATING');
    advance(DELAY - 1);
    expect((await db.describeTable({ TableName: 'Scores' })).Table?.TableStatus).toBe('CREATING');
    expect((await db.listTables({})).TableNames).toEqual(['Scores']);
    advance(1);
    expect((await db.describeTable({ TableName: 'Scores' })).Table?.TableStatus).toBe('ACTIVE');
  });

  it.each(ITEM_REQUESTS)('%s to a CREATING table: ResourceNotFoundException, then served once ACTIVE', async (_, request) => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    await expectError(request(db), 'ResourceNotFoundException', 'Requested resource not found');
    advance(DELAY);
    await request(db);
  });

  it.each([
    [
      'UpdateTable',
      (db: ReturnType<typeof createLocalDynamoDB>) =>
        db.updateTable({ TableName: 'Scores', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
    ],
    ['DeleteTable', (db: ReturnType<typeof createLocalDynamoDB>) => db.deleteTable({ TableName: 'Scores' })],
  ])('%s of a CREATING table: ResourceInUseException', async (_, request) => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    await expectError(request(db), 'ResourceInUseException', `${IN_USE} created: Scores`);
    advance(DELAY);
    await request(db);
  });

  it('a table saved while CREATING loads ACTIVE', async () => {
    const { db } = engineWithClock();
    await db.createTable(plainTable);
    const loaded = createLocalDynamoDB({ transientStatusMs: DELAY });
    loaded.restoreTable(db.snapshotTable('Scores'));
    expect((await loaded.describeTable({ TableName: 'Scores' })).Table?.TableStatus).toBe('ACTIVE');
    await loaded.putItem({ TableName: 'Scores', Item: { pk: S('p') } });
  });
});

describe('UPDATING', () => {
  it('a new GSI: the table UPDATING and the index CREATING, Backfilling, then ACTIVE; items are served meanwhile', async () => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    advance(DELAY);
    await db.putItem({ TableName: 'Scores', Item: item });
    const updated = await db.updateTable({ TableName: 'Scores', ...gsi });
    expect(updated.TableDescription?.TableStatus).toBe('UPDATING');
    expect(updated.TableDescription?.GlobalSecondaryIndexes?.[0]).toMatchObject({ IndexStatus: 'CREATING', Backfilling: false });
    const during = (await db.describeTable({ TableName: 'Scores' })).Table;
    expect(during?.TableStatus).toBe('UPDATING');
    expect(during?.GlobalSecondaryIndexes?.[0]).toMatchObject({ IndexName: 'ByG', IndexStatus: 'CREATING', Backfilling: true });
    expect((await db.getItem({ TableName: 'Scores', Key: { pk: S('p') } })).Item).toEqual(item);
    await db.putItem({ TableName: 'Scores', Item: { pk: S('q'), g: S('y') } });
    advance(DELAY);
    const after = (await db.describeTable({ TableName: 'Scores' })).Table;
    expect(after?.TableStatus).toBe('ACTIVE');
    expect(after?.GlobalSecondaryIndexes?.[0]).toMatchObject({ IndexName: 'ByG', IndexStatus: 'ACTIVE' });
    expect(after?.GlobalSecondaryIndexes?.[0]).not.toHaveProperty('Backfilling');
    const byG = await db.query({ TableName: 'Scores', IndexName: 'ByG', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': S('y') } });
    expect(byG.Items).toEqual([{ pk: S('q'), g: S('y') }]);
  });

  it('a deleted GSI shows DELETING while the table is UPDATING, then is gone', async () => {
    const { db, advance } = engineWithClock();
    await db.createTable({ ...scores, GlobalSecondaryIndexes: [gsi.GlobalSecondaryIndexUpdates[0]!.Create] });
    advance(DELAY);
    await db.updateTable({ TableName: 'Scores', GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'ByG' } }] });
    expect((await db.describeTable({ TableName: 'Scores' })).Table?.GlobalSecondaryIndexes).toEqual([
      expect.objectContaining({ IndexName: 'ByG', IndexStatus: 'DELETING' }),
    ]);
    advance(DELAY);
    expect((await db.describeTable({ TableName: 'Scores' })).Table?.GlobalSecondaryIndexes).toBeUndefined();
  });

  it.each([
    [
      'a second UpdateTable',
      (db: ReturnType<typeof createLocalDynamoDB>) =>
        db.updateTable({ TableName: 'Scores', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
    ],
    ['DeleteTable', (db: ReturnType<typeof createLocalDynamoDB>) => db.deleteTable({ TableName: 'Scores' })],
  ])('%s while UPDATING: ResourceInUseException, accepted once ACTIVE', async (_, request) => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    advance(DELAY);
    await db.updateTable({ TableName: 'Scores', ...gsi });
    await expectError(request(db), 'ResourceInUseException', `${IN_USE} updated: Scores`);
    advance(DELAY);
    await request(db);
  });
});

describe('DELETING', () => {
  it('DescribeTable says DELETING until the delay has passed, then ResourceNotFoundException', async () => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    advance(DELAY);
    const deleted = await db.deleteTable({ TableName: 'Scores' });
    expect(deleted.TableDescription?.TableStatus).toBe('DELETING');
    expect((await db.describeTable({ TableName: 'Scores' })).Table?.TableStatus).toBe('DELETING');
    advance(DELAY);
    await expectError(db.describeTable({ TableName: 'Scores' }), 'ResourceNotFoundException', 'Requested resource not found: Table: Scores not found');
  });

  it.each(ITEM_REQUESTS)('%s to a DELETING table: ResourceNotFoundException', async (_, request) => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    advance(DELAY);
    await db.deleteTable({ TableName: 'Scores' });
    await expectError(request(db), 'ResourceNotFoundException', 'Requested resource not found');
  });

  it('UpdateTable and DeleteTable of a DELETING table: ResourceInUseException; CreateTable of its name: already exists until it is gone', async () => {
    const { db, advance } = engineWithClock();
    await db.createTable(plainTable);
    advance(DELAY);
    await db.deleteTable({ TableName: 'Scores' });
    await expectError(db.deleteTable({ TableName: 'Scores' }), 'ResourceInUseException', `${IN_USE} deleted: Scores`);
    await expectError(db.updateTable({ TableName: 'Scores', ...gsi }), 'ResourceInUseException', `${IN_USE} deleted: Scores`);
    await expectError(db.createTable(plainTable), 'ResourceInUseException', 'Table already exists: Scores');
    advance(DELAY);
    expect((await db.createTable(plainTable)).TableDescription?.TableStatus).toBe('CREATING');
  });
});
