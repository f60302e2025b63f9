/**
 * `npm run bench:suite`: Keylab's endpoint as a drop-in for DynamoDB Local in
 * a team's test suite, side by side with DynamoDB Local, both started with the
 * same flag line (`-sharedDb -inMemory -port N`) as their own processes.
 *
 * - cold start: spawn → first ListTables answered (median of the runs); Keylab
 *   also with `--data DIR -sharedDb` holding 100,000 items to load (and again
 *   with a GSI over every item): spawn → the first Query on the loaded table
 *   answered, its count checked (without
 *   `-sharedDb`, DynamoDB Local's flags select a database per access key and
 *   region, so the shared one in DIR is never opened: the row then measured an
 *   empty start, and now fails instead);
 * - the suite: 50 tests that each create a table, write 10 items, query them,
 *   run a 2-item transaction and delete the table, sequentially and 4 at a
 *   time, each on a server started fresh (its start counted in the wall time).
 *
 * - the floor: a bare Node HTTP server (bench/floorServer.mjs) answering the
 *   same ListTables, started and probed the same way, its runs interleaved with
 *   Keylab's; Keylab minus the floor is Keylab's own share of the start, which
 *   can be judged on any machine (the target: about 20 ms).
 *
 * Figures and ratios are printed, never asserted. KEYLAB_BENCH_SUITE_RUNS
 * sets the cold-start runs (default 5; DynamoDB Local's are at most 3);
 * KEYLAB_BENCH_SUITE_ONLY=cold-start measures Keylab's cold starts and the
 * floor only (no suite, no DynamoDB Local).
 */
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { answersListTables, findFreePort, pkSkTable, startDynamoDBLocal } from '../scripts/dynamodbLocal';
import { startEndpointProcess, startNodeServer } from '../scripts/endpointProcess';
import { openEngine } from '../src/server';
import { renderTable } from './benchUtils';

const TESTS = 50;
const PARALLEL = 4;
const ITEMS_PER_TEST = 10;
const LOADED_ITEMS = 100_000;
/** The loaded table's items are spread over this many partitions (`user#0` … `user#999`). */
const LOADED_PARTITIONS = 1000;
const LOADED_TABLE = 'Loaded';
const RUNS = Math.max(1, Number(process.env.KEYLAB_BENCH_SUITE_RUNS ?? 5));
const DDBL_RUNS = Math.min(RUNS, 3);
const FLAGS = ['-sharedDb', '-inMemory'] as const;
const COLD_START_ONLY = process.env.KEYLAB_BENCH_SUITE_ONLY === 'cold-start';

interface Server {
  readonly endpoint: string;
  stop(): Promise<void>;
}

type Starter = () => Promise<Server>;

const keylab =
  (args: readonly string[] = FLAGS): Starter =>
  async () => {
    const port = await findFreePort();
    // Polled every 2 ms: the start is the figure.
    return startEndpointProcess([...args, '-port', String(port)], { port, pollMs: 2 });
  };

/** The floor: a bare Node HTTP server answering ListTables, spawned and probed as Keylab's endpoint is. */
const floor: Starter = async () => {
  const port = await findFreePort();
  return startNodeServer([path.join(import.meta.dirname, 'floorServer.mjs'), String(port)], { port, pollMs: 2 });
};

/**
 * Keylab started on the loaded data directory, ready once a Query on the loaded table answers with
 * the partition's every item. Anything else (no such table: the shared database was not opened; a
 * wrong count) rejects, so the row can never time a start that loaded nothing.
 */
const keylabLoaded =
  (dataDir: string): Starter =>
  async () => {
    const server = await keylab(['--data', dataDir, '-sharedDb'])();
    try {
      await expectLoadedPartition(server.endpoint, dataDir);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  };

const dynamodbLocal: Starter = async () => {
  // A ceiling for a loaded machine (Java's start took minutes at load 40); the wait is on DynamoDB Local answering.
  const running = await startDynamoDBLocal({ sharedDb: true, inMemory: true, startTimeoutMs: 900_000 });
  return { endpoint: running.endpoint, stop: () => running.stop() };
};

function client(endpoint: string): DynamoDB {
  return new DynamoDB({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' }, maxAttempts: 1 });
}

/** The expected partition's items, queried on a just-started endpoint; throws saying what it found instead. */
async function expectLoadedPartition(endpoint: string, dataDir: string): Promise<void> {
  const expected = LOADED_ITEMS / LOADED_PARTITIONS;
  const db = client(endpoint);
  try {
    const page = await db
      .query({ TableName: LOADED_TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'user#7' } } })
      .catch((error: unknown) => {
        const name = error instanceof Error ? error.name : '';
        const why = name === 'ResourceNotFoundException' ? `it has no table ${LOADED_TABLE}: the database in ${dataDir} was not opened` : String(error);
        throw new Error(`The loaded cold start measured the wrong thing: ${why}.`);
      });
    if (page.Count !== expected) {
      throw new Error(`The loaded cold start measured the wrong thing: a Query of user#7 found ${page.Count} items, not ${expected}.`);
    }
  } finally {
    db.destroy();
  }
}

/** One test of the suite: its own table, writes, a query, a transaction, the table deleted. */
async function oneTest(db: DynamoDB, n: number): Promise<void> {
  const TableName = `suite-${n}`;
  await db.createTable(pkSkTable(TableName));
  for (let i = 0; i < ITEMS_PER_TEST; i++) {
    await db.putItem({ TableName, Item: { pk: { S: 'user#1' }, sk: { S: `order#${String(i).padStart(3, '0')}` }, total: { N: String(i * 10) } } });
  }
  const page = await db.query({
    TableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :o)',
    ExpressionAttributeValues: { ':pk': { S: 'user#1' }, ':o': { S: 'order#' } },
  });
  if (page.Count !== ITEMS_PER_TEST) throw new Error(`test ${n}: the query found ${page.Count} items, not ${ITEMS_PER_TEST}`);
  await db.transactWriteItems({
    TransactItems: [
      { Put: { TableName, Item: { pk: { S: 'user#2' }, sk: { S: 'profile' } }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName,
          Key: { pk: { S: 'user#1' }, sk: { S: 'order#000' } },
          UpdateExpression: 'SET #t = #t + :one',
          ExpressionAttributeNames: { '#t': 'total' },
          ExpressionAttributeValues: { ':one': { N: '1' } },
        },
      },
    ],
  });
  await db.deleteTable({ TableName });
}

/** Starts a fresh server, runs the 50 tests `parallel` at a time (one SDK client per lane), stops it. */
async function runSuite(start: Starter, parallel: number): Promise<{ totalMs: number; startMs: number }> {
  const began = performance.now();
  const server = await start();
  const startMs = performance.now() - began;
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        const db = client(server.endpoint);
        try {
          while (next < TESTS) await oneTest(db, next++);
        } finally {
          db.destroy();
        }
      }),
    );
    return { totalMs: performance.now() - began, startMs };
  } finally {
    await server.stop();
  }
}

async function coldStart(start: Starter, runs: number): Promise<number> {
  const [median] = await coldStarts([start], runs);
  return median as number;
}

/** The median start of each starter, their runs interleaved (a, b, a, b, …) so a change of load hits both alike. */
async function coldStarts(starters: readonly Starter[], runs: number): Promise<number[]> {
  const times = starters.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, start] of starters.entries()) {
      const began = performance.now();
      const server = await start();
      times[index]?.push(performance.now() - began);
      await server.stop();
    }
  }
  return times.map(median);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * A data directory holding one table of LOADED_ITEMS items, written through the engine's persistence;
 * `withIndex`: a single-table design's overloaded GSI too (`gsi1pk`, `sk`; ALL), which every item is in.
 */
async function dataDirWithItems(withIndex = false): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'keylab-bench-suite-'));
  const opened = await openEngine(dir);
  const table = pkSkTable(LOADED_TABLE);
  await opened.engine.createTable(
    withIndex
      ? {
          ...table,
          AttributeDefinitions: [...(table.AttributeDefinitions ?? []), { AttributeName: 'gsi1pk', AttributeType: 'S' }],
          GlobalSecondaryIndexes: [
            {
              IndexName: 'gsi1',
              KeySchema: [
                { AttributeName: 'gsi1pk', KeyType: 'HASH' },
                { AttributeName: 'sk', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          ],
        }
      : table,
  );
  const items = Array.from({ length: LOADED_ITEMS }, (_, i) => ({
    pk: { S: `user#${i % LOADED_PARTITIONS}` },
    sk: { S: `order#${String(i).padStart(6, '0')}` },
    total: { N: String(i) },
    note: { S: 'a small attribute of about forty bytes....' },
    ...(withIndex ? { gsi1pk: { S: `status#${i % 10}` } } : {}),
  }));
  await opened.engine.loadItems(LOADED_TABLE, items);
  await opened.close();
  return dir;
}

const ms = (value: number | undefined) => (value === undefined ? '—' : `${Math.round(value).toLocaleString('en-US')} ms`);
const ratio = (local: number | undefined, ours: number) => (local === undefined ? '—' : `${(local / ours).toFixed(1)}×`);

/** A DynamoDB Local figure, or undefined (printed as —, with the reason) when it could not start. */
async function measured<T>(label: string, measure: () => Promise<T>): Promise<T | undefined> {
  try {
    return await measure();
  } catch (error) {
    console.log(`${label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return undefined;
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
console.log(`Machine: ${availableParallelism()} cores, load average ${load()} (1 / 5 / 15 min) at the start.`);
console.log(
  `Both servers started as their own processes with ${FLAGS.join(' ')} -port N (Keylab's loaded row: --data DIR -sharedDb -port N); a fresh one for each row.\n`,
);

const dataDir = await dataDirWithItems();
const indexedDataDir = await dataDirWithItems(true);
// The first fetch loads Node's HTTP client (tens of ms of this process's CPU): done before any start is timed.
await answersListTables('http://127.0.0.1:9');
// Likewise the SDK's first request (its middleware and signer load lazily), which the loaded row's Query would pay.
await expectLoadedPartition('http://127.0.0.1:9', dataDir).catch(() => undefined);
try {
  // Keylab's rows first, each printed as it is measured.
  const [floorStart = 0, keylabEmpty = 0] = await coldStarts([floor, keylab()], RUNS);
  console.log(`Keylab cold start, empty: ${ms(keylabEmpty)} (a bare Node HTTP server: ${ms(floorStart)}; Keylab's own share ${ms(keylabEmpty - floorStart)})`);
  const loaded = await coldStart(keylabLoaded(dataDir), RUNS);
  console.log(
    `Keylab cold start, --data with ${LOADED_ITEMS.toLocaleString('en-US')} items: ${ms(loaded)} to the first Query on them (empty: ${ms(keylabEmpty)} to the first ListTables)`,
  );
  const loadedIndexed = await coldStart(keylabLoaded(indexedDataDir), RUNS);
  console.log(
    `Keylab cold start, --data with ${LOADED_ITEMS.toLocaleString('en-US')} items and a GSI over all of them: ${ms(loadedIndexed)} to the first Query`,
  );
  if (!COLD_START_ONLY) await suiteRows(floorStart, keylabEmpty, loaded, loadedIndexed);
  console.log(`\nLoad average at the end: ${load()}.`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await rm(indexedDataDir, { recursive: true, force: true });
}

/** The suite's rows, DynamoDB Local's beside Keylab's, and the table of every figure. */
async function suiteRows(floorStart: number, keylabEmpty: number, keylabLoaded: number, keylabLoadedIndexed: number): Promise<void> {
  const keylabSequential = await runSuite(keylab(), 1);
  console.log(`Keylab suite, sequential: ${ms(keylabSequential.totalMs)}`);
  const keylabParallel = await runSuite(keylab(), PARALLEL);
  console.log(`Keylab suite, ${PARALLEL} at a time: ${ms(keylabParallel.totalMs)}`);
  const localEmpty = await measured('DynamoDB Local cold start', () => coldStart(dynamodbLocal, DDBL_RUNS));
  const localSequential = await measured('DynamoDB Local suite, sequential', () => runSuite(dynamodbLocal, 1));
  const localParallel = await measured(`DynamoDB Local suite, ${PARALLEL} at a time`, () => runSuite(dynamodbLocal, PARALLEL));

  console.log(
    `\n${renderTable([
      ['row', 'Keylab endpoint', 'DynamoDB Local', 'Local ÷ Keylab', 'target'],
      [
        `cold start, empty (median of ${RUNS} / ${DDBL_RUNS})`,
        ms(keylabEmpty),
        ms(localEmpty),
        ratio(localEmpty, keylabEmpty),
        'Keylab ≤ 150 ms (quiet cores)',
      ],
      [`  floor: a bare Node HTTP server, the same way (median of ${RUNS})`, ms(floorStart), '—', '', ''],
      ['  Keylab minus the floor: its own share of the start', ms(keylabEmpty - floorStart), '—', '', 'about 20 ms'],
      [
        `cold start, --data with ${LOADED_ITEMS.toLocaleString('en-US')} items, to the first Query on them (median of ${RUNS})`,
        ms(keylabLoaded),
        '—',
        ratio(localEmpty, keylabLoaded),
        'Keylab ≤ 400 ms (quiet cores)',
      ],
      [`  the same with a GSI (ALL) over every item (median of ${RUNS})`, ms(keylabLoadedIndexed), '—', ratio(localEmpty, keylabLoadedIndexed), ''],
      [
        `suite: ${TESTS} tests sequentially (start included)`,
        ms(keylabSequential.totalMs),
        ms(localSequential?.totalMs),
        ratio(localSequential?.totalMs, keylabSequential.totalMs),
        '≥ 3×',
      ],
      [
        `suite: ${TESTS} tests ${PARALLEL} at a time (start included)`,
        ms(keylabParallel.totalMs),
        ms(localParallel?.totalMs),
        ratio(localParallel?.totalMs, keylabParallel.totalMs),
        'more than sequentially',
      ],
      [
        '  of which the start (sequential / parallel run)',
        `${ms(keylabSequential.startMs)} / ${ms(keylabParallel.startMs)}`,
        `${ms(localSequential?.startMs)} / ${ms(localParallel?.startMs)}`,
        '',
        '',
      ],
    ])}`,
  );
}
