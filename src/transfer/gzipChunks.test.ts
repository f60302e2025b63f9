import { describe, expect, it } from 'vitest';
import { GzipError, isGzip, openImportChunks } from './gzipChunks';
import { formatOfFileName, readImportFile, type ReadEntry } from './importReaders';
import { checkKeySchemaFit } from './keySchemaFit';
import type { ByteChunks, ReadCounter } from './textChunks';
import { importFile } from './transferJobs';
import { createLocalDynamoDB } from '../engine';

const KEYS = { partitionKey: { name: 'pk', type: 'S' as const }, sortKey: { name: 'sk', type: 'N' as const } };

/** An S3 export's data file: one `{"Item": …}` per line. */
function exportLines(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += `${JSON.stringify({ Item: { pk: { S: `p${i % 7}` }, sk: { N: String(i) }, note: { S: 'é'.repeat(i % 5) } } })}\n`;
  return text;
}

/** `text` gzipped (CompressionStream: zlib underneath in Node), whole. */
async function gzip(text: string): Promise<Uint8Array> {
  const stream = new CompressionStream('gzip');
  const writer = stream.writable.getWriter();
  // Written while it is read (the write waits for the reader: backpressure).
  const writing = writer.write(new TextEncoder().encode(text)).then(() => writer.close());
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  await writing;
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** `bytes` cut into chunks of `size` (the magic bytes split across chunks when size is 1). */
function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

async function readAll(chunks: ByteChunks): Promise<{ entries: ReadEntry[]; error?: unknown }> {
  const entries: ReadEntry[] = [];
  try {
    for await (const entry of readImportFile(openImportChunks(chunks), 'jsonl', { keys: KEYS })) entries.push(entry);
  } catch (error) {
    return { entries, error };
  }
  return { entries };
}

describe('openImportChunks', () => {
  it('gunzips a gzip file, found by its magic bytes (not its name), chunk edges anywhere', async () => {
    const text = exportLines(300);
    const compressed = await gzip(text);
    expect(isGzip(compressed)).toBe(true);
    for (const size of [1, 7, 4096]) {
      const { entries, error } = await readAll(chunksOf(compressed, size));
      expect(error).toBeUndefined();
      expect(entries).toHaveLength(300);
      expect(entries[299]).toMatchObject({ line: 300, item: { pk: { S: 'p5' }, sk: { N: '299' }, note: { S: 'éééé' } } });
    }
  });

  it('passes plain bytes and text through, counting the bytes read', async () => {
    const text = exportLines(20);
    const bytes = new TextEncoder().encode(text);
    const counter: ReadCounter = { bytes: 0 };
    let out = '';
    const decoder = new TextDecoder();
    for await (const chunk of openImportChunks(chunksOf(bytes, 5), counter)) out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    expect(out).toBe(text);
    expect(counter.bytes).toBe(bytes.length);
    expect((await readAll([text])).entries).toHaveLength(20);
  });

  it('counts the compressed bytes, so progress against the file size ends at 100%', async () => {
    const compressed = await gzip(exportLines(500));
    const counter: ReadCounter = { bytes: 0 };
    for await (const chunk of openImportChunks(chunksOf(compressed, 64), counter)) void chunk;
    expect(counter.bytes).toBe(compressed.length);
  });

  it('says a cut-off gzip file ends too early, after how many bytes, and what to do; the lines before are read', async () => {
    const compressed = await gzip(exportLines(2000));
    const cut = compressed.slice(0, Math.floor(compressed.length * 0.6));
    const { entries, error } = await readAll(chunksOf(cut, 512));
    expect(error).toBeInstanceOf(GzipError);
    expect((error as GzipError).message).toMatch(
      /^The gzip file ends too early \(after [\d,]+ bytes of the file: .+\): it was cut off.*Download or copy it again/,
    );
    expect((error as GzipError).offset).toBeLessThanOrEqual(cut.length);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThan(2000);
  });

  it('says a damaged gzip file is damaged', async () => {
    const compressed = await gzip(exportLines(2000));
    const damaged = compressed.slice();
    for (let i = 100; i < 140; i++) damaged[i] = (damaged[i] ?? 0) ^ 0x5a;
    const { error } = await readAll(chunksOf(damaged, 512));
    expect(error).toBeInstanceOf(GzipError);
    expect((error as GzipError).message).toMatch(/^The gzip file (is damaged|ends too early)/);
  });

  it('lets a reader stop early (the key check), releasing the file', async () => {
    const compressed = await gzip(exportLines(5000));
    let returned = false;
    async function* file(): AsyncGenerator<Uint8Array> {
      try {
        yield* chunksOf(compressed, 256);
      } finally {
        returned = true;
      }
    }
    const wrongKeys = { partitionKey: { name: 'id', type: 'S' as const } };
    const mismatch = await checkKeySchemaFit(file(), 'jsonl', wrongKeys);
    expect(mismatch?.message).toContain('id');
    expect(returned).toBe(true);
  });
});

describe('importFile of a .json.gz', () => {
  it('writes every item of a gzipped S3 export, with progress in compressed bytes', async () => {
    const compressed = await gzip(exportLines(60));
    const target = createLocalDynamoDB();
    await target.createTable({
      TableName: 'Gzipped',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    let lastBytes = 0;
    const report = await importFile(chunksOf(compressed, 100), 'jsonl', {
      target,
      tableName: 'Gzipped',
      keys: KEYS,
      onProgress: (progress) => (lastBytes = progress.bytesRead ?? 0),
    });
    expect(report.written).toBe(60);
    expect((await target.scan({ TableName: 'Gzipped', Select: 'COUNT' })).Count).toBe(60);
    expect((await target.getItem({ TableName: 'Gzipped', Key: { pk: { S: 'p3' }, sk: { N: '59' } } })).Item?.note).toEqual({ S: 'éééé' });
    expect(lastBytes).toBe(compressed.length);
  });

  it('guesses JSON lines for an S3 export name, CSV for .csv.gz', () => {
    expect(formatOfFileName('01700000000000-abcd1234.json.gz')).toBe('jsonl');
    expect(formatOfFileName('people.CSV.gz')).toBe('csv');
    expect(formatOfFileName('items.json')).toBe('json');
  });
});
