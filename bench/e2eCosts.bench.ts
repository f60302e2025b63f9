/**
 * `npm run bench:e2e-costs`: where a typical e2e test's time goes, before its own checks. Each
 * round does what a test does, in a fresh browser context (Playwright's "Desktop Chrome", the
 * flags of playwright.config.ts), against the production build (dist/, built by the script)
 * served by scripts/serve-dist.ts: open a context and a page; load `/` until the Designs list is
 * hydrated; click "Table explorer" until the built-in table's tables are listed (the engine, the
 * IndexedDB first run with the sample tables); close the context. A second fresh context opens
 * the explorer by its link (`/#explorer`) instead. Medians per stage, per browser, side by side:
 * the e2e suite's browser (E2E_CHROMIUM_ARGS of playwright.config.ts) and, for comparison, the
 * same without its `--disable-features` (KEYLAB_E2E_COSTS_RUNS=N rounds, default 8). Figures,
 * not assertions; on a shared machine only the ratios in one run mean anything.
 */
import { chromium, devices, type Browser } from '@playwright/test';
import { E2E_CHROMIUM_ARGS } from '../e2e/chromiumArgs';
import { median } from './benchUtils';
import { freePort, startServer } from './appServer';

const RUNS = Number(process.env.KEYLAB_E2E_COSTS_RUNS ?? 8);
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BROWSERS: Record<string, string[]> = {
  'e2e flags': E2E_CHROMIUM_ARGS,
  'without --disable-features': E2E_CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')),
};
const STAGES = [
  'context + page',
  'load / (Designs hydrated)',
  'click Table explorer → tables listed',
  'close context',
  'link /#explorer → tables listed',
] as const;
type Stage = (typeof STAGES)[number];

async function timed<T>(into: number[], run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  into.push(performance.now() - start);
  return result;
}

async function round(browser: Browser, baseURL: string, figures: Record<Stage, number[]>): Promise<void> {
  const context = await timed(figures['context + page'], async () => {
    const created = await browser.newContext({ ...devices['Desktop Chrome'], baseURL });
    await created.newPage();
    return created;
  });
  const page = context.pages()[0]!;
  await timed(figures['load / (Designs hydrated)'], async () => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Designs' }).waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('keylab:stores-built').length > 0);
  });
  await timed(figures['click Table explorer → tables listed'], async () => {
    await page.getByRole('tab', { name: 'Table explorer' }).click();
    await page.getByRole('combobox', { name: 'Table', exact: true }).locator('option').first().waitFor({ state: 'attached' });
  });
  await timed(figures['close context'], () => context.close());

  const direct = await browser.newContext({ ...devices['Desktop Chrome'], baseURL });
  const directPage = await direct.newPage();
  await timed(figures['link /#explorer → tables listed'], async () => {
    await directPage.goto('/#explorer');
    await directPage.getByRole('combobox', { name: 'Table', exact: true }).locator('option').first().waitFor({ state: 'attached' });
  });
  await direct.close();
}

const port = await freePort();
const server = await startServer(port);
const baseURL = `http://127.0.0.1:${port}`;
try {
  const browsers = Object.fromEntries(
    await Promise.all(Object.entries(BROWSERS).map(async ([name, args]) => [name, await chromium.launch({ executablePath: EXECUTABLE, args })] as const)),
  );
  const figures = Object.fromEntries(Object.keys(BROWSERS).map((name) => [name, Object.fromEntries(STAGES.map((stage) => [stage, [] as number[]]))])) as Record<
    string,
    Record<Stage, number[]>
  >;
  // Warm-up: the first context of a browser pays for its own start.
  for (const [name, browser] of Object.entries(browsers))
    await round(browser, baseURL, { ...figures[name]!, ...Object.fromEntries(STAGES.map((s) => [s, []])) });
  // In turns, so the machine's load changes both columns alike.
  for (let i = 0; i < RUNS; i++) for (const [name, browser] of Object.entries(browsers)) await round(browser, baseURL, figures[name]!);
  for (const browser of Object.values(browsers)) await browser.close();

  const names = Object.keys(BROWSERS);
  const width = Math.max(...STAGES.map((stage) => stage.length));
  console.log(`${RUNS} rounds each, medians in ms (load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`);
  console.log(`${'stage'.padEnd(width)}  ${names.map((name) => name.padStart(26)).join('  ')}  ratio`);
  for (const stage of STAGES) {
    const medians = names.map((name) => median(figures[name]![stage]));
    console.log(`${stage.padEnd(width)}  ${medians.map((m) => m.toFixed(0).padStart(26)).join('  ')}  ${(medians[0]! / medians[1]!).toFixed(2)}`);
  }
} finally {
  server.kill('SIGTERM');
}
