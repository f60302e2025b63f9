import { DynamoDB, type AttributeValue, type QueryCommandInput, type WriteRequest } from '@aws-sdk/client-dynamodb';
import type { Browser } from '@playwright/test';
import { startDynamoDBLocal } from '../../scripts/dynamodbLocal';
import { backoff, unprocessedWrites } from '../../src/dynamo';
import { formatInt, median } from '../benchUtils';
import { ITEMS, PARTITION, verdict } from './gridFigures';

/*
 * The grid bench's paging part: the same 100k partition in real DynamoDB Local, the app (connected like a user,
 * through the app server's loopback proxy, clicking Load more as soon as it is enabled) against a bare SDK
 * pagination loop in Node, measured in the same run and printed side by side with the ratio.
 */

const PAGING_TARGET = 0.9;
/** Rounds of the paging comparison; each has one SDK loop and one app run, which goes first alternates (DynamoDB Local warms up, the machine's load drifts). */
const PAGING_RUNS = Number(process.env.KEYLAB_GRID_PAGING_RUNS ?? 5);
const DDB_LOCAL_TABLE = 'Leaderboard';
const DDB_LOCAL_REGION = 'us-east-1';

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

function busyText(busy: PagingFigures['appBusy'][number] | undefined): string {
  return busy ? `${busy.task.toFixed(0)} ms: script ${busy.script.toFixed(0)}, style + layout ${busy.styleLayout.toFixed(0)}` : '?';
}

/** DynamoDB Local: the app's paging against the bare SDK loop, printed side by side with the ratio. */
export async function reportPaging(browser: Browser, baseURL: string): Promise<void> {
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
