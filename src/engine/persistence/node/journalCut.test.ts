import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../expressions';
import { createEngine, N, S, tableInput } from '../../engine.fixtures';
import type { LocalDynamoDB } from '../../localDynamoDB.types';
import { isPersistenceError, openNodePersistence } from '.';

/*
 * A crash can stop a journal append at any byte. For a real journal (a table created, puts, an
 * overwrite, a delete, a batch of several writes on one line) cut at EVERY byte offset, the
 * public opener must load exactly the changes wholly before the cut — dropping a torn tail with
 * its warning and cutting the file back — or, inside the header (which is renamed into place
 * whole, so only damage can cut it), refuse with the documented message. Never a partial or
 * changed item, never any other error.
 *
 * The same for the pending file of a transaction over two tables, as the adapter had written it
 * when the first table's append began: cut anywhere, it refuses with its documented message; whole,
 * the transaction is completed in both tables.
 *
 * A few temporary directories are reused for every cut (the cut file is replaced each time), opened
 * side by side so the file system's waits overlap; the opener is the real one (lock, marker, load,
 * close). Test-only.
 */

const TABLE_FILE = 'Journal.table.jsonl';
const JOURNAL = tableInput('Journal', [
  ['pk', 'S'],
  ['sk', 'S'],
]);
const OTHER = tableInput('Other', [['id', 'S']]);

/** Awkward values: multi-byte UTF-8 (cuts land inside characters), escapes, a number, binary. */
function item(sk: string, text: string, extra: Item = {}): Item {
  return { pk: S('P'), sk: S(sk), text: S(text), n: N(sk.length), ...extra };
}

/** The table as the engine serves it. */
async function contentOf(engine: LocalDynamoDB, tableName: string): Promise<Item[]> {
  return (await engine.scan({ TableName: tableName, ConsistentRead: true })).Items ?? [];
}

/** An acknowledged change: the file's size once it was on disk, and the table's content then. */
interface Checkpoint {
  readonly bytes: number;
  readonly items: readonly Item[];
}

let source: string;
/** Scratch data directories, one per concurrent opener (each cut is opened in one of them). */
let scratch: string;
const WORKERS = 4;
/** The journal, whole. */
let journal: Buffer;
const checkpoints: Checkpoint[] = [];
/** The data directory at the moment the transaction's first table append began: every file by name. */
let atCrash: Map<string, Buffer>;
let pendingName: string;
/** Both tables after the transaction. */
let afterTransaction: { journal: Item[]; other: Item[] };

beforeAll(async () => {
  source = await mkdtemp(join(tmpdir(), 'keylab-journal-'));
  scratch = await mkdtemp(join(tmpdir(), 'keylab-journal-cut-'));
  const persistence = await openNodePersistence(source, { onWarning: () => undefined });
  const engine = createEngine({ storage: persistence.hook });
  await persistence.load(engine);
  const checkpoint = async () => checkpoints.push({ bytes: (await stat(join(source, TABLE_FILE))).size, items: await contentOf(engine, 'Journal') });

  await engine.createTable(JOURNAL);
  await checkpoint();
  await engine.putItem({ TableName: 'Journal', Item: item('a', 'ünïcödé 𝄞 "quoted", \\ and \n a newline') });
  await checkpoint();
  await engine.putItem({ TableName: 'Journal', Item: item('b', '€ and 🎉', { bin: { B: Uint8Array.of(0, 10, 255) } }) });
  await checkpoint();
  await engine.putItem({ TableName: 'Journal', Item: item('a', 'overwritten') });
  await checkpoint();
  await engine.deleteItem({ TableName: 'Journal', Key: { pk: S('P'), sk: S('b') } });
  await checkpoint();
  await engine.batchWriteItem({
    RequestItems: { Journal: ['c', 'd', 'e'].map((sk) => ({ PutRequest: { Item: item(sk, `batch ${sk} ✓`) } })) },
  });
  await checkpoint();
  await engine.putItem({ TableName: 'Journal', Item: item('f', '') });
  await checkpoint();
  journal = await readFile(join(source, TABLE_FILE));

  // A transaction over two tables: the adapter writes a pending file first, then appends to each table.
  // The directory as it is when the first append begins is what a crash there leaves behind.
  await engine.createTable(OTHER);
  const handlePrototype = await fileHandlePrototype(source);
  const appendFile = handlePrototype.appendFile;
  const spy = vi.spyOn(handlePrototype, 'appendFile').mockImplementationOnce(async function (this: FileHandle, ...args: Parameters<FileHandle['appendFile']>) {
    atCrash = await snapshot(source);
    return appendFile.apply(this, args);
  });
  await engine.transactWriteItems({
    TransactItems: [
      { Put: { TableName: 'Journal', Item: item('g', 'in a transaction 𝄞') } },
      { Delete: { TableName: 'Journal', Key: { pk: S('P'), sk: S('c') } } },
      { Put: { TableName: 'Other', Item: { id: S('x'), text: S('the other table ü') } } },
    ],
  });
  spy.mockRestore();
  afterTransaction = { journal: await contentOf(engine, 'Journal'), other: await contentOf(engine, 'Other') };
  await persistence.close();
  pendingName = [...atCrash.keys()].find((name) => name.includes('pending')) ?? '';
});

afterAll(async () => {
  vi.restoreAllMocks();
  await rm(source, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

/** Every file of a directory (no sub-directories) by name. */
async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile()) files.set(entry.name, await readFile(join(dir, entry.name)));
  }
  return files;
}

/** A FileHandle's prototype, to watch its methods. */
async function fileHandlePrototype(dir: string): Promise<FileHandle> {
  const handle = await open(join(dir, 'probe'), 'w');
  await handle.close();
  await rm(join(dir, 'probe'));
  return Object.getPrototypeOf(handle) as FileHandle;
}

/** Opens `dir` the way `--data DIR` does; what it loaded, or the error it refused with. */
async function boot(
  dir: string,
): Promise<{ ok: true; engine: LocalDynamoDB; warnings: readonly string[]; close: () => Promise<void> } | { ok: false; error: unknown }> {
  const persistence = await openNodePersistence(dir, { onWarning: () => undefined });
  const engine = createEngine({ storage: persistence.hook });
  try {
    const { warnings } = await persistence.load(engine);
    return { ok: true, engine, warnings, close: () => persistence.close() };
  } catch (error) {
    await persistence.close();
    return { ok: false, error };
  }
}

/**
 * Runs `check(cut, dir)` for every cut from 0 to `length` (the whole file), {@link WORKERS} at a
 * time, each worker in a directory of its own that `prepare(dir)` sets up once.
 */
async function forEveryCut(
  name: string,
  length: number,
  prepare: (dir: string) => Promise<void>,
  check: (cut: number, dir: string) => Promise<void>,
): Promise<void> {
  const workers = Array.from({ length: WORKERS }, async (_, worker) => {
    const dir = join(scratch, `${name}-${worker}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await prepare(dir);
    for (let cut = worker; cut <= length; cut += WORKERS) await check(cut, dir);
  });
  // Every worker ends (and closes its directory) before the first failure is reported.
  const failed = (await Promise.allSettled(workers)).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The error as text for a failure message. */
function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Fails unless the open was refused with a PersistenceError of `code` whose message matches `message`. */
async function expectRefusal(booted: Awaited<ReturnType<typeof boot>>, code: 'persistence.corrupt', message: RegExp, where: string): Promise<void> {
  if (booted.ok) {
    await booted.close();
    throw new Error(`${where}: expected a refusal, but it loaded`);
  }
  expect(isPersistenceError(booted.error, code), `${where}: ${describeError(booted.error)}`).toBe(true);
  expect((booted.error as Error).message, where).toMatch(message);
}

const HEADER_REFUSAL =
  /^The data file \S+Journal\.table\.jsonl is damaged at line 1, the table's header \((the file is empty|the line has no end)\): it cannot be repaired\. Restore it from a backup or remove it\.$/;
const TORN_TAIL = /^\S+Journal\.table\.jsonl: dropped an unfinished write at line (\d+) \(the line has no end\); it was never acknowledged\.$/;
const PENDING_REFUSAL =
  /^\S+keylab\.pending-change\.jsonl \(a change to several tables that was being saved when Keylab stopped\) is damaged at line (\d+) \((.+)\)\. Remove it to start without that change, which was never acknowledged\.$/;

describe('a table journal cut at every byte', () => {
  it('loads exactly the changes wholly before the cut (a torn tail dropped with its warning), or refuses a cut header', { timeout: 300_000 }, async () => {
    expect(checkpoints.map((entry) => entry.bytes)).toEqual([...checkpoints.map((entry) => entry.bytes)].sort((a, b) => a - b));
    expect(checkpoints.at(-1)?.bytes).toBe(journal.length);
    const headerEnd = checkpoints[0]?.bytes ?? 0;
    const seen = { refused: 0, whole: 0, torn: 0 };
    await forEveryCut(
      'journal',
      journal.length,
      async () => undefined,
      async (cut, dir) => {
        await writeFile(join(dir, TABLE_FILE), journal.subarray(0, cut));
        const booted = await boot(dir);
        const where = `cut at byte ${cut} of ${journal.length}`;
        if (cut < headerEnd) {
          // The header is written whole (renamed into place): a cut one is damage, refused with the documented message.
          await expectRefusal(booted, 'persistence.corrupt', HEADER_REFUSAL, where);
          seen.refused++;
          return;
        }
        if (!booted.ok) throw new Error(`${where}: expected the journal to load, but it was refused: ${describeError(booted.error)}`);
        try {
          const before = checkpoints.filter((entry) => entry.bytes <= cut).at(-1) as Checkpoint;
          expect(await contentOf(booted.engine, 'Journal'), where).toEqual(before.items);
          if (cut === before.bytes) {
            expect(booted.warnings, where).toEqual([]);
            seen.whole++;
          } else {
            // Lines are 1-based and the header is line 1: the torn line is the one after the complete ones.
            const completeLines = journal.subarray(0, before.bytes).filter((byte) => byte === 0x0a).length;
            expect(booted.warnings, where).toEqual([expect.stringMatching(TORN_TAIL)]);
            expect(TORN_TAIL.exec(booted.warnings[0] ?? '')?.[1], where).toBe(String(completeLines + 1));
            seen.torn++;
          }
          // The torn tail is cut off the file, so the next append starts on a line of its own.
          expect((await stat(join(dir, TABLE_FILE))).size, where).toBe(before.bytes);
        } finally {
          await booted.close();
        }
      },
    );
    expect(seen).toEqual({ refused: headerEnd, whole: checkpoints.length, torn: journal.length + 1 - headerEnd - checkpoints.length });
  });
});

describe("a transaction's pending file cut at every byte", () => {
  it('refuses with the documented message at every cut, and completes the transaction in both tables when whole', { timeout: 300_000 }, async () => {
    expect(pendingName).toBe('keylab.pending-change.jsonl');
    const pending = atCrash.get(pendingName) as Buffer;
    expect(pending.filter((byte) => byte === 0x0a).length).toBe(3);
    const tableFiles = [...atCrash].filter(([name]) => name !== pendingName);
    let completed = 0;
    await forEveryCut(
      'pending',
      pending.length,
      // The table files as the crash left them (a refused load changes none of them: checked below).
      async (dir) => {
        for (const [name, bytes] of tableFiles) await writeFile(join(dir, name), bytes);
      },
      async (cut, dir) => {
        await writeFile(join(dir, pendingName), pending.subarray(0, cut));
        const booted = await boot(dir);
        const where = `pending file cut at byte ${cut} of ${pending.length}`;
        if (cut < pending.length) {
          await expectRefusal(booted, 'persistence.corrupt', PENDING_REFUSAL, where);
          for (const [name, bytes] of tableFiles) expect(await readFile(join(dir, name)), `${where}: ${name}`).toEqual(bytes);
          return;
        }
        if (!booted.ok) throw new Error(`${where}: expected the transaction to be completed, but it was refused: ${describeError(booted.error)}`);
        try {
          expect(booted.warnings, where).toEqual([expect.stringMatching(/^completed a change to several tables that was being saved when Keylab stopped/)]);
          expect(await contentOf(booted.engine, 'Journal'), where).toEqual(afterTransaction.journal);
          expect(await contentOf(booted.engine, 'Other'), where).toEqual(afterTransaction.other);
          expect(await readdir(dir), where).not.toContain(pendingName);
          completed++;
        } finally {
          await booted.close();
        }
      },
    );
    expect(completed).toBe(1);
  });
});
