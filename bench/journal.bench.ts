/**
 * Journal checksum benchmark (`npm run bench:journal`): what the per-line
 * CRC-32 of the `--data DIR` table files costs, side by side with the same
 * work without it (format 1, the format before checksums).
 *
 * 100,000 ~100-byte items:
 *   - serialise them (to UTF-8 bytes) as 100,000 one-write changes (what appends write, one line per write);
 *   - serialise them as a rewritten file (1,000 writes a line);
 *   - read back (parse, verify, replay) each of those files;
 *   - 2,000 real appends with fdatasync, as the adapter does per write (disk-bound:
 *     shows the checksum next to what a write really costs).
 * Median of 7 runs, the two formats' runs interleaved (the appends: their total,
 * in 4 interleaved rounds). A report, not a test: it exits 0.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Item } from '../src/expressions';
import type { ItemWrite } from '../src/engine';
import type { TableDefinition } from '../src/engine/schema/tableDefinition';
import { sealLine } from '../src/engine/persistence/node/lineChecksum';
import { changeLineBodies, parseTableFile, WRITES_PER_LINE } from '../src/engine/persistence/node/tableFile';
import { collectGarbage, createRandom, enableGarbageCollection, formatMs, median, renderTable, timeMs } from './benchUtils';

const ITEMS = 100_000;
const RUNS = 7;
const APPENDS = 2_000;

const DEFINITION = {
  name: 'Bench',
  keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
  attributeDefinitions: [
    { name: 'pk', type: 'S' },
    { name: 'sk', type: 'S' },
  ],
  indexes: [],
  billingMode: 'PAY_PER_REQUEST',
} as unknown as TableDefinition;

type Format = 'without checksum (format 1)' | 'with checksum (format 2)';
const FORMATS: readonly Format[] = ['without checksum (format 1)', 'with checksum (format 2)'];

function makeItems(): Item[] {
  const random = createRandom(42);
  return Array.from({ length: ITEMS }, (_, i) => ({
    pk: { S: `SEASON#2026-SPRING` },
    sk: { S: `${String(Math.floor(random() * 1e10)).padStart(10, '0')}#${String(i).padStart(8, '0')}` },
    player: { S: `player-${Math.floor(random() * 1e6)}` },
    score: { N: String(Math.floor(random() * 1e6)) },
  }));
}

function header(format: Format): string {
  const body = JSON.stringify({ keylab: 'table', version: format === 'with checksum (format 2)' ? 2 : 1, table: DEFINITION }).slice(0, -1);
  return finish(format, body);
}

/** A line from its body, in either format: the only difference between them. */
function finish(format: Format, body: string): string {
  return format === 'with checksum (format 2)' ? sealLine(body) : body + '}\n';
}

function appendLines(format: Format, writes: readonly ItemWrite[]): string[] {
  const lines = [header(format)];
  for (const write of writes) for (const body of changeLineBodies([write])) lines.push(finish(format, body));
  return lines;
}

/** A rewrite as formats 1 and 2 wrote it: the items as puts, 1,000 to a line (format 3 writes keys lines beside items lines: bench:suite times its load). */
function rewriteLines(format: Format, writes: readonly ItemWrite[]): string[] {
  const lines = [header(format)];
  for (let start = 0; start < writes.length; start += WRITES_PER_LINE) {
    for (const body of changeLineBodies(writes.slice(start, start + WRITES_PER_LINE))) lines.push(finish(format, body));
  }
  return lines;
}

/** Median times of `fn` for each format, the formats' runs interleaved so a busy machine slows both alike. */
function medianMs(fn: (format: Format, index: number) => void): number[] {
  const times = FORMATS.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    // Which format goes first alternates too: the first run after a collection is not the same as the second.
    for (const index of run % 2 === 0 ? [0, 1] : [1, 0]) {
      collectGarbage();
      times[index]?.push(timeMs(() => fn(FORMATS[index] as Format, index)));
    }
  }
  return times.map(median);
}

async function appendsMs(format: Format, writes: readonly ItemWrite[], dir: string): Promise<number> {
  const handle = await open(join(dir, `append-${format.length}.jsonl`), 'a');
  try {
    const start = performance.now();
    for (const write of writes) {
      for (const body of changeLineBodies([write])) await handle.appendFile(Buffer.from(finish(format, body), 'utf8'));
      await handle.datasync();
    }
    return performance.now() - start;
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const gc = enableGarbageCollection();
  const items = makeItems();
  const writes: ItemWrite[] = items.map((item) => ({ tableName: 'Bench', key: { pk: item.pk, sk: item.sk } as Item, item }));
  const dir = await mkdtemp(join(tmpdir(), 'keylab-bench-journal-'));
  const rows: string[][] = [['', ...FORMATS, 'checksum cost']];
  const row = (label: string, figures: number[], unit = 'ms') => {
    const [without, withChecksum] = figures as [number, number];
    const cost = withChecksum - without;
    rows.push([
      label,
      `${formatMs(without)} ${unit}`,
      `${formatMs(withChecksum)} ${unit}`,
      `${cost < 0 ? '−' : '+'}${formatMs(Math.abs(cost))} ${unit} (${cost < 0 ? '−' : '+'}${Math.abs((cost / without) * 100).toFixed(0)} %)`,
    ]);
  };
  try {
    // Encoded to UTF-8 as the adapter does before writing (which also flattens both formats' strings alike).
    row(
      `serialise ${ITEMS.toLocaleString('en-US')} appends (1 write a line)`,
      medianMs((format) => appendLines(format, writes).map((line) => Buffer.from(line, 'utf8'))),
    );
    row(
      `serialise a rewrite of ${ITEMS.toLocaleString('en-US')} items (1,000 a line)`,
      medianMs((format) => Buffer.from(rewriteLines(format, writes).join(''), 'utf8')),
    );
    const builds: [string, (format: Format) => string[]][] = [
      ['read back the appended file', (format) => appendLines(format, writes)],
      ['read back the rewritten file', (format) => rewriteLines(format, writes)],
    ];
    for (const [label, build] of builds) {
      const files = FORMATS.map((format) => Buffer.from(build(format).join(''), 'utf8'));
      row(
        label,
        medianMs((_, index) => parseTableFile(files[index] as Buffer, 'bench.table.jsonl').replay.items()),
      );
    }
    const appendTimes = FORMATS.map(() => 0);
    // Interleaved in rounds, like the runs above.
    for (let round = 0; round < 4; round++) {
      const slice = writes.slice(round * (APPENDS / 4), (round + 1) * (APPENDS / 4));
      for (const [index, format] of FORMATS.entries()) appendTimes[index] = (appendTimes[index] ?? 0) + (await appendsMs(format, slice, dir));
    }
    row(
      `${APPENDS.toLocaleString('en-US')} appends with fdatasync (per write)`,
      appendTimes.map((ms) => (ms / APPENDS) * 1000),
      'µs',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    `Journal checksums (CRC-32, node:zlib), ${ITEMS.toLocaleString('en-US')} items of ~100 bytes, median of ${RUNS} runs${gc ? '' : ' (no gc between runs)'}:\n`,
  );
  console.log(renderTable(rows));
}

await main();
