import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type Design } from '../../design';
import { createLocalDynamoDB } from '../../engine';
import { readOnlyDataSource } from '../../sources/readOnlyDataSource';
import { createDesignBindingStore } from '../design/binding';
import { createDesignStore } from '../design/designStore';
import { createExplorerStore } from '../explorerStore';
import { answeredWriteConfirmation, asAwsSource } from '../testing/writeConfirmations';
import { canWriteSource } from '../writeAccess';
import { applyBlockedReason, createMigrateStore } from './migrateStore';
import { createMemoryMigrationStorage, type MigrationStorage } from './migrationStorage';

/** The leaderboard with raw scores and epoch seconds: today's stored strings sort "9" after "875". */
const RAW_LEADERBOARD: Design = {
  ...LEADERBOARD_DESIGN,
  name: 'Raw leaderboard',
  tables: LEADERBOARD_DESIGN.tables.map((table) => ({
    ...table,
    entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: '{score}#{ts}#{playerId}' } })),
  })),
};
const PADDED = '{score:int(10)}#{ts:epoch(16)}#{playerId}';
const SCORES = ['2300', '875', '875', '9', '42', '128'];

async function setUp(
  options: { items?: number; readOnly?: boolean; aws?: boolean; storage?: MigrationStorage; engine?: ReturnType<typeof createLocalDynamoDB> } = {},
) {
  const engine = options.engine ?? createLocalDynamoDB();
  if (!options.engine) {
    await engine.createTable({
      TableName: 'Leaderboard',
      AttributeDefinitions: [
        { AttributeName: 'leaderboardId', AttributeType: 'S' },
        { AttributeName: 'rankKey', AttributeType: 'S' },
        { AttributeName: 'playerId', AttributeType: 'S' },
        { AttributeName: 'ts', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'leaderboardId', KeyType: 'HASH' },
        { AttributeName: 'rankKey', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byPlayer',
          KeySchema: [
            { AttributeName: 'playerId', KeyType: 'HASH' },
            { AttributeName: 'ts', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const count = options.items ?? SCORES.length;
    for (let i = 0; i < count; i++) {
      const score = SCORES[i % SCORES.length] as string;
      const ts = String(1719705600 + i);
      const item: Record<string, AttributeValue> = {
        leaderboardId: { S: 'SEASON#2026-SUMMER' },
        rankKey: { S: `${score}#${ts}#p_${i}` },
        playerId: { S: `p_${i}` },
        ts: { N: ts },
        score: { N: score },
      };
      await engine.putItem({ TableName: 'Leaderboard', Item: item });
    }
  }
  const designs = createDesignStore();
  const designId = designs.getState().addDesign(RAW_LEADERBOARD);
  const designBindings = createDesignBindingStore();
  designBindings.getState().choose('Leaderboard', { designId, tableName: 'Leaderboard' });
  const explorer = createExplorerStore();
  const source = options.readOnly ? readOnlyDataSource(engine, 'Local (Read-only)') : options.aws ? asAwsSource(engine) : engine;
  await explorer.getState().connect(source, 'Built-in table');
  await explorer.getState().selectTable('Leaderboard');
  const storage = options.storage ?? createMemoryMigrationStorage();
  const confirmation = answeredWriteConfirmation(true);
  const migrate = createMigrateStore({
    explorer,
    designs,
    designBindings,
    canWrite: canWriteSource,
    confirmWrite: confirmation.confirmWrite,
    storage,
    concurrency: 4,
  });
  await settle();
  return { engine, explorer, migrate, storage, confirmation };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function rankKeys(engine: ReturnType<typeof createLocalDynamoDB>) {
  const { Items = [] } = await engine.query({
    TableName: 'Leaderboard',
    KeyConditionExpression: 'leaderboardId = :s',
    ExpressionAttributeValues: { ':s': { S: 'SEASON#2026-SUMMER' } },
  });
  return Items.map((item) => item.rankKey?.S);
}

describe('Migrate keys store', () => {
  it('prefills the templates from the bound design and reports template problems per attribute', async () => {
    const { migrate } = await setUp();
    const state = migrate.getState();
    expect(state.designName).toBe('Raw leaderboard');
    expect(state.entityName).toBe('Run');
    expect(state.attributes.map((attribute) => attribute.name)).toEqual(['leaderboardId', 'rankKey', 'playerId', 'ts']);
    expect(state.templates.rankKey).toEqual({ current: '{score}#{ts}#{playerId}', target: '{score}#{ts}#{playerId}' });
    migrate.getState().setTemplate('rankKey', 'target', '{score:int(}');
    await migrate.getState().preview();
    const problem = migrate.getState().problems.find((candidate) => candidate.where === 'target template for rankKey');
    expect(problem?.message).toContain('"{score:int(}"');
    expect(migrate.getState().plan).toBeUndefined();
  });

  it('previews raw → padded: counts in words, the order diff and the write cost', async () => {
    const { migrate } = await setUp();
    migrate.getState().setTemplate('rankKey', 'target', PADDED);
    await migrate.getState().preview();
    const state = migrate.getState();
    expect(state.countsText).toBe("6 to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 0 collisions");
    expect(state.partitions).toEqual(['SEASON#2026-SUMMER']);
    // Stored (raw) order: 128, 2300, 42, 875, 875, 9; the new order is by score.
    expect(state.orderDiff?.rows.map((row) => row.entry.item.score?.N)).toEqual(['128', '2300', '42', '875', '875', '9']);
    expect(state.orderDiff?.rows.map((row) => row.newRank)).toEqual([3, 6, 2, 4, 5, 1]);
    expect(state.cost?.text).toContain('estimate');
  });

  it('applies after the confirmation, stores the checkpoint, and Verify finds every item once under its new key', async () => {
    const { migrate, engine, storage } = await setUp();
    migrate.getState().setTemplate('rankKey', 'target', PADDED);
    await migrate.getState().preview();
    await migrate.getState().requestApply();
    expect(migrate.getState().confirmation).toContain('on Built-in table');
    expect(migrate.getState().confirmation).toContain('6 to rewrite');
    await migrate.getState().answerApply(true);
    expect(migrate.getState().outcome).toMatchObject({ total: 6, done: 6, skipped: [], failed: [], cancelled: false });
    expect(migrate.getState().resumable).toBeUndefined();
    expect(await rankKeys(engine)).toEqual([
      '0000000009#0000001719705603#p_3',
      '0000000042#0000001719705604#p_4',
      '0000000128#0000001719705605#p_5',
      '0000000875#0000001719705601#p_1',
      '0000000875#0000001719705602#p_2',
      '0000002300#0000001719705600#p_0',
    ]);
    expect(await storage.load('Built-in table\u0000Leaderboard')).toBeDefined();
    await migrate.getState().verify();
    expect(migrate.getState().verifyReport?.ok).toBe(true);
    expect(migrate.getState().verifyReport?.text).toBe('Verified: all 6 migrated items are present once under their new keys; nothing is left under old keys.');
  });

  it('pauses when the server stops answering, naming it and marking nothing failed; Resume (from the stored checkpoint) finishes', async () => {
    const { migrate, engine } = await setUp({ items: 30 });
    const write = engine.transactWriteItems.bind(engine);
    let up = false;
    engine.transactWriteItems = ((input: Parameters<typeof write>[0]) =>
      up ? write(input) : Promise.reject(new TypeError('Failed to fetch'))) as typeof engine.transactWriteItems;
    migrate.getState().setTemplate('rankKey', 'target', PADDED);
    await migrate.getState().preview();
    await migrate.getState().requestApply();
    await migrate.getState().answerApply(true);
    const paused = migrate.getState();
    expect(paused.error).toBe(
      "Apply paused after 0 of 30 items: Keylab's app server (the page's own server, which carries every request to Built-in table) stopped answering (TypeError: Failed to fetch). Nothing was marked failed; the items in flight are checked before they are written again. Start the server again, then Resume.",
    );
    expect(paused.outcome).toMatchObject({ paused: true, cancelled: false, failed: [] });
    expect(paused.resumable).toEqual({ done: 0, total: 30 });
    up = true;
    await migrate.getState().resume();
    expect(migrate.getState().outcome).toMatchObject({ total: 30, done: 30, skipped: [], failed: [], cancelled: false });
    expect(migrate.getState().error).toBeUndefined();
    expect((await rankKeys(engine)).every((key) => /^\d{10}#/.test(key ?? ''))).toBe(true);
  });

  it('blocks Apply while collisions exist and on a Read-only connection', async () => {
    const collide = await setUp();
    collide.migrate.getState().setTemplate('rankKey', 'target', '{score:int(10)}');
    await collide.migrate.getState().preview();
    expect(collide.migrate.getState().countsText).toBe("6 to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 1 collision");
    await collide.migrate.getState().requestApply();
    expect(collide.migrate.getState().confirmation).toBeUndefined();
    expect(collide.migrate.getState().error).toBe('1 collision blocks Apply: change the target templates so every item gets its own key.');

    expect(collide.migrate.getState().canWrite()).toBe(true);

    const readOnly = await setUp({ readOnly: true });
    expect(readOnly.migrate.getState().canWrite()).toBe(false);
    readOnly.migrate.getState().setTemplate('rankKey', 'target', PADDED);
    await readOnly.migrate.getState().preview();
    expect(readOnly.migrate.getState().countsText).toContain('6 to rewrite');
    await readOnly.migrate.getState().requestApply();
    expect(readOnly.migrate.getState().error).toContain('Read-only');
    expect(readOnly.migrate.getState().exportScript('python')?.text).toContain('boto3');
  });

  it('after a cancel, a new store (a reload) offers Resume from the stored checkpoint and finishes without writing an item twice; an item changed since the preview is skipped', async () => {
    const first = await setUp({ items: 300 });
    first.migrate.getState().setTemplate('rankKey', 'target', PADDED);
    await first.migrate.getState().preview();
    await first.migrate.getState().requestApply();
    // Someone changes an item after the preview read it.
    await first.engine.updateItem({
      TableName: 'Leaderboard',
      Key: { leaderboardId: { S: 'SEASON#2026-SUMMER' }, rankKey: { S: '9#1719705897#p_297' } },
      UpdateExpression: 'SET score = :n',
      ExpressionAttributeValues: { ':n': { N: '999' } },
    });
    const applying = first.migrate.getState().answerApply(true);
    // Cancel as soon as some items are done.
    await new Promise<void>((resolve) => {
      const stop = first.migrate.subscribe((state) => {
        if ((state.progress?.done ?? 0) >= 20) {
          stop();
          first.migrate.getState().cancel();
          resolve();
        }
      });
    });
    await applying;
    const stopped = first.migrate.getState().outcome;
    expect(stopped?.cancelled).toBe(true);
    expect(stopped?.done).toBeLessThan(300);
    first.migrate.getState().dispose();

    const reloaded = await setUp({ engine: first.engine, storage: first.storage });
    expect(reloaded.migrate.getState().resumable?.total).toBe(300);
    expect(reloaded.migrate.getState().templates.rankKey?.target).toBe(PADDED);
    await reloaded.migrate.getState().resume();
    const outcome = reloaded.migrate.getState().outcome;
    expect(outcome?.done).toBe(299);
    expect(outcome?.skipped).toEqual([
      'leaderboardId = "SEASON#2026-SUMMER", rankKey = "9#1719705897#p_297": changed by someone else since the plan read it: skipped, not overwritten',
    ]);
    expect(reloaded.migrate.getState().resumable).toBeUndefined();
    await reloaded.migrate.getState().verify();
    expect(reloaded.migrate.getState().verifyReport?.text).toBe(
      'Verified: all 299 migrated items are present once under their new keys; nothing is left under old keys; 1 not migrated (skipped or failed).',
    );
    const items = (await first.engine.scan({ TableName: 'Leaderboard' })).Items ?? [];
    expect(items).toHaveLength(300);
  });

  it('copies into a new table (blue/green): creates it with the same key schema and indexes, leaves the old table untouched, and the report names it', async () => {
    const { migrate, engine } = await setUp();
    const before = await rankKeys(engine);
    migrate.getState().setTemplate('rankKey', 'target', PADDED);
    migrate.getState().setCopyInto('Leaderboard-v2');
    await migrate.getState().preview();
    await migrate.getState().requestApply();
    const confirmation = migrate.getState().confirmation ?? '';
    expect(confirmation).toContain(
      "copying into table Leaderboard-v2, a new table: Apply first creates it with Leaderboard's key (leaderboardId S partition, rankKey S sort) and index byPlayer (playerId, ts), billed on demand",
    );
    expect(confirmation).toContain('Table Leaderboard is left untouched.');
    await migrate.getState().answerApply(true);
    expect(migrate.getState().outcome).toMatchObject({ copiedInto: 'Leaderboard-v2', total: 6, done: 6, skipped: [], failed: [] });
    const created = (await engine.describeTable({ TableName: 'Leaderboard-v2' })).Table;
    expect(created?.KeySchema).toEqual([
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ]);
    expect(created?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.KeySchema])).toEqual([
      [
        'byPlayer',
        [
          { AttributeName: 'playerId', KeyType: 'HASH' },
          { AttributeName: 'ts', KeyType: 'RANGE' },
        ],
      ],
    ]);
    expect(await rankKeys(engine)).toEqual(before);
    const copied = await engine.query({
      TableName: 'Leaderboard-v2',
      KeyConditionExpression: 'leaderboardId = :s',
      ExpressionAttributeValues: { ':s': { S: 'SEASON#2026-SUMMER' } },
    });
    expect(copied.Items?.map((item) => item.rankKey?.S)[0]).toBe('0000000009#0000001719705603#p_3');
    await migrate.getState().verify();
    expect(migrate.getState().verifyReport?.ok).toBe(true);
  });

  it('on AWS asks once before Apply (the copy target’s CreateTable and every transaction), and a No writes nothing, not even the new table', async () => {
    const { migrate, engine, confirmation } = await setUp({ aws: true });
    const before = await rankKeys(engine);
    migrate.getState().setTemplate('rankKey', 'target', PADDED);
    migrate.getState().setCopyInto('Leaderboard-v2');
    await migrate.getState().preview();
    confirmation.answer = false;
    await migrate.getState().requestApply();
    await migrate.getState().answerApply(true);
    expect((await engine.listTables({})).TableNames).toEqual(['Leaderboard']);
    expect(migrate.getState().outcome).toBeUndefined();
    confirmation.answer = true;
    await migrate.getState().requestApply();
    await migrate.getState().answerApply(true);
    expect(migrate.getState().outcome).toMatchObject({ copiedInto: 'Leaderboard-v2', total: 6, done: 6, failed: [] });
    expect(await rankKeys(engine)).toEqual(before);
    expect(confirmation.asked).toEqual([
      'Migrate keys of 6 items in table Leaderboard into table Leaderboard-v2',
      'Migrate keys of 6 items in table Leaderboard into table Leaderboard-v2',
    ]);
  });

  it('copies into an existing table with the same key, and refuses one with another key or the table itself', async () => {
    const { migrate, engine } = await setUp();
    await engine.createTable({
      TableName: 'Other',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    migrate.getState().setTemplate('rankKey', 'target', PADDED);
    migrate.getState().setCopyInto('Other');
    await migrate.getState().preview();
    await migrate.getState().requestApply();
    expect(migrate.getState().confirmation).toBeUndefined();
    expect(migrate.getState().error).toBe(
      "Table Other's key (id S partition) differs from Leaderboard's (leaderboardId S partition, rankKey S sort): the copies keep Leaderboard's key attributes. Choose a table with the same key, or a new name (Apply then creates it).",
    );
    migrate.getState().setCopyInto('Leaderboard');
    // Refused by Preview itself (reading the source as its own target would make every item collide), the old plan cleared.
    await migrate.getState().preview();
    expect(migrate.getState().error).toContain('Copy into another table: Leaderboard is the table being migrated');
    expect(migrate.getState().plan).toBeUndefined();
  });

  it('refuses Apply with a reason when nothing needs rewriting, and shows the cost in WCU without "$0.0000"', async () => {
    const { migrate } = await setUp();
    await migrate.getState().preview();
    expect(migrate.getState().countsText).toBe("0 to rewrite, 6 unchanged, 0 already migrated, 0 can't encode, 0 collisions");
    expect(applyBlockedReason(migrate.getState().plan)).toBe('Nothing to rewrite: every key already matches the target template.');
    await migrate.getState().requestApply();
    expect(migrate.getState().confirmation).toBeUndefined();
    migrate.getState().setTemplate('rankKey', 'target', PADDED);
    await migrate.getState().preview();
    expect(applyBlockedReason(migrate.getState().plan)).toBeUndefined();
    expect(migrate.getState().cost?.text).toMatch(/^\d+ WCU \(write units: /);
    expect(migrate.getState().cost?.text).not.toContain('$0.0000');
  });
});
