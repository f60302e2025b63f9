/**
 * `npm run bench:migrate`: the migration runner against a bare SDK
 * TransactWriteItems loop with the same concurrency (target: at least 80% of
 * its items/s), in DynamoDB Local and in Keylab's endpoint; and the preview
 * (plan) of a big built-in table: first page and whole plan.
 *   KEYLAB_MIGRATE_BENCH_ITEMS=2000 KEYLAB_MIGRATE_PREVIEW_ITEMS=50000 npm run bench:migrate   (a smoke run)
 * Defaults: 100,000 items migrated per side, a 1,000,000-item preview. Don't run full size on a loaded machine.
 */
import { DynamoDB, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoDB } from '../src/engine';
import { applyMigration, compileMigration, createMigrationPlanner, planIdOf, planMigration, rewriteRequests, scanPages, type CompiledMigration, type MigrationPlan } from '../src/migrate';
import { GAME_TABLE, gameSpec } from '../src/migrate/migration.fixtures';
import { startDynamoDBEndpoint } from '../src/server';
import { startDynamoDBLocal } from '../scripts/dynamodbLocal';
import { formatInt, formatMs, renderTable } from './benchUtils';

type Item = Record<string, AttributeValue>;
const ITEMS = Number(process.env.KEYLAB_MIGRATE_BENCH_ITEMS ?? 100_000);
const PREVIEW_ITEMS = Number(process.env.KEYLAB_MIGRATE_PREVIEW_ITEMS ?? 1_000_000);
const CONCURRENCY = Number(process.env.KEYLAB_MIGRATE_BENCH_CONCURRENCY ?? 16);
const PREVIEW_PAGE = 1000;

const itemAt = (i: number): Item => {
  const score = String((i * 7919) % 10_000_000);
  return { pk: { S: `G#${i % 50}` }, sk: { S: `${score.padStart(8, '0')}#p${i}` }, score: { N: score }, id: { S: `p${i}` } };
};

function migration(table: string): CompiledMigration {
  const compiled = compileMigration(gameSpec(table, '{score:int(8)}#{id}', '{score:int(10)}#{id}'));
  if (!compiled.ok) throw new Error('bench templates');
  return compiled.value;
}

async function fill(db: DynamoDB, table: string): Promise<void> {
  await db.createTable(GAME_TABLE(table));
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ITEMS) {
        const start = next;
        next += 25;
        let requests = Array.from({ length: Math.min(25, ITEMS - start) }, (_, k) => ({ PutRequest: { Item: itemAt(start + k) } }));
        while (requests.length > 0) requests = ((await db.batchWriteItem({ RequestItems: { [table]: requests } })).UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }),
  );
}

/** The baseline: the same transactions, sent in a plain loop with the same concurrency (no checkpoint, no settling). */
async function bareLoop(db: DynamoDB, plan: MigrationPlan): Promise<number> {
  const requests = plan.rewrites.map((entry) => rewriteRequests(plan.spec, entry).transaction);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) await db.transactWriteItems(requests[next++] as (typeof requests)[number]);
    }),
  );
  return requests.length / ((performance.now() - started) / 1000);
}

async function runner(db: DynamoDB, plan: MigrationPlan): Promise<number> {
  const started = performance.now();
  const result = await applyMigration({ source: db, plan, planId: planIdOf(plan), concurrency: CONCURRENCY, saveCheckpoint: () => undefined });
  if (result.checkpoint.done.length !== plan.rewrites.length) throw new Error(`runner: ${result.checkpoint.done.length} of ${plan.rewrites.length} done`);
  return plan.rewrites.length / ((performance.now() - started) / 1000);
}

async function compareOn(name: string, url: string): Promise<string[]> {
  const db = new DynamoDB({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' }, maxAttempts: 3 });
  const tables = { bare: `MigrateBare${Date.now()}`, runner: `MigrateRunner${Date.now()}`, bareAgain: `MigrateBareAgain${Date.now()}` };
  for (const table of Object.values(tables)) await fill(db, table);
  const plans = {
    bare: await planMigration(migration(tables.bare), scanPages(db, tables.bare)),
    runner: await planMigration(migration(tables.runner), scanPages(db, tables.runner)),
    bareAgain: await planMigration(migration(tables.bareAgain), scanPages(db, tables.bareAgain)),
  };
  // The baseline runs before and after the runner and keeps its better figure: a cold JVM or JIT must not favour the runner.
  const first = await bareLoop(db, plans.bare);
  const ours = await runner(db, plans.runner);
  const bare = Math.max(first, await bareLoop(db, plans.bareAgain));
  db.destroy();
  return [name, formatInt(ITEMS), `${bare.toFixed(0)} items/s`, `${ours.toFixed(0)} items/s`, `${((ours / bare) * 100).toFixed(0)}% (target ≥ 80%)`];
}

async function preview(): Promise<string[]> {
  const engine = createLocalDynamoDB();
  await engine.createTable(GAME_TABLE('Preview'));
  const items: Item[] = [];
  for (let i = 0; i < PREVIEW_ITEMS; i++) items.push(itemAt(i));
  await engine.loadItems('Preview', items);
  items.length = 0;
  const planner = createMigrationPlanner(migration('Preview'));
  const started = performance.now();
  let firstPage: number | undefined;
  for await (const page of scanPages(engine, 'Preview', PREVIEW_PAGE)) {
    planner.addPage(page);
    firstPage ??= performance.now() - started;
  }
  const plan = planner.finish();
  const total = performance.now() - started;
  return [`preview of ${formatInt(PREVIEW_ITEMS)} (built-in)`, `${formatMs(firstPage ?? 0)} ms`, `${formatMs(total)} ms`, `${formatInt(plan.counts.rewrite)} to rewrite; targets: first page ≤ 200 ms, all ≤ 10 s`];
}

async function main(): Promise<void> {
  console.log(`bench:migrate — ${formatInt(ITEMS)} items per side, ${CONCURRENCY} transactions in flight; preview of ${formatInt(PREVIEW_ITEMS)}\n`);
  const rows: string[][] = [['side', 'items', 'bare TransactWriteItems loop', 'migration runner', 'runner / bare']];
  const local = await startDynamoDBLocal({ inMemory: true, sharedDb: true });
  try {
    rows.push(await compareOn('DynamoDB Local', local.endpoint));
  } finally {
    await local.stop();
  }
  const endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, ttlSweep: false });
  try {
    rows.push(await compareOn('Keylab endpoint', endpoint.url));
  } finally {
    await endpoint.stop();
  }
  console.log(renderTable(rows));
  console.log();
  console.log(renderTable([['preview', 'first page', 'whole plan', ''], await preview()]));
}

await main();
