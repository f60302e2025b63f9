import { describe, expect, it } from 'vitest';
import { applyMigration, compileMigration, planIdOf, planMigration, rewriteRequests, scanPages, unchangedSincePlan, watchAddedAttributes } from '.';
// The runner is checked on the real built-in engine (the layer itself only uses engine types).
// eslint-disable-next-line keylab/layer-imports
import { createLocalDynamoDB } from '../engine';
import { GAME_TABLE, gameItem, gameSpec } from './migration.fixtures';

const noSleep = () => Promise.resolve();

describe('unchangedSincePlan', () => {
  it('adds attribute_not_exists for each watched name the old item lacks, and for the new item’s added names', () => {
    const item = gameItem('G#a', '00000001#p1', '1', 'p1');
    const condition = unchangedSincePlan(item, { ...item, gsk: { S: 'S#1' } }, ['pk', 'sk', 'score', 'id', 'note', 'gsk']);
    expect(condition.ConditionExpression).toBe('#a0 = :v0 AND #a1 = :v1 AND #a2 = :v2 AND #a3 = :v3 AND attribute_not_exists(#n0) AND attribute_not_exists(#n1)');
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
    if (!compiled.ok) throw new Error('bad spec');
    const plan = watchAddedAttributes(await planMigration(compiled.value, scanPages(db, 'Games')));
    // Someone else adds "note" (an attribute the table's items have) to p1 after the preview read it.
    await db.updateItem({ TableName: 'Games', Key: plan.rewrites[0]?.key ?? {}, UpdateExpression: 'SET note = :n', ExpressionAttributeValues: { ':n': { S: 'added later' } } });
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
    expect(result.checkpoint.skipped).toEqual([{ index: 0, reason: 'changed', message: 'pk = "G#a", sk = "00000001#p1": changed by someone else since the plan read it: skipped, not overwritten' }]);
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
