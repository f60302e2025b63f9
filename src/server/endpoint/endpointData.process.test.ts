import { DynamoDB, type AttributeValue, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run endpoint -- --data DIR` as a user runs it: its own process, its
 * files, the SDK's BatchWriteItem, restarts, and bytes changed on disk
 * between them. A line the start rewrote (a compacted file, renamed into
 * place whole) or any complete line is never taken for a torn append: a
 * changed byte refuses the start naming the file and line, and
 * `--data-repair` keeps the damaged file and says exactly what it dropped.
 * Only an append cut short (no newline) is dropped with a warning.
 */

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
// What `npm run endpoint` runs: the prebuilt dist-endpoint/endpoint.mjs when it is fresh (it starts in a fraction
// of a second), else the sources through tsx (bin/keylab.mjs decides, so an edited source is never tested stale).
const ENTRY = join(REPO, 'bin/keylab.mjs');
const TABLE = 'Journal';
const FILE = `${TABLE}.table.jsonl`;
const CREDENTIALS = { accessKeyId: 'keylab', secretAccessKey: 'keylab' };

interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface Running {
  readonly client: DynamoDB;
  /** Its warnings so far (stderr). */
  readonly stderr: () => string;
  /** SIGTERM, and the exit. */
  stop(): Promise<Exited>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the endpoint; resolves once it says it is running, or with its exit when it refuses to start. */
async function startEndpoint(dir: string, extra: readonly string[] = []): Promise<Running | Exited> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [ENTRY, 'endpoint', '--port', String(port), '--data', dir, ...extra], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<Exited>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
    const started = new Promise<true>((resolve) => child.stdout.on('data', () => stdout.includes('is running at') && resolve(true)));
    const first = await Promise.race([started, exited]);
    if (first !== true) {
      // Another process took the free port between asking and binding: try another.
      if (first.stderr.includes('already in use') && attempt < 3) continue;
      return first;
    }
    const client = new DynamoDB({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    const stop = async () => {
      live.delete(stop);
      client.destroy();
      child.kill('SIGTERM');
      return exited;
    };
    live.add(stop);
    return { client, stderr: () => stderr, stop };
  }
}

async function mustStart(dir: string, extra: readonly string[] = []): Promise<Running> {
  const started = await startEndpoint(dir, extra);
  if (!('client' in started)) throw new Error(`the endpoint did not start (exit ${started.code}):\n${started.stderr}`);
  return started;
}

async function keysServed(client: DynamoDB): Promise<string[]> {
  const keys: string[] = [];
  let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.scan({ TableName: TABLE, ProjectionExpression: 'pk', ExclusiveStartKey });
    for (const item of page.Items ?? []) keys.push(item.pk?.S ?? '');
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return keys;
}

async function itemCount(client: DynamoDB): Promise<number> {
  return (await keysServed(client)).length;
}

/** 1,500 items with BatchWriteItem, 25 a call, every one acknowledged. */
async function writeItems(client: DynamoDB, round: number): Promise<void> {
  for (let start = 0; start < 1500; start += 25) {
    const requests: WriteRequest[] = Array.from({ length: 25 }, (_, i) => ({
      PutRequest: { Item: { pk: { S: `item-${String(start + i).padStart(4, '0')}` }, round: { N: String(round) }, note: { S: 'acknowledged' } } },
    }));
    const reply = await client.batchWriteItem({ RequestItems: { [TABLE]: requests } });
    expect(reply.UnprocessedItems ?? {}).toEqual({});
  }
}

let dir: string;
let path: string;
/** Endpoints still running (a failed test leaves its one here, stopped before the next test). */
const live = new Set<() => Promise<Exited>>();

afterEach(async () => {
  for (const stop of [...live]) await stop();
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keylab-endpoint-data-'));
  path = join(dir, FILE);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run endpoint -- --data DIR, with bytes changed between starts', () => {
  let damagedBytes: Buffer;

  it('writes 1,500 items three times, and a restart rewrites the file compactly: a header, then keys and items lines of 1,000 items and of 500', async () => {
    const first = await mustStart(dir);
    await first.client.createTable({
      TableName: TABLE,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    for (const round of [1, 2, 3]) await writeItems(first.client, round);
    expect((await first.stop()).code).toBe(0);

    const second = await mustStart(dir);
    expect(await itemCount(second.client)).toBe(1500);
    expect((await second.stop()).code).toBe(0);
    const lines = (await readFile(path, 'utf8')).split('\n').filter(Boolean);
    const described = lines.map((line) => {
      const record = JSON.parse(line) as { keylab?: string; z?: unknown[]; i?: unknown[] };
      return record.keylab ? 'header' : record.z ? `keys of ${record.z.length}` : `${record.i?.length} items`;
    });
    expect(described).toEqual(['header', 'keys of 1000', '1000 items', 'keys of 500', '500 items']);
  });

  it('refuses to start when one byte inside the last line changed, naming the file and line, and leaves the file as it is', async () => {
    const text = await readFile(path, 'utf8');
    // A letter of an item's value in the middle of the last line: the line still parses, only its checksum tells.
    const lastLine = text.lastIndexOf('\n', text.length - 2) + 1;
    const offset = text.indexOf('"acknowledged"', lastLine + (text.length - lastLine) / 2) + 1;
    damagedBytes = Buffer.from(text.slice(0, offset) + 'A' + text.slice(offset + 1));
    await writeFile(path, damagedBytes);

    const refused = await startEndpoint(dir);
    expect('client' in refused).toBe(false);
    const { code, stderr } = refused as Exited;
    expect(code).toBe(1);
    expect(stderr).toContain(
      `--data ${dir}: The data file ${path} is damaged at line 5 (its checksum does not match: the line changed after it was written). ` +
        'Start with --data-repair to keep every intact record and drop line 5, or restore the file from a backup.',
    );
    expect(stderr).not.toContain('dropped an unfinished write');
    expect(await readFile(path)).toEqual(damagedBytes);
    expect(await readdir(dir)).not.toContainEqual(expect.stringContaining('.damaged'));
  });

  it('with --data-repair: keeps the damaged file, says exactly which 500 writes it dropped, and serves the rest', async () => {
    const repaired = await mustStart(dir, ['--data-repair']);
    const warnings = repaired.stderr();
    const kept = (await readdir(dir)).filter((name) => name.startsWith(`${FILE}.damaged-`));
    expect(kept).toHaveLength(1);
    expect(await readFile(join(dir, kept[0] as string))).toEqual(damagedBytes);
    const dropped = warnings.match(
      /--data-repair dropped line 5 of (\S+) \(its checksum does not match: the line changed after it was written\); 500 writes:\n((?: {2}put .*\n)+)/,
    );
    expect(dropped?.[1]).toBe(path);
    const droppedKeys = (dropped?.[2] ?? '')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line.trim().slice('put '.length)) as { pk: { S: string } }).pk.S);
    expect(warnings).toContain(`${path}: repaired; the damaged file is kept as ${join(dir, kept[0] as string)}.`);
    // Exactly what is missing: the 500 keys reported, no more, no fewer.
    const served = await keysServed(repaired.client);
    expect(served).toHaveLength(1000);
    expect(new Set(droppedKeys).size).toBe(500);
    expect(new Set([...served, ...droppedKeys]).size).toBe(1500);
    expect((await repaired.stop()).code).toBe(0);
  });

  it('still drops a true torn tail (an append cut short) with a warning, and starts', async () => {
    const writer = await mustStart(dir);
    await writer.client.putItem({ TableName: TABLE, Item: { pk: { S: 'last' }, note: { S: 'its append will be cut' } } });
    expect((await writer.stop()).code).toBe(0);
    const whole = await readFile(path);
    const lines = whole.toString('utf8').split('\n').length - 1;
    // What a crash in the middle of that append leaves: a prefix of its line, no newline.
    await writeFile(path, whole.subarray(0, whole.length - 12));

    const restarted = await mustStart(dir);
    expect(restarted.stderr()).toContain(
      `keylab endpoint: ${path}: dropped an unfinished write at line ${lines} (the line has no end); it was never acknowledged.`,
    );
    expect(await itemCount(restarted.client)).toBe(1000);
    expect((await restarted.stop()).code).toBe(0);
  });
});
