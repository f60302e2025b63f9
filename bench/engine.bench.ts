/**
 * Engine benchmark (`npm run bench:engine`): the same workload, in one run,
 * against
 *   (a) Keylab's engine in this process (its SDK-shaped methods, no wire);
 *   (b) the engine's DynamoDB endpoint over HTTP (`npm run endpoint`'s
 *       script in its own Node process on a free port; an AWS SDK client
 *       with keep-alive);
 *   (c) DynamoDB Local 3.3.1 over HTTP (the vendored jar, `-inMemory`; the
 *       same SDK client setup).
 *
 * Workload, one partition (`SEASON#2026-SPRING`), ~110-byte items:
 *   - load 100,000 items with BatchWriteItem (25 a call, 4 calls in flight over HTTP), keys in random order;
 *   - 1,000 Queries of a 100-item `BETWEEN` page at random positions: p50 / p90;
 *   - paginate the whole 100k partition (1 MB pages);
 *   - load 1,000,000 items and run the 1,000 Queries again (in-process, also
 *     after loading the same items through the engine's bulk path,
 *     `loadItems`, as the sample generator does). DynamoDB Local
 *     gets a time budget for that load (KEYLAB_BENCH_DDBL_BUDGET_S, default
 *     120 s); past it the load stops and its 1M figure is extrapolated from
 *     the rate so far, labelled as such, and its 1M queries are not run.
 *
 * Targets: in-process page Query p50 under 50 µs at 1M items; the endpoint at
 * least 1.5× faster than DynamoDB Local on every row both measured. A report,
 * not a test: it exits 0 and prints PASS / MISS.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { DynamoDB, type AttributeValue, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { findFreePort, startDynamoDBLocal, type RunningDynamoDBLocal } from '../scripts/dynamodbLocal';
import { createLocalDynamoDB, type DynamoDBDataSource, type LocalDynamoDB } from '../src/engine';
import { collectGarbage, createRandom, enableGarbageCollection, formatInt, renderTable } from './benchUtils';
import { startFloorServer } from './engine/floorServer';

/** KEYLAB_BENCH_ENGINE_SCALE=0.01 runs every row at 1% of its size: a smoke run that the bench works, not a measurement. */
const SCALE = Number(process.env.KEYLAB_BENCH_ENGINE_SCALE ?? 1);
const SMALL = Math.round(100_000 * SCALE);
const LARGE = Math.round(1_000_000 * SCALE);
const QUERIES = 1_000;
const WARMUP_QUERIES = 200;
const PAGE = 100;
const BATCH = 25;
const HTTP_CONCURRENCY = 4;
const PARTITION = 'SEASON#2026-SPRING';
const DDBL_BUDGET_MS = Number(process.env.KEYLAB_BENCH_DDBL_BUDGET_S ?? 120) * 1000;
const TARGET_QUERY_P50_US = 50;
const TARGET_ENDPOINT_SPEEDUP = 1.5;
const TRANSACTIONS = Math.round(10_000 * SCALE);
const TRANSACTION_ACTIONS = 4;
/** The endpoint's 100-item Query p50 within this factor of the floor's (a server with a pre-serialized reply). */
const TARGET_FLOOR_RATIO = 1.3;
/** Items under the GSI added by UpdateTable; `KEYLAB_BENCH_GSI_ITEMS=1000 KEYLAB_BENCH_GSI_ONLY=1` checks the row quickly. */
const GSI_ITEMS = Number(process.env.KEYLAB_BENCH_GSI_ITEMS ?? SMALL);
const GSI_ONLY = process.env.KEYLAB_BENCH_GSI_ONLY === '1';
/** Rows with their own target (the issue's 2× for the transactions, GSI and PartiQL rows). */
const ROW_TARGETS: Partial<Record<string, number>> = { transactions: 2, addIndex100k: 2, partiqlSelects: 2 };

type Item = Record<string, AttributeValue>;

/** A loaded figure: measured, extrapolated from part of the load, or not run. */
type Figure = { kind: 'ms'; ms: number; note?: string } | { kind: 'extrapolated'; ms: number; loaded: number } | { kind: 'n/a'; why: string };

interface SideResult {
  /** In-process only: the engine's bulk-load path (loadItems, what the sample generator uses) and Queries after it. */
  bulkLoad1M?: Figure;
  bulkQuery1MP50?: Figure;
  bulkQuery1MP90?: Figure;
  /** HTTP sides only: the same Queries as raw HTTP requests, without the SDK's (de)serialisation. */
  rawQuery100kP50?: Figure;
  rawQuery100kP90?: Figure;
  /** HTTP sides only: the same SDK Queries against a server answering with this side's page, serialized once (floorServer.ts). */
  floorQuery100kP50?: Figure;
  floorQuery100kP90?: Figure;
  load100k: Figure;
  query100kP50: Figure;
  query100kP90: Figure;
  paginate100k: Figure;
  load1M: Figure;
  query1MP50: Figure;
  query1MP90: Figure;
  /** TRANSACTIONS TransactWriteItems of TRANSACTION_ACTIONS actions each. */
  transactions?: Figure;
  /** A GSI added over GSI_ITEMS items: until DescribeTable says ACTIVE and a Query on it answers. */
  addIndex100k?: Figure;
  /** QUERIES PartiQL SELECTs of a PAGE-item page (ExecuteStatement), one at a time. */
  partiqlSelects?: Figure;
}

interface BenchSide {
  readonly name: string;
  readonly db: DynamoDBDataSource;
  /** The in-process engine's bulk-load path, when the side has one. */
  readonly loadItems?: LocalDynamoDB['loadItems'];
  /** The HTTP endpoint, for the raw-HTTP Query row. */
  readonly url?: string;
  /** 1 for in-process calls (each one runs to completion synchronously anyway). */
  readonly concurrency: number;
  /** Milliseconds the 1M load may take before it is stopped and extrapolated. */
  readonly loadBudgetMs: number;
  stop(): Promise<void>;
}

function sortKey(i: number): string {
  return String(i).padStart(10, '0');
}

function itemOf(i: number): Item {
  return {
    leaderboardId: { S: PARTITION },
    rankKey: { S: sortKey(i) },
    playerId: { S: `p_${String(i % 100_000).padStart(5, '0')}` },
    score: { N: String((i * 7919) % 1_000_000) },
    at: { S: '2026-06-23T10:00:00Z' },
    region: { S: i % 3 === 0 ? 'eu-west-1' : 'us-east-1' },
  };
}

/** 0..n-1 in a seeded random order. */
function shuffled(n: number, seed: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const random = createRandom(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
  return order;
}

function sdkClient(endpoint: string): DynamoDB {
  return new DynamoDB({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' },
    maxAttempts: 1,
    requestHandler: { httpAgent: new http.Agent({ keepAlive: true, maxSockets: HTTP_CONCURRENCY * 2 }) },
  });
}

async function createTable(db: DynamoDBDataSource, TableName: string): Promise<void> {
  await db.createTable({
    TableName,
    KeySchema: [
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'leaderboardId', AttributeType: 'S' },
      { AttributeName: 'rankKey', AttributeType: 'S' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
}

/**
 * Loads `count` items (random key order) with BatchWriteItem, `concurrency`
 * calls in flight. Stops after `budgetMs`; returns the time and how many were loaded.
 */
async function load(side: BenchSide, TableName: string, count: number, budgetMs: number): Promise<{ ms: number; loaded: number }> {
  const order = shuffled(count, count);
  let next = 0;
  let loaded = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < count && performance.now() - start < budgetMs) {
      const from = next;
      const to = Math.min(count, next + BATCH);
      next = to;
      let requests: WriteRequest[] = [];
      for (let i = from; i < to; i++) requests.push({ PutRequest: { Item: itemOf(order[i] as number) } });
      // DynamoDB Local may return UnprocessedItems; write them again.
      while (requests.length > 0) {
        const output = await side.db.batchWriteItem({ RequestItems: { [TableName]: requests } });
        requests = output.UnprocessedItems?.[TableName] ?? [];
      }
      loaded += to - from;
    }
  };
  await Promise.all(Array.from({ length: side.concurrency }, worker));
  return { ms: performance.now() - start, loaded };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/** QUERIES PartiQL SELECTs of a PAGE-item BETWEEN page at random positions (a Query each), one at a time; total ms. */
async function partiqlSelects(side: BenchSide, TableName: string, count: number): Promise<number> {
  const random = createRandom(count + 11);
  const Statement = `SELECT * FROM "${TableName}" WHERE leaderboardId = ? AND rankKey BETWEEN ? AND ?`;
  const run = async () => {
    const from = Math.floor(random() * (count - PAGE));
    const output = await side.db.executeStatement({ Statement, Parameters: [{ S: PARTITION }, { S: sortKey(from) }, { S: sortKey(from + PAGE - 1) }] });
    if (output.Items?.length !== PAGE) throw new Error(`${side.name}: expected a ${PAGE}-item PartiQL page, got ${output.Items?.length}`);
  };
  for (let i = 0; i < WARMUP_QUERIES; i++) await run();
  const start = performance.now();
  for (let i = 0; i < QUERIES; i++) await run();
  return performance.now() - start;
}

/** 1,000 Queries of a 100-item BETWEEN page at random positions, one at a time; latencies in ms. */
async function queryPages(side: BenchSide, TableName: string, count: number): Promise<{ p50: number; p90: number }> {
  const random = createRandom(count + 7);
  const run = async () => {
    const from = Math.floor(random() * (count - PAGE));
    const start = performance.now();
    const output = await side.db.query({
      TableName,
      KeyConditionExpression: 'leaderboardId = :p AND rankKey BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': { S: PARTITION }, ':a': { S: sortKey(from) }, ':b': { S: sortKey(from + PAGE - 1) } },
    });
    const ms = performance.now() - start;
    if (output.Count !== PAGE) throw new Error(`${side.name}: expected a ${PAGE}-item page, got ${output.Count}`);
    return ms;
  };
  for (let i = 0; i < WARMUP_QUERIES; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9) };
}

const rawAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One Query as a raw HTTP request (keep-alive, no SDK): what the server alone costs, plus JSON.parse. */
function rawQuery(url: string, body: string): Promise<{ Count?: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: rawAgent,
        headers: {
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': 'DynamoDB_20120810.Query',
          Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text) as { Count?: number });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The 1,000 page Queries as raw HTTP requests. */
async function queryPagesRaw(url: string, TableName: string, count: number): Promise<{ p50: number; p90: number }> {
  const random = createRandom(count + 11);
  const run = async () => {
    const from = Math.floor(random() * (count - PAGE));
    const body = JSON.stringify({
      TableName,
      KeyConditionExpression: 'leaderboardId = :p AND rankKey BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': { S: PARTITION }, ':a': { S: sortKey(from) }, ':b': { S: sortKey(from + PAGE - 1) } },
    });
    const start = performance.now();
    const output = await rawQuery(url, body);
    const ms = performance.now() - start;
    if (output.Count !== PAGE) throw new Error(`raw HTTP: expected a ${PAGE}-item page, got ${output.Count}`);
    return ms;
  };
  for (let i = 0; i < WARMUP_QUERIES; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9) };
}

/** Every page of the partition (1 MB pages), in order; checks every item came back. */
async function paginate(side: BenchSide, TableName: string, count: number): Promise<number> {
  const start = performance.now();
  let items = 0;
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await side.db.query({ TableName, KeyConditionExpression: 'leaderboardId = :p', ExpressionAttributeValues: { ':p': { S: PARTITION } }, ExclusiveStartKey });
    items += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  if (items !== count) throw new Error(`${side.name}: paginated ${items} items, expected ${count}`);
  return performance.now() - start;
}

/**
 * TRANSACTIONS TransactWriteItems, `concurrency` in flight, each of
 * TRANSACTION_ACTIONS actions on distinct items of one partition: a Put, an
 * Update (ADD), a conditional Delete of an item that is absent, and a
 * ConditionCheck on an item written before (one per worker).
 */
async function transactions(side: BenchSide, TableName: string): Promise<number> {
  const key = (i: number) => ({ leaderboardId: { S: PARTITION }, rankKey: { S: sortKey(i) } });
  // One checked item per worker, so concurrent transactions never touch the same item (no TransactionConflict on DynamoDB Local).
  for (let w = 0; w < side.concurrency; w++) await side.db.putItem({ TableName, Item: itemOf(w) });
  let next = 0;
  const start = performance.now();
  const worker = async (w: number) => {
    while (next < TRANSACTIONS) {
      const n = ++next;
      const base = (n + 1) * TRANSACTION_ACTIONS + side.concurrency;
      await side.db.transactWriteItems({
        TransactItems: [
          { Put: { TableName, Item: itemOf(base) } },
          { Update: { TableName, Key: key(base + 1), UpdateExpression: 'ADD score :one', ExpressionAttributeValues: { ':one': { N: '1' } } } },
          { Delete: { TableName, Key: key(base + 2), ConditionExpression: 'attribute_not_exists(rankKey)' } },
          { ConditionCheck: { TableName, Key: key(w), ConditionExpression: 'attribute_exists(rankKey)' } },
        ],
      });
    }
  };
  await Promise.all(Array.from({ length: side.concurrency }, (_, w) => worker(w)));
  return performance.now() - start;
}

/**
 * The page Queries against the floor server, answering with one page of this
 * side's own reply (read once over raw HTTP), with a fresh SDK client set up
 * as the side's is.
 */
async function queryPagesFloor(side: BenchSide, TableName: string): Promise<{ p50: number; p90: number }> {
  const body = JSON.stringify({
    TableName,
    KeyConditionExpression: 'leaderboardId = :p AND rankKey BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':p': { S: PARTITION }, ':a': { S: sortKey(0) }, ':b': { S: sortKey(PAGE - 1) } },
  });
  const reply = await rawQuery(side.url as string, body);
  const floor = await startFloorServer(JSON.stringify(reply));
  const client = sdkClient(floor.url);
  try {
    return await queryPages({ ...side, name: `${side.name} floor`, db: client }, TableName, SMALL);
  } finally {
    client.destroy();
    await floor.stop();
  }
}

/**
 * UpdateTable adds a GSI (region + rankKey) over the table's items; the time
 * until DescribeTable, polled every 50 ms as an app or waiter would, shows it
 * ACTIVE and a Query on it returns a full page.
 */
async function addIndex(side: BenchSide, TableName: string): Promise<number> {
  const start = performance.now();
  await side.db.updateTable({
    TableName,
    AttributeDefinitions: [{ AttributeName: 'region', AttributeType: 'S' }, { AttributeName: 'rankKey', AttributeType: 'S' }],
    GlobalSecondaryIndexUpdates: [
      { Create: { IndexName: 'byRegion', KeySchema: [{ AttributeName: 'region', KeyType: 'HASH' }, { AttributeName: 'rankKey', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } } },
    ],
  });
  for (;;) {
    const { Table } = await side.db.describeTable({ TableName });
    if (Table?.TableStatus === 'ACTIVE' && (Table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const expected = Math.min(PAGE, Math.ceil(GSI_ITEMS / 3));
  const page = await side.db.query({ TableName, IndexName: 'byRegion', KeyConditionExpression: '#r = :r', ExpressionAttributeNames: { '#r': 'region' }, ExpressionAttributeValues: { ':r': { S: 'eu-west-1' } }, Limit: PAGE });
  if (page.Count !== expected) throw new Error(`${side.name}: the new index answered ${page.Count} items, expected ${expected}`);
  return performance.now() - start;
}

async function measureAddIndex(side: BenchSide, result: SideResult, log: (text: string) => void): Promise<void> {
  const indexed = `bench-gsi-${Date.now()}`;
  await createTable(side.db, indexed);
  await load(side, indexed, GSI_ITEMS, Infinity);
  const ms = await addIndex(side, indexed);
  result.addIndex100k = { kind: 'ms', ms };
  log(`a GSI added over ${formatInt(GSI_ITEMS)} items: ACTIVE and queried after ${formatLatency(ms)}`);
  await side.db.deleteTable({ TableName: indexed });
  collectGarbage();
}

/** Runs the workload, filling `result` as it goes (a failure keeps the figures measured before it). */
async function measure(side: BenchSide, result: SideResult): Promise<void> {
  const log = (text: string) => console.log(`  ${side.name}: ${text}`);
  if (GSI_ONLY) return measureAddIndex(side, result, log);
  const small = `bench-small-${Date.now()}`;
  await createTable(side.db, small);
  const smallLoad = await load(side, small, SMALL, Infinity);
  result.load100k = { kind: 'ms', ms: smallLoad.ms };
  log(`loaded ${formatInt(SMALL)} items in ${(smallLoad.ms / 1000).toFixed(2)} s`);
  const smallQueries = await queryPages(side, small, SMALL);
  result.query100kP50 = { kind: 'ms', ms: smallQueries.p50 };
  result.query100kP90 = { kind: 'ms', ms: smallQueries.p90 };
  log(`Query p50 ${formatLatency(smallQueries.p50)}, p90 ${formatLatency(smallQueries.p90)} (100k)`);
  if (side.url) {
    const raw = await queryPagesRaw(side.url, small, SMALL);
    result.rawQuery100kP50 = { kind: 'ms', ms: raw.p50 };
    result.rawQuery100kP90 = { kind: 'ms', ms: raw.p90 };
    log(`raw HTTP Query p50 ${formatLatency(raw.p50)}, p90 ${formatLatency(raw.p90)} (100k, no SDK)`);
    const floor = await queryPagesFloor(side, small);
    result.floorQuery100kP50 = { kind: 'ms', ms: floor.p50 };
    result.floorQuery100kP90 = { kind: 'ms', ms: floor.p90 };
    log(`floor (this page pre-serialized) Query p50 ${formatLatency(floor.p50)}, p90 ${formatLatency(floor.p90)}`);
  }
  const paginateMs = await paginate(side, small, SMALL);
  result.paginate100k = { kind: 'ms', ms: paginateMs };
  log(`paginated 100k in ${paginateMs.toFixed(0)} ms`);
  const partiqlMs = await partiqlSelects(side, small, SMALL);
  result.partiqlSelects = { kind: 'ms', ms: partiqlMs };
  log(`${formatInt(QUERIES)} PartiQL SELECTs of a ${PAGE}-item page in ${partiqlMs.toFixed(0)} ms`);
  await side.db.deleteTable({ TableName: small });
  const transactional = `bench-transactions-${Date.now()}`;
  await createTable(side.db, transactional);
  const transactionsMs = await transactions(side, transactional);
  result.transactions = { kind: 'ms', ms: transactionsMs };
  log(`${formatInt(TRANSACTIONS)} TransactWriteItems of ${TRANSACTION_ACTIONS} actions in ${formatLatency(transactionsMs)}`);
  await side.db.deleteTable({ TableName: transactional });
  collectGarbage();
  await measureAddIndex(side, result, log);

  const large = `bench-large-${Date.now()}`;
  await createTable(side.db, large);
  const largeLoad = await load(side, large, LARGE, side.loadBudgetMs);
  if (largeLoad.loaded < LARGE) {
    // Linear extrapolation from the rate so far: a floor, since inserts into a bigger table don't get cheaper.
    result.load1M = { kind: 'extrapolated', ms: (largeLoad.ms * LARGE) / largeLoad.loaded, loaded: largeLoad.loaded };
    result.query1MP50 = result.query1MP90 = { kind: 'n/a', why: `only ${formatInt(largeLoad.loaded)} loaded` };
    log(`stopped the 1M load after ${(largeLoad.ms / 1000).toFixed(0)} s at ${formatInt(largeLoad.loaded)} items (budget); extrapolated`);
  } else {
    result.load1M = { kind: 'ms', ms: largeLoad.ms };
    log(`loaded ${formatInt(LARGE)} items in ${(largeLoad.ms / 1000).toFixed(2)} s`);
    const largeQueries = await queryPages(side, large, LARGE);
    result.query1MP50 = { kind: 'ms', ms: largeQueries.p50 };
    result.query1MP90 = { kind: 'ms', ms: largeQueries.p90 };
    log(`Query p50 ${formatLatency(largeQueries.p50)}, p90 ${formatLatency(largeQueries.p90)} (1M)`);
  }
  await side.db.deleteTable({ TableName: large });
  collectGarbage();

  if (side.loadItems) {
    // The same 1M items, random order, through the bulk path: partitions built in one sort, so entries that are
    // neighbours in key order are neighbours in memory too — unlike after 1M random-order puts.
    const bulk = `bench-bulk-${Date.now()}`;
    await createTable(side.db, bulk);
    const order = shuffled(LARGE, LARGE);
    const items: Item[] = new Array<Item>(LARGE);
    for (let i = 0; i < LARGE; i++) items[i] = itemOf(order[i] as number);
    const start = performance.now();
    await side.loadItems(bulk, items);
    result.bulkLoad1M = { kind: 'ms', ms: performance.now() - start };
    const bulkQueries = await queryPages(side, bulk, LARGE);
    result.bulkQuery1MP50 = { kind: 'ms', ms: bulkQueries.p50 };
    result.bulkQuery1MP90 = { kind: 'ms', ms: bulkQueries.p90 };
    log(`bulk-loaded 1M in ${formatLatency(result.bulkLoad1M.ms)}; Query p50 ${formatLatency(bulkQueries.p50)}, p90 ${formatLatency(bulkQueries.p90)}`);
    await side.db.deleteTable({ TableName: bulk });
    collectGarbage();
  }
}

/** A side's figures before anything ran. */
function emptyResult(): SideResult {
  const none: Figure = { kind: 'n/a', why: 'not run' };
  return { load100k: none, query100kP50: none, query100kP90: none, paginate100k: none, load1M: none, query1MP50: none, query1MP90: none };
}

function formatLatency(ms: number): string {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

function formatFigure(figure: Figure | undefined): string {
  if (!figure) return 'n/a';
  if (figure.kind === 'n/a') return `n/a (${figure.why})`;
  if (figure.kind === 'extrapolated') return `~${formatLatency(figure.ms)} (extrapolated from ${formatInt(figure.loaded)})`;
  return formatLatency(figure.ms);
}

function msOf(figure: Figure | undefined): number | undefined {
  return figure && figure.kind !== 'n/a' ? figure.ms : undefined;
}

async function startInProcess(): Promise<BenchSide> {
  const engine = createLocalDynamoDB();
  return { name: 'engine in-process', db: engine, loadItems: engine.loadItems, concurrency: 1, loadBudgetMs: Infinity, stop: () => Promise.resolve() };
}

/**
 * The endpoint as users run it: `npm run endpoint` (scripts/endpoint.ts) in
 * its own Node process, as DynamoDB Local runs in its own JVM — so the
 * client's work and garbage collection don't share a heap (with a million
 * items in it) and an event loop with the server's.
 */
async function startEndpoint(): Promise<BenchSide> {
  const port = await findFreePort();
  // process.execArgv carries tsx's loader, which this bench runs under.
  const child = spawn(process.execPath, [...process.execArgv, 'scripts/endpoint.ts', '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the endpoint did not start in 60 s: ${output}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`the endpoint exited with ${code}: ${output}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      const match = /running at (http:\/\/\S+?) /.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
  }).catch((error: unknown) => {
    child.kill();
    throw error;
  });
  const client = sdkClient(url);
  return {
    name: 'engine endpoint (HTTP)',
    db: client,
    url,
    concurrency: HTTP_CONCURRENCY,
    loadBudgetMs: Infinity,
    stop: async () => {
      client.destroy();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startLocal(): Promise<BenchSide> {
  // A free port (findFreePort) is picked by startDynamoDBLocal.
  const local: RunningDynamoDBLocal = await startDynamoDBLocal({ inMemory: true, sharedDb: true });
  const client = sdkClient(local.endpoint);
  return {
    name: 'DynamoDB Local (HTTP)',
    db: client,
    url: local.endpoint,
    concurrency: HTTP_CONCURRENCY,
    loadBudgetMs: DDBL_BUDGET_MS,
    stop: async () => {
      client.destroy();
      await local.stop();
    },
  };
}

async function main(): Promise<void> {
  enableGarbageCollection();
  console.log(`bench:engine — Node ${process.version}, ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}`);
  console.log(`one partition ${PARTITION}; BatchWriteItem ×${BATCH}, ${HTTP_CONCURRENCY} in flight over HTTP; ${formatInt(QUERIES)} Queries of a ${PAGE}-item BETWEEN page\n`);
  const starts: [string, () => Promise<BenchSide>][] = [
    ['in-process', startInProcess],
    ['endpoint', startEndpoint],
    ['DynamoDB Local', startLocal],
  ];
  const results = new Map<string, SideResult | string>();
  for (const [label, start] of starts) {
    let side: BenchSide | undefined;
    try {
      side = await start();
    } catch (error) {
      // E.g. the endpoint or Java missing: the column says why.
      results.set(label, `n/a (${(error as Error).message.split('\n')[0]})`);
      console.log(`  ${label}: could not start — ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    const result = emptyResult();
    results.set(label, result);
    try {
      await measure(side, result);
    } catch (error) {
      console.log(`  ${label}: failed — ${(error as Error).message.split('\n')[0]} (figures before it are kept)`);
    } finally {
      await side?.stop().catch(() => undefined);
      collectGarbage();
    }
  }

  /** Rows checked against the endpoint target: the SDK rows (the raw-HTTP rows only show where the time goes). */
  const informational = new Set<keyof SideResult>(['rawQuery100kP50', 'rawQuery100kP90', 'floorQuery100kP50', 'floorQuery100kP90']);
  const rows: [string, keyof SideResult][] = [
    ['load 100k (BatchWriteItem)', 'load100k'],
    ['Query 100-item page, p50 (100k)', 'query100kP50'],
    ['Query 100-item page, p90 (100k)', 'query100kP90'],
    ['  same, raw HTTP without the SDK, p50', 'rawQuery100kP50'],
    ['  same, raw HTTP without the SDK, p90', 'rawQuery100kP90'],
    ['  floor: SDK + HTTP + JSON only (reply pre-serialized), p50', 'floorQuery100kP50'],
    ['  floor: same, p90', 'floorQuery100kP90'],
    ['paginate the 100k partition', 'paginate100k'],
    [`${formatInt(QUERIES)} PartiQL SELECTs of a ${PAGE}-item page`, 'partiqlSelects'],
    [`TransactWriteItems: ${formatInt(TRANSACTIONS)} transactions of ${TRANSACTION_ACTIONS} actions`, 'transactions'],
    [`a GSI added over ${formatInt(GSI_ITEMS)} items (UpdateTable until ACTIVE and queried)`, 'addIndex100k'],
    ['load 1M (BatchWriteItem)', 'load1M'],
    ['Query 100-item page, p50 (1M)', 'query1MP50'],
    ['Query 100-item page, p90 (1M)', 'query1MP90'],
    ['load 1M (loadItems bulk path)', 'bulkLoad1M'],
    ['Query 100-item page, p50 (1M bulk-loaded)', 'bulkQuery1MP50'],
    ['Query 100-item page, p90 (1M bulk-loaded)', 'bulkQuery1MP90'],
  ];
  const figure = (label: string, key: keyof SideResult): Figure | undefined => {
    const result = results.get(label);
    return typeof result === 'object' ? result[key] : undefined;
  };
  const cell = (label: string, key: keyof SideResult) => {
    const result = results.get(label);
    return typeof result === 'string' ? result : formatFigure(figure(label, key));
  };
  let speedupMisses = 0;
  let speedupChecks = 0;
  const table = [['workload', 'in-process', 'endpoint (HTTP)', 'DynamoDB Local (HTTP)', 'Local ÷ endpoint', 'Local ÷ in-process', `endpoint ≥ ${TARGET_ENDPOINT_SPEEDUP}× faster`]];
  for (const [name, key] of rows) {
    const inProcess = msOf(figure('in-process', key));
    const endpoint = msOf(figure('endpoint', key));
    const local = msOf(figure('DynamoDB Local', key));
    const extrapolated = figure('DynamoDB Local', key)?.kind === 'extrapolated';
    const speedup = endpoint !== undefined && local !== undefined ? local / endpoint : undefined;
    let verdict = informational.has(key) && speedup !== undefined ? '(info)' : '—';
    if (speedup !== undefined && !informational.has(key)) {
      speedupChecks++;
      const pass = speedup >= (ROW_TARGETS[key] ?? TARGET_ENDPOINT_SPEEDUP);
      if (!pass) speedupMisses++;
      verdict = `${pass ? 'PASS' : 'MISS'}${ROW_TARGETS[key] ? ` (target ${ROW_TARGETS[key]}×)` : ''}${extrapolated ? ' (vs extrapolation)' : ''}`;
    }
    table.push([
      name,
      cell('in-process', key),
      cell('endpoint', key),
      cell('DynamoDB Local', key),
      speedup !== undefined ? `${speedup.toFixed(1)}×` : '—',
      inProcess !== undefined && local !== undefined ? `${(local / inProcess).toFixed(0)}×` : '—',
      verdict,
    ]);
  }
  console.log(`\n${renderTable(table)}\n`);
  const p50 = msOf(figure('in-process', 'query1MP50'));
  const p50Pass = p50 !== undefined && p50 * 1000 < TARGET_QUERY_P50_US;
  const bulkP50 = msOf(figure('in-process', 'bulkQuery1MP50'));
  const bulkPass = bulkP50 !== undefined && bulkP50 * 1000 < TARGET_QUERY_P50_US;
  console.log(
    `target: in-process page Query p50 at 1M < ${TARGET_QUERY_P50_US} µs: ${p50 !== undefined ? formatLatency(p50) : 'n/a'} after 1M BatchWriteItem puts — ${p50Pass ? 'PASS' : 'MISS'}; ` +
      `${bulkP50 !== undefined ? formatLatency(bulkP50) : 'n/a'} after the bulk load — ${bulkPass ? 'PASS' : 'MISS'}`,
  );
  console.log(`target: endpoint ≥ ${TARGET_ENDPOINT_SPEEDUP}× faster than DynamoDB Local on every row: ${speedupChecks - speedupMisses}/${speedupChecks} rows — ${speedupMisses === 0 && speedupChecks > 0 ? 'PASS' : 'MISS'}`);
  const endpointQuery = msOf(figure('endpoint', 'query100kP50'));
  const endpointFloor = msOf(figure('endpoint', 'floorQuery100kP50'));
  const floorRatio = endpointQuery !== undefined && endpointFloor !== undefined ? endpointQuery / endpointFloor : undefined;
  console.log(
    `target: endpoint 100-item Query p50 within ${TARGET_FLOOR_RATIO}× of the floor's (same SDK client, a server with the page pre-serialized): ` +
      (floorRatio === undefined ? 'n/a' : `${formatLatency(endpointQuery as number)} ÷ ${formatLatency(endpointFloor as number)} = ${floorRatio.toFixed(2)}× — ${floorRatio <= TARGET_FLOOR_RATIO ? 'PASS' : 'MISS'}`),
  );
  console.log('(the browser engine\'s 1M load + IndexedDB target is measured separately.)');
  console.log(
    `notes: the endpoint runs as \`npm run endpoint\` does, in its own Node process; DynamoDB Local in its own JVM; the SDK clients in this process. ` +
      `Its 1M load gets ${DDBL_BUDGET_MS / 1000} s (KEYLAB_BENCH_DDBL_BUDGET_S); an extrapolated figure assumes the rate so far holds, which favours it.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
