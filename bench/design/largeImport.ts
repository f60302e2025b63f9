/**
 * Large model imports (issue 30, item 2): the attack's 15 MB NoSQL Workbench
 * model with 150,000 items, and a model at the import limit
 * (MAX_IMPORTED_SAMPLES items), imported with Import design… in the
 * production build (dist/) in the system Chromium. Printed per model: the
 * time from choosing the file to the Import report (or the refusal), saved
 * in IndexedDB included; the longest main-thread task meanwhile (Long Tasks
 * API); and how long the tab took to answer clicks on the Designs list made
 * every 200 ms during the import (click → aria-current moved, measured in
 * the page), beside the same clicks with no import running (the tab's own
 * cost of switching designs) and their ratio. Targets: a click answered
 * within 100 ms, an import under 10 s. On a loaded machine only the ratios
 * mean much.
 * Also the pure import (Node, no worker) of each model for comparison.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { importDesignFile, MAX_IMPORTED_SAMPLES } from '../../src/design';
import { CHROMIUM_LAUNCH_OPTIONS, freePort, startServer } from '../appServer';
import { formatMs, renderTable, timeMs } from '../benchUtils';
import { largeWorkbenchModel } from './largeModel';

const CLICK_TARGET_MS = 100;
const IMPORT_TARGET_MS = 10_000;

/** Installed in the page before the import: long tasks, and a click on the Designs list every 200 ms timed to its DOM change. */
const PROBE = `(() => {
  const probe = { longest: 0, clicks: [], stop: false };
  window.__importProbe = probe;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) probe.longest = Math.max(probe.longest, entry.duration); }).observe({ type: 'longtask' });
  const list = document.querySelector('[aria-label="Designs"]') ?? document.body;
  const clickOnce = () => {
    if (probe.stop) return;
    // The Leaderboard or AuditLog button that is not open: its click must move aria-current to it.
    const button = [...list.querySelectorAll('button')].find((b) => (b.textContent === 'Leaderboard' || b.textContent === 'AuditLog') && b.getAttribute('aria-current') !== 'true');
    if (!button) return void setTimeout(clickOnce, 200);
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-current') !== 'true') return;
      observer.disconnect();
      probe.clicks.push(performance.now() - started);
      setTimeout(clickOnce, 200);
    });
    observer.observe(button, { attributes: true, attributeFilter: ['aria-current'] });
    button.click();
  };
  setTimeout(clickOnce, 0);
})()`;

interface BrowserFigures {
  readonly ms: number;
  readonly outcome: string;
  readonly longest: number;
  readonly clicks: number[];
}

async function importInBrowser(page: Page, file: string, expectRefusal: boolean): Promise<BrowserFigures> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Import design…' }).waitFor();
  await page.evaluate(PROBE);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import design…' }).click();
  const started = Date.now();
  await (await chooser).setFiles(file);
  const done = expectRefusal ? page.getByRole('alert').filter({ hasText: 'Nothing was imported' }) : page.getByRole('region', { name: 'Import report' });
  await done.waitFor({ timeout: 300_000 });
  const ms = Date.now() - started;
  const probe = (await page.evaluate('(() => { window.__importProbe.stop = true; return window.__importProbe; })()')) as { longest: number; clicks: number[] };
  const outcome = ((await done.textContent()) ?? '').replace(/\s+/g, ' ').slice(0, 90);
  return { ms, outcome, longest: probe.longest, clicks: probe.clicks };
}

/** The same clicks with no import running, for as long: the tab's own cost of switching designs (the ratio's base). */
async function clicksAlone(page: Page, ms: number): Promise<number[]> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Import design…' }).waitFor();
  await page.evaluate(PROBE);
  await page.waitForFunction((until) => performance.now() > until, (await page.evaluate(() => performance.now())) + ms, { polling: 500, timeout: ms + 60_000 });
  return ((await page.evaluate('(() => { window.__importProbe.stop = true; return window.__importProbe; })()')) as { clicks: number[] }).clicks;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function run(): Promise<void> {
  const models = [
    { label: `${MAX_IMPORTED_SAMPLES.toLocaleString('en-US')} items (the limit)`, items: MAX_IMPORTED_SAMPLES, refused: false },
    { label: '50,000 items (over the limit)', items: 50_000, refused: true },
    { label: '150,000 items (the attack)', items: 150_000, refused: true },
  ];
  const directory = await mkdtemp(path.join(tmpdir(), 'keylab-large-import-'));
  const rows: string[][] = [['model', 'size', 'where', 'import', 'target', 'longest task', 'clicks answered (max / median)', 'target', 'outcome']];
  const port = await freePort();
  const server = await startServer(port);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    for (const model of models) {
      const text = largeWorkbenchModel(model.items, `Large model ${model.items}`);
      const file = path.join(directory, `model-${model.items}.json`);
      await writeFile(file, text);
      const size = `${(text.length / (1024 * 1024)).toFixed(1)} MB`;
      let ok = false;
      const nodeMs = timeMs(() => void (ok = importDesignFile(text, 'model.json').ok));
      rows.push([
        model.label,
        size,
        'Node, main thread',
        formatMs(nodeMs),
        `< ${formatMs(IMPORT_TARGET_MS)}`,
        formatMs(nodeMs),
        '-',
        '-',
        ok ? 'imported' : 'refused',
      ]);
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const figures = await importInBrowser(page, file, model.refused);
      await context.close();
      const alonePage = await browser.newPage({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1440, height: 900 } } as Parameters<
        typeof browser.newPage
      >[0]);
      const alone = await clicksAlone(alonePage, Math.min(figures.ms, 15_000));
      await alonePage.close();
      const sorted = [...figures.clicks].sort((a, b) => a - b);
      const clicks =
        sorted.length > 0
          ? `${formatMs(sorted.at(-1)!)} / ${formatMs(median(sorted))} (${sorted.length} clicks; no import: ${formatMs(Math.max(...alone))} / ${formatMs(median(alone))}, median ${(median(sorted) / median(alone)).toFixed(1)}×)`
          : 'no click finished';
      rows.push([
        model.label,
        size,
        'Chromium, Import design…',
        formatMs(figures.ms),
        `< ${formatMs(IMPORT_TARGET_MS)}`,
        formatMs(figures.longest),
        clicks,
        `< ${formatMs(CLICK_TARGET_MS)}`,
        figures.outcome,
      ]);
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await rm(directory, { recursive: true, force: true });
  }
  console.log(renderTable(rows));
}
