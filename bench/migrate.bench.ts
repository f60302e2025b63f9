/**
 * `npm run bench:migrate`: the migration runner against a bare SDK
 * TransactWriteItems loop with the same concurrency (target: at least 80% of
 * its items/s), in DynamoDB Local and in Keylab's endpoint; and the preview
 * (plan) of a big built-in table: first page and whole plan. Every phase
 * prints as it finishes; a phase that overruns its time limit stops the bench
 * (DynamoDB Local is stopped in every case).
 *   KEYLAB_MIGRATE_BENCH_ITEMS=2000 KEYLAB_MIGRATE_PREVIEW_ITEMS=50000 npm run bench:migrate   (a smoke run)
 * Defaults: 100,000 items migrated in the endpoint, LOCAL_DEFAULT_ITEMS in
 * DynamoDB Local (its TransactWriteItems is slow, see below), 16 in flight,
 * a 1,000,000-item preview. KEYLAB_MIGRATE_BENCH_ITEMS sets both sides;
 * KEYLAB_MIGRATE_BENCH_LOCAL_ITEMS / _ENDPOINT_ITEMS one side; _PREVIEW_ITEMS (or KEYLAB_MIGRATE_PREVIEW_ITEMS) the preview;
 * _ONLY=local|endpoint|preview one part.
 * Why 10k in DynamoDB Local: its TransactWriteItems ran at ~60–120 items/s (500 items, loaded machine),
 * so 4 runs of 100k would take well over an hour; the ratio is what matters.
 * Figures (2-core machine shared by 8 jobs, load 10–20: ratios only, one process):
 *   500 items: runner/bare 70% (Local), 75% (endpoint) with one bare run each side of the runner;
 *   5,000 items, endpoint, A B B A: 121%. A CPU profile of that run puts src/migrate under 1% of the
 *   time (the SDK and HTTP are the rest): the gap at small sizes is noise, not the runner.
 *   Preview planner, new/old in one process (200k and 100k items): 0.75–0.93× the time.
 *   Preview planner (partition memo both ways, sizes from the changed attributes, key maps on the stored strings),
 *   new/old in one process: 0.77× at 200k, 0.58× at 1M (old 13.2 s quiet → about 7.7 s).
 * Browser row (KEYLAB_MIGRATE_BENCH_BROWSER_ITEMS, default 5,000; _ONLY=browser): the built app in the system
 * Chromium, through the app server's proxy to `npm run endpoint` (its own process), Apply timed to the report,
 * against the command's runner on same-sized tables in that endpoint, A B B A. Needs dist/ (npx vite build).
 *   2,000 items, load average 16–34: before (one transaction per item, 8 in flight, the whole plan rewritten to
 *   IndexedDB with every checkpoint) 51 vs 81 items/s = 63% and 46 vs 83 = 56%; after (10 rewrites per
 *   transaction, 16 in flight, checkpoint saved alone, progress every 100 ms) 206 vs 56 items/s = 366%;
 *   3,000 items, load average 8–10: browser 759 vs command 309 items/s = 246%.
 */
import { DynamoDB, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { createLocalDynamoDB } from '../src/engine';
import {
  applyMigration,
  compileMigration,
  createMigrationPlanner,
  orderDiff,
  planIdOf,
  planMigration,
  planPartitions,
  rewriteRequests,
  scanPages,
  type CompiledMigration,
  type MigrationPlan,
} from '../src/migrate';
import { GAME_TABLE, gameSpec } from '../src/migrate/migration.fixtures';
import { startDynamoDBEndpoint } from '../src/server';
import { startDynamoDBLocal } from '../scripts/dynamodbLocal';
import { chromium } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { CHROMIUM_LAUNCH_OPTIONS, freePort, ROOT, startServer } from './appServer';
import { formatInt, formatMs, renderTable } from './benchUtils';

type Item = Record<string, AttributeValue>;
/** DynamoDB Local's default size: its transactions are far slower than the endpoint's, and 3 tables of this many fill and migrate in a few minutes. */
const LOCAL_DEFAULT_ITEMS = 10_000;
const envNumber = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined);
const BOTH_ITEMS = envNumber('KEYLAB_MIGRATE_BENCH_ITEMS');
const LOCAL_ITEMS = envNumber('KEYLAB_MIGRATE_BENCH_LOCAL_ITEMS') ?? BOTH_ITEMS ?? LOCAL_DEFAULT_ITEMS;
const ENDPOINT_ITEMS = envNumber('KEYLAB_MIGRATE_BENCH_ENDPOINT_ITEMS') ?? BOTH_ITEMS ?? 100_000;
const PREVIEW_ITEMS = envNumber('KEYLAB_MIGRATE_BENCH_PREVIEW_ITEMS') ?? envNumber('KEYLAB_MIGRATE_PREVIEW_ITEMS') ?? 1_000_000;
const CONCURRENCY = envNumber('KEYLAB_MIGRATE_BENCH_CONCURRENCY') ?? 16;
/** Per phase: generous (a slow machine), but a hang ends the bench instead of running for ever. */
const PHASE_LIMIT_MS = envNumber('KEYLAB_MIGRATE_BENCH_PHASE_LIMIT_MS') ?? 15 * 60_000;
const PREVIEW_PAGE = 1000;
/** The browser row: items per run (the command and the app each migrate two tables this size, A B B A). */
const BROWSER_ITEMS = envNumber('KEYLAB_MIGRATE_BENCH_BROWSER_ITEMS') ?? BOTH_ITEMS ?? 5_000;

const itemAt = (i: number): Item => {
  const score = String((i * 7919) % 10_000_000);
  return { pk: { S: `G#${i % 50}` }, sk: { S: `${score.padStart(8, '0')}#p${i}` }, score: { N: score }, id: { S: id(i) } };
};
const id = (i: number) => `p${i}`;

function migration(table: string): CompiledMigration {
  const compiled = compileMigration(gameSpec(table, '{score:int(8)}#{id}', '{score:int(10)}#{id}'));
  if (!compiled.ok) throw new Error('bench templates');
  return compiled.value;
}

const log = (line: string) => console.log(line);

/** Runs one phase, printing its time; throws when it overruns PHASE_LIMIT_MS (the timer never keeps the process alive). */
async function phase<T>(label: string, run: () => Promise<T>, describe: (value: T, ms: number) => string = (_, ms) => `${formatMs(ms)} ms`): Promise<T> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label}: still running after ${formatMs(PHASE_LIMIT_MS)} ms (KEYLAB_MIGRATE_BENCH_PHASE_LIMIT_MS); stopped`)),
      PHASE_LIMIT_MS,
    );
    timer.unref();
  });
  try {
    const value = await Promise.race([run(), overrun]);
    log(`  ${label}: ${describe(value, performance.now() - started)}`);
    return value;
  } finally {
    clearTimeout(timer);
  }
}

async function fill(db: DynamoDB, table: string, items: number): Promise<void> {
  await db.createTable(GAME_TABLE(table));
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items) {
        const start = next;
        next += 25;
        let requests = Array.from({ length: Math.min(25, items - start) }, (_, k) => ({ PutRequest: { Item: itemAt(start + k) } }));
        for (let round = 1; requests.length > 0; round++) {
          if (round > 20) throw new Error(`fill ${table}: ${requests.length} items still unprocessed after 20 rounds`);
          if (round > 1) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 10 * 2 ** round)));
          requests = ((await db.batchWriteItem({ RequestItems: { [table]: requests } })).UnprocessedItems?.[table] ?? []) as typeof requests;
        }
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

/** The runner as the command runs it: every checkpoint serialized to JSON (kept in memory, not written to disk). */
async function runner(db: DynamoDB, plan: MigrationPlan): Promise<number> {
  const started = performance.now();
  let saved = '';
  const result = await applyMigration({
    source: db,
    plan,
    planId: planIdOf(plan),
    concurrency: CONCURRENCY,
    saveCheckpoint: (checkpoint) => void (saved = JSON.stringify(checkpoint)),
  });
  if (result.checkpoint.done.length !== plan.rewrites.length)
    throw new Error(`runner: ${result.checkpoint.done.length} of ${plan.rewrites.length} done (${saved.length} bytes of checkpoint)`);
  return plan.rewrites.length / ((performance.now() - started) / 1000);
}

/** Items/s of two equal-sized runs taken together (total items / total time). */
const harmonicMean = (a: number, b: number) => 2 / (1 / a + 1 / b);
const perSecond = (value: number) => `${value.toFixed(0)} items/s`;

async function compareOn(name: string, url: string, items: number): Promise<string[]> {
  log(`${name}: ${formatInt(items)} items per run, ${CONCURRENCY} in flight`);
  const db = new DynamoDB({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' }, maxAttempts: 3 });
  try {
    const stamp = Date.now();
    const runs = ['bare', 'runner', 'runnerAgain', 'bareAgain'] as const;
    const tables = Object.fromEntries(runs.map((run) => [run, `Migrate_${run}_${stamp}`])) as Record<(typeof runs)[number], string>;
    await phase(`fill ${runs.length} tables × ${formatInt(items)}`, () => Promise.all(runs.map((run) => fill(db, tables[run], items))));
    const plans = await phase(`plan ${runs.length} tables (scan + plan)`, async () => {
      const planned: Partial<Record<(typeof runs)[number], MigrationPlan>> = {};
      for (const run of runs) planned[run] = await planMigration(migration(tables[run]), scanPages(db, tables[run]));
      return planned as Record<(typeof runs)[number], MigrationPlan>;
    });
    // A B B A: a JVM or JIT warming up (or load drifting) during the runs weighs on both sides alike; each side's figure is the mean of its two runs.
    const first = await phase('bare TransactWriteItems loop', () => bareLoop(db, plans.bare), perSecond);
    const oursFirst = await phase('migration runner', () => runner(db, plans.runner), perSecond);
    const oursAgain = await phase('migration runner again', () => runner(db, plans.runnerAgain), perSecond);
    const again = await phase('bare loop again', () => bareLoop(db, plans.bareAgain), perSecond);
    const bare = harmonicMean(first, again);
    const ours = harmonicMean(oursFirst, oursAgain);
    const row = [name, formatInt(items), perSecond(bare), perSecond(ours), `${((ours / bare) * 100).toFixed(0)}% (target ≥ 80%)`];
    log(`  → runner / bare: ${row[4]}`);
    return row;
  } finally {
    db.destroy();
  }
}

async function preview(): Promise<string[]> {
  log(`preview: ${formatInt(PREVIEW_ITEMS)} items in the built-in table, pages of ${PREVIEW_PAGE}`);
  const engine = createLocalDynamoDB();
  await engine.createTable(GAME_TABLE('Preview'));
  await phase(`load ${formatInt(PREVIEW_ITEMS)} items`, async () => {
    const items: Item[] = [];
    for (let i = 0; i < PREVIEW_ITEMS; i++) items.push(itemAt(i));
    await engine.loadItems('Preview', items);
  });
  const planner = createMigrationPlanner(migration('Preview'));
  const started = performance.now();
  let firstPage: number | undefined;
  for await (const page of scanPages(engine, 'Preview', PREVIEW_PAGE)) {
    planner.addPage(page);
    if (firstPage === undefined) {
      firstPage = performance.now() - started;
      log(`  first page: ${formatMs(firstPage)} ms (target ≤ 200 ms)`);
    }
  }
  const plan = planner.finish();
  const total = performance.now() - started;
  log(`  whole plan: ${formatMs(total)} ms (target ≤ 10 s), ${formatInt(plan.counts.rewrite)} to rewrite`);
  // What the screen shows next: the partitions and the first one's order diff (not part of the target, printed to keep an eye on it).
  const diffStarted = performance.now();
  const partitions = planPartitions(plan);
  const diff = partitions[0] === undefined ? undefined : orderDiff(plan, partitions[0]);
  log(
    `  partitions + first order diff: ${formatMs(performance.now() - diffStarted)} ms (${formatInt(partitions.length)} partitions, ${formatInt(diff?.rows.length ?? 0)} rows)`,
  );
  return [
    `preview of ${formatInt(PREVIEW_ITEMS)} (built-in)`,
    `${formatMs(firstPage ?? 0)} ms`,
    `${formatMs(total)} ms`,
    `${formatInt(plan.counts.rewrite)} to rewrite; targets: first page ≤ 200 ms, all ≤ 10 s`,
  ];
}

/** `npm run endpoint` as its own process (as a user runs it), on a free port; resolves once it answers. */
async function startEndpointProcess(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/endpoint.ts', '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the endpoint exited with ${child.exitCode}`);
    const up = await fetch(url, { method: 'POST' }).then(
      () => true,
      () => false,
    );
    if (up) return { url, child };
    if (tries > 150) throw new Error('the endpoint did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The browser row: the production build in the system Chromium, connected to
 * Keylab's endpoint (its own process) through the app server's loopback
 * proxy, migrating a table with Migrate keys (Preview, Apply), timed from
 * the Apply confirmation to the report saying every item is done; against
 * the command's runner (`npm run migrate`'s applyMigration with the SDK in
 * Node) on tables of the same size in the same endpoint, A B B A.
 */
async function compareBrowser(items: number): Promise<string[]> {
  log(`browser: ${formatInt(items)} items per run, Keylab's endpoint process through the app server's proxy`);
  const endpoint = await startEndpointProcess();
  const appPort = await freePort();
  const app = await startServer(appPort);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const db = new DynamoDB({ endpoint: endpoint.url, region: 'us-east-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' }, maxAttempts: 3 });
  try {
    const stamp = Date.now();
    const runs = ['command', 'browser', 'browserAgain', 'commandAgain'] as const;
    const tables = Object.fromEntries(runs.map((run) => [run, `Migrate_${run}_${stamp}`])) as Record<(typeof runs)[number], string>;
    await phase(`fill ${runs.length} tables × ${formatInt(items)}`, () => Promise.all(runs.map((run) => fill(db, tables[run], items))));
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(`http://127.0.0.1:${appPort}/#explorer`);
    const form = page.getByRole('form', { name: 'Connection' });
    await form.getByRole('combobox', { name: 'Connection' }).selectOption('DynamoDB Local');
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(endpoint.url);
    await form.getByRole('textbox', { name: 'Region' }).fill('us-east-1');
    await form.getByRole('textbox', { name: 'Access key id' }).fill('bench');
    await form.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('combobox', { name: 'Table', exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Migrate keys' }).click();
    const migrate = page.getByRole('tabpanel', { name: 'Migrate keys' });
    const inBrowser = async (table: string): Promise<number> => {
      await migrate.getByLabel('Table', { exact: true }).selectOption(table);
      await migrate.getByRole('textbox', { name: 'Current template for sk' }).fill('{score:int(8)}#{id}');
      await migrate.getByRole('textbox', { name: 'Target template for sk' }).fill('{score:int(10)}#{id}');
      await migrate.getByRole('button', { name: 'Preview' }).click();
      const counts = migrate.getByRole('region', { name: 'Migration preview' }).getByRole('status').first();
      await counts.filter({ hasText: new RegExp(`^${formatInt(items)} to rewrite`) }).waitFor({ timeout: PHASE_LIMIT_MS });
      await migrate.getByRole('button', { name: 'Apply', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Apply the migration?' }).getByRole('button', { name: 'Apply migration' });
      await confirm.waitFor();
      const done = `${formatInt(items)} of ${formatInt(items)} items done, 0 skipped, 0 failed.`;
      const started = performance.now();
      await confirm.click();
      // Checked in the page every 50 ms (not Playwright's backing-off poll), so the time is the run's.
      // (The bench is typed without the DOM: the page's document, as much of it as this needs.)
      type PageGlobal = { document: { querySelector(selector: string): { textContent: string | null } | null } };
      await page.waitForFunction(
        (text) => (globalThis as unknown as PageGlobal).document.querySelector('[aria-label="Migration report"]')?.textContent?.includes(text) ?? false,
        done,
        { polling: 50, timeout: PHASE_LIMIT_MS },
      );
      return items / ((performance.now() - started) / 1000);
    };
    const command = async (table: string) => runner(db, await planMigration(migration(table), scanPages(db, table)));
    const first = await phase('command (npm run migrate runner)', () => command(tables.command), perSecond);
    const appFirst = await phase('browser (Migrate keys → Apply)', () => inBrowser(tables.browser), perSecond);
    const appAgain = await phase('browser again', () => inBrowser(tables.browserAgain), perSecond);
    const again = await phase('command again', () => command(tables.commandAgain), perSecond);
    const cmd = harmonicMean(first, again);
    const app = harmonicMean(appFirst, appAgain);
    const row = [
      'browser (Keylab endpoint via proxy)',
      formatInt(items),
      `${perSecond(cmd)} (command)`,
      `${perSecond(app)} (browser)`,
      `${((app / cmd) * 100).toFixed(0)}% (target ≥ 80%)`,
    ];
    log(`  → browser / command: ${row[4]}`);
    return row;
  } finally {
    db.destroy();
    await browser.close();
    app.kill('SIGTERM');
    endpoint.child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const only = process.env.KEYLAB_MIGRATE_BENCH_ONLY; // 'local' | 'endpoint' | 'browser' | 'preview': one part (profiling)
  console.log(
    `bench:migrate — DynamoDB Local ${formatInt(LOCAL_ITEMS)} items, endpoint ${formatInt(ENDPOINT_ITEMS)} items, ${CONCURRENCY} transactions in flight; preview of ${formatInt(PREVIEW_ITEMS)}\n`,
  );
  const rows: string[][] = [['side', 'items', 'bare TransactWriteItems loop', 'migration runner', 'runner / bare']];
  if (!only || only === 'local') {
    const local = await startDynamoDBLocal({ inMemory: true, sharedDb: true });
    try {
      rows.push(await compareOn('DynamoDB Local', local.endpoint, LOCAL_ITEMS));
    } finally {
      await local.stop();
    }
  }
  if (!only || only === 'endpoint') {
    const endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, ttlSweep: false });
    try {
      rows.push(await compareOn('Keylab endpoint', endpoint.url, ENDPOINT_ITEMS));
    } finally {
      await endpoint.stop();
    }
  }
  if (!only || only === 'browser') rows.push(await compareBrowser(BROWSER_ITEMS));
  const previewRow = !only || only === 'preview' ? await preview() : undefined;
  console.log();
  if (rows.length > 1) console.log(renderTable(rows));
  if (previewRow) console.log(`\n${renderTable([['preview', 'first page', 'whole plan', ''], previewRow])}`);
}

// Always ends: a failure prints and exits non-zero; nothing left open (sockets, timers) can keep the process alive.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
