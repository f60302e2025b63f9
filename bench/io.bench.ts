/**
 * `npm run bench:io`: Keylab's import and export (src/transfer, as
 * `npm run import` / `npm run export` run them) against a bare SDK loop doing
 * the same calls with the same concurrency, on DynamoDB Local and on Keylab's
 * endpoint (`npm run endpoint`, its own process), printed side by side.
 *
 *   import: a DynamoDB JSON lines file streamed from disk, parsed, checked and
 *           written with BatchWriteItem (each body written by JSON.stringify,
 *           as `npm run import` does, see src/transfer/wireBatches.ts), vs the
 *           SDK's BatchWriteItem over items already in memory (no reading, no
 *           parsing: the stricter baseline);
 *   export: Scan pages written as DynamoDB JSON lines to a file (as `npm run
 *           export` does: the items' lines cut from the response body, see
 *           src/transfer/wirePages.ts), vs the SDK's own Scan loop that reads
 *           every page's items into objects and drops them (no writing: the
 *           stricter baseline; one segment on both sides).
 * Target: Keylab at ≥ 90% of the bare loop's items/s for both.
 * KEYLAB_BENCH_IO_ITEMS=2000 is a smoke run (the default is 100,000);
 * KEYLAB_BENCH_IO_CONCURRENCY sets the batches in flight (default 4);
 * KEYLAB_BENCH_IO_ONLY=codec times only the DynamoDB-JSON codec against the
 * copies it replaced (bench/io/wireCodec.ts; no DynamoDB, `npm run bench:wire`);
 * KEYLAB_BENCH_IO_ONLY=endpoint (or local) runs one side (to profile it:
 * `KEYLAB_BENCH_IO_ONLY=endpoint npx tsx --cpu-prof bench/io.bench.ts` writes
 * one profile for this process, the client, and one for the endpoint's);
 * KEYLAB_BENCH_IO_ROUNDS (default 2) repeats each measure, bare first in even
 * rounds and Keylab first in odd ones, so warm-up favours neither; the ratio
 * printed is of the rounds' summed times.
 * The explorer's Export… reads pages of items (it works on any data source,
 * the built-in table too), not wire lines: its rate on the same client is
 * printed as well (`explorer/bare`).
 * KEYLAB_BENCH_IO_MEASURE=export times only the exports (the tables are
 * filled by the bare loop, untimed).
 * Then the browser section (bench/io/browserMemory.ts, needs `npx vite build`):
 * the tab's JS heap and renderer memory while importing
 * KEYLAB_BENCH_IO_BROWSER_MB (default 64; 0 skips it) through the Import
 * dialog into a table on Keylab's endpoint (KEYLAB_BENCH_IO_BROWSER_TABLE=
 * built-in for the built-in table), served on KEYLAB_BENCH_IO_PORT (5315).
 * The issue's figure is KEYLAB_BENCH_IO_BROWSER_MB=1024: not the default, as
 * it takes about 10 minutes on the loaded 2-core machine (~1.7 MB/s; 64 MB
 * takes ~40 s).
 */
import { DynamoDB, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { Item } from '../src/expressions';
import { importFile, readExportPages, readPages, toWireJson, wireBatchWriteTarget, writeExport } from '../src/transfer';
import { wireClient } from '../src/sources/wireClient';
import { findFreePort, startDynamoDBLocal, pkSkTable } from '../scripts/dynamodbLocal';
import { measureBrowserImportMemory, type BrowserImportTarget } from './io/browserMemory';
import { measureWireCodec } from './io/wireCodec';

const ITEMS = Number(process.env.KEYLAB_BENCH_IO_ITEMS ?? 100_000);
const CONCURRENCY = Number(process.env.KEYLAB_BENCH_IO_CONCURRENCY ?? 4);
const ONLY = process.env.KEYLAB_BENCH_IO_ONLY;
const ROUNDS = Math.max(1, Number(process.env.KEYLAB_BENCH_IO_ROUNDS ?? 2));
const EXPORT_ONLY = process.env.KEYLAB_BENCH_IO_MEASURE === 'export';
const KEYS = { partitionKey: { name: 'pk', type: 'S' as const }, sortKey: { name: 'sk', type: 'N' as const } };

interface Side {
  readonly name: string;
  readonly client: DynamoDB;
  stop(): Promise<void>;
}

function sdkClient(endpoint: string): DynamoDB {
  return new DynamoDB({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' }, maxAttempts: 1 });
}

function benchItem(i: number): Item {
  return {
    pk: { S: `P#${i % 64}` },
    sk: { N: String(i) },
    name: { S: `item ${i}` },
    score: { N: String((i * 7919) % 100_000) },
    tags: { SS: ['a', `t${i % 10}`] },
    data: { M: { at: { S: '2026-06-23T10:00:00Z' }, n: { N: '12345678901234567890' } } },
  };
}

async function createTable(client: DynamoDB, name: string): Promise<void> {
  await client.createTable(pkSkTable(name, 'N'));
}

/** The baseline: BatchWriteItem over in-memory items, CONCURRENCY batches in flight, UnprocessedItems sent again. */
async function bareImport(client: DynamoDB, table: string, items: readonly Item[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      let requests: WriteRequest[] = items.slice(next, (next += 25)).map((item) => ({ PutRequest: { Item: item } }));
      while (requests.length > 0) {
        const output = await client.batchWriteItem({ RequestItems: { [table]: requests } });
        requests = output.UnprocessedItems?.[table] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return items.length / ((performance.now() - started) / 1000);
}

async function keylabImport(client: DynamoDB, table: string, file: string): Promise<number> {
  const report = await importFile(createReadStream(file), 'jsonl', {
    target: wireBatchWriteTarget(wireClient(client)),
    tableName: table,
    keys: KEYS,
    concurrency: CONCURRENCY,
  });
  if (report.written !== ITEMS || report.rejected.length > 0 || report.fatal)
    throw new Error(`import wrote ${report.written} of ${ITEMS}: ${JSON.stringify(report.fatal ?? report.rejected[0])}`);
  return report.written / report.seconds;
}

async function bareExport(client: DynamoDB, table: string): Promise<number> {
  const started = performance.now();
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const output = await client.scan({ TableName: table, ...(startKey ? { ExclusiveStartKey: startKey as Item } : {}) });
    count += output.Items?.length ?? 0;
    startKey = output.LastEvaluatedKey;
  } while (startKey);
  if (count !== ITEMS) throw new Error(`bare scan read ${count} of ${ITEMS}`);
  return count / ((performance.now() - started) / 1000);
}

/** Keylab's export to a file: as `npm run export` reads (`wire`: each item's DynamoDB JSON cut from the response), or as the explorer does (`items`). */
async function keylabExport(client: DynamoDB, table: string, file: string, pages: 'wire' | 'items'): Promise<number> {
  const started = performance.now();
  const out = createWriteStream(file);
  const summary = { items: 0, csvValuesLeftOut: 0 };
  const request = { operation: 'scan', input: { TableName: table } } as const;
  for await (const chunk of writeExport(
    pages === 'wire' ? readExportPages(wireClient(client), request, 'jsonl') : readPages(client, request),
    'jsonl',
    summary,
  )) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  if (summary.items !== ITEMS) throw new Error(`export wrote ${summary.items} of ${ITEMS}`);
  return summary.items / ((performance.now() - started) / 1000);
}

async function startEndpointSide(): Promise<Side> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [...process.execArgv, 'scripts/endpoint.ts', '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the endpoint exited with ${code}: ${output}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      const match = /running at (http:\/\/\S+?) /.exec(output);
      if (match) resolve(match[1] as string);
    });
  });
  const client = sdkClient(url);
  return {
    name: 'Keylab endpoint',
    client,
    stop: async () => {
      client.destroy();
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startLocalSide(): Promise<Side> {
  // Java starts slowly on a loaded machine: give it 3 minutes.
  const local = await startDynamoDBLocal({ inMemory: true, sharedDb: true, startTimeoutMs: 180_000 });
  const client = sdkClient(local.endpoint);
  return {
    name: 'DynamoDB Local',
    client,
    stop: async () => {
      client.destroy();
      await local.stop();
    },
  };
}

const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`.padStart(11);
const ratio = (keylab: number, bare: number) => `${((keylab / bare) * 100).toFixed(0)}%${keylab / bare >= 0.9 ? '' : ' (< 90%)'}`.padStart(12);

async function main(): Promise<void> {
  if (ONLY === 'codec') {
    for (const line of measureWireCodec()) console.log(line);
    return;
  }
  console.log(
    `bench:io — Node ${process.version}, ${os.cpus().length} CPUs; ${ITEMS.toLocaleString('en-US')} items, ${CONCURRENCY} batches in flight, ${ROUNDS} rounds${ONLY ? `, ${ONLY} only` : ''}`,
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-bench-io-'));
  const items = Array.from({ length: ITEMS }, (_, i) => benchItem(i));
  const file = path.join(dir, 'items.jsonl');
  await writeFile(file, `${items.map(toWireJson).join('\n')}\n`);
  const rows: string[] = [];
  try {
    for (const start of [startLocalSide, startEndpointSide].filter((start) => ONLY === undefined || (ONLY === 'local') === (start === startLocalSide))) {
      const side = await start();
      try {
        const seconds = { bareIn: 0, keylabIn: 0, bareOut: 0, keylabOut: 0, explorerOut: 0 };
        const perRound: string[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const [bareTable, keylabTable] = [`bare${round}`, `keylab${round}`];
          await createTable(side.client, bareTable);
          await createTable(side.client, keylabTable);
          const bareFirst = round % 2 === 0;
          const timeImport = async (which: 'bare' | 'keylab') =>
            which === 'bare'
              ? ITEMS / (await bareImport(side.client, bareTable, items))
              : ITEMS / (await (EXPORT_ONLY ? bareImport(side.client, keylabTable, items) : keylabImport(side.client, keylabTable, file)));
          const exportFile = path.join(dir, 'export.jsonl');
          const timeExport = async (which: 'bare' | 'keylab' | 'explorer') =>
            which === 'bare'
              ? ITEMS / (await bareExport(side.client, bareTable))
              : ITEMS / (await keylabExport(side.client, keylabTable, exportFile, which === 'keylab' ? 'wire' : 'items'));
          const order = bareFirst ? (['bare', 'keylab'] as const) : (['keylab', 'bare'] as const);
          const importSeconds = { bare: 0, keylab: 0 };
          const exportSeconds = { bare: 0, keylab: 0, explorer: 0 };
          for (const which of order) importSeconds[which] = await timeImport(which);
          for (const which of bareFirst ? (['bare', 'keylab', 'explorer'] as const) : (['explorer', 'keylab', 'bare'] as const))
            exportSeconds[which] = await timeExport(which);
          seconds.bareIn += importSeconds.bare;
          seconds.keylabIn += importSeconds.keylab;
          seconds.bareOut += exportSeconds.bare;
          seconds.keylabOut += exportSeconds.keylab;
          seconds.explorerOut += exportSeconds.explorer;
          perRound.push(
            `${EXPORT_ONLY ? '–' : `${((importSeconds.bare / importSeconds.keylab) * 100).toFixed(0)}%`} / ${((exportSeconds.bare / exportSeconds.keylab) * 100).toFixed(0)}% / ${((exportSeconds.bare / exportSeconds.explorer) * 100).toFixed(0)}% (${bareFirst ? 'bare first' : 'Keylab first'})`,
          );
        }
        const total = ITEMS * ROUNDS;
        const [keylabIn, bareIn, keylabOut, bareOut, explorerOut] = [
          total / seconds.keylabIn,
          total / seconds.bareIn,
          total / seconds.keylabOut,
          total / seconds.bareOut,
          total / seconds.explorerOut,
        ];
        const importColumns = EXPORT_ONLY
          ? `${'–'.padStart(11)} ${'–'.padStart(11)} ${'–'.padStart(12)}`
          : `${rate(keylabIn)} ${rate(bareIn)} ${ratio(keylabIn, bareIn)}`;
        rows.push(
          `${side.name.padEnd(16)} ${importColumns}   ${rate(keylabOut)} ${rate(bareOut)} ${ratio(keylabOut, bareOut)} ${ratio(explorerOut, bareOut)}   rounds (import / export / explorer's export): ${perRound.join(', ')}`,
        );
      } finally {
        await side.stop();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    `\n${'side'.padEnd(16)} ${'import'.padStart(11)} ${'bare SDK'.padStart(11)} ${'import/bare'.padStart(12)}   ${'export'.padStart(11)} ${'bare Scan'.padStart(11)} ${'export/bare'.padStart(12)} ${'explorer/bare'.padStart(12)}`,
  );
  for (const row of rows) console.log(row);
  const browserMb = Number(process.env.KEYLAB_BENCH_IO_BROWSER_MB ?? 64);
  const browserTarget = (process.env.KEYLAB_BENCH_IO_BROWSER_TABLE ?? 'endpoint') as BrowserImportTarget;
  if (browserMb > 0)
    for (const line of await measureBrowserImportMemory(browserMb, Number(process.env.KEYLAB_BENCH_IO_PORT ?? 5315), browserTarget)) console.log(line);
}

await main();
