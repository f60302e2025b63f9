import { describe, expect, it } from 'vitest';
import { compileMigration, createMigrationPlanner, describePlanCounts, estimateWriteCost, orderDiff, planMigration, planPartitions, specFromDesigns } from '.';
import { LEADERBOARD_DESIGN, type Design } from '../design';
import { gameItem, gameSpec, pagesOf } from './migration.fixtures';
import type { MigrationSpec } from './migration.types';
import { expectOk } from '../errors/testing';

const compile = (spec: MigrationSpec) => {
  const compiled = compileMigration(spec);
  expectOk(compiled);
  return compiled.value;
};

describe('planMigration', () => {
  it('int(8) → int(10): rewrites, keeps the migrated half, reports what it cannot encode', async () => {
    const items = [
      gameItem('G#a', '00000042#p1', '42', 'p1'),
      gameItem('G#a', '0000000007#p2', '7', 'p2'), // already migrated
      gameItem('G#a', 'bogus', '1', 'p3'), // neither shape
      gameItem('OTHER#x', 'whatever', '1', 'p4'), // another entity
    ];
    const plan = await planMigration(compile(gameSpec('T', '{score:int(8)}#{id}', '{score:int(10)}#{id}')), pagesOf(items, 2));
    expect(plan.entries.map((entry) => entry.status)).toEqual(['rewrite', 'alreadyMigrated', 'cannotEncode', 'otherEntity']);
    expect(plan.rewrites[0]?.newItem.sk).toEqual({ S: '0000000042#p1' });
    expect(plan.rewrites[0]?.sizeAfter).toBe((plan.rewrites[0]?.sizeBefore ?? 0) + 2);
    const problem = plan.entries[2]?.status === 'cannotEncode' ? plan.entries[2].problems[0] : undefined;
    expect(problem).toMatchObject({ attribute: 'sk', code: 'keys.decodeMismatch' });
    expect(describePlanCounts(plan.counts)).toBe("1 to rewrite, 0 unchanged, 1 already migrated, 1 can't encode, 0 collisions, 1 of other entities left alone");
  });

  it('finds two items mapping to one key and a new key that another item already has', async () => {
    const items = [gameItem('G#a', '00000042#p1', '42', 'p1'), gameItem('G#a', '00000042#p2', '42', 'p2'), gameItem('G#a', '00000043', '43', 'x')];
    const plan = await planMigration(compile(gameSpec('T', '{score:int(8)}#{id}', '{score:int(8)}')), pagesOf(items));
    expect(plan.collisions.map((collision) => collision.kind)).toEqual(['twoItems']);
    expect(plan.counts.collisions).toBe(1);
    // 43 has no "#id" in the current shape: can't decode; but its key is stored and nothing maps there.
    const takeover = await planMigration(
      compile(gameSpec('T', '{score:int(10,desc)}', '{score:int(10)}')),
      pagesOf([gameItem('G#a', '9999999989', '10', 'a'), gameItem('G#a', '0000000010', '9999999989', 'b')]),
    );
    expect(takeover.collisions.map((collision) => collision.kind)).toEqual(['existingKey', 'existingKey']);
    expect(takeover.collisions[0]?.message).toContain('another stored item already has');
  });

  it('raw → padded: the order diff shows the rank moves in DynamoDB order', async () => {
    const items = ['9', '10', '100', '20'].map((score) => gameItem('G#a', `${score}#p`, score, 'p'));
    const plan = await planMigration(compile(gameSpec('T', '{score}#{id}', '{score:int(10)}#{id}')), pagesOf(items));
    expect(planPartitions(plan)).toEqual(['G#a']);
    const diff = orderDiff(plan, 'G#a');
    // Stored (string) order: 10, 100, 20, 9; new order: 9, 10, 20, 100.
    expect(diff.rows.map((row) => [row.entry.item.score?.N, row.oldRank, row.newRank])).toEqual([
      ['10', 1, 2],
      ['100', 2, 4],
      ['20', 3, 3],
      ['9', 4, 1],
    ]);
    expect(diff.moved).toBe(3);
    // The one judge of intended order (scores mean numbers): the stored keys leave 3 out of place, the new keys none.
    expect(diff.rows.map((row) => row.intendedRank)).toEqual([2, 4, 3, 1]);
    expect([diff.storedOutOfPlace, diff.newOutOfPlace]).toEqual([3, 0]);
    expect(estimateWriteCost(plan, []).tableUnits).toBe(16);
    expect(estimateWriteCost(plan, []).text).toContain('estimate');
  });

  it('a target that keeps numbers as text: the order diff says the new order is still out of its intended place', async () => {
    const items = ['9', '10', '100', '20'].map((score) => gameItem('G#a', `${score}#p`, score, 'p'));
    const plan = await planMigration(compile(gameSpec('T', '{score}#{id}', 'SCORE#{score}#{id}')), pagesOf(items));
    const diff = orderDiff(plan, 'G#a');
    expect(diff.moved).toBe(0);
    expect([diff.storedOutOfPlace, diff.newOutOfPlace]).toEqual([3, 3]);
  });

  it('order diffs of several partitions, asked in any order and again, and of a plan still growing', () => {
    const planner = createMigrationPlanner(compile(gameSpec('T', '{score}#{id}', '{score:int(10)}#{id}')));
    planner.addPage(['9', '10'].map((score) => gameItem('G#b', `${score}#p`, score, 'p')));
    const growing = planner.finish();
    expect(planPartitions(growing)).toEqual(['G#b']);
    expect(orderDiff(growing, 'G#b').moved).toBe(2);
    // The planner's entries grow with a later page: the grouping is made again, not served stale.
    planner.addPage([gameItem('G#a', '5#p', '5', 'p'), gameItem('G#b', '100#p', '100', 'p')]);
    expect(planPartitions(growing)).toEqual(['G#a', 'G#b']);
    const rows = (partition: string) => orderDiff(growing, partition).rows.map((row) => [row.entry.item.score?.N, row.oldRank, row.newRank]);
    expect(rows('G#b')).toEqual([
      ['10', 1, 2],
      ['100', 2, 3],
      ['9', 3, 1],
    ]);
    expect(rows('G#a')).toEqual([['5', 1, 1]]);
    expect(orderDiff(growing, 'G#b')).toBe(orderDiff(growing, 'G#b'));
    expect(orderDiff(growing, 'nowhere').rows).toEqual([]);
  });

  it('adds a GSI key from a field of the sort key and drops an index key the target has not', async () => {
    const spec = gameSpec('T', '{score:int(8)}#{id}', '{score:int(8)}#{id}', [
      { name: 'gpk', type: 'S', role: 'partition', target: 'PLAYER#{id}' },
      { name: 'old', type: 'S', role: 'sort', current: '{id}' },
    ]);
    const plan = await planMigration(compile(spec), pagesOf([gameItem('G#a', '00000001#p9', '1', 'p9', { old: { S: 'p9' } })]));
    expect(plan.rewrites[0]).toMatchObject({ sameKey: true });
    expect(plan.rewrites[0]?.newItem.gpk).toEqual({ S: 'PLAYER#p9' });
    expect(plan.rewrites[0]?.newItem.old).toBeUndefined();
  });

  it('sparse GSI: an item without the index key attribute is not in the index; its table key still migrates and the attribute stays absent', async () => {
    // Table pk + score (S), GSI byRegion region + score; half the items have no region (as a sparse index is meant to be used).
    const spec: MigrationSpec = {
      tableName: 'Scores',
      partitionKey: 'pk',
      sortKey: 'score',
      attributes: [
        { name: 'pk', type: 'S', role: 'partition', current: '{pk}', target: '{pk}' },
        { name: 'score', type: 'S', role: 'sort', current: '{score}', target: '{score:int(10)}' },
        { name: 'region', type: 'S', role: 'partition', current: '{region}', target: '{region}' },
      ],
    };
    const items = Array.from({ length: 10 }, (_, i) => ({ pk: { S: 'P' }, score: { S: String(i * 7) }, ...(i % 2 === 0 ? { region: { S: `r${i}` } } : {}) }));
    const plan = await planMigration(compile(spec), pagesOf(items));
    expect(describePlanCounts(plan.counts)).toBe("10 to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 0 collisions");
    for (const [i, entry] of plan.rewrites.entries()) {
      expect(entry.newItem.score).toEqual({ S: String(i * 7).padStart(10, '0') });
      expect(entry.newItem.region).toEqual(i % 2 === 0 ? { S: `r${i}` } : undefined);
      expect(Object.hasOwn(entry.newItem, 'region')).toBe(i % 2 === 0);
    }
    // Planned again once migrated: nothing left to do on either half (the absent region is no mismatch).
    const again = await planMigration(compile(spec), pagesOf(plan.rewrites.map((entry) => entry.newItem)));
    expect(again.counts).toMatchObject({ rewrite: 0, cannotEncode: 0 });
    // A table key missing is still a problem (the table's key can't be absent).
    const noScore = await planMigration(compile(spec), pagesOf([{ pk: { S: 'P' }, region: { S: 'r' } }]));
    expect(noScore.counts.cannotEncode).toBe(1);
  });

  it('reads the templates of two design versions', () => {
    const table = LEADERBOARD_DESIGN.tables[0];
    if (!table?.entities[0]) throw new Error('fixture');
    const entity = table.entities[0];
    const int8: Design = {
      ...LEADERBOARD_DESIGN,
      tables: [{ ...table, entities: [{ ...entity, keys: { ...entity.keys, rankKey: '{score:int(8)}#{ts:epoch(16)}#{playerId}' } }] }],
    };
    const spec = specFromDesigns(int8, LEADERBOARD_DESIGN);
    expect(spec.ok && spec.value.attributes.find((attribute) => attribute.name === 'rankKey')).toEqual({
      name: 'rankKey',
      type: 'S',
      role: 'sort',
      current: '{score:int(8)}#{ts:epoch(16)}#{playerId}',
      target: '{score:int(10)}#{ts:epoch(16)}#{playerId}',
    });
    const missing = specFromDesigns(int8, LEADERBOARD_DESIGN, { entity: 'Nope' });
    expect(missing.ok ? '' : missing.problems[0]?.message).toBe('has no entity "Nope" (its entities: Run).');
    const bad = compileMigration({ ...gameSpec('T', '{score:int(8)', '{score}') });
    expect(bad.ok ? '' : bad.problems[0]?.where).toBe('current template for sk');
  });
});

describe('planMigration, copy into a new table', () => {
  const copySpec = (): MigrationSpec => ({ ...gameSpec('T', '{score:int(8)}#{id}', '{score:int(10)}#{id}'), targetTableName: 'T2' });
  const items = [
    gameItem('G#a', '00000042#p1', '42', 'p1'), // rewritten
    gameItem('G#a', '0000000007#p2', '7', 'p2'), // already migrated: copied unchanged
    gameItem('G#a', 'bogus', '1', 'p3'), // can't encode: copied as it is
    gameItem('OTHER#x', 'whatever', '1', 'p4'), // another entity: copied
  ];

  it('writes every source item: rewritten ones with their new keys, all others as they are, counted by kind', async () => {
    const plan = await planMigration(compile(copySpec()), pagesOf(items, 2));
    expect(plan.rewrites.map((write) => (write.status === 'copy' ? write.copied : write.status))).toEqual([
      'rewrite',
      'alreadyMigrated',
      'cannotEncode',
      'otherEntity',
    ]);
    expect(plan.rewrites[3]?.newItem).toBe(items[3]);
    expect(plan.counts).toMatchObject({ copying: true, rewrite: 1, copyUnchanged: 1, copyOtherEntity: 1, copyCannotEncode: 1, collisions: 0 });
    expect(describePlanCounts(plan.counts)).toBe(
      "1 to rewrite, 0 unchanged, 1 already migrated, 1 can't encode, 0 collisions, 1 of other entities; copying all 4 items: 1 rewritten, 1 copied unchanged, 1 other entity copied, 1 can't encode, copied as they are",
    );
  });

  it('checks collisions against the target: the same item there is already copied, a different one a collision; a rewrite onto another copy is twoItems', async () => {
    const rewritten = gameItem('G#a', '0000000042#p1', '42', 'p1');
    const target = [rewritten, gameItem('OTHER#x', 'whatever', '1', 'someone else')];
    const plan = await planMigration(compile(copySpec()), pagesOf(items, 2), undefined, pagesOf(target));
    expect(plan.counts.alreadyInTarget).toBe(1);
    expect(plan.collisions.map((collision) => collision.kind)).toEqual(['inTarget']);
    expect(plan.collisions[0]?.message).toContain('which already holds a different item there');
    // No target pages (a missing table): nothing collides there.
    expect((await planMigration(compile(copySpec()), pagesOf(items))).collisions).toEqual([]);
    // Copying, an old key another item moves away from is free, but a copy as it is keeps its key.
    const onto = [gameItem('G#a', '00000042#p1', '42', 'p1'), gameItem('G#a', '0000000042#p1', '42', 'p1')];
    expect((await planMigration(compile(copySpec()), pagesOf(onto))).collisions.map((collision) => collision.kind)).toEqual(['twoItems']);
  });
});
