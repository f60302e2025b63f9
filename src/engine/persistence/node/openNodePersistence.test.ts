import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { itemSize, type Item } from '../../../expressions';
import { createEngine, keySchema, N, S, tableInput } from '../../engine.fixtures';
import type { ItemWrite, LocalDynamoDB } from '../../localDynamoDB.types';
import { dumpEngine, itKeepsTableChangesAcrossRestarts, writeScenario } from '../persistence.fixtures';
import { isPersistenceError, type PersistenceErrorCode } from '../persistenceError';
import { writeFileAtomic } from './atomicFile';
import { sealLine } from './lineChecksum';
import { openNodePersistence, REWRITE_WRITES, type NodePersistence, type NodePersistenceOptions } from './openNodePersistence';
import { PENDING_CHANGE_FILE, pendingChangeLines } from './pendingChange';
import { changeLines } from './tableFile';
import { createStreamTable, readAllRecords, writeStreamScenario } from '../../streams/streams.fixtures';

let dir: string;
const opened: NodePersistence[] = [];
let warnings: string[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keylab-data-'));
  warnings = [];
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const persistence of opened.splice(0)) await persistence.close();
  await rm(dir, { recursive: true, force: true });
});

/** Opens the directory and restores an engine from it: what `--data DIR` does at start-up. */
async function boot(options: NodePersistenceOptions = {}) {
  const persistence = await openNodePersistence(dir, { onWarning: (message) => warnings.push(message), ...options });
  opened.push(persistence);
  const engine = createEngine({ storage: persistence.hook });
  const result = await persistence.load(engine);
  return { persistence, engine, ...result };
}

async function restart(persistence: NodePersistence, options: NodePersistenceOptions = {}) {
  await persistence.close();
  return boot(options);
}

async function expectPersistenceError(promise: Promise<unknown>, code: PersistenceErrorCode, message?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isPersistenceError(error, code), `expected ${code}, got ${String(error)}`).toBe(true);
  if (message) expect((error as Error).message).toMatch(message);
}

const LEADERS = tableInput('Leaders', [
  ['pk', 'S'],
  ['sk', 'S'],
]);
const FILE = 'Leaders.table.jsonl';

function leader(i: number, extra: Item = {}): Item {
  return { pk: S('P'), sk: S(String(i).padStart(6, '0')), n: N(i), ...extra };
}

/** A line without its checksum. */
function unsealed(line: string): string {
  return line.replace(/,"c":"[0-9a-f]{8}"}$/, '}');
}

async function lines(fileName = FILE): Promise<string[]> {
  return (await readFile(join(dir, fileName), 'utf8')).split('\n').filter(Boolean);
}

/** A FileHandle's prototype, to make its methods fail. */
async function fileHandlePrototype(): Promise<FileHandle> {
  const handle = await open(join(dir, 'probe'), 'w');
  await handle.close();
  await rm(join(dir, 'probe'));
  return Object.getPrototypeOf(handle) as FileHandle;
}

function enospc(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
}

describe('openNodePersistence', () => {
  itKeepsTableChangesAcrossRestarts({ restartWord: 'restart', boot, restart: restart });

  it('restores every table, item, attribute type (binary as base64) and index after a restart', async () => {
    const first = await boot();
    expect(first).toMatchObject({ firstRun: true, tables: [], items: 0, warnings: [] });
    await writeScenario(first.engine);
    const before = await dumpEngine(first.engine);

    const second = await restart(first.persistence);
    expect(second.tables).toEqual(['Blobs', 'Things']);
    expect(second.items).toBe(6);
    expect(await dumpEngine(second.engine)).toEqual(before);
    // DynamoDB JSON on disk: binary as base64.
    expect(await readFile(join(dir, 'Blobs.table.jsonl'), 'utf8')).toContain('{"id":{"B":"/wA="},"v":{"S":"high byte first"}}');
  });

  it('appends one line per write, and rewrites the file (atomically) for a bulk load', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    expect(await lines()).toHaveLength(1); // the header
    const { ino } = await stat(join(dir, FILE));
    await engine.putItem({ TableName: 'Leaders', Item: leader(1) });
    await engine.deleteItem({ TableName: 'Leaders', Key: { pk: S('P'), sk: S('000001') } });
    await engine.putItem({ TableName: 'Leaders', Item: leader(2) });
    const appended = (await lines()).slice(1);
    // Each line ends with its checksum.
    expect(appended).toEqual(appended.map(() => expect.stringMatching(/,"c":"[0-9a-f]{8}"}$/)));
    expect(appended.map(unsealed)).toEqual([
      '{"w":[{"p":{"pk":{"S":"P"},"sk":{"S":"000001"},"n":{"N":"1"}}}]}',
      '{"w":[{"d":{"pk":{"S":"P"},"sk":{"S":"000001"}}}]}',
      '{"w":[{"p":{"pk":{"S":"P"},"sk":{"S":"000002"},"n":{"N":"2"}}}]}',
    ]);
    expect((await stat(join(dir, FILE))).ino).toBe(ino); // appended, not replaced

    await engine.loadItems(
      'Leaders',
      Array.from({ length: REWRITE_WRITES }, (_, i) => leader(i + 10)),
    );
    expect((await stat(join(dir, FILE))).ino).not.toBe(ino); // replaced
    const after = await lines();
    // Header, then the table as it is after the load (the one live item first), 1,000 items to a keys line and an items line.
    expect(after).toHaveLength(1 + 2 * Math.ceil((REWRITE_WRITES + 1) / 1000));
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.tmp$/)]));

    const again = await restart(persistence);
    expect(again.items).toBe(REWRITE_WRITES + 1);
    expect(again.warnings).toEqual([]);
  });

  it('reports the first run until markInitialized', async () => {
    const first = await boot();
    expect(first.firstRun).toBe(true);
    const second = await restart(first.persistence);
    expect(second.firstRun).toBe(true);
    await second.persistence.markInitialized();
    const third = await restart(second.persistence);
    expect(third.firstRun).toBe(false);
  });

  it('deletes a table file with its table, and a new table of that name starts empty', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    await engine.putItem({ TableName: 'Leaders', Item: leader(1) });
    await engine.deleteTable({ TableName: 'Leaders' });
    expect(await readdir(dir)).not.toContain(FILE);
    await engine.createTable(LEADERS);
    const after = await restart(persistence);
    expect(after.tables).toEqual(['Leaders']);
    expect(after.items).toBe(0);
  });

  it('keeps tables whose names differ only in case in separate files', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(tableInput('Cases', [['id', 'S']]));
    await engine.createTable(tableInput('cases', [['id', 'S']]));
    await engine.putItem({ TableName: 'Cases', Item: { id: S('upper') } });
    await engine.putItem({ TableName: 'cases', Item: { id: S('lower') } });
    expect((await readdir(dir)).filter((name) => name.endsWith('.table.jsonl'))).toHaveLength(2);
    const after = await restart(persistence);
    expect((await after.engine.scan({ TableName: 'cases' })).Items).toEqual([{ id: S('lower') }]);
    expect((await after.engine.scan({ TableName: 'Cases' })).Items).toEqual([{ id: S('upper') }]);
  });

  describe('crash safety', () => {
    async function seed(): Promise<void> {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      await engine.putItem({ TableName: 'Leaders', Item: leader(1) });
      await engine.putItem({ TableName: 'Leaders', Item: leader(2) });
      await persistence.close();
    }

    async function scanKeys(engine: LocalDynamoDB): Promise<(string | undefined)[]> {
      return ((await engine.scan({ TableName: 'Leaders' })).Items ?? []).map((item) => item.sk?.S);
    }

    it('ignores (and removes) a temporary file left by an interrupted replace', async () => {
      await seed();
      await writeFile(join(dir, `.${FILE}.12345-deadbeef.tmp`), '{"keylab":"table","version":1,"tab');
      const { engine, warnings: loaded } = await boot();
      expect(await scanKeys(engine)).toEqual(['000001', '000002']);
      expect(loaded).toEqual([expect.stringMatching(/interrupted save/)]);
      expect(await readdir(dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.tmp$/)]));
    });

    it('drops a torn last line with a warning, cuts the file back, and appends cleanly after it', async () => {
      await seed();
      const path = join(dir, FILE);
      const text = await readFile(path, 'utf8');
      await writeFile(path, text.slice(0, text.length - 10)); // the last append, cut short
      const first = await boot();
      expect(await scanKeys(first.engine)).toEqual(['000001']);
      expect(first.warnings).toEqual([expect.stringMatching(/Leaders\.table\.jsonl: dropped an unfinished write at line 3/)]);
      expect(warnings).toEqual(first.warnings); // also reported through onWarning
      expect(await lines()).toHaveLength(2);

      await first.engine.putItem({ TableName: 'Leaders', Item: leader(3) });
      const second = await restart(first.persistence);
      expect(second.warnings).toEqual([]);
      expect(await scanKeys(second.engine)).toEqual(['000001', '000003']);
    });

    it('drops a change that spans lines when its last line is missing', async () => {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      await engine.putItem({ TableName: 'Leaders', Item: leader(1) });
      await engine.loadItems(
        'Leaders',
        Array.from({ length: 2500 }, (_, i) => leader(i + 10)),
      ); // appended as 3 lines
      await persistence.close();
      const all = await lines();
      expect(all.slice(-3).map((line) => line.includes('"more":true'))).toEqual([true, true, false]);
      await writeFile(join(dir, FILE), all.slice(0, -1).join('\n') + '\n');

      const after = await boot();
      expect(after.items).toBe(1);
      expect(after.warnings).toEqual([expect.stringMatching(/change that spans lines was not finished/)]);
      expect(await lines()).toHaveLength(2);
    });

    it('refuses a file damaged in the middle, naming the file and line', async () => {
      await seed();
      const all = await lines();
      all[1] = '{"w":[{"p":{"pk":{"S":"P"},"sk":';
      await writeFile(join(dir, FILE), all.join('\n') + '\n');
      const persistence = await openNodePersistence(dir);
      opened.push(persistence);
      await expectPersistenceError(
        persistence.load(createEngine({ storage: persistence.hook })),
        'persistence.damagedRecords',
        /Leaders\.table\.jsonl is damaged at line 2 \(it has no checksum\)\. Start with --data-repair to keep every intact record and drop line 2/,
      );
    });

    it('refuses a file with values that are not AttributeValues, and a file from a newer Keylab', async () => {
      await seed();
      const all = await lines();
      const good = all.join('\n') + '\n';
      all[1] = sealLine('{"w":[{"p":{"pk":{"B":"not base64!"}}}]').trimEnd(); // intact, but not an item
      await writeFile(join(dir, FILE), all.join('\n') + '\n');
      let persistence = await openNodePersistence(dir);
      await expectPersistenceError(
        persistence.load(createEngine({ storage: persistence.hook })),
        'persistence.damagedRecords',
        /line 2 \(pk\.B: binary is written as base64 text.*"not base64!" is not base64/,
      );
      await persistence.close();

      await writeFile(join(dir, FILE), good.replace('"version":3', '"version":7'));
      persistence = await openNodePersistence(dir);
      opened.push(persistence);
      await expectPersistenceError(persistence.load(createEngine({ storage: persistence.hook })), 'persistence.newerFormat', /newer version/);
    });

    it('replaces a file atomically: a failed rewrite leaves the old file and no temporary file', async () => {
      await writeFile(join(dir, 'x.txt'), 'old\n');
      function* parts() {
        yield 'new '.repeat(300_000); // past one write chunk, so part of it reaches the temporary file
        throw new Error('crashed while writing');
      }
      await expect(writeFileAtomic(dir, 'x.txt', parts())).rejects.toThrow('crashed while writing');
      expect(await readFile(join(dir, 'x.txt'), 'utf8')).toBe('old\n');
      expect(await readdir(dir)).toEqual(['x.txt']);
      expect(await writeFileAtomic(dir, 'x.txt', ['new\n'])).toBe(4);
      expect(await readFile(join(dir, 'x.txt'), 'utf8')).toBe('new\n');
    });
  });

  describe('damaged records', () => {
    /** Leaders with items 1, 2, 3 (lines 2-4), the value of item 2 changed on disk. */
    async function seedDamaged(): Promise<string> {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      for (const i of [1, 2, 3]) await engine.putItem({ TableName: 'Leaders', Item: leader(i) });
      await persistence.close();
      const damaged = (await readFile(join(dir, FILE), 'utf8')).replace('"n":{"N":"2"}', '"n":{"N":"7"}');
      await writeFile(join(dir, FILE), damaged);
      return damaged;
    }

    it('refuses to load, naming the file and line, and serves nothing changed', async () => {
      await seedDamaged();
      const persistence = await openNodePersistence(dir);
      opened.push(persistence);
      await expectPersistenceError(
        persistence.load(createEngine({ storage: persistence.hook })),
        'persistence.damagedRecords',
        new RegExp(`^The data file ${join(dir, FILE).replace(/[.]/g, '\\.')} is damaged at line 3 \\(its checksum does not match.*drop line 3,`),
      );
    });

    it('repairs on request: keeps every intact record, reports what it dropped, keeps the damaged file', async () => {
      const damaged = await seedDamaged();
      const repaired = await boot({ repair: true });
      const path = join(dir, FILE);
      expect(repaired.dropped).toEqual([
        {
          file: path,
          keptAs: expect.stringMatching(/Leaders\.table\.jsonl\.damaged-[\dT-]+Z$/),
          line: 3,
          why: 'its checksum does not match: the line changed after it was written',
          writes: ['put {"pk":{"S":"P"},"sk":{"S":"000002"}}'],
        },
      ]);
      const keptAs = repaired.dropped[0]?.keptAs as string;
      expect(repaired.warnings).toEqual([
        `--data-repair dropped line 3 of ${path} (its checksum does not match: the line changed after it was written); 1 write:\n  put {"pk":{"S":"P"},"sk":{"S":"000002"}}`,
        `${path}: repaired; the damaged file is kept as ${keptAs}.`,
      ]);
      expect(await readFile(keptAs, 'utf8')).toBe(damaged);
      expect(((await repaired.engine.scan({ TableName: 'Leaders' })).Items ?? []).map((item) => item.sk?.S)).toEqual(['000001', '000003']);

      // The table file was rewritten without the damage: a plain start loads it.
      const after = await restart(repaired.persistence);
      expect(after).toMatchObject({ items: 2, warnings: [], dropped: [] });
    });

    it('upgrades a file written before checksums, and keeps its data', async () => {
      const seeded = await boot();
      await seeded.engine.createTable(LEADERS);
      await seeded.engine.putItem({ TableName: 'Leaders', Item: leader(1) });
      await seeded.persistence.close();
      // Format 1 is format 2 without checksums.
      const legacy = (await lines()).map((line) => unsealed(line).replace('"version":3', '"version":1'));
      await writeFile(join(dir, FILE), legacy.join('\n') + '\n');
      const first = await boot();
      expect(first).toMatchObject({ items: 1, warnings: [] });
      const upgraded = await lines();
      expect(upgraded[0]).toMatch(/^\{"keylab":"table","version":3,.*"c":"[0-9a-f]{8}"}$/);
      expect(upgraded.slice(1).map(unsealed)).toEqual([
        `{"k":["P","000001"],"z":[${itemSize(leader(1))}]}`,
        '{"i":[{"pk":{"S":"P"},"sk":{"S":"000001"},"n":{"N":"1"}}]}',
      ]);
      await first.engine.putItem({ TableName: 'Leaders', Item: leader(2) });
      const second = await restart(first.persistence);
      expect(second.items).toBe(2);
    });
  });

  describe('failed writes', () => {
    it('rejects with a clear error, undoes the append, applies nothing, and carries on', async () => {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      await engine.putItem({ TableName: 'Leaders', Item: leader(1) });
      const size = (await stat(join(dir, FILE))).size;
      vi.spyOn(await fileHandlePrototype(), 'datasync').mockRejectedValueOnce(enospc());

      await expectPersistenceError(engine.putItem({ TableName: 'Leaders', Item: leader(2) }), 'persistence.quotaExceeded', /disk is full/);
      expect((await stat(join(dir, FILE))).size).toBe(size);
      expect((await engine.scan({ TableName: 'Leaders' })).Count).toBe(1);

      await engine.putItem({ TableName: 'Leaders', Item: leader(3) });
      const after = await restart(persistence);
      expect(after.warnings).toEqual([]);
      expect(((await after.engine.scan({ TableName: 'Leaders' })).Items ?? []).map((item) => item.sk?.S)).toEqual(['000001', '000003']);
    });

    it('undoes the other tables of a batch when one table fails', async () => {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      await engine.createTable(tableInput('Other', [['id', 'S']]));
      vi.spyOn(await fileHandlePrototype(), 'datasync')
        .mockResolvedValueOnce(undefined)
        .mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
      await expectPersistenceError(
        engine.batchWriteItem({
          RequestItems: {
            Leaders: [{ PutRequest: { Item: leader(1) } }],
            Other: [{ PutRequest: { Item: { id: S('x') } } }],
          },
        }),
        'persistence.writeFailed',
        /EIO.*not saved/,
      );
      vi.restoreAllMocks();
      const after = await restart(persistence);
      expect(after.items).toBe(0);
    });

    it('a change to several tables is never on disk in part: a crash between its appends is completed at the next start', async () => {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      await engine.createTable(tableInput('Other', [['id', 'S']]));
      await engine.transactWriteItems({
        TransactItems: [{ Put: { TableName: 'Leaders', Item: leader(1) } }, { Put: { TableName: 'Other', Item: { id: S('x') } } }],
      });
      // Saved in full: the pending-change file is gone once both tables have their part.
      expect(await readdir(dir)).not.toContain(PENDING_CHANGE_FILE);
      await persistence.close();

      // A crash after the pending file and Leaders' append, before Other's: what the adapter leaves behind then.
      const writes: ItemWrite[] = [
        { tableName: 'Leaders', key: { pk: S('P'), sk: S('000001') }, item: undefined },
        { tableName: 'Leaders', key: { pk: S('P'), sk: S('000002') }, item: leader(2) },
        { tableName: 'Other', key: { id: S('x') }, item: undefined },
        { tableName: 'Other', key: { id: S('y') }, item: { id: S('y') } },
      ];
      await writeFileAtomic(
        dir,
        PENDING_CHANGE_FILE,
        pendingChangeLines(
          new Map([
            ['Leaders', writes.slice(0, 2)],
            ['Other', writes.slice(2)],
          ]),
        ),
      );
      await writeFile(join(dir, FILE), [...changeLines(writes.slice(0, 2))].join(''), { flag: 'a' });

      const after = await boot();
      expect(after.warnings).toEqual([expect.stringMatching(/^completed a change to several tables that was being saved when Keylab stopped/)]);
      expect(((await after.engine.scan({ TableName: 'Leaders' })).Items ?? []).map((item) => item.sk?.S)).toEqual(['000002']);
      expect(((await after.engine.scan({ TableName: 'Other' })).Items ?? []).map((item) => item.id?.S)).toEqual(['y']);
      expect(await readdir(dir)).not.toContain(PENDING_CHANGE_FILE);
      const again = await restart(after.persistence);
      expect(again.warnings).toEqual([]);
      expect(again.items).toBe(2);
    });

    it('removes the pending change of a change to several tables that failed', async () => {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      await engine.createTable(tableInput('Other', [['id', 'S']]));
      vi.spyOn(await fileHandlePrototype(), 'datasync')
        .mockResolvedValueOnce(undefined)
        .mockRejectedValueOnce(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
      await expectPersistenceError(
        engine.transactWriteItems({
          TransactItems: [{ Put: { TableName: 'Leaders', Item: leader(1) } }, { Put: { TableName: 'Other', Item: { id: S('x') } } }],
        }),
        'persistence.writeFailed',
      );
      vi.restoreAllMocks();
      expect(await readdir(dir)).not.toContain(PENDING_CHANGE_FILE);
      const after = await restart(persistence);
      expect(after.warnings).toEqual([]);
      expect(after.items).toBe(0);
    });

    it('keeps a failed bulk rewrite from touching the table file', async () => {
      const { engine } = await boot();
      await engine.createTable(LEADERS);
      await engine.putItem({ TableName: 'Leaders', Item: leader(1) });
      const before = await readFile(join(dir, FILE), 'utf8');
      vi.spyOn(await fileHandlePrototype(), 'sync').mockRejectedValueOnce(enospc());
      await expectPersistenceError(
        engine.loadItems(
          'Leaders',
          Array.from({ length: REWRITE_WRITES }, (_, i) => leader(i + 10)),
        ),
        'persistence.quotaExceeded',
      );
      expect(await readFile(join(dir, FILE), 'utf8')).toBe(before);
      expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect((await engine.scan({ TableName: 'Leaders' })).Count).toBe(1);
    });

    it('refuses writes before load() and after close()', async () => {
      const persistence = await openNodePersistence(dir);
      const engine = createEngine({ storage: persistence.hook });
      await expectPersistenceError(engine.createTable(LEADERS), 'persistence.notLoaded');
      await persistence.load(engine);
      await persistence.close();
      await expectPersistenceError(engine.createTable(LEADERS), 'persistence.closed', /closed/);
    });
  });

  describe('loading a rewritten table by key', () => {
    it('parses no line of items at start-up; a Query reads the one block its partition lies in, a Scan the rest', async () => {
      const first = await boot();
      await first.engine.createTable(LEADERS);
      // 40 partitions of 250: a bulk load rewrites the file partition by partition, 1,000 items to a block (P7: items 1,750–1,999).
      const loaded = Array.from({ length: REWRITE_WRITES }, (_, i) => leader(i, { pk: S(`P${i % 40}`) }));
      await first.engine.loadItems('Leaders', loaded);
      const expected = await first.engine.query({ TableName: 'Leaders', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('P7') } });
      await first.persistence.close();

      const parse = vi.spyOn(JSON, 'parse');
      /** Lines of items parsed so far: items lines (format 3) or puts (format 2, which parsed every item at load). */
      const itemLinesParsed = () => parse.mock.calls.filter(([text]) => /^\{"(i|w)":/.test(String(text))).length;
      const second = await boot();
      expect(second.items).toBe(REWRITE_WRITES);
      expect(itemLinesParsed()).toBe(0);
      expect(await second.engine.query({ TableName: 'Leaders', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('P7') } })).toEqual(
        expected,
      );
      expect(itemLinesParsed()).toBe(1);
      const scanned = (await second.engine.scan({ TableName: 'Leaders' })).Items ?? [];
      expect(scanned).toHaveLength(REWRITE_WRITES);
      expect(itemLinesParsed()).toBe(REWRITE_WRITES / 1000);
      parse.mockRestore();

      // Writes after such a start are appended and replayed on top of the items read by key.
      await second.engine.putItem({ TableName: 'Leaders', Item: leader(1, { pk: S('P1'), n: N(-1) }) });
      await second.engine.deleteItem({ TableName: 'Leaders', Key: { pk: S('P2'), sk: S('000002') } });
      const third = await restart(second.persistence);
      expect(third.items).toBe(REWRITE_WRITES - 1);
      expect((await third.engine.getItem({ TableName: 'Leaders', Key: { pk: S('P1'), sk: S('000001') } })).Item).toEqual(leader(1, { pk: S('P1'), n: N(-1) }));
      expect((await third.engine.getItem({ TableName: 'Leaders', Key: { pk: S('P2'), sk: S('000002') } })).Item).toBeUndefined();
    });
  });

  describe('a table filled by many small writes', () => {
    it('is rewritten at the start that finds 10,000 appended writes, so the next start loads it by key', async () => {
      const first = await boot();
      await first.engine.createTable(LEADERS);
      for (let start = 0; start < REWRITE_WRITES; start += 25) {
        const batch = Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: leader(start + i, { pk: S(`P${(start + i) % 40}`) }) } }));
        await first.engine.batchWriteItem({ RequestItems: { Leaders: batch } });
      }
      expect(await lines()).toHaveLength(1 + REWRITE_WRITES / 25);
      const second = await restart(first.persistence);
      expect(second.items).toBe(REWRITE_WRITES);
      // Header, then 1,000 items to a keys line and an items line.
      expect(await lines()).toHaveLength(1 + 2 * (REWRITE_WRITES / 1000));

      const parse = vi.spyOn(JSON, 'parse');
      const third = await restart(second.persistence);
      expect(parse.mock.calls.filter(([text]) => /^\{"(i|w)":/.test(String(text)))).toHaveLength(0);
      parse.mockRestore();
      expect(third.items).toBe(REWRITE_WRITES);
      expect((await third.engine.getItem({ TableName: 'Leaders', Key: { pk: S('P7'), sk: S('000047') } })).Item).toEqual(leader(47, { pk: S('P7') }));
    });
  });

  describe('loading a rewritten table with a global secondary index by key', () => {
    it('builds the index from the stored index key values: no line of items parsed at start-up, the index Query answered as before the restart', async () => {
      const first = await boot();
      await first.engine.createTable(LEADERS);
      // Every third item has no tier (a sparse index), every fifth a tier that is a number: the index, added after, leaves it out.
      const loaded = Array.from({ length: REWRITE_WRITES }, (_, i) => leader(i, i % 3 === 0 ? {} : { tier: i % 5 === 0 ? N(i % 4) : S(`T${i % 4}`) }));
      await first.engine.loadItems('Leaders', loaded);
      await first.engine.updateTable({
        TableName: 'Leaders',
        AttributeDefinitions: [
          { AttributeName: 'tier', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: 'byTier', KeySchema: keySchema('tier', 'sk'), Projection: { ProjectionType: 'KEYS_ONLY' } } }],
      });
      const byTier = { TableName: 'Leaders', IndexName: 'byTier', KeyConditionExpression: 'tier = :t', ExpressionAttributeValues: { ':t': S('T2') } };
      const expected = await first.engine.query(byTier);
      const described = await first.engine.describeTable({ TableName: 'Leaders' });
      await first.persistence.close();

      const parse = vi.spyOn(JSON, 'parse');
      const itemLinesParsed = () => parse.mock.calls.filter(([text]) => /^\{"(i|w)":/.test(String(text))).length;
      const second = await boot();
      expect(itemLinesParsed()).toBe(0);
      const again = await second.engine.describeTable({ TableName: 'Leaders' });
      expect(again.Table?.GlobalSecondaryIndexes?.[0]?.ItemCount).toBe(described.Table?.GlobalSecondaryIndexes?.[0]?.ItemCount);
      expect(again.Table?.GlobalSecondaryIndexes?.[0]?.IndexSizeBytes).toBe(described.Table?.GlobalSecondaryIndexes?.[0]?.IndexSizeBytes);
      expect(itemLinesParsed()).toBe(0);
      expect(await second.engine.query(byTier)).toEqual(expected);
      parse.mockRestore();
    });
  });

  describe('compaction', () => {
    it('rewrites a file whose journal outgrew its base', async () => {
      const { engine, persistence } = await boot({ compactAfterBytes: 20_000 });
      await engine.createTable(LEADERS);
      const padding = S('x'.repeat(1_000));
      for (let i = 0; i < 30; i++) await engine.putItem({ TableName: 'Leaders', Item: leader(1, { n: N(i), padding }) });
      // 30 appends of ~1 KB: compacted once the journal passed 20 KB, then appended again.
      expect((await lines()).length).toBeLessThan(15);
      const after = await restart(persistence);
      expect((await after.engine.scan({ TableName: 'Leaders' })).Items).toEqual([leader(1, { n: N(29), padding })]);
    });

    it('compacts a file of mostly overwritten items on load', async () => {
      const { engine, persistence } = await boot();
      await engine.createTable(LEADERS);
      await engine.batchWriteItem({ RequestItems: { Leaders: [{ PutRequest: { Item: leader(1) } }] } });
      for (let round = 0; round < 50; round++) {
        await engine.loadItems(
          'Leaders',
          Array.from({ length: 25 }, (_, i) => leader(i, { round: N(round) })),
        );
      }
      const after = await restart(persistence);
      expect(await lines()).toHaveLength(3); // header + the 25 live items (a keys line and an items line)
      expect(after.items).toBe(25);
    });
  });

  describe('the directory', () => {
    it('is owned by one adapter at a time; a lock left by a dead process is taken over', async () => {
      const { persistence } = await boot();
      await expectPersistenceError(openNodePersistence(dir), 'persistence.inUse', /in use by this process/);
      await persistence.close();
      expect(await readdir(dir)).not.toContain('keylab.lock'); // released

      // Another live process's lock (the lock is a directory holding one token file).
      await mkdir(join(dir, 'keylab.lock'));
      await writeFile(join(dir, 'keylab.lock', 'ab12'), JSON.stringify({ pid: process.ppid }) + '\n');
      await expectPersistenceError(openNodePersistence(dir), 'persistence.inUse', new RegExp(`in use by process ${process.ppid}:`));
      // A dead one's.
      await writeFile(join(dir, 'keylab.lock', 'ab12'), JSON.stringify({ pid: 999_999_999 }) + '\n');
      const next = await openNodePersistence(dir);
      const [token] = await readdir(join(dir, 'keylab.lock'));
      expect(token).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.parse(await readFile(join(dir, 'keylab.lock', token as string), 'utf8'))).toMatchObject({ pid: process.pid });
      expect((await readdir(dir)).filter((name) => name.startsWith('keylab.lock'))).toEqual(['keylab.lock']); // no private directory left
      await next.close();
    });

    it('honours the lock file of an older Keylab while its process lives, and takes it over when it is dead', async () => {
      await writeFile(join(dir, 'keylab.lock'), `${process.ppid}\n`);
      await expectPersistenceError(openNodePersistence(dir), 'persistence.inUse', new RegExp(`in use by process ${process.ppid}:`));
      await writeFile(join(dir, 'keylab.lock'), '999999999\n');
      const next = await openNodePersistence(dir);
      opened.push(next);
      expect(await readdir(join(dir, 'keylab.lock'))).toHaveLength(1);
    });

    it('takes over a lock whose pid was reused by a later process (Linux: /proc start times)', async () => {
      await mkdir(join(dir, 'keylab.lock'));
      // Our parent is alive, but it did not start at clock tick 1.
      await writeFile(join(dir, 'keylab.lock', 'cd34'), JSON.stringify({ pid: process.ppid, started: '1' }) + '\n');
      const hasProc = await stat('/proc/self/stat').then(
        () => true,
        () => false,
      );
      if (!hasProc) {
        await expectPersistenceError(openNodePersistence(dir), 'persistence.inUse');
        return;
      }
      const next = await openNodePersistence(dir);
      opened.push(next);
    });

    it('refuses a damaged marker, and a directory from a newer Keylab', async () => {
      await writeFile(join(dir, 'keylab.json'), '{"keylab":"da');
      await expectPersistenceError(openNodePersistence(dir), 'persistence.corrupt', /keylab\.json is damaged/);
      await writeFile(join(dir, 'keylab.json'), '{"keylab":"data","version":9}\n');
      await expectPersistenceError(openNodePersistence(dir), 'persistence.newerFormat');
      // A failed open releases the directory.
      await rm(join(dir, 'keylab.json'));
      const persistence = await openNodePersistence(dir);
      opened.push(persistence);
    });
  });
});

describe('stream records', () => {
  it('are kept across a restart, with their sequence numbers, and numbering carries on above them', async () => {
    const { persistence, engine } = await boot();
    await createStreamTable(engine, 'Streamed');
    await writeStreamScenario(engine, 'Streamed');
    const before = await readAllRecords(engine, 'Streamed');
    expect(before.map((record) => record.eventName)).toEqual(['INSERT', 'INSERT', 'MODIFY', 'REMOVE', 'INSERT', 'REMOVE']);

    const second = await restart(persistence);
    expect(await readAllRecords(second.engine, 'Streamed')).toEqual(before);
    await writeStreamScenario(second.engine, 'Streamed', 10);
    const after = await readAllRecords(second.engine, 'Streamed');
    expect(after.slice(0, before.length)).toEqual(before);
    const numbers = after.map((record) => Number(record.dynamodb?.SequenceNumber));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(warnings).toEqual([]);
  });

  it('older than 24 hours are trimmed at load, and a re-created table starts without the old ones', async () => {
    let now = Date.UTC(2026, 5, 23, 10, 0, 0);
    const clock = () => now;
    const persistence = await openNodePersistence(dir, { onWarning: (message) => warnings.push(message) });
    const engine = createEngine({ storage: persistence.hook, clock });
    await persistence.load(engine);
    await createStreamTable(engine, 'Streamed');
    await writeStreamScenario(engine, 'Streamed');
    now += 23 * 60 * 60 * 1000;
    await engine.putItem({ TableName: 'Streamed', Item: { pk: S('late'), sk: N(1) } });
    await persistence.close();

    now += 2 * 60 * 60 * 1000;
    const reopened = await openNodePersistence(dir, { onWarning: (message) => warnings.push(message) });
    opened.push(reopened);
    const restored = createEngine({ storage: reopened.hook, clock });
    await reopened.load(restored);
    const records = await readAllRecords(restored, 'Streamed');
    expect(records.map((record) => record.dynamodb?.Keys?.pk)).toEqual([S('late')]);
    expect((await readFile(join(dir, 'Streamed.table.jsonl.stream'), 'utf8')).trim().split('\n')).toHaveLength(1);

    await restored.deleteTable({ TableName: 'Streamed' });
    await createStreamTable(restored, 'Streamed');
    expect(await readAllRecords(restored, 'Streamed')).toEqual([]);
  });
});
