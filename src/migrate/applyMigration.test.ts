import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMigration, compileMigration, planIdOf, planMigration, scanPages, verifyMigration, type MigrationCheckpoint, type MigrationPlan } from '.';
import { expectOk } from '../errors/testing';
// The property tests run the plan on the real built-in engine (the layer itself only uses engine types).
// eslint-disable-next-line keylab/layer-imports
import { createLocalDynamoDB } from '../engine';
import { attributeValuesEqual, type Item } from '../expressions';
import { encodeKey } from '../keys';
import { GAME_TABLE, gameItem, gameSpec } from './migration.fixtures';
import type { MigrationKeyAttribute } from './migration.types';

/** Template pairs the issue names: a width change, raw → padded, desc → ascending, a new tiebreaker, a GSI key added, a tiebreaker dropped (collides). */
const PAIRS: ReadonlyArray<{ name: string; current: string; target: string; extra?: MigrationKeyAttribute[] }> = [
  { name: 'int(8) → int(10)', current: '{score:int(8)}#{id}', target: '{score:int(10)}#{id}' },
  { name: 'raw → padded', current: '{score}#{id}', target: '{score:int(10)}#{id}' },
  { name: 'desc → ascending', current: '{score:int(10,desc)}#{id}', target: '{score:int(10)}#{id}' },
  { name: 'new tiebreaker', current: '{score:int(8)}', target: '{score:int(8)}#{id}' },
  {
    name: 'GSI key added',
    current: '{score:int(8)}#{id}',
    target: '{score:int(8)}#{id}',
    extra: [{ name: 'gsk', type: 'S', role: 'sort', target: 'S#{score:int(10)}' }],
  },
  { name: 'tiebreaker dropped', current: '{score:int(8)}#{id}', target: '{score:int(8)}' },
];

const noSleep = () => Promise.resolve();
const sortKeyOf = (item: Item) => JSON.stringify([item.pk?.S, item.sk?.S]);
const canonical = (items: readonly Item[]) =>
  [...items]
    .sort((a, b) => (sortKeyOf(a) === sortKeyOf(b) ? 0 : sortKeyOf(a) > sortKeyOf(b) ? 1 : -1))
    .map((item) =>
      JSON.stringify(
        Object.keys(item)
          .sort()
          .map((name) => [name, item[name]]),
      ),
    );

async function setUp(pair: (typeof PAIRS)[number], rows: readonly { game: string; score: number; id: string }[]) {
  const db = createLocalDynamoDB();
  await db.createTable(GAME_TABLE('Games'));
  const stored = new Map<string, Item>();
  for (const row of rows) {
    const sk = encodeKey(pair.current, { score: String(row.score), id: row.id });
    if (!sk.ok) continue;
    const item = gameItem(`G#${row.game}`, sk.value, String(row.score), row.id);
    stored.set(sortKeyOf(item), item);
  }
  for (const item of stored.values()) await db.putItem({ TableName: 'Games', Item: item });
  const compiled = compileMigration(gameSpec('Games', pair.current, pair.target, pair.extra));
  expectOk(compiled, 'bad pair');
  const plan = await planMigration(compiled.value, scanPages(db, 'Games', 7));
  return { db, plan, stored: [...stored.values()] };
}

async function tableItems(db: ReturnType<typeof createLocalDynamoDB>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of scanPages(db, 'Games')) items.push(...page);
  return items;
}

/** What the table must hold after the whole plan: the rewrites' new items, every other item as it was. */
function expectedFinal(plan: MigrationPlan): string[] {
  return canonical(plan.entries.map((entry) => (entry.status === 'rewrite' ? entry.newItem : entry.item)));
}

const rowsArbitrary = fc.array(
  fc.record({ game: fc.constantFrom('a', 'b'), score: fc.integer({ min: 0, max: 60 }), id: fc.constantFrom('p1', 'p2', 'p3', 'p4') }),
  { maxLength: 30 },
);

describe('applyMigration (property tests on the built-in engine)', () => {
  it('plan → apply → verify gives exactly the planned new keys; collisions are always found', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PAIRS), rowsArbitrary, async (pair, rows) => {
        const { db, plan } = await setUp(pair, rows);
        // Collisions by brute force: two rewrites on one new key, or a new key another stored item has.
        const oldKeys = new Map(plan.entries.map((entry) => [sortKeyOf(entry.key), entry]));
        const seen = new Set<string>();
        let expectedCollisions = 0;
        for (const entry of plan.rewrites) {
          const key = sortKeyOf(entry.newKey);
          if (seen.has(key)) expectedCollisions++;
          seen.add(key);
        }
        for (const entry of plan.rewrites)
          if (!entry.sameKey && oldKeys.has(sortKeyOf(entry.newKey)) && oldKeys.get(sortKeyOf(entry.newKey)) !== entry) expectedCollisions++;
        expect(plan.collisions.length).toBe(expectedCollisions);
        if (plan.collisions.length > 0) return;
        const result = await applyMigration({ source: db, plan, planId: planIdOf(plan), concurrency: 4, sleep: noSleep });
        expect(result.checkpoint.done.length).toBe(plan.rewrites.length);
        const verify = await verifyMigration(plan, scanPages(db, 'Games'), result.checkpoint);
        expect(verify.ok).toBe(true);
        expect(canonical(await tableItems(db))).toEqual(expectedFinal(plan));
      }),
      { numRuns: 60, seed: 1301 },
    );
  });

  it('resuming from any saved checkpoint (a crash there) gives the same final state, writing nothing twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAIRS.filter((pair) => pair.name !== 'tiebreaker dropped')),
        rowsArbitrary,
        fc.nat(),
        fc.nat(),
        async (pair, rows, stopAt, pick) => {
          const { db, plan } = await setUp(pair, rows);
          if (plan.collisions.length > 0) return;
          const saved: MigrationCheckpoint[] = [];
          const controller = new AbortController();
          let settled = 0;
          let writes = 0;
          // Items written (a group writes several in one call: one Put each).
          const counting = {
            ...db,
            transactWriteItems: (input: Parameters<typeof db.transactWriteItems>[0]) =>
              db.transactWriteItems(input).then((output) => ((writes += (input.TransactItems ?? []).filter((action) => action.Put).length), output)),
          } as typeof db;
          const groupSize = 1 + (pick % 4);
          await applyMigration({
            source: counting,
            plan,
            planId: planIdOf(plan),
            concurrency: 3,
            reserveBlock: 2,
            groupSize,
            sleep: noSleep,
            signal: controller.signal,
            saveCheckpoint: (checkpoint) => void saved.push(checkpoint),
            onProgress: () => {
              if (++settled > stopAt % (plan.rewrites.length + 1)) controller.abort();
            },
          });
          // A crash right after any checkpoint write: resume from that one (the final one included).
          const crashedAt = saved.length > 0 ? saved[pick % saved.length] : undefined;
          const resumed = await applyMigration({
            source: counting,
            plan,
            planId: planIdOf(plan),
            ...(crashedAt ? { checkpoint: crashedAt } : {}),
            concurrency: 3,
            groupSize,
            sleep: noSleep,
          });
          expect(resumed.checkpoint.done.length).toBe(plan.rewrites.length);
          expect(writes).toBe(plan.rewrites.length);
          expect(canonical(await tableItems(db))).toEqual(expectedFinal(plan));
        },
      ),
      { numRuns: 60, seed: 1302 },
    );
  });

  it('skips and reports an item changed since the plan, never overwriting it', async () => {
    const { db, plan } = await setUp(PAIRS[0] as (typeof PAIRS)[number], [
      { game: 'a', score: 1, id: 'p1' },
      { game: 'a', score: 2, id: 'p2' },
    ]);
    const changed = plan.rewrites[0]?.item ?? {};
    await db.putItem({ TableName: 'Games', Item: { ...changed, score: { N: '99' } } });
    // In a group of both: the group is refused whole, then each runs alone.
    const result = await applyMigration({ source: db, plan, planId: planIdOf(plan), groupSize: 2, sleep: noSleep });
    expect(result.checkpoint.done).toEqual([1]);
    expect(result.checkpoint.skipped).toEqual([
      { index: 0, reason: 'changed', message: 'pk = "G#a", sk = "00000001#p1": changed by someone else since the plan read it: skipped, not overwritten' },
    ]);
    const stored = await db.getItem({ TableName: 'Games', Key: plan.rewrites[0]?.key ?? {} });
    expect(stored.Item?.score).toEqual({ N: '99' });
    const verify = await verifyMigration(plan, scanPages(db, 'Games'), result.checkpoint);
    expect(verify).toMatchObject({ ok: true, expected: 1, notMigrated: 1 });
  });

  it('retries a throttled transaction with backoff, and a dry run writes nothing', async () => {
    const { db, plan } = await setUp(PAIRS[0] as (typeof PAIRS)[number], [{ game: 'a', score: 1, id: 'p1' }]);
    const dry = await applyMigration({ source: db, plan, planId: planIdOf(plan), dryRun: true, sleep: noSleep });
    expect(dry.wouldWrite).toBe(1);
    expect((await tableItems(db)).map((item) => item.sk?.S)).toEqual(['00000001#p1']);
    let calls = 0;
    const sleeps: number[] = [];
    const throttled = {
      ...db,
      transactWriteItems: (input: Parameters<typeof db.transactWriteItems>[0]) => {
        if (++calls <= 2) return Promise.reject(Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ThrottlingException' }));
        return db.transactWriteItems(input);
      },
    } as typeof db;
    const result = await applyMigration({
      source: throttled,
      plan,
      planId: planIdOf(plan),
      sleep: (ms) => (sleeps.push(ms), Promise.resolve()),
      random: () => 1,
    });
    expect(sleeps).toEqual([50, 100]);
    expect(result.checkpoint.done).toEqual([0]);
    expect(attributeValuesEqual((await tableItems(db))[0]?.sk ?? { S: '' }, { S: '0000000001#p1' })).toBe(true);
  });

  it("retries what src/dynamo's policy retries: a 5xx answer the old list did not name, a 429, InternalFailure", async () => {
    const { db, plan } = await setUp(PAIRS[0] as (typeof PAIRS)[number], [{ game: 'a', score: 1, id: 'p1' }]);
    const answers: unknown[] = [
      Object.assign(new Error('Bad gateway'), { name: 'Unknown', $metadata: { httpStatusCode: 502 } }),
      Object.assign(new Error('Too many requests'), { name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429 } }),
      Object.assign(new Error('We encountered an internal error'), { name: 'InternalFailure', $metadata: { httpStatusCode: 500 } }),
    ];
    const flaky = {
      ...db,
      transactWriteItems: (input: Parameters<typeof db.transactWriteItems>[0]) =>
        answers.length > 0 ? Promise.reject(answers.shift()) : db.transactWriteItems(input),
    } as typeof db;
    const result = await applyMigration({ source: flaky, plan, planId: planIdOf(plan), sleep: noSleep });
    expect(result.checkpoint.failed).toEqual([]);
    expect(result.checkpoint.done).toEqual([0]);
  });
});

describe('applyMigration when the server stops answering', () => {
  const rows = Array.from({ length: 40 }, (_, i) => ({ game: i % 2 === 0 ? 'a' : 'b', score: i, id: `p${i}` }));

  it('pauses at the first lost connection, marking nothing failed, and a resume finishes writing each item exactly once', async () => {
    const { db, plan } = await setUp(PAIRS[0] as (typeof PAIRS)[number], rows);
    let up = true;
    let landed = 0;
    const lost = () => Promise.reject(new TypeError('Failed to fetch'));
    const flaky = {
      ...db,
      transactWriteItems: (input: Parameters<typeof db.transactWriteItems>[0]) =>
        up ? db.transactWriteItems(input).then((output) => ((landed += (input.TransactItems ?? []).filter((action) => action.Put).length), output)) : lost(),
      transactGetItems: (input: Parameters<typeof db.transactGetItems>[0]) => (up ? db.transactGetItems(input) : lost()),
    } as typeof db;
    const saved: MigrationCheckpoint[] = [];
    let settled = 0;
    const first = await applyMigration({
      source: flaky,
      plan,
      planId: planIdOf(plan),
      concurrency: 4,
      reserveBlock: 8,
      groupSize: 3,
      sleep: noSleep,
      saveCheckpoint: (checkpoint) => void saved.push(checkpoint),
      onProgress: () => {
        if (++settled === 10) up = false;
      },
    });
    expect(first.paused).toBe('TypeError: Failed to fetch');
    expect(first.checkpoint.failed).toEqual([]);
    expect(first.checkpoint.done.length).toBeGreaterThanOrEqual(10);
    expect(first.checkpoint.done.length).toBeLessThan(plan.rewrites.length);
    expect(saved.at(-1)).toEqual(first.checkpoint);
    up = true;
    const resumed = await applyMigration({
      source: flaky,
      plan,
      planId: planIdOf(plan),
      checkpoint: first.checkpoint,
      concurrency: 4,
      groupSize: 3,
      sleep: noSleep,
    });
    expect(resumed.paused).toBeUndefined();
    expect(resumed.checkpoint).toMatchObject({ failed: [], skipped: [] });
    expect(resumed.checkpoint.done).toHaveLength(plan.rewrites.length);
    expect(landed).toBe(plan.rewrites.length);
    expect(canonical(await tableItems(db))).toEqual(expectedFinal(plan));
  });

  it('the proxy saying the endpoint is gone pauses too; an item error of its own still fails only that item', async () => {
    const { db, plan } = await setUp(PAIRS[0] as (typeof PAIRS)[number], rows.slice(0, 4));
    const refused = Object.assign(new Error('Connection refused: nothing is listening on 127.0.0.1:8123.'), { name: 'ProxyConnectionRefused' });
    const gone = { ...db, transactWriteItems: () => Promise.reject(refused) } as typeof db;
    const result = await applyMigration({ source: gone, plan, planId: planIdOf(plan), sleep: noSleep });
    expect(result.paused).toBe('ProxyConnectionRefused: Connection refused: nothing is listening on 127.0.0.1:8123.');
    expect(result.checkpoint).toMatchObject({ done: [], failed: [] });
    const invalid = { ...db, transactWriteItems: () => Promise.reject(Object.assign(new Error('bad'), { name: 'ValidationException' })) } as typeof db;
    const failing = await applyMigration({ source: invalid, plan, planId: planIdOf(plan), sleep: noSleep });
    expect(failing.paused).toBeUndefined();
    expect(failing.checkpoint.failed).toHaveLength(4);
  });

  it('under throttling, never two transactions for one key in flight at once (a retried one can never land after a newer one)', async () => {
    const { db, plan } = await setUp(PAIRS[0] as (typeof PAIRS)[number], rows);
    const inFlight = new Set<string>();
    let overlaps = 0;
    let draw = 0;
    const keysOf = (input: Parameters<typeof db.transactWriteItems>[0]) =>
      (input.TransactItems ?? []).map((item) => JSON.stringify(item.Put?.Item?.sk ?? item.Delete?.Key?.sk));
    const throttled = {
      ...db,
      transactWriteItems: async (input: Parameters<typeof db.transactWriteItems>[0]) => {
        const keys = keysOf(input);
        for (const key of keys) {
          if (inFlight.has(key)) overlaps++;
          inFlight.add(key);
        }
        try {
          await Promise.resolve();
          // 30% throttled, as DynamoDB does under load.
          if (++draw % 10 < 3) throw Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ThrottlingException' });
          return await db.transactWriteItems(input);
        } finally {
          for (const key of keys) inFlight.delete(key);
        }
      },
    } as typeof db;
    const result = await applyMigration({ source: throttled, plan, planId: planIdOf(plan), concurrency: 16, sleep: noSleep });
    expect(overlaps).toBe(0);
    expect(result.checkpoint.done).toHaveLength(plan.rewrites.length);
    expect(canonical(await tableItems(db))).toEqual(expectedFinal(plan));
  });
});
