/**
 * The item collection keeps up with typing: a design of 20 entities × 1,000
 * sample rows sharing one partition re-encodes, re-sorts and re-renders the
 * Item collection within 16 ms of a keystroke in one entity's template (p95).
 *
 * Two parts, both printed against the target:
 * - Node: the pure work of one keystroke (listPartitions + buildItemCollection
 *   after one entity's template changed, plus the out-of-place reasons of the
 *   rows in view), without a browser;
 * - browser: the production build (dist/, built by `npm run bench:design`) in
 *   the system Chromium, the design seeded through localStorage; from each
 *   keydown in Entity 1's "SK template" to the Item collection's DOM update
 *   (and to the frame after it).
 *
 * KEYLAB_KEYSTROKE_PARTS=node|browser runs one part; KEYLAB_KEYSTROKE_RUNS keystrokes (default 60);
 * KEYLAB_KEYSTROKE_BASELINE=<dist dir of another commit> runs the browser part A/B (see measureBrowser).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildItemCollection, emptyTable, explainOutOfPlace, listPartitions, type Design, type EntityDesign, type TableDesign } from '../../src/design';
import { createAppServer } from '../../src/server/app';
import { CHROMIUM_LAUNCH_OPTIONS, freePort, ROOT, startServer } from '../appServer';
import { formatMs, renderTable } from '../benchUtils';

const ENTITIES = 20;
const SAMPLES_PER_ENTITY = 1_000;
const TARGET_MS = 16;
const RUNS = Number(process.env.KEYLAB_KEYSTROKE_RUNS ?? 60);
const WARM_UP = 10;
/** Rows the virtualized list renders at 1440×900 (in view plus overscan), whose reasons a keystroke computes. */
const ROWS_IN_VIEW = 40;
const PARTS = new Set((process.env.KEYLAB_KEYSTROKE_PARTS ?? 'node,browser').split(','));
const DESIGN_ID = 'bench-keystroke';
/** The localStorage key designs were saved under before IndexedDB: the app migrates it on load (src/state/design/designRecords.ts). */
const DESIGNS_STORAGE_KEY = 'keylab.designs';

const entityName = (index: number) => `Entity ${index + 1}`;
const sortTemplate = (index: number, suffix = '') => `{n:int(6)}#E${String(index + 1).padStart(2, '0')}${suffix}`;

/**
 * 20 entities in one partition whose rows interleave (entity e holds n = e, e + 20, …),
 * so every entity has rows in view; the naive keys (n unpadded) put most rows out of place,
 * the worst case for the marks.
 */
export function buildKeystrokeDesign(): Design {
  const entities: EntityDesign[] = Array.from({ length: ENTITIES }, (_, e) => ({
    name: entityName(e),
    description: '',
    keys: { PK: 'BENCH', SK: sortTemplate(e) },
    attributes: [],
    samples: Array.from({ length: SAMPLES_PER_ENTITY }, (_, i) => ({ id: `s${i + 1}`, values: { n: String(i * ENTITIES + e) } })),
    expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
  }));
  const table: TableDesign = { ...emptyTable('Bench'), entities };
  return { name: 'Keystroke bench (20 × 1,000)', description: '', tables: [table] };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function report(label: string, times: readonly number[]): string[] {
  const p95 = percentile(times, 95);
  return [
    label,
    formatMs(percentile(times, 50)),
    formatMs(p95),
    formatMs(Math.max(...times)),
    `${TARGET_MS}`,
    `${(p95 / TARGET_MS).toFixed(2)}×`,
    p95 <= TARGET_MS ? 'PASS' : 'MISS',
  ];
}

const HEADER = ['keystroke →', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'ratio', ''];

/** The pure work of one keystroke in Entity 1's sort-key template, in Node. */
function measureNode(): string[][] {
  const design = buildKeystrokeDesign();
  const base = design.tables[0] as TableDesign;
  const withTemplate = (k: number): TableDesign => ({
    ...base,
    entities: base.entities.map((entity, index) => (index === 0 ? { ...entity, keys: { ...entity.keys, SK: sortTemplate(0, 'x'.repeat(k % 2)) } } : entity)),
  });
  const collectionTimes: number[] = [];
  const keystrokeTimes: number[] = [];
  // CPU time of this thread's process too: on a shared machine wall time includes other processes' turns.
  const cpuTimes: number[] = [];
  for (let k = 0; k < WARM_UP + RUNS * 3; k++) {
    const table = withTemplate(k);
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    const partitions = listPartitions(table);
    const collection = buildItemCollection(table, { partition: (partitions[0] as { id: string }).id });
    const built = performance.now();
    for (let position = 1; position <= ROWS_IN_VIEW; position++) explainOutOfPlace(collection, position);
    const done = performance.now();
    const cpu = process.cpuUsage(cpuStarted);
    if (collection.rows.length !== ENTITIES * SAMPLES_PER_ENTITY)
      throw new Error(`expected ${ENTITIES * SAMPLES_PER_ENTITY} rows, got ${collection.rows.length}`);
    if (k < WARM_UP) continue;
    collectionTimes.push(built - started);
    keystrokeTimes.push(done - started);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  return [
    report('buildItemCollection (Node)', collectionTimes),
    report(`+ partitions, ${ROWS_IN_VIEW} reasons (Node)`, keystrokeTimes),
    report('  the same, CPU time (Node)', cpuTimes),
  ];
}

/**
 * Installed in the page: times each keydown to the Item collection's first DOM
 * mutation after it (the re-render committed) and to the next frame, and
 * counts the page's DOM mutations (every re-rendered input, every changed
 * text), deferred renders included.
 */
const KEYSTROKE_PROBE = `(() => {
  const region = Array.from(document.querySelectorAll('section')).find((section) => section.querySelector('h3')?.textContent === 'Item collection');
  if (!region) throw new Error('no Item collection region');
  const probe = { pending: undefined, dom: [], frame: [], mutations: 0 };
  window.__keystroke = probe;
  document.addEventListener('keydown', () => { probe.pending = performance.now(); }, true);
  new MutationObserver(() => {
    const started = probe.pending;
    if (started === undefined) return;
    probe.pending = undefined;
    probe.dom.push(performance.now() - started);
    requestAnimationFrame(() => setTimeout(() => probe.frame.push(performance.now() - started), 0));
  }).observe(region, { childList: true, subtree: true, characterData: true, attributes: true });
  new MutationObserver((records) => { probe.mutations += records.length; }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
})()`;

export async function seedAndOpen(page: Page, baseURL: string): Promise<void> {
  const saved = {
    state: { designs: [{ id: DESIGN_ID, design: buildKeystrokeDesign(), updatedAt: new Date().toISOString() }], openDesignId: DESIGN_ID },
    version: 1,
  };
  await page.addInitScript(
    ([key, value]) => {
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key as string, value as string);
    },
    [DESIGNS_STORAGE_KEY, JSON.stringify(saved)],
  );
  await page.goto(baseURL);
  const tab = page.getByRole('tab', { name: /^(Design|Key builder)$/ });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await page.getByRole('region', { name: 'Item collection' }).getByRole('row').nth(1).waitFor({ timeout: 60_000 });
}

interface Probe {
  readonly dom: number[];
  readonly frame: number[];
  readonly mutations: number;
}

/** One build in its own page, ready to type in Entity 1's "SK template"; `press` types keystrokes k…k+count-1. */
async function openBuild(browser: Browser, baseURL: string) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await seedAndOpen(page, baseURL);
  const entity = page.getByRole('region', { name: 'Entities' }).getByRole('listitem', { name: entityName(0), exact: true });
  const input = entity.getByLabel('SK template');
  // A design of more than three entities opens with their editors collapsed: open Entity 1's (none of the others).
  const toggle = entity.getByRole('button', { name: `Entity ${entityName(0)}`, exact: true });
  await toggle.waitFor({ timeout: 15_000 }).catch(() => undefined);
  if ((await toggle.getAttribute('aria-expanded').catch(() => null)) === 'false') await toggle.click();
  try {
    await input.waitFor({ timeout: 15_000 });
  } catch {
    throw new Error(`no "SK template" input in the Entities region's "${entityName(0)}" list item (helper "shell" builds it)`);
  }
  await input.click();
  await input.press('End');
  await page.evaluate(KEYSTROKE_PROBE);
  let typed = 0;
  return {
    page,
    async press(count: number): Promise<void> {
      await page.bringToFront();
      await input.focus();
      for (let i = 0; i < count; i++, typed++) {
        // Type a character, then take it back: every keystroke changes Entity 1's template.
        await page.keyboard.press(typed % 2 === 0 ? 'x' : 'Backspace');
        await page.waitForFunction((n) => (globalThis as unknown as { __keystroke: { frame: number[] } }).__keystroke.frame.length >= n, typed + 1, {
          timeout: 10_000,
        });
      }
    },
    probe: async () => (await page.evaluate('window.__keystroke')) as Probe,
  };
}

/** Keystrokes typed in one build before switching to the other (A/B): both see the same load, in turns. */
const BATCH = 10;

/**
 * The browser part. With KEYLAB_KEYSTROKE_BASELINE=<a dist/ directory built
 * from another commit> the same keystrokes run against both builds in one
 * run, in alternating batches, and the ratios are printed: on a loaded
 * machine only ratios mean anything.
 */
async function measureBrowser(): Promise<string[][]> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm run bench:design builds first).');
  const baselineDir = process.env.KEYLAB_KEYSTROKE_BASELINE;
  if (baselineDir && !existsSync(path.join(baselineDir, 'index.html')))
    throw new Error(`KEYLAB_KEYSTROKE_BASELINE=${baselineDir} holds no index.html: build the baseline commit with \`npx vite build --outDir <dir>\``);
  const port = await freePort();
  const server = await startServer(port);
  const baselineServer = baselineDir ? createAppServer({ distDir: path.resolve(baselineDir), host: '127.0.0.1', port: await freePort() }) : undefined;
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const builds = [{ label: '', build: await openBuild(browser, `http://127.0.0.1:${port}`) }];
    if (baselineServer) builds.push({ label: ', baseline', build: await openBuild(browser, (await baselineServer.start()).url) });
    for (let typed = 0; typed < WARM_UP + RUNS; typed += BATCH) for (const { build } of builds) await build.press(Math.min(BATCH, WARM_UP + RUNS - typed));
    const rows: string[][] = [];
    const measured: { label: string; dom: number[]; frame: number[]; mutations: number }[] = [];
    for (const { label, build } of builds) {
      const probe = await build.probe();
      measured.push({ label, dom: probe.dom.slice(WARM_UP), frame: probe.frame.slice(WARM_UP), mutations: probe.mutations / (WARM_UP + RUNS) });
    }
    for (const { label, dom, frame } of measured) rows.push(report(`DOM updated (browser${label})`, dom), report(`next frame (browser${label})`, frame));
    const rowsShown = await builds[0]!.build.page.getByRole('region', { name: 'Item collection' }).getByRole('row').count();
    console.log(`  browser: ${rowsShown} row elements in the DOM for ${ENTITIES * SAMPLES_PER_ENTITY} rows (virtualized)`);
    for (const { label, mutations } of measured) console.log(`  DOM mutations per keystroke, the whole page${label}: ${mutations.toFixed(0)}`);
    if (measured.length === 2) {
      const [after, before] = measured as [(typeof measured)[number], (typeof measured)[number]];
      const ratio = (a: number[], b: number[], p: number) => (percentile(a, p) / percentile(b, p)).toFixed(2);
      console.log(
        `  this build / baseline: DOM updated p50 ${ratio(after.dom, before.dom, 50)}×, p95 ${ratio(after.dom, before.dom, 95)}×; next frame p50 ${ratio(after.frame, before.frame, 50)}×, p95 ${ratio(after.frame, before.frame, 95)}×`,
      );
    }
    return rows;
  } finally {
    await browser.close();
    await baselineServer?.stop();
    server.kill('SIGTERM');
  }
}

export async function run(): Promise<void> {
  console.log(
    `  ${ENTITIES} entities × ${SAMPLES_PER_ENTITY.toLocaleString('en-US')} samples in one partition; a keystroke in Entity 1's SK template (${RUNS} keystrokes after ${WARM_UP} warm-up)`,
  );
  const rows: string[][] = [HEADER];
  if (PARTS.has('node')) rows.push(...measureNode());
  if (PARTS.has('browser')) {
    try {
      rows.push(...(await measureBrowser()));
    } catch (error) {
      console.log(`  browser part not measured: ${(error as Error).message}`);
    }
  }
  console.log(renderTable(rows));
}
