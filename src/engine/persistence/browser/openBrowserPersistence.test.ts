import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../expressions';
import { createEngine, N, S, tableInput } from '../../engine.fixtures';
import type { LocalDynamoDB } from '../../localDynamoDB.types';
import { dumpEngine, itKeepsTableChangesAcrossRestarts, writeScenario } from '../persistence.fixtures';
import { isPersistenceError, type PersistenceErrorCode } from '../persistenceError';
import { BLOCK_ITEMS, DB_VERSION, type LogRecord } from './idbSchema';
import { createStreamTable, readAllRecords, writeStreamScenario } from '../../streams/streams.fixtures';
import { deleteBrowserPersistence, openBrowserPersistence, takeOverBrowserPersistence, type BrowserPersistence } from './openBrowserPersistence';

/*
 * fake-indexeddb is an in-memory IndexedDB: a "reload" is a second
 * openBrowserPersistence on the same factory. Every test gets a new factory.
 * The real-browser check is e2e/builtInTablePersistence.spec.ts.
 */

const NAME = 'keylab-test';
const open: BrowserPersistence[] = [];

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(async () => {
  for (const persistence of open.splice(0)) await persistence.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Opens the store and an engine restored from it — what a page load does. */
async function boot(): Promise<{ persistence: BrowserPersistence; engine: LocalDynamoDB; firstRun: boolean; tables: readonly string[]; items: number }> {
  const persistence = await openBrowserPersistence({ name: NAME });
  open.push(persistence);
  const engine = createEngine({ storage: persistence.hook });
  const result = await persistence.load(engine);
  return { persistence, engine, ...result };
}

/** Closes the store and boots again: a reload. */
async function reload(persistence: BrowserPersistence) {
  await persistence.close();
  return boot();
}

/** The raw `log` store: keys and records. */
async function readLog(): Promise<{ keys: [string, number][]; records: LogRecord[] }> {
  const db = await openDB(NAME);
  try {
    const keys = (await db.getAllKeys('log')) as [string, number][];
    const records = (await db.getAll('log')) as LogRecord[];
    return { keys, records };
  } finally {
    db.close();
  }
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

function leader(i: number): Item {
  return { pk: S('P'), sk: S(String(i).padStart(6, '0')), n: N(i) };
}

describe('openBrowserPersistence', () => {
  itKeepsTableChangesAcrossRestarts({ restartWord: 'reload', boot, restart: reload });

  it('restores every table, item, attribute type and index after a reload', async () => {
    const first = await boot();
    expect(first).toMatchObject({ firstRun: true, tables: [], items: 0 });
    await writeScenario(first.engine);
    const before = await dumpEngine(first.engine);

    const second = await reload(first.persistence);
    expect(second.tables.slice().sort()).toEqual(['Blobs', 'Things']);
    expect(second.items).toBe(6);
    expect(await dumpEngine(second.engine)).toEqual(before);
    // Binary comes back as Uint8Array (structured clone), not as a copy in another shape.
    const { Item } = await second.engine.getItem({ TableName: 'Things', Key: { pk: S('p1'), sk: N(3) } });
    expect(Item?.bytes?.B).toBeInstanceOf(Uint8Array);
    expect([...(Item?.bytes?.B ?? [])]).toEqual([0, 1, 127, 128, 255]);
  });

  it('stores a single-item write as one small record, and a bulk load as blocks of BLOCK_ITEMS', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    await engine.putItem({ TableName: 'Leaders', Item: leader(1) });
    await engine.putItem({ TableName: 'Leaders', Item: leader(2) });
    let log = await readLog();
    expect(log.records).toEqual([{ puts: [leader(1)] }, { puts: [leader(2)] }]);

    const count = 2 * BLOCK_ITEMS + 500;
    await engine.loadItems(
      'Leaders',
      Array.from({ length: count }, (_, i) => leader(i + 10)),
    );
    log = await readLog();
    expect(log.records.map((record) => ('puts' in record ? record.puts.length : -1))).toEqual([1, 1, BLOCK_ITEMS, BLOCK_ITEMS, 500]);
    // Sequence numbers increase in commit order.
    expect(log.keys.map(([, seq]) => seq)).toEqual([...log.keys.map(([, seq]) => seq)].sort((a, b) => a - b));

    const after = await reload(persistence);
    expect(after.items).toBe(count + 2);
    const page = await after.engine.query({
      TableName: 'Leaders',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': S('P') },
      Limit: 3,
    });
    expect(page.Items?.map((item) => item.sk?.S)).toEqual(['000001', '000002', '000010']);
  });

  it('has a write stored once the operation resolves (another connection sees it)', async () => {
    const { engine } = await boot();
    await engine.createTable(LEADERS);
    await engine.putItem({ TableName: 'Leaders', Item: leader(7) });
    expect((await readLog()).records).toEqual([{ puts: [leader(7)] }]);
  });

  it('replays deletes and overwrites, and drops a deleted table with its items', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    await engine.loadItems('Leaders', [leader(1), leader(2), leader(3)]);
    await engine.deleteItem({ TableName: 'Leaders', Key: { pk: S('P'), sk: S('000002') } });
    await engine.putItem({ TableName: 'Leaders', Item: { ...leader(3), n: N(33) } });
    await engine.createTable(tableInput('Gone', [['id', 'S']]));
    await engine.putItem({ TableName: 'Gone', Item: { id: S('x') } });
    await engine.deleteTable({ TableName: 'Gone' });

    const after = await reload(persistence);
    expect(after.tables).toEqual(['Leaders']);
    const { Items } = await after.engine.scan({ TableName: 'Leaders' });
    expect(Items).toEqual([leader(1), { ...leader(3), n: N(33) }]);
    expect((await readLog()).keys.every(([table]) => table === 'Leaders')).toBe(true);

    // A new table of a deleted table's name starts empty.
    await after.engine.createTable(tableInput('Gone', [['id', 'S']]));
    const again = await reload(after.persistence);
    expect((await again.engine.scan({ TableName: 'Gone' })).Count).toBe(0);
  });

  it('compacts a log dominated by small records on load, and keeps writing after it', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    for (let i = 0; i < 100; i++) await engine.putItem({ TableName: 'Leaders', Item: { ...leader(1), n: N(i) } });
    expect((await readLog()).records).toHaveLength(100);

    const after = await reload(persistence);
    const log = await readLog();
    expect(log.records).toEqual([{ puts: [{ ...leader(1), n: N(99) }] }]);
    await after.engine.putItem({ TableName: 'Leaders', Item: leader(2) });
    const again = await reload(after.persistence);
    expect((await again.engine.scan({ TableName: 'Leaders' })).Items).toEqual([{ ...leader(1), n: N(99) }, leader(2)]);
  });

  it('reports the first run until markInitialized, and again after clear', async () => {
    const first = await boot();
    expect(first.firstRun).toBe(true);
    await first.persistence.markInitialized();
    const second = await reload(first.persistence);
    expect(second.firstRun).toBe(false);

    await second.engine.createTable(LEADERS);
    await second.persistence.clear();
    // clear closes the store: the tab must reload.
    await expectPersistenceError(second.engine.putItem({ TableName: 'Leaders', Item: leader(1) }), 'persistence.closed', /cleared/);
    const third = await boot();
    expect(third).toMatchObject({ firstRun: true, tables: [] });
  });

  it('rejects a failed write with a clear error, applies nothing, and carries on', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expectPersistenceError(engine.putItem({ TableName: 'Leaders', Item: leader(1) }), 'persistence.quotaExceeded', /quota/);
    expect((await engine.getItem({ TableName: 'Leaders', Key: { pk: S('P'), sk: S('000001') } })).Item).toBeUndefined();

    add.mockRestore();
    await engine.putItem({ TableName: 'Leaders', Item: leader(2) });
    const after = await reload(persistence);
    expect((await after.engine.scan({ TableName: 'Leaders' })).Items).toEqual([leader(2)]);
  });

  it('rejects a write whose transaction aborts, and stores none of a bulk load that fails midway', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    const original = IDBObjectStore.prototype.add;
    let calls = 0;
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args) {
      const request = original.apply(this, args);
      // The third block's request fails after the first two were queued: the transaction aborts.
      if (++calls === 3) this.transaction.abort();
      return request;
    });
    await expectPersistenceError(
      engine.loadItems(
        'Leaders',
        Array.from({ length: 5 * BLOCK_ITEMS }, (_, i) => leader(i)),
      ),
      'persistence.writeFailed',
      /not saved/,
    );
    vi.restoreAllMocks();
    expect((await engine.scan({ TableName: 'Leaders' })).Count).toBe(0);
    expect((await readLog()).records).toEqual([]);
    const after = await reload(persistence);
    expect(after.items).toBe(0);
  });

  it('refuses writes before load()', async () => {
    const persistence = await openBrowserPersistence({ name: NAME });
    open.push(persistence);
    const engine = createEngine({ storage: persistence.hook });
    await expectPersistenceError(engine.createTable(LEADERS), 'persistence.notLoaded');
  });

  it('refuses writes after close()', async () => {
    const { engine, persistence } = await boot();
    await persistence.close();
    await expectPersistenceError(engine.createTable(LEADERS), 'persistence.closed', /closed/);
  });

  it('gives way to another tab that upgrades the database, and says so on the next write', async () => {
    const { engine } = await boot();
    await engine.createTable(LEADERS);
    // Another tab opens a newer version: ours closes at once, so the other is not blocked.
    const newer = await openDB(NAME, DB_VERSION + 1);
    newer.close();
    await expectPersistenceError(engine.putItem({ TableName: 'Leaders', Item: leader(1) }), 'persistence.versionChange', /reload/);
    // The refused write was not applied.
    expect((await engine.scan({ TableName: 'Leaders' })).Count).toBe(0);
  });

  it('refuses a database written by a newer Keylab', async () => {
    const newer = await openDB(NAME, 99);
    newer.close();
    await expectPersistenceError(openBrowserPersistence({ name: NAME }), 'persistence.newerFormat', /newer version of Keylab/);
  });

  it('reports missing or refused IndexedDB as unavailable, with a message for the UI', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await expectPersistenceError(openBrowserPersistence({ name: NAME }), 'persistence.unavailable', /in memory/);

    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('Access to the IndexedDB API is denied in this context.', 'SecurityError');
      },
    });
    await expectPersistenceError(openBrowserPersistence({ name: NAME }), 'persistence.unavailable', /SecurityError/);
  });

  it('refuses a corrupt log record with a clear error', async () => {
    const first = await boot();
    await first.engine.createTable(LEADERS);
    await first.persistence.close();
    const db = await openDB(NAME);
    await db.put('log', { something: 'else' }, ['Leaders', 1_000]);
    db.close();
    const persistence = await openBrowserPersistence({ name: NAME });
    open.push(persistence);
    await expectPersistenceError(persistence.load(createEngine({ storage: persistence.hook })), 'persistence.corrupt', /Leaders/);
  });

  it('deletes the database, and says so when another tab keeps it open', async () => {
    const { engine, persistence } = await boot();
    await engine.createTable(LEADERS);
    await persistence.close();
    await deleteBrowserPersistence(NAME);
    const fresh = await boot();
    expect(fresh).toMatchObject({ firstRun: true, tables: [] });
    await fresh.persistence.close();

    const other = await openDB(NAME); // a tab that ignores versionchange
    await expectPersistenceError(deleteBrowserPersistence(NAME), 'persistence.blocked', /cannot be deleted yet/);
    other.close();
  });

  it('lets one tab own the database (Web Locks) and tells the second tab', async () => {
    vi.stubGlobal('navigator', { locks: createFakeLockManager() });
    const owner = await openBrowserPersistence({ name: NAME });
    await expectPersistenceError(openBrowserPersistence({ name: NAME, lockTimeoutMs: 20 }), 'persistence.inUse', /another tab/);
    await owner.close();
    const next = await openBrowserPersistence({ name: NAME, lockTimeoutMs: 20 });
    open.push(next);
  });
});

describe('openBrowserPersistence: two tabs, one owner', () => {
  it('tells a second tab at once that another tab owns the database, and waits only for a page going away (a reload)', async () => {
    vi.stubGlobal('navigator', { locks: createFakeLockManager() });
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    // A lock wait longer than the test's own timeout: only the owner's answer can end it in time.
    const lockTimeoutMs = 3_600_000;
    const owner = await openBrowserPersistence({ name: NAME });
    await expectPersistenceError(openBrowserPersistence({ name: NAME, lockTimeoutMs }), 'persistence.inUse', /another tab/);

    // The owner's page goes away (its reload): it stops answering, and the new page waits for its lock.
    page.dispatchEvent(new Event('pagehide'));
    const reloaded = openBrowserPersistence({ name: NAME, lockTimeoutMs });
    await owner.close();
    open.push(await reloaded);
  });

  it('refuses a write of a tab that another tab took over (the owner token), so no stale copy writes behind the new owner', async () => {
    // No Web Locks (as in Node): only the owner token in `meta` keeps the tabs apart.
    const first = await boot();
    await first.engine.createTable(LEADERS);
    await first.engine.putItem({ TableName: 'Leaders', Item: leader(1) });
    let told = 0;
    const firstTold = await openBrowserPersistence({ name: NAME, onTakenOver: () => told++ });
    open.push(firstTold);
    await firstTold.load(createEngine({ storage: firstTold.hook }));

    const second = await boot();
    expect(second.items).toBe(1);
    // The first tabs still hold their copies; their next writes are refused and store nothing.
    await expectPersistenceError(first.engine.putItem({ TableName: 'Leaders', Item: leader(2) }), 'persistence.takenOver', /open in another tab now/);
    await expectPersistenceError(firstTold.markInitialized(), 'persistence.takenOver');
    expect(told).toBe(1);
    expect((await first.engine.scan({ TableName: 'Leaders' })).Count).toBe(1);
    await second.engine.putItem({ TableName: 'Leaders', Item: leader(3) });
    const third = await reload(second.persistence);
    expect(third.items).toBe(2);
  });

  it('a tab whose Web Lock is stolen (Take over) stops writing and is told; the next open gets the lock', async () => {
    vi.stubGlobal('navigator', { locks: createFakeLockManager() });
    let told = 0;
    const owner = await openBrowserPersistence({ name: NAME, onTakenOver: () => told++ });
    open.push(owner);
    const engine = createEngine({ storage: owner.hook });
    await owner.load(engine);
    await expectPersistenceError(openBrowserPersistence({ name: NAME, lockTimeoutMs: 20 }), 'persistence.inUse', /Take over/);
    await takeOverBrowserPersistence(NAME);
    await vi.waitFor(() => expect(told).toBe(1));
    await expectPersistenceError(engine.createTable(LEADERS), 'persistence.takenOver', /stopped saving/);
    const next = await openBrowserPersistence({ name: NAME, lockTimeoutMs: 20 });
    open.push(next);
  });
});

/** Just enough of the Web Locks API: exclusive locks, waiting, abort by signal. */
function createFakeLockManager() {
  const held = new Set<string>();
  const waiters = new Map<string, (() => void)[]>();
  const stealers = new Map<string, () => void>();
  return {
    request(name: string, options: { signal?: AbortSignal; steal?: boolean }, callback: () => Promise<void> | void): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const grant = () => {
          held.add(name);
          let settled = false;
          // A steal releases the holder at once: its request rejects with AbortError, as in browsers.
          stealers.set(name, () => {
            settled = true;
            held.delete(name);
            reject(new DOMException('The lock was stolen', 'AbortError'));
          });
          void Promise.resolve(callback()).finally(() => {
            if (settled) return;
            stealers.delete(name);
            held.delete(name);
            waiters.get(name)?.shift()?.();
            resolve();
          });
        };
        if (options.steal && held.has(name)) stealers.get(name)?.();
        if (!held.has(name)) return grant();
        const queue = waiters.get(name) ?? [];
        waiters.set(name, queue);
        queue.push(grant);
        options.signal?.addEventListener('abort', () => {
          queue.splice(queue.indexOf(grant), 1);
          reject(options.signal?.reason);
        });
      });
    },
  };
}

describe('openBrowserPersistence: stream records', () => {
  it('are kept across a reload with their sequence numbers; a deleted table takes them along', async () => {
    const first = await boot();
    await createStreamTable(first.engine, 'Streamed');
    await writeStreamScenario(first.engine, 'Streamed');
    const before = await readAllRecords(first.engine, 'Streamed');
    expect(before).toHaveLength(6);
    await first.persistence.close();

    const second = await boot();
    expect(await readAllRecords(second.engine, 'Streamed')).toEqual(before);
    await writeStreamScenario(second.engine, 'Streamed', 10);
    const after = await readAllRecords(second.engine, 'Streamed');
    expect(after.slice(0, 6)).toEqual(before);
    expect(after.length).toBe(12);
    await second.engine.deleteTable({ TableName: 'Streamed' });
    await createStreamTable(second.engine, 'Streamed');
    await second.persistence.close();

    const third = await boot();
    expect(await readAllRecords(third.engine, 'Streamed')).toEqual([]);
  });

  it('older than 24 hours are dropped at load', async () => {
    let now = Date.UTC(2026, 5, 23, 10, 0, 0);
    const persistence = await openBrowserPersistence({ name: NAME });
    const engine = createEngine({ storage: persistence.hook, clock: () => now });
    await persistence.load(engine);
    await createStreamTable(engine, 'Streamed');
    await writeStreamScenario(engine, 'Streamed');
    now += 23 * 60 * 60 * 1000;
    await engine.putItem({ TableName: 'Streamed', Item: { pk: S('late'), sk: N(1) } });
    await persistence.close();

    now += 2 * 60 * 60 * 1000;
    const reopened = await openBrowserPersistence({ name: NAME });
    open.push(reopened);
    const restored = createEngine({ storage: reopened.hook, clock: () => now });
    await reopened.load(restored);
    expect((await readAllRecords(restored, 'Streamed')).map((record) => record.dynamodb?.Keys?.pk)).toEqual([S('late')]);
    const db = await openDB(NAME);
    expect(await db.count('streams')).toBe(1);
    db.close();
  });
});
