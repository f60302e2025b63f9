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
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDB, type AttributeValue, type QueryCommandInput, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startDynamoDBLocal } from '../scripts/dynamodbLocal';
import { backoff, unprocessedWrites } from '../src/dynamo';
import { CHROMIUM_LAUNCH_OPTIONS, freePort, startServer } from './appServer';
import { formatInt, median } from './benchUtils';

const ITEMS = 100_000;
const PARTITION = 'BENCH#100K';
const FIRST_ROWS_TARGET_MS = 150;
const MAX_ROW_ELEMENTS = 200;
const LONG_TASK_MS = 50;
const RUNS = 3;
const PAGING_TARGET = 0.9;
/** Rounds of the paging comparison; each has one SDK loop and one app run, which goes first alternates (DynamoDB Local warms up, the machine's load drifts). */
const PAGING_RUNS = Number(process.env.KEYLAB_GRID_PAGING_RUNS ?? 5);
const DDB_LOCAL_TABLE = 'Leaderboard';
const DDB_LOCAL_REGION = 'us-east-1';
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

/**
 * Runs the query in the app and pages through every result like a user who
 * clicks Load more the moment it is enabled (a MutationObserver clicks it, so
 * no Playwright round trip sits between pages). Resolves with ms from the Run
 * query click to the summary saying "end of results", and the pages it took.
 */
const LOAD_ALL_PROBE = `new Promise((resolve, reject) => {
  const runButton = Array.from(document.querySelectorAll('button')).find((element) => element.textContent === 'Run query');
  let clicks = 0;
  const observer = new MutationObserver(() => {
    const summary = Array.from(document.querySelectorAll('.page-stats summary')).find((element) => /end of results/.test(element.textContent));
    if (summary && clicks > 0 && !document.querySelector('[role="status"]')?.textContent?.includes('Loading')) {
      const elapsed = performance.now() - started;
      observer.disconnect();
      resolve({ ms: elapsed, summary: summary.textContent });
      return;
    }
    const loadMore = Array.from(document.querySelectorAll('button')).find((element) => element.textContent === 'Load more');
    if (loadMore && !loadMore.disabled) {
      clicks++;
      loadMore.click();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  setTimeout(() => { observer.disconnect(); reject(new Error('paging did not finish within 300 s')); }, 300_000);
  const started = performance.now();
  clicks++;
  runButton.click();
})`;

function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

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

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event: on a busy machine, wall time minus this is time the OS gave to others. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Reads a Chrome trace of the scroll: the renderer main thread's tasks over
 * 50 ms by wall clock (what the PerformanceObserver sees) and by the thread's
 * own CPU time (the app's work, whatever else the machine runs), and where the
 * CPU-long tasks spend it: self CPU time per trace event name, largest first.
 */
function summarizeTrace(file: string): string[] {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) return ['  (no renderer main thread in the trace)'];
  const events = traceEvents
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur as number) - (a.dur as number));
  const tasks = events.filter((event) => event.name === 'RunTask');
  const cpuOf = (event: TraceEvent) => event.tdur ?? (event.dur as number);
  const wallLong = tasks.filter((task) => (task.dur as number) > LONG_TASK_MS * 1000);
  const cpuLong = tasks.filter((task) => cpuOf(task) > LONG_TASK_MS * 1000);
  const longestCpu = Math.max(0, ...tasks.map(cpuOf)) / 1000;
  const frames = events.filter((event) => event.name === 'UpdateLayoutTree' || event.name === 'Layout' || event.name === 'FunctionCall');
  const perName = (name: string) =>
    frames
      .filter((event) => event.name === name)
      .map(cpuOf)
      .sort((a, b) => a - b);
  const medianOf = (values: number[]) => ((values[values.length >> 1] ?? 0) / 1000).toFixed(1);

  // Self CPU time per event name inside the CPU-long tasks (a stack of nested complete events).
  const selfByName = new Map<string, number>();
  const stack: { event: TraceEvent; self: number }[] = [];
  let taskEnd = -1;
  const close = (until: number) => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { event: TraceEvent; self: number };
      if (top.event.ts + (top.event.dur as number) > until) break;
      stack.pop();
      selfByName.set(top.event.name, (selfByName.get(top.event.name) ?? 0) + top.self);
    }
  };
  const longSet = new Set(cpuLong);
  for (const event of events) {
    if (event.ts >= taskEnd) {
      close(Number.POSITIVE_INFINITY);
      if (longSet.has(event)) {
        taskEnd = event.ts + (event.dur as number);
        stack.push({ event, self: cpuOf(event) });
      }
      continue;
    }
    close(event.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= cpuOf(event);
    stack.push({ event, self: cpuOf(event) });
  }
  close(Number.POSITIVE_INFINITY);
  const rows = [...selfByName].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return [
    `  trace: main-thread tasks over ${LONG_TASK_MS} ms: ${wallLong.length} by wall clock, ${cpuLong.length} by the thread's own CPU time (longest ${longestCpu.toFixed(0)} ms CPU); the difference is time the machine gave to other processes`,
    `  trace: median CPU per event: style ${medianOf(perName('UpdateLayoutTree'))} ms, layout ${medianOf(perName('Layout'))} ms, script ${medianOf(perName('FunctionCall'))} ms`,
    ...(rows.length > 0 ? [`  trace: in the CPU-long tasks: ${rows.map(([name, micros]) => `${name} ${(micros / 1000).toFixed(0)} ms`).join(', ')}`] : []),
  ];
}

/** Records a Chrome trace of `run` (light categories: tasks, style, layout, paint, script, GC) into `file`. */
async function traced<T>(browser: Browser, page: Page, file: string, run: () => Promise<T>): Promise<T> {
  await browser.startTracing(page, {
    path: file,
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.gc',
      // Opt-in: why each style recalc happened (which element, which change); heavy, so it skews the traced figures.
      ...(process.env.KEYLAB_GRID_TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
    ],
  });
  try {
    return await run();
  } finally {
    await browser.stopTracing();
  }
}

/** The same shape as Generate items makes: keys plus n, score, label, ts. */
function pagingItem(index: number): Record<string, AttributeValue> {
  const draw = (index * 7919) % 1_000_000;
  return {
    leaderboardId: { S: PARTITION },
    rankKey: { S: `RUN#${String(index).padStart(6, '0')}` },
    n: { N: String(index) },
    score: { N: String(draw) },
    label: { S: `granite-${draw % 1000}` },
    ts: { N: String(1719100800 + index * 60) },
  };
}

async function fillDynamoDBLocal(client: DynamoDB): Promise<void> {
  await client.createTable({
    TableName: DDB_LOCAL_TABLE,
    AttributeDefinitions: [
      { AttributeName: 'leaderboardId', AttributeType: 'S' },
      { AttributeName: 'rankKey', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  const batches: WriteRequest[][] = [];
  for (let start = 0; start < ITEMS; start += 25) {
    batches.push(Array.from({ length: Math.min(25, ITEMS - start) }, (_, offset) => ({ PutRequest: { Item: pagingItem(start + offset) } })));
  }
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let requests: readonly WriteRequest[] = batches[next++] ?? [];
      for (let attempt = 1; requests.length > 0; attempt++) {
        if (attempt > 1) await backoff(attempt - 1);
        requests = unprocessedWrites(await client.batchWriteItem({ RequestItems: { [DDB_LOCAL_TABLE]: [...requests] } }), DDB_LOCAL_TABLE);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The bare SDK loop: QueryCommand after QueryCommand with the previous LastEvaluatedKey, the same request the app sends. */
async function pageWithSdk(client: DynamoDB): Promise<{ ms: number; items: number; pages: number }> {
  const input: QueryCommandInput = {
    TableName: DDB_LOCAL_TABLE,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': 'leaderboardId' },
    ExpressionAttributeValues: { ':pk': { S: PARTITION } },
    ReturnConsumedCapacity: 'TOTAL',
  };
  const started = performance.now();
  let items = 0;
  let pages = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const output = await client.query(startKey ? { ...input, ExclusiveStartKey: startKey } : input);
    items += output.Items?.length ?? 0;
    pages++;
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  return { ms: performance.now() - started, items, pages };
}

interface PagingFigures {
  sdk: number[];
  app: number[];
  /** Per app run: ms the page's main thread was busy (CDP Performance.getMetrics TaskDuration), and of it script, style + layout. */
  appBusy: { task: number; script: number; styleLayout: number }[];
  sdkPages: number;
  appSummary: string;
}

/** DynamoDB Local with the 100k partition: the bare SDK loop in Node against the app in the page (through its loopback proxy), alternating. */
async function measurePaging(browser: Browser, baseURL: string): Promise<PagingFigures> {
  const ddbLocal = await startDynamoDBLocal({ inMemory: true, sharedDb: true });
  const client = new DynamoDB({ region: DDB_LOCAL_REGION, endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'keylab', secretAccessKey: 'x' } });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const fillStarted = Date.now();
    await fillDynamoDBLocal(client);
    console.log(
      `  setup: wrote ${ITEMS.toLocaleString('en-US')} items to DynamoDB Local with BatchWriteItem in ${((Date.now() - fillStarted) / 1000).toFixed(1)} s`,
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(`${baseURL}/#explorer`);
    const form = page.getByRole('form', { name: 'Connection' });
    await form.getByRole('combobox', { name: 'Connection' }).selectOption('DynamoDB Local');
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(`http://localhost:${ddbLocal.port}`);
    await form.getByRole('textbox', { name: 'Region' }).fill(DDB_LOCAL_REGION);
    await form.getByRole('textbox', { name: 'Access key id' }).fill('keylab');
    await form.getByRole('button', { name: 'Connect' }).click();
    await page
      .getByText(/via Keylab’s proxy/)
      .first()
      .waitFor({ timeout: 60_000 });
    const picker = page.getByRole('combobox', { name: 'Table', exact: true });
    await picker.locator('option', { hasText: DDB_LOCAL_TABLE }).waitFor({ state: 'attached', timeout: 60_000 });
    await page.getByRole('textbox', { name: /^leaderboardId/ }).fill(PARTITION);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      const value = (name: string) => (list.find((metric) => metric.name === name)?.value ?? 0) * 1000;
      return { task: value('TaskDuration'), script: value('ScriptDuration'), styleLayout: value('RecalcStyleDuration') + value('LayoutDuration') };
    };
    const figures: PagingFigures = { sdk: [], app: [], appBusy: [], sdkPages: 0, appSummary: '' };
    const runSdk = async () => {
      const sdk = await pageWithSdk(client);
      if (sdk.items !== ITEMS) throw new Error(`The SDK loop read ${sdk.items} items, expected ${ITEMS}`);
      figures.sdk.push(sdk.ms);
      figures.sdkPages = sdk.pages;
    };
    const runApp = async () => {
      const before = await metrics();
      const app = (await page.evaluate(LOAD_ALL_PROBE)) as { ms: number; summary: string };
      const after = await metrics();
      figures.appBusy.push({ task: after.task - before.task, script: after.script - before.script, styleLayout: after.styleLayout - before.styleLayout });
      if (!app.summary.startsWith(`${ITEMS} items`)) throw new Error(`The app loaded "${app.summary}", expected ${ITEMS} items`);
      figures.app.push(app.ms);
      figures.appSummary = app.summary;
    };
    // One uncounted round first: DynamoDB Local's JIT, the SDK's and the page's first requests.
    await runSdk();
    await runApp();
    figures.sdk.length = 0;
    figures.app.length = 0;
    figures.appBusy.length = 0;
    for (let run = 0; run < PAGING_RUNS; run++) {
      if (run % 2 === 0) {
        await runSdk();
        await runApp();
      } else {
        await runApp();
        await runSdk();
      }
    }
    return figures;
  } finally {
    await context.close();
    client.destroy();
    await ddbLocal.stop();
  }
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

function busyText(busy: PagingFigures['appBusy'][number] | undefined): string {
  return busy ? `${busy.task.toFixed(0)} ms: script ${busy.script.toFixed(0)}, style + layout ${busy.styleLayout.toFixed(0)}` : '?';
}

/** DynamoDB Local: the app's paging against the bare SDK loop, printed side by side with the ratio. */
async function reportPaging(browser: Browser, baseURL: string): Promise<void> {
  console.log('');
  console.log(
    `paging through ${ITEMS.toLocaleString('en-US')} items on DynamoDB Local: the app (via its proxy) vs a bare SDK loop   target ≥ ${PAGING_TARGET * 100}% of the SDK's speed`,
  );
  const paging = await measurePaging(browser, baseURL);
  paging.sdk.forEach((sdk, index) =>
    console.log(
      `  run ${index + 1}: SDK loop ${sdk.toFixed(0)} ms, app ${(paging.app[index] as number).toFixed(0)} ms (page main thread busy ${busyText(paging.appBusy[index])})`,
    ),
  );
  const sdkMedian = median(paging.sdk);
  const appMedian = median(paging.app);
  const ratio = sdkMedian / appMedian;
  console.log(
    `  SDK loop (Node, QueryCommand + LastEvaluatedKey, ${paging.sdkPages} pages): median ${sdkMedian.toFixed(0)} ms, ${formatInt(Math.round((ITEMS / sdkMedian) * 1000))} items/s`,
  );
  console.log(
    `  app (Run query, then Load more as soon as enabled; "${paging.appSummary}"): median ${appMedian.toFixed(0)} ms, ${formatInt(Math.round((ITEMS / appMedian) * 1000))} items/s`,
  );
  const best = Math.min(...paging.sdk) / Math.min(...paging.app);
  console.log(
    `  best runs: SDK loop ${Math.min(...paging.sdk).toFixed(0)} ms, app ${Math.min(...paging.app).toFixed(0)} ms (the least disturbed by other load on the machine): ${(best * 100).toFixed(0)}%`,
  );
  console.log(`  app speed / SDK speed (medians): ${(ratio * 100).toFixed(0)}%  ${verdict(ratio >= PAGING_TARGET)}`);
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
