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
 * KEYLAB_KEYSTROKE_PARTS=node|browser runs one part; KEYLAB_KEYSTROKE_RUNS keystrokes (default 60).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { buildItemCollection, emptyTable, explainOutOfPlace, listPartitions, type Design, type EntityDesign, type TableDesign } from '../../src/design';
import { DESIGNS_STORAGE_KEY } from '../../src/state/design/designStore';
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
  return [label, formatMs(percentile(times, 50)), formatMs(p95), formatMs(Math.max(...times)), `${TARGET_MS}`, `${(p95 / TARGET_MS).toFixed(2)}×`, p95 <= TARGET_MS ? 'PASS' : 'MISS'];
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
    if (collection.rows.length !== ENTITIES * SAMPLES_PER_ENTITY) throw new Error(`expected ${ENTITIES * SAMPLES_PER_ENTITY} rows, got ${collection.rows.length}`);
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
 * mutation after it (the re-render committed) and to the next frame.
 */
const KEYSTROKE_PROBE = `(() => {
  const region = Array.from(document.querySelectorAll('section')).find((section) => section.querySelector('h3')?.textContent === 'Item collection');
  if (!region) throw new Error('no Item collection region');
  const probe = { pending: undefined, dom: [], frame: [] };
  window.__keystroke = probe;
  document.addEventListener('keydown', () => { probe.pending = performance.now(); }, true);
  new MutationObserver(() => {
    const started = probe.pending;
    if (started === undefined) return;
    probe.pending = undefined;
    probe.dom.push(performance.now() - started);
    requestAnimationFrame(() => setTimeout(() => probe.frame.push(performance.now() - started), 0));
  }).observe(region, { childList: true, subtree: true, characterData: true, attributes: true });
})()`;

export async function seedAndOpen(page: Page, baseURL: string): Promise<void> {
  const saved = { state: { designs: [{ id: DESIGN_ID, design: buildKeystrokeDesign(), updatedAt: new Date().toISOString() }], openDesignId: DESIGN_ID }, version: 1 };
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

async function measureBrowser(): Promise<string[][]> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` (npm run bench:design builds first).');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = await startServer(port);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await seedAndOpen(page, baseURL);
    const input = page.getByRole('region', { name: 'Entities' }).getByRole('listitem', { name: entityName(0), exact: true }).getByLabel('SK template');
    try {
      await input.waitFor({ timeout: 15_000 });
    } catch {
      throw new Error(`no "SK template" input in the Entities region's "${entityName(0)}" list item (helper "shell" builds it)`);
    }
    await input.click();
    await input.press('End');
    await page.evaluate(KEYSTROKE_PROBE);
    for (let k = 0; k < WARM_UP + RUNS; k++) {
      // Type a character, then take it back: every keystroke changes Entity 1's template.
      await page.keyboard.press(k % 2 === 0 ? 'x' : 'Backspace');
      await page.waitForFunction((count) => (globalThis as unknown as { __keystroke: { frame: number[] } }).__keystroke.frame.length >= count, k + 1, { timeout: 10_000 });
    }
    const probe = (await page.evaluate('window.__keystroke')) as { dom: number[]; frame: number[] };
    const rowsShown = await page.getByRole('region', { name: 'Item collection' }).getByRole('row').count();
    console.log(`  browser: ${rowsShown} row elements in the DOM for ${ENTITIES * SAMPLES_PER_ENTITY} rows (virtualized)`);
    return [report('DOM updated (browser)', probe.dom.slice(WARM_UP)), report('next frame (browser)', probe.frame.slice(WARM_UP))];
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

export async function run(): Promise<void> {
  console.log(`  ${ENTITIES} entities × ${SAMPLES_PER_ENTITY.toLocaleString('en-US')} samples in one partition; a keystroke in Entity 1's SK template (${RUNS} keystrokes after ${WARM_UP} warm-up)`);
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
