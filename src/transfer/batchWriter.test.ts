import type { BatchWriteItemCommandInput, BatchWriteItemCommandOutput, WriteRequest } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import type { Item } from '../expressions';
import { writeBatches, type BatchWriteTarget, type RejectedEntry, type TransferProgress, type WriteEntry } from './batchWriter';
import { parseCheckpoint, type TransferCheckpoint } from './checkpoint';
import { deleteItems } from './transferJobs';
import { createSeededRandom as seeded } from '../engine';

const TABLE = 'T';
const KEYS = { partitionKey: { name: 'pk', type: 'S' as const } };

function put(line: number, pk = `p${line}`): WriteEntry {
  return { line, request: { PutRequest: { Item: { pk: { S: pk }, n: { N: String(line) } } } } };
}

/**
 * A fake BatchWriteItem (the unit level; integration/transfer.test.ts runs
 * the real DynamoDB Local): it keeps what was written, hands back a share of
 * each batch as UnprocessedItems, throws throttling errors on chosen calls,
 * and refuses items whose pk starts with "bad" the way DynamoDB refuses a
 * whole batch.
 */
function fakeTarget(behaviour: { unprocessedEvery?: number; throttleCalls?: Set<number>; fatalAt?: number } = {}) {
  const stored = new Map<string, Item>();
  const writes: string[] = [];
  let calls = 0;
  const target: BatchWriteTarget = {
    async batchWriteItem(input: BatchWriteItemCommandInput): Promise<BatchWriteItemCommandOutput> {
      calls++;
      await Promise.resolve();
      if (behaviour.fatalAt === calls) throw Object.assign(new Error('Requested resource not found'), { name: 'ResourceNotFoundException' });
      if (behaviour.throttleCalls?.has(calls)) throw Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
      const requests = input.RequestItems?.[TABLE] ?? [];
      expect(requests.length).toBeLessThanOrEqual(25);
      const keys = requests.map((request) => (request.PutRequest?.Item ?? request.DeleteRequest?.Key)?.pk?.S ?? '');
      expect(new Set(keys).size).toBe(keys.length);
      if (keys.some((key) => key.startsWith('bad')))
        throw Object.assign(new Error('Item size has exceeded the maximum allowed size'), { name: 'ValidationException' });
      const unprocessed: WriteRequest[] = [];
      requests.forEach((request, i) => {
        const key = keys[i] as string;
        if (behaviour.unprocessedEvery && (calls + i) % behaviour.unprocessedEvery === 0) {
          // As the SDK parses them from the reply: new objects, not the ones sent.
          unprocessed.push(structuredClone(request));
          return;
        }
        writes.push(key);
        if (request.PutRequest?.Item) stored.set(key, request.PutRequest.Item);
        else stored.delete(key);
      });
      return { UnprocessedItems: unprocessed.length > 0 ? { [TABLE]: unprocessed } : {}, $metadata: {} };
    },
  };
  return { target, stored, writes, calls: () => calls };
}

const noSleep = async () => {};

describe('writeBatches', () => {
  it('writes every item in batches of 25, retrying UnprocessedItems with growing, jittered waits', async () => {
    const fake = fakeTarget({ unprocessedEvery: 3 });
    const waits: number[] = [];
    const report = await writeBatches(
      Array.from({ length: 200 }, (_, i) => put(i + 1)),
      {
        target: fake.target,
        tableName: TABLE,
        keyNames: ['pk'],
        concurrency: 3,
        sleep: async (ms) => void waits.push(ms),
        random: () => 0.999,
        baseDelayMs: 10,
        maxDelayMs: 100,
      },
    );
    expect(report.written).toBe(200);
    expect(report.rejected).toEqual([]);
    expect(fake.stored.size).toBe(200);
    expect(report.retries).toBeGreaterThan(0);
    // Backoff doubles per attempt up to the cap (random() scales it: full jitter).
    expect(Math.max(...waits)).toBeLessThanOrEqual(100);
    expect(waits.some((ms) => ms >= 19)).toBe(true);
    expect(report.checkpoint).toMatchObject({ doneThrough: 200, doneAfter: [], written: 200 });
  });

  it('retries throttling errors and loses nothing', async () => {
    const fake = fakeTarget({ throttleCalls: new Set([1, 2, 4, 7]) });
    const report = await writeBatches(
      Array.from({ length: 100 }, (_, i) => put(i + 1)),
      { target: fake.target, tableName: TABLE, keyNames: ['pk'], concurrency: 2, sleep: noSleep },
    );
    expect(report.written).toBe(100);
    expect(fake.stored.size).toBe(100);
    expect(report.retries).toBe(4);
  });

  it('names the one item that spoiled a batch and writes the others', async () => {
    const fake = fakeTarget();
    const entries = Array.from({ length: 30 }, (_, i) => put(i + 1, i === 9 ? 'bad-one' : `p${i + 1}`));
    const report = await writeBatches(entries, { target: fake.target, tableName: TABLE, keyNames: ['pk'], sleep: noSleep });
    expect(report.written).toBe(29);
    expect(report.rejected).toEqual([
      { line: 10, reason: 'Item size has exceeded the maximum allowed size', code: 'ValidationException', key: '{"pk":{"S":"bad-one"}}' },
    ]);
    expect(report.checkpoint.doneThrough).toBe(30);
  });

  it('passes rejected lines through to the report, in line order', async () => {
    const fake = fakeTarget();
    const report = await writeBatches([put(1), { line: 3, rejected: 'not JSON' }, put(4), { line: 2, rejected: 'x' }], {
      target: fake.target,
      tableName: TABLE,
      keyNames: ['pk'],
      sleep: noSleep,
    });
    expect(report.rejected.map((failure) => failure.line)).toEqual([2, 3]);
    expect(report.written).toBe(2);
  });

  it('never puts one key twice in a batch (DynamoDB refuses such a batch)', async () => {
    const fake = fakeTarget();
    const report = await writeBatches([put(1, 'a'), put(2, 'b'), put(3, 'a')], { target: fake.target, tableName: TABLE, keyNames: ['pk'], sleep: noSleep });
    expect(report.written).toBe(3);
    expect(fake.stored.get('a')?.n).toEqual({ N: '3' });
  });

  it("retries what src/dynamo's policy retries (a 429, a 5xx answer, TransactionInProgress) and stops on a lost connection", async () => {
    const answers: unknown[] = [
      Object.assign(new Error('Too many requests'), { name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429 } }),
      Object.assign(new Error('Bad gateway'), { name: 'Unknown', $metadata: { httpStatusCode: 502 } }),
      Object.assign(new Error('In progress'), { name: 'TransactionInProgressException', $metadata: { httpStatusCode: 400 } }),
    ];
    const fake = fakeTarget();
    const flaky: BatchWriteTarget = { batchWriteItem: (input) => (answers.length > 0 ? Promise.reject(answers.shift()) : fake.target.batchWriteItem(input)) };
    const report = await writeBatches([put(1), put(2)], { target: flaky, tableName: TABLE, keyNames: ['pk'], sleep: noSleep });
    expect(report.fatal).toBeUndefined();
    expect(report.written).toBe(2);
    expect(report.retries).toBe(3);

    const refused: BatchWriteTarget = {
      batchWriteItem: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' })),
    };
    const stopped = await writeBatches([put(1)], { target: refused, tableName: TABLE, keyNames: ['pk'], sleep: noSleep });
    expect(stopped.fatal).toMatchObject({ line: 1, reason: 'connect ECONNREFUSED 127.0.0.1:8000' });
    expect(stopped.retries).toBe(0);
  });

  it('stops on an error that every batch would get and says which lines were written', async () => {
    const fake = fakeTarget({ fatalAt: 2 });
    const report = await writeBatches(
      Array.from({ length: 100 }, (_, i) => put(i + 1)),
      { target: fake.target, tableName: TABLE, keyNames: ['pk'], concurrency: 1, sleep: noSleep },
    );
    expect(report.fatal).toMatchObject({ code: 'ResourceNotFoundException', line: 26 });
    expect(report.written).toBe(25);
    expect(report.checkpoint.doneThrough).toBe(25);
  });

  it('reports items still unprocessed after the last attempt', async () => {
    const fake = fakeTarget({ unprocessedEvery: 1 });
    const report = await writeBatches([put(1)], { target: fake.target, tableName: TABLE, keyNames: ['pk'], maxAttempts: 3, sleep: noSleep });
    expect(report.written).toBe(0);
    expect(report.rejected).toMatchObject([{ line: 1, code: 'UnprocessedItems' }]);
    expect(fake.calls()).toBe(3);
  });

  it('cancels, and a resumed run writes only the lines the checkpoint does not mark done', async () => {
    const fake = fakeTarget();
    const controller = new AbortController();
    let sent = 0;
    const cancelling: BatchWriteTarget = {
      batchWriteItem: async (input) => {
        if (++sent === 3) controller.abort();
        return fake.target.batchWriteItem(input);
      },
    };
    const entries = Array.from({ length: 250 }, (_, i) => put(i + 1));
    const first = await writeBatches(entries, {
      target: cancelling,
      tableName: TABLE,
      keyNames: ['pk'],
      concurrency: 1,
      sleep: noSleep,
      signal: controller.signal,
    });
    expect(first.cancelled).toBe(true);
    expect(first.written).toBe(75);
    expect(first.checkpoint.doneThrough).toBe(75);
    const before = fake.writes.length;
    const second = await writeBatches(entries, {
      target: fake.target,
      tableName: TABLE,
      keyNames: ['pk'],
      sleep: noSleep,
      resume: JSON.parse(JSON.stringify(first.checkpoint)),
    });
    expect(second.written).toBe(250);
    expect(fake.writes.length - before).toBe(175);
    expect(new Set(fake.writes).size).toBe(250);
    expect(fake.writes.length).toBe(250);
  });

  it('keeps lines settled out of order in the checkpoint', async () => {
    const resolvers: (() => void)[] = [];
    const fake = fakeTarget();
    const slowFirst: BatchWriteTarget = {
      batchWriteItem: async (input) => {
        const first = input.RequestItems?.[TABLE]?.[0]?.PutRequest?.Item?.pk?.S === 'p1';
        if (first) await new Promise<void>((resolve) => resolvers.push(resolve));
        return fake.target.batchWriteItem(input);
      },
    };
    const checkpoints: string[] = [];
    const running = writeBatches(
      Array.from({ length: 50 }, (_, i) => put(i + 1)),
      {
        target: slowFirst,
        tableName: TABLE,
        keyNames: ['pk'],
        concurrency: 2,
        sleep: noSleep,
        onCheckpoint: (checkpoint) => checkpoints.push(JSON.stringify(checkpoint)),
      },
    );
    await vi.waitFor(
      () => expect(JSON.parse(checkpoints.at(-1) ?? 'null')).toMatchObject({ doneThrough: 0, doneAfter: Array.from({ length: 25 }, (_, i) => i + 26) }),
      { interval: 1 },
    );
    resolvers[0]?.();
    const report = await running;
    expect(report.checkpoint).toMatchObject({ doneThrough: 50, doneAfter: [] });
  });

  it('reports progress: items done, items per second and time left', async () => {
    const fake = fakeTarget();
    let clock = 0;
    const seen: TransferProgress[] = [];
    await writeBatches(
      Array.from({ length: 100 }, (_, i) => put(i + 1)),
      {
        target: { batchWriteItem: async (input) => ((clock += 500), fake.target.batchWriteItem(input)) },
        tableName: TABLE,
        keyNames: ['pk'],
        concurrency: 1,
        total: 100,
        now: () => clock,
        sleep: noSleep,
        onProgress: (progress) => seen.push(progress),
      },
    );
    const last = seen.at(-1) as TransferProgress;
    expect(last).toMatchObject({ written: 100, total: 100, rejected: 0, secondsLeft: 0 });
    expect(last.itemsPerSecond).toBe(50);
    expect(seen.find((progress) => progress.written === 50)).toMatchObject({ itemsPerSecond: 50, secondsLeft: 1 });
  });
});

/**
 * DynamoDB under throttling: 30% of calls answer with every item unprocessed,
 * and calls take a random few milliseconds, so batches overtake each other.
 * It counts calls whose keys were already in another call in flight.
 */
/**
 * Lets `n` hops of the microtask queue pass: replies and backoffs that finish in a random order, the same order on
 * a loaded machine as on a quiet one (timers of a few ms stretch under load and made this file time out; hops do not).
 */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

function throttlingTarget(seed: number) {
  const random = seeded(seed);
  const stored = new Map<string, Item>();
  const inFlight = new Map<string, number>();
  let overlaps = 0;
  let unprocessedCalls = 0;
  const target: BatchWriteTarget = {
    async batchWriteItem(input: BatchWriteItemCommandInput): Promise<BatchWriteItemCommandOutput> {
      const requests = input.RequestItems?.[TABLE] ?? [];
      const keys = requests.map((request) => (request.PutRequest?.Item ?? request.DeleteRequest?.Key)?.pk?.S ?? '');
      for (const key of keys) {
        if (inFlight.has(key)) overlaps++;
        inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      }
      const refuse = random() < 0.3;
      await turns(Math.floor(random() * 3));
      for (const key of keys) inFlight.set(key, (inFlight.get(key) as number) - 1 || 0);
      for (const key of keys) if (inFlight.get(key) === 0) inFlight.delete(key);
      if (refuse) {
        unprocessedCalls++;
        return { UnprocessedItems: { [TABLE]: requests.map((request) => structuredClone(request)) }, $metadata: {} };
      }
      requests.forEach((request, i) => {
        if (request.PutRequest?.Item) stored.set(keys[i] as string, request.PutRequest.Item);
        else stored.delete(keys[i] as string);
      });
      return { UnprocessedItems: {}, $metadata: {} };
    },
  };
  return { target, stored, overlaps: () => overlaps, unprocessedCalls: () => unprocessedCalls };
}

describe('writeBatches: repeated keys under throttling', () => {
  const jitter = (random: () => number) => (ms: number) => turns(Math.round(Math.min(ms, 3) * random()));

  it('the last line for a key wins: a key is kept out of new batches while an earlier batch holding it is unsettled', async () => {
    const fake = throttlingTarget(30);
    // 3,000 lines cycling through 7 keys; each line's value is its line number.
    const entries = Array.from({ length: 3000 }, (_, i) => put(i + 1, `k${i % 7}`));
    const report = await writeBatches(entries, {
      target: fake.target,
      tableName: TABLE,
      keyNames: ['pk'],
      concurrency: 4,
      sleep: jitter(seeded(7)),
      random: seeded(8),
    });
    expect(fake.unprocessedCalls()).toBeGreaterThan(10);
    expect(report).toMatchObject({ written: 3000, rejected: [] });
    expect(fake.overlaps()).toBe(0);
    const last = new Map(entries.map((entry) => [entry.request.PutRequest?.Item?.pk?.S, String(entry.line)]));
    const stale = [...fake.stored].filter(([key, item]) => item.n?.N !== last.get(key));
    expect(fake.stored.size).toBe(7);
    expect(stale).toEqual([]);
  });

  it('bulk delete with repeated keys: never two batches holding one key in flight, every key deleted', async () => {
    const fake = throttlingTarget(31);
    for (let i = 0; i < 7; i++) fake.stored.set(`k${i}`, { pk: { S: `k${i}` } });
    const items = Array.from({ length: 700 }, (_, i) => ({ pk: { S: `k${i % 7}` } }));
    const report = await deleteItems(items, {
      target: fake.target,
      tableName: TABLE,
      keys: KEYS,
      concurrency: 4,
      sleep: jitter(seeded(9)),
      random: seeded(10),
    });
    expect(report).toMatchObject({ written: 700, rejected: [] });
    expect(fake.overlaps()).toBe(0);
    expect(fake.stored.size).toBe(0);
  });

  it('keeps distinct keys flowing: batches of 25 with 4 in flight', async () => {
    const fake = throttlingTarget(32);
    const report = await writeBatches(
      Array.from({ length: 1000 }, (_, i) => put(i + 1)),
      { target: fake.target, tableName: TABLE, keyNames: ['pk'], concurrency: 4, sleep: jitter(seeded(11)) },
    );
    expect(report.written).toBe(1000);
    expect(fake.stored.size).toBe(1000);
  });
});

describe('writeBatches: rejections over resumed runs', () => {
  it('keeps every rejected line in the checkpoint and reports them all at the end of the resumed run; rates count this run only', async () => {
    const fake = fakeTarget();
    const controller = new AbortController();
    let sent = 0;
    const cancelling: BatchWriteTarget = {
      batchWriteItem: async (input) => {
        if (++sent === 2) controller.abort();
        return fake.target.batchWriteItem(input);
      },
    };
    const entries = (): (WriteEntry | RejectedEntry)[] =>
      Array.from({ length: 100 }, (_, i) => (i % 10 === 4 ? { line: i + 1, rejected: `bad line ${i + 1}` } : put(i + 1)));
    const first = await writeBatches(entries(), {
      target: cancelling,
      tableName: TABLE,
      keyNames: ['pk'],
      concurrency: 1,
      sleep: noSleep,
      signal: controller.signal,
    });
    expect(first.cancelled).toBe(true);
    const earlier = first.rejected.map((failure) => failure.line);
    expect(earlier.length).toBeGreaterThan(0);
    // Saved and read back, as the import command does.
    const saved = parseCheckpoint(JSON.stringify(first.checkpoint));
    expect(typeof saved).toBe('object');
    let clock = 0;
    const progress: TransferProgress[] = [];
    const second = await writeBatches(entries(), {
      target: { batchWriteItem: async (input) => ((clock += 100), fake.target.batchWriteItem(input)) },
      tableName: TABLE,
      keyNames: ['pk'],
      concurrency: 1,
      sleep: noSleep,
      now: () => clock,
      resume: saved as TransferCheckpoint,
      onProgress: (p) => progress.push(p),
    });
    expect(second.rejected.map((failure) => failure.line)).toEqual([5, 15, 25, 35, 45, 55, 65, 75, 85, 95]);
    expect(second.rejected[0]).toEqual({ line: 5, reason: 'bad line 5' });
    expect(second.checkpoint).toMatchObject({ written: 90, rejected: 10 });
    expect(second.written).toBe(90);
    expect(second.writtenThisRun).toBe(90 - first.written);
    expect(second.read).toBe(100);
    expect(second.skipped).toBe(first.written + earlier.length);
    // This run's items over this run's time: (90 - 45) items in 2 batches of 100 ms.
    expect(progress.at(-1)).toMatchObject({ written: 90, writtenThisRun: 90 - first.written, rejected: 10, itemsPerSecond: (90 - first.written) / 0.2 });
  });

  it('refuses a checkpoint that counts rejected lines it does not list, saying how to go on', () => {
    expect(parseCheckpoint('{"doneThrough": 5, "doneAfter": [], "written": 3, "rejected": 2}')).toMatch(
      /counts 2 rejected lines but lists 0.*without --resume/,
    );
    expect(parseCheckpoint('{"doneThrough": 5, "doneAfter": [], "written": 5, "rejected": 0}')).toMatchObject({ failures: [] });
    expect(parseCheckpoint('{"doneThrough": 5, "doneAfter": [], "written": 4, "rejected": 1, "failures": [{"line": 2}]}')).toMatch(/failures are each/);
  });
});

describe('writeBatches byte caps', () => {
  const sized = (line: number, bytes: number): WriteEntry => ({ ...put(line), bytes });
  /** Records each batch's bytes, and the most bytes and batches in flight at once. */
  function recordingTarget() {
    const batches: number[] = [];
    const bytesOf = new Map<string, number>();
    let inFlightBytes = 0;
    let inFlight = 0;
    let peakBytes = 0;
    let peakBatches = 0;
    const written = new Set<string>();
    const target: BatchWriteTarget = {
      async batchWriteItem(input: BatchWriteItemCommandInput): Promise<BatchWriteItemCommandOutput> {
        const keys = (input.RequestItems?.[TABLE] ?? []).map((request) => request.PutRequest?.Item?.pk?.S ?? '');
        const bytes = keys.reduce((sum, key) => sum + (bytesOf.get(key) ?? 0), 0);
        batches.push(bytes);
        inFlight++;
        inFlightBytes += bytes;
        peakBatches = Math.max(peakBatches, inFlight);
        peakBytes = Math.max(peakBytes, inFlightBytes);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        inFlightBytes -= bytes;
        for (const key of keys) written.add(key);
        return { UnprocessedItems: {}, $metadata: {} };
      },
    };
    return { target, batches, bytesOf, written, peak: () => ({ bytes: peakBytes, batches: peakBatches }) };
  }

  it('closes a batch before its bytes pass maxBatchBytes and holds batches while maxBytesInFlight is reached; every item is written', async () => {
    const rec = recordingTarget();
    const entries = Array.from({ length: 200 }, (_, i) => sized(i + 1, 64 * 1024));
    for (const entry of entries) rec.bytesOf.set(entry.request.PutRequest?.Item?.pk?.S ?? '', 64 * 1024);
    const progress: TransferProgress[] = [];
    const report = await writeBatches(entries, {
      target: rec.target,
      tableName: TABLE,
      keyNames: ['pk'],
      sleep: noSleep,
      maxBatchBytes: 1024 * 1024,
      maxBytesInFlight: 2 * 1024 * 1024,
      onProgress: (p) => progress.push(p),
    });
    expect(report.written).toBe(200);
    expect(report.rejected).toEqual([]);
    expect(rec.written.size).toBe(200);
    expect(Math.max(...rec.batches)).toBeLessThanOrEqual(1024 * 1024);
    expect(rec.batches[0]).toBe(16 * 64 * 1024);
    // A batch is sent while less than 2 MiB is in flight: at most 2 MiB + one batch at once, and fewer batches than the concurrency of 4.
    expect(rec.peak().bytes).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(rec.peak().batches).toBeLessThanOrEqual(3);
    expect(progress.at(-1)?.written).toBe(200);
  });

  it('sends an item larger than maxBatchBytes alone, and keeps batches of 25 and a concurrency of 4 for small items', async () => {
    const big = recordingTarget();
    big.bytesOf.set('p2', 3 * 1024 * 1024);
    const bigReport = await writeBatches([sized(1, 10), sized(2, 3 * 1024 * 1024), sized(3, 10)], {
      target: big.target,
      tableName: TABLE,
      keyNames: ['pk'],
      sleep: noSleep,
    });
    expect(bigReport.written).toBe(3);
    expect(big.batches.length).toBe(3);

    const small = recordingTarget();
    const entries = Array.from({ length: 500 }, (_, i) => sized(i + 1, 200));
    for (const entry of entries) small.bytesOf.set(entry.request.PutRequest?.Item?.pk?.S ?? '', 200);
    const report = await writeBatches(entries, { target: small.target, tableName: TABLE, keyNames: ['pk'], sleep: noSleep });
    expect(report.written).toBe(500);
    expect(small.batches).toEqual(Array.from({ length: 20 }, () => 25 * 200));
    expect(small.peak().batches).toBe(4);
  });
});

describe('deleteItems', () => {
  it('deletes by key through the batch writer', async () => {
    const fake = fakeTarget();
    for (let i = 1; i <= 30; i++) fake.stored.set(`p${i}`, { pk: { S: `p${i}` } });
    const items = Array.from({ length: 30 }, (_, i) => ({ pk: { S: `p${i + 1}` }, other: { S: 'x' } }));
    const report = await deleteItems(items, { target: fake.target, tableName: TABLE, keys: KEYS, sleep: noSleep });
    expect(report.written).toBe(30);
    expect(fake.stored.size).toBe(0);
  });
});
