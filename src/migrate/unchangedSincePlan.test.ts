import { describe, expect, it } from 'vitest';
import {
  applyMigration,
  compileMigration,
  emptyCheckpoint,
  planIdOf,
  planMigration,
  rewriteRequests,
  scanPages,
  settleState,
  unchangedSincePlan,
  watchAddedAttributes,
} from '.';
import { expectOk } from '../errors/testing';
// The runner is checked on the real built-in engine (the layer itself only uses engine types).
// eslint-disable-next-line keylab/layer-imports
import { createLocalDynamoDB } from '../engine';
import { GAME_TABLE, gameItem, gameSpec } from './migration.fixtures';

const noSleep = () => Promise.resolve();

describe('unchangedSincePlan', () => {
  it('adds attribute_not_exists for each watched name the old item lacks, and for the new item’s added names', () => {
    const item = gameItem('G#a', '00000001#p1', '1', 'p1');
    const condition = unchangedSincePlan(item, { ...item, gsk: { S: 'S#1' } }, ['pk', 'sk', 'score', 'id', 'note', 'gsk']);
    expect(condition.ConditionExpression).toBe(
      '#a0 = :v0 AND #a1 = :v1 AND #a2 = :v2 AND #a3 = :v3 AND attribute_not_exists(#n0) AND attribute_not_exists(#n1)',
    );
    expect(condition.ExpressionAttributeNames).toMatchObject({ '#n0': 'gsk', '#n1': 'note' });
  });

  it('keeps the condition under DynamoDB’s 4 KB expression limit however many names are watched', () => {
    const item = gameItem('G#a', '00000001#p1', '1', 'p1');
    const watched = Array.from({ length: 1000 }, (_, i) => `attribute${i}`);
    const condition = unchangedSincePlan(item, item, watched);
    expect(condition.ConditionExpression.length).toBeLessThanOrEqual(4000);
    expect(condition.ConditionExpression).toContain('attribute_not_exists(#n0)');
  });
});

describe('an item that gained an attribute after the preview (built-in engine)', () => {
  async function setUp(targetTableName?: string) {
    const db = createLocalDynamoDB();
    await db.createTable(GAME_TABLE('Games'));
    if (targetTableName) await db.createTable(GAME_TABLE(targetTableName));
    await db.putItem({ TableName: 'Games', Item: gameItem('G#a', '00000001#p1', '1', 'p1') });
    await db.putItem({ TableName: 'Games', Item: gameItem('G#a', '00000002#p2', '2', 'p2', { note: { S: 'kept' } }) });
    const compiled = compileMigration({ ...gameSpec('Games', '{score:int(8)}#{id}', '{score:int(10)}#{id}'), ...(targetTableName ? { targetTableName } : {}) });
    expectOk(compiled, 'bad spec');
    const plan = watchAddedAttributes(await planMigration(compiled.value, scanPages(db, 'Games')));
    // Someone else adds "note" (an attribute the table's items have) to p1 after the preview read it.
    await db.updateItem({
      TableName: 'Games',
      Key: plan.rewrites[0]?.key ?? {},
      UpdateExpression: 'SET note = :n',
      ExpressionAttributeValues: { ':n': { S: 'added later' } },
    });
    return { db, plan };
  }

  it('the plan watches every attribute name its items carry', async () => {
    const { plan } = await setUp();
    expect(plan.spec.watchedAttributes).toEqual(['pk', 'sk', 'score', 'id', 'note']);
    const condition = rewriteRequests(plan.spec, plan.rewrites[0]!).transaction.TransactItems?.[1]?.Delete?.ConditionExpression;
    expect(condition).toContain('attribute_not_exists(');
  });

  it('in place: counts as changed, is skipped and reported, and keeps its added attribute under its old key', async () => {
    const { db, plan } = await setUp();
    const result = await applyMigration({ source: db, plan, planId: planIdOf(plan), sleep: noSleep });
    expect(result.checkpoint.skipped).toEqual([
      { index: 0, reason: 'changed', message: 'pk = "G#a", sk = "00000001#p1": changed by someone else since the plan read it: skipped, not overwritten' },
    ]);
    expect(result.checkpoint.done).toEqual([1]);
    const old = await db.getItem({ TableName: 'Games', Key: plan.rewrites[0]?.key ?? {}, ConsistentRead: true });
    expect(old.Item?.note).toEqual({ S: 'added later' });
    const rewritten = await db.getItem({ TableName: 'Games', Key: plan.rewrites[0]?.newKey ?? {}, ConsistentRead: true });
    expect(rewritten.Item).toBeUndefined();
  });

  it('copy into a new table: not copied without the attribute, skipped and reported', async () => {
    const { db, plan } = await setUp('GamesV2');
    const result = await applyMigration({ source: db, plan, planId: planIdOf(plan), sleep: noSleep });
    expect(result.checkpoint.skipped.map((entry) => entry.reason)).toEqual(['changed']);
    const copied = await db.scan({ TableName: 'GamesV2' });
    expect(copied.Items?.map((item) => item.sk?.S)).toEqual(['0000000002#p2']);
  });
});

describe('settleState, copy into a new table (resume)', () => {
  const rule = { kind: 'moved', oldRead: { TableName: 'T', Key: {} }, newRead: { TableName: 'T2', Key: {} }, keepsOld: true } as const;
  const item = { pk: { S: 'G#a' }, sk: { S: '1' }, v: { N: '1' } };
  const equal = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);
  it('an identical item in the target is already copied; a different one is a collision (newKeyTaken), never done', () => {
    expect(settleState(rule, { item, newItem: item }, item, item, equal)).toBe('done');
    expect(settleState(rule, { item, newItem: item }, item, { ...item, v: { N: '2' } }, equal)).toBe('newKeyTaken');
    expect(settleState(rule, { item, newItem: item }, item, undefined, equal)).toBe('pending');
  });
});

describe('copy into a new table on the built-in engine', () => {
  it('copies every item; a resume after a crash recognises the copies already made and writes nothing twice', async () => {
    const db = createLocalDynamoDB();
    await db.createTable(GAME_TABLE('Src'));
    await db.createTable(GAME_TABLE('Dst'));
    const items = [
      gameItem('G#a', '00000042#p1', '42', 'p1'),
      gameItem('G#a', '0000000007#p2', '7', 'p2'),
      gameItem('OTHER#x', 'w', '1', 'p4'),
      gameItem('G#b', '00000001#p5', '1', 'p5'),
    ];
    for (const item of items) await db.putItem({ TableName: 'Src', Item: item });
    const compiled = compileMigration({ ...gameSpec('Src', '{score:int(8)}#{id}', '{score:int(10)}#{id}'), targetTableName: 'Dst' });
    expectOk(compiled, 'bad spec');
    const plan = watchAddedAttributes(await planMigration(compiled.value, scanPages(db, 'Src'), undefined, scanPages(db, 'Dst')));
    expect(plan.rewrites).toHaveLength(4);
    const planId = planIdOf(plan);
    // A crash after the first two transactions, before their checkpoint: every write is uncertain.
    for (const write of plan.rewrites.slice(0, 2)) await db.transactWriteItems(rewriteRequests(plan.spec, write).transaction);
    const writes: unknown[] = [];
    const counting = {
      transactGetItems: db.transactGetItems.bind(db),
      transactWriteItems: (input: Parameters<typeof db.transactWriteItems>[0]) => (writes.push(input), db.transactWriteItems(input)),
    };
    const crashed = { ...emptyCheckpoint(planId, 4), reservedUpTo: 4 };
    const result = await applyMigration({ source: counting, plan, planId, checkpoint: crashed, sleep: () => Promise.resolve() });
    expect(result.checkpoint.done).toEqual([0, 1, 2, 3]);
    expect(writes).toHaveLength(2);
    const copied: unknown[] = [];
    for await (const page of scanPages(db, 'Dst')) copied.push(...page);
    expect(copied).toHaveLength(4);
    const source: unknown[] = [];
    for await (const page of scanPages(db, 'Src')) source.push(...page);
    expect(source).toHaveLength(4);
  });
});
