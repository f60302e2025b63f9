import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine, S, tableInput } from '../../engine.fixtures';
import { isPersistenceError } from '../persistenceError';
import { openBrowserPersistence } from './openBrowserPersistence';

/*
 * A Keylab whose schema is newer (DB_VERSION 2: the streams store) meeting a
 * database left by version 1: the upgrade runs and keeps the data,
 * and an old tab that will not let go blocks it with a clear error.
 */
vi.mock('./idbSchema', async (importOriginal) => ({ ...(await importOriginal<typeof import('./idbSchema')>()), DB_VERSION: 2 }));

const NAME = 'keylab-upgrade-test';

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A version-1 database with one table and item, as the current Keylab leaves it. */
async function createVersionOne(): Promise<void> {
  const db = await openDB(NAME, 1, {
    upgrade(database) {
      database.createObjectStore('meta');
      database.createObjectStore('tables');
      database.createObjectStore('log');
    },
  });
  const engine = createEngine();
  await engine.createTable(tableInput('Kept', [['id', 'S']]));
  await db.put('tables', { definition: engine.snapshotTable('Kept').table }, 'Kept');
  await db.put('log', { puts: [{ id: S('survivor') }] }, ['Kept', 1]);
  await db.put('meta', 1, 'initialized');
  db.close();
}

describe('openBrowserPersistence: schema upgrades', () => {
  it('upgrades a database left by an older version and keeps its tables', async () => {
    await createVersionOne();
    const persistence = await openBrowserPersistence({ name: NAME });
    const engine = createEngine({ storage: persistence.hook });
    expect(await persistence.load(engine)).toMatchObject({ firstRun: false, tables: ['Kept'], items: 1 });
    expect((await engine.scan({ TableName: 'Kept' })).Items).toEqual([{ id: S('survivor') }]);
    await persistence.close();
    const db = await openDB(NAME);
    expect(db.version).toBe(2);
    expect([...db.objectStoreNames]).toContain('streams');
    db.close();
  });

  it('reports an upgrade blocked by a tab that keeps the old version open', async () => {
    await createVersionOne();
    const old = await openDB(NAME, 1); // ignores versionchange, like a tab of a Keylab without the handler
    const error = await openBrowserPersistence({ name: NAME }).catch((reason: unknown) => reason);
    expect(isPersistenceError(error, 'persistence.blocked')).toBe(true);
    expect((error as Error).message).toMatch(/cannot upgrade them\. Close the other tabs and reload/);
    old.close();
  });
});
