/**
 * `npm run bench:grid`: the explorer's grid on a 100k-item partition, in the
 * production build, driven by Playwright in the system Chromium. Prints
 * figures against the targets (a script, not a timed test):
 *
 * - first rows visible within 150 ms of Run query (built-in table);
 * - scrolling from the first to the 100,000th row (scrollTop steps, one per
 *   animation frame, like dragging the scrollbar) keeps at most 200 row
 *   elements in the DOM and never blocks the main thread for more than 50 ms
 *   (no PerformanceObserver 'longtask' entry, judged on an untraced pass). A traced
 *   second pass of the scroll
 *   tells the app's own CPU time from time the machine gave to other
 *   processes, and where long tasks go; then a wheel-speed scroll;
 * - the same 100k partition in real DynamoDB Local: the app (connected like a
 *   user, through the app server's loopback proxy, clicking Load more as soon
 *   as it is enabled) pages through it at ≥ 90% of the speed of a bare SDK
 *   pagination loop in Node, measured in the same run.
 *
 * KEYLAB_GRID_PARTS=grid|paging runs one part; KEYLAB_GRID_TRACE=file.json
 * keeps the scroll's trace; KEYLAB_GRID_SCROLL_FRAMES, KEYLAB_GRID_PAGING_RUNS.
 */
import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS, freePort, startServer } from './appServer';
import { summarizeTrace, traced } from './grid/chromeTrace';
import { ITEMS, LONG_TASK_MS, PARTITION, verdict } from './grid/gridFigures';
import { reportPaging } from './grid/paging';

const FIRST_ROWS_TARGET_MS = 150;
const MAX_ROW_ELEMENTS = 200;
const RUNS = 3;
/** Which parts run: KEYLAB_GRID_PARTS=grid (first rows and scroll) or =paging (DynamoDB Local); both by default. */
const PARTS = new Set((process.env.KEYLAB_GRID_PARTS ?? 'grid,paging').split(','));
/** Frames the scroll from the first to the last row takes (KEYLAB_GRID_SCROLL_FRAMES to change). */
const SCROLL_FRAMES = Number(process.env.KEYLAB_GRID_SCROLL_FRAMES ?? 1000);
const ROOT = path.resolve(import.meta.dirname, '..');
/** Where the Chrome trace of the scroll goes (KEYLAB_GRID_TRACE=file.json keeps it; open it in chrome://tracing or DevTools). */
const TRACE_PATH = process.env.KEYLAB_GRID_TRACE ?? path.join(os.tmpdir(), `keylab-grid-scroll-${process.pid}.json`);

/*
 * The in-page probes are plain JavaScript strings: this script is type-checked
 * for Node (no DOM types), and the code runs in the page, not here.
 */

/** Records performance.now() at the Run query click, when the first grid row enters the DOM, and the frame after. */
const FIRST_ROWS_PROBE = `(() => {
  const state = {};
  window.__firstRows = state;
  const button = Array.from(document.querySelectorAll('button')).find((element) => element.textContent === 'Run query');
  button.addEventListener('click', () => {
    state.click = performance.now();
    const observer = new MutationObserver(() => {
      if (state.dom !== undefined) return;
      if (document.querySelector('[role="table"][aria-label="Items"] [role="rowgroup"]:nth-child(2) [role="row"]')) {
        state.dom = performance.now();
        observer.disconnect();
        // The frame that shows the rows: the next animation frame, then its paint task.
        requestAnimationFrame(() => setTimeout(() => (state.frame = performance.now()), 0));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }, { capture: true, once: true });
})()`;

/** Frames of the wheel-speed scroll and pixels per frame (a brisk wheel or trackpad fling: ~7,200 px/s at 60 fps). */
const WHEEL_FRAMES = 300;
const WHEEL_STEP_PX = 120;

/** Scrolls the grid down from row 50,000 by ${WHEEL_STEP_PX} px per frame, like a wheel: most rows stay in view, a few enter each frame. */
const WHEEL_PROBE = `(async () => {
  const grid = document.querySelector('[role="table"][aria-label="Items"]');
  const durations = [];
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  grid.scrollTop = Math.floor(grid.scrollHeight / 2);
  await nextFrame();
  await nextFrame();
  const longTaskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  longTaskObserver.observe({ type: 'longtask' });
  const started = performance.now();
  for (let frame = 0; frame < ${WHEEL_FRAMES}; frame++) {
    grid.scrollTop += ${WHEEL_STEP_PX};
    await nextFrame();
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const entry of longTaskObserver.takeRecords()) durations.push(entry.duration);
  longTaskObserver.disconnect();
  return { longTasks: durations.length, longestTaskMs: durations.length ? Math.max(...durations) : 0, frames: ${WHEEL_FRAMES}, seconds: (performance.now() - started) / 1000 };
})()`;

/** Scrolls the grid from the first row to the last, ~1,000 frames (about 100 new rows per frame, like dragging the scrollbar), counting row elements and long tasks. */
const SCROLL_PROBE = `(async () => {
  const grid = document.querySelector('[role="table"][aria-label="Items"]');
  const body = grid.querySelector('[role="rowgroup"]:nth-child(2)');
  const durations = [];
  const longTaskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  longTaskObserver.observe({ type: 'longtask' });
  let maxRowElements = body.querySelectorAll('[role="row"]').length;
  const rowObserver = new MutationObserver(() => {
    maxRowElements = Math.max(maxRowElements, body.querySelectorAll('[role="row"]').length);
  });
  rowObserver.observe(body, { childList: true });
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const started = performance.now();
  let frames = 0;
  const target = grid.scrollHeight - grid.clientHeight;
  const step = Math.max(1, Math.ceil(target / ${SCROLL_FRAMES}));
  for (let top = 0; top < target; top += step) {
    grid.scrollTop = top;
    await nextFrame();
    frames++;
  }
  grid.scrollTop = grid.scrollHeight;
  await nextFrame();
  await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const entry of longTaskObserver.takeRecords()) durations.push(entry.duration);
  longTaskObserver.disconnect();
  rowObserver.disconnect();
  maxRowElements = Math.max(maxRowElements, body.querySelectorAll('[role="row"]').length);
  const indexes = Array.from(body.querySelectorAll('[role="row"]'), (row) => Number(row.getAttribute('aria-rowindex')));
  return {
    maxRowElements,
    longTasks: durations.length,
    longestTaskMs: durations.length ? Math.max(...durations) : 0,
    lastRowIndex: Math.max(...indexes) - 1,
    frames,
    seconds: (performance.now() - started) / 1000,
  };
})()`;

async function openLeaderboard(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/#explorer`);
  const picker = page.getByRole('combobox', { name: 'Table', exact: true });
  await picker.locator('option', { hasText: 'Leaderboard' }).waitFor({ state: 'attached', timeout: 120_000 });
  await picker.selectOption('Leaderboard');
  await page.getByRole('button', { name: 'Run query' }).waitFor();
}

/** Clicks Run query and returns ms from the click to the first grid row in the DOM, and to the frame after it. */
async function measureFirstRows(page: Page): Promise<{ dom: number; frame: number }> {
  await page.getByRole('textbox', { name: /^leaderboardId/ }).fill(PARTITION);
  await page.evaluate(FIRST_ROWS_PROBE);
  await page.getByRole('button', { name: 'Run query' }).click();
  await page.waitForFunction('window.__firstRows.frame !== undefined', undefined, { timeout: 60_000 });
  const state = (await page.evaluate('window.__firstRows')) as { click: number; dom: number; frame: number };
  return { dom: state.dom - state.click, frame: state.frame - state.click };
}

async function loadAllPages(page: Page): Promise<number> {
  const loadMore = page.getByRole('button', { name: 'Load more' });
  let pages = 1;
  for (;;) {
    await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached', timeout: 60_000 });
    if ((await loadMore.count()) === 0) break;
    await loadMore.click();
    pages++;
  }
  return pages;
}

interface ScrollFigures {
  maxRowElements: number;
  longTasks: number;
  longestTaskMs: number;
  lastRowIndex: number;
  frames: number;
  seconds: number;
}

/** Scrolls the grid from the first row to the last, one step per frame, watching row elements and long tasks. */
async function measureScroll(page: Page): Promise<ScrollFigures> {
  return (await page.evaluate(SCROLL_PROBE)) as ScrollFigures;
}

/** The built-in table: first rows after Run query, then the scroll from the first row to the last. */
async function measureGrid(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));

  console.log(`Keylab grid benchmark: ${ITEMS.toLocaleString('en-US')} items in Leaderboard / ${PARTITION}, production build, ${await browser.version()}`);
  await openLeaderboard(page, baseURL);
  const generateStarted = Date.now();
  await page.getByRole('textbox', { name: /^Partition to fill/ }).fill(PARTITION);
  await page.getByRole('textbox', { name: 'Items to generate' }).fill(String(ITEMS));
  await page.getByRole('button', { name: 'Generate items' }).click();
  await page.getByText(`Generated ${ITEMS.toLocaleString('en-US')} items`).waitFor({ timeout: 300_000 });
  console.log(`  setup: generated ${ITEMS.toLocaleString('en-US')} items with Generate items in ${((Date.now() - generateStarted) / 1000).toFixed(1)} s`);

  const firstRows: { dom: number; frame: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (run > 0) await openLeaderboard(page, baseURL);
    firstRows.push(await measureFirstRows(page));
  }
  const frames = firstRows.map((figure) => figure.frame).sort((a, b) => a - b);
  const firstRowsMedian = frames[Math.floor(frames.length / 2)] as number;
  console.log('');
  console.log(`first rows visible after Run query   target ≤ ${FIRST_ROWS_TARGET_MS} ms`);
  firstRows.forEach((figure, index) => console.log(`  run ${index + 1}: rows in DOM ${figure.dom.toFixed(1)} ms, next frame ${figure.frame.toFixed(1)} ms`));
  console.log(`  median ${firstRowsMedian.toFixed(1)} ms  ${verdict(firstRowsMedian <= FIRST_ROWS_TARGET_MS)}`);

  const loadStarted = Date.now();
  const pages = await loadAllPages(page);
  const stats = await page
    .getByText(/items in \d+ pages/)
    .first()
    .innerText();
  console.log(`  setup: loaded every page with Load more (${pages} pages, "${stats}") in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);

  // The target is judged on an untraced pass: recording a trace costs the renderer time of its own.
  // A second, traced pass of the same scroll explains where the time goes.
  const scroll = await measureScroll(page);
  const tracedScroll = await traced(browser, page, TRACE_PATH, () => measureScroll(page));
  console.log('');
  console.log(
    `scroll from row 1 to row ${ITEMS.toLocaleString('en-US')}   targets: ≤ ${MAX_ROW_ELEMENTS} row elements, no main-thread block > ${LONG_TASK_MS} ms`,
  );
  console.log(
    `  ${scroll.frames} frames in ${scroll.seconds.toFixed(1)} s, last row reached: ${scroll.lastRowIndex.toLocaleString('en-US')}  ${verdict(scroll.lastRowIndex === ITEMS)}`,
  );
  console.log(`  most row elements in the DOM: ${scroll.maxRowElements}  ${verdict(scroll.maxRowElements <= MAX_ROW_ELEMENTS)}`);
  console.log(`  long tasks (> ${LONG_TASK_MS} ms): ${scroll.longTasks}, longest ${scroll.longestTaskMs.toFixed(0)} ms  ${verdict(scroll.longTasks === 0)}`);
  console.log(
    `  traced pass (diagnosis only): long tasks (> ${LONG_TASK_MS} ms): ${tracedScroll.longTasks}, longest ${tracedScroll.longestTaskMs.toFixed(0)} ms`,
  );
  console.log(summarizeTrace(TRACE_PATH).join('\n'));
  if (!process.env.KEYLAB_GRID_TRACE) rmSync(TRACE_PATH, { force: true });

  const wheelTrace = TRACE_PATH.replace(/(\.json)?$/, '.wheel.json');
  type WheelFigures = { longTasks: number; longestTaskMs: number; frames: number; seconds: number };
  const wheel = (await page.evaluate(WHEEL_PROBE)) as WheelFigures;
  const tracedWheel = (await traced(browser, page, wheelTrace, () => page.evaluate(WHEEL_PROBE))) as WheelFigures;
  console.log('');
  console.log(`wheel-speed scroll from row 50,000: ${WHEEL_STEP_PX} px a frame   target: no main-thread block > ${LONG_TASK_MS} ms`);
  console.log(
    `  ${wheel.frames} frames in ${wheel.seconds.toFixed(1)} s; long tasks (> ${LONG_TASK_MS} ms): ${wheel.longTasks}, longest ${wheel.longestTaskMs.toFixed(0)} ms  ${verdict(wheel.longTasks === 0)}`,
  );
  console.log(
    `  traced pass (diagnosis only): long tasks (> ${LONG_TASK_MS} ms): ${tracedWheel.longTasks}, longest ${tracedWheel.longestTaskMs.toFixed(0)} ms`,
  );
  console.log(summarizeTrace(wheelTrace).join('\n'));
  if (!process.env.KEYLAB_GRID_TRACE) rmSync(wheelTrace, { force: true });

  await context.close();
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` (npm run bench:grid builds first).');
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = await startServer(port);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    if (PARTS.has('grid')) await measureGrid(browser, baseURL);
    if (PARTS.has('paging')) await reportPaging(browser, baseURL);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

await main();
