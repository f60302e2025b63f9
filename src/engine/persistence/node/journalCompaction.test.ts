import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { itemSize } from '../../../expressions';
import { N, S } from '../../engine.fixtures';
import type { ItemWrite } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import { compactsAtLoad, REWRITE_WRITES, replacesFile, rewriteTableFile, withChange } from './journalCompaction';
import type { TableFile } from './journalFiles';
import { parseTableFile, TABLE_FILE_VERSION } from './tableFile';
import { readRestored } from '../../storage/deferredItem';

const DEFINITION = {
  name: 'Scores',
  keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
  attributeDefinitions: [
    { name: 'pk', type: 'S' },
    { name: 'sk', type: 'S' },
  ],
} as unknown as TableDefinition;

const item = (sk: string, score: number) => ({ pk: S('P'), sk: S(sk), score: N(score) });

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('compaction of a --data table file', () => {
  it('replaces a file for a bulk change, or once its journal outgrew both the threshold and its base', () => {
    const file = (bytes: number, baseBytes: number): TableFile => ({ fileName: 'Scores.table.jsonl', definition: DEFINITION, bytes, baseBytes });
    expect(replacesFile(file(100, 100), REWRITE_WRITES - 1, 1_000)).toBe(false);
    expect(replacesFile(file(100, 100), REWRITE_WRITES, 1_000)).toBe(true);
    // Grown 1,000 bytes: not past the threshold (1,000) yet; 1,001 is.
    expect(replacesFile(file(1_100, 100), 1, 1_000)).toBe(false);
    expect(replacesFile(file(1_101, 100), 1, 1_000)).toBe(true);
    // A base larger than the threshold: the journal may grow as large as the base.
    expect(replacesFile(file(4_000, 2_000), 1, 1_000)).toBe(false);
    expect(replacesFile(file(4_001, 2_000), 1, 1_000)).toBe(true);
  });

  it('starts a loaded file over when it is mostly garbage, was repaired, completed a pending change or is of an older format', () => {
    const clean = { writes: 10, appendedWrites: 10, liveItems: 10, dropped: 0, version: TABLE_FILE_VERSION, sizesCurrent: true, completedPending: false };
    expect(compactsAtLoad(clean)).toBe(false);
    expect(compactsAtLoad({ ...clean, writes: 2 * 10 + 1_001 })).toBe(true);
    expect(compactsAtLoad({ ...clean, dropped: 1 })).toBe(true);
    expect(compactsAtLoad({ ...clean, completedPending: true })).toBe(true);
    expect(compactsAtLoad({ ...clean, version: TABLE_FILE_VERSION - 1 })).toBe(true);
    // Sizes stored under older itemSize rules are worked out again at every start until the file is rewritten.
    expect(compactsAtLoad({ ...clean, sizesCurrent: false })).toBe(true);
    expect(compactsAtLoad({ ...clean, sizesCurrent: false, liveItems: 0, writes: 0 })).toBe(false);
    // Many appended writes (a table filled by small batches): read whole at every start until rewritten.
    expect(compactsAtLoad({ ...clean, writes: REWRITE_WRITES, appendedWrites: REWRITE_WRITES - 1, liveItems: REWRITE_WRITES })).toBe(false);
    expect(compactsAtLoad({ ...clean, writes: REWRITE_WRITES, appendedWrites: REWRITE_WRITES, liveItems: REWRITE_WRITES })).toBe(true);
  });

  it('rewrites a file as its items plus the change that caused it, which reads back as the same table, and closes the old append handle', async () => {
    dir = await mkdtemp(join(tmpdir(), 'keylab-compaction-'));
    let closed = 0;
    const file: TableFile = {
      fileName: 'Scores.table.jsonl',
      definition: DEFINITION,
      bytes: 0,
      baseBytes: 0,
      handle: { close: async () => void closed++ } as unknown as TableFile['handle'],
    };
    const change: ItemWrite[] = [
      { tableName: 'Scores', key: { pk: S('P'), sk: S('a') }, item: undefined },
      { tableName: 'Scores', key: { pk: S('P'), sk: S('c') }, item: item('c', 3) },
    ];
    await rewriteTableFile(dir, file, { items: [item('a', 1), item('b', 2)] }, change);
    const bytes = await readFile(join(dir, file.fileName));
    expect(file).toMatchObject({ bytes: bytes.byteLength, baseBytes: bytes.byteLength, handle: undefined });
    expect(closed).toBe(1);
    const parsed = parseTableFile(bytes, file.fileName);
    expect(parsed.replay.items().map(readRestored)).toEqual([item('b', 2), item('c', 3)]);
    expect(parsed.tornTail).toBeUndefined();
  });
});

describe('withChange: the table a rewrite writes', () => {
  const NUMBERED = {
    ...DEFINITION,
    keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } },
  } as unknown as TableDefinition;
  const row = (pk: string, sk: string, v = 0) => ({ pk: S(pk), sk: { N: sk }, v: N(v) });
  const put = (item: ReturnType<typeof row>): ItemWrite => ({ tableName: 'Scores', key: { pk: item.pk, sk: item.sk }, item });
  const del = (pk: string, sk: string): ItemWrite => ({ tableName: 'Scores', key: { pk: S(pk), sk: { N: sk } }, item: undefined });

  it('keeps stored items in place (a put replaces one there), drops deleted ones, and adds new items partition by partition in key order', () => {
    const base = { items: [row('B', '1'), row('B', '2'), row('A', '5')], itemSizes: [11, 12, 13] };
    const change = [
      put(row('C', '10')),
      put(row('A', '9')),
      put(row('C', '9')),
      put(row('B', '2', 7)),
      del('B', '1'),
      put(row('A', '10')),
      del('C', '9'),
      put(row('C', '-1')),
    ];
    const { items, itemSizes } = withChange(base, change, NUMBERED);
    // N sort keys in numeric order (compareKeys): 9 before 10, -1 first.
    expect(items).toEqual([row('B', '2', 7), row('A', '5'), row('C', '-1'), row('C', '10'), row('A', '9'), row('A', '10')]);
    // A stored item's size is kept; a written one's worked out.
    expect(itemSizes).toEqual([itemSize(row('B', '2', 7)), 13, ...items.slice(2).map(itemSize)]);
  });
});
