import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The built-in table's IndexedDB persistence in the real browser: the app
 * creates the sample tables on the first run, stores them in the `keylab`
 * database, and restores them — not re-creates them — after a reload.
 *
 * The app calls openBuiltInTable() (src/sources/builtInTable.ts) when the
 * explorer is first shown (not at start: the Design tab paints without the
 * engine), so the spec opens #explorer. The database is read with the raw IndexedDB API, so this spec
 * depends on the stored layout (src/engine/persistence/browser/idbSchema.ts),
 * not on the explorer UI.
 */

interface StoredState {
  /** Items per stored table (puts minus deletes in the log: the log holds no duplicates on a first run). */
  readonly tables: Record<string, number>;
  /** Records in the `log` store. */
  readonly records: number;
  /** The first-run marker (epoch ms), once set. */
  readonly initializedAt: number | null;
}

/** Reads the `keylab` database, or null while it does not exist (never creates it: that would pre-empt the app's upgrade). */
function readStoredState(page: Page): Promise<StoredState | null> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'keylab' && (database.version ?? 0) >= 1)) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('keylab');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!['meta', 'tables', 'log'].every((name) => db.objectStoreNames.contains(name))) return null;
      const tx = db.transaction(['meta', 'tables', 'log'], 'readonly');
      const get = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const [names, logKeys, records, initializedAt] = await Promise.all([
        get(tx.objectStore('tables').getAllKeys()),
        get(tx.objectStore('log').getAllKeys()),
        get(tx.objectStore('log').getAll()),
        get(tx.objectStore('meta').get('initialized')),
      ]);
      const tables: Record<string, number> = {};
      for (const name of names) tables[String(name)] = 0;
      records.forEach((record: { puts?: unknown[]; writes?: { item?: unknown }[] }, i) => {
        const table = String((logKeys[i] as [string, number])[0]);
        const delta = record.puts ? record.puts.length : (record.writes ?? []).reduce((sum, write) => sum + (write.item ? 1 : -1), 0);
        tables[table] = (tables[table] ?? 0) + delta;
      });
      return { tables, records: records.length, initializedAt: (initializedAt as number | undefined) ?? null };
    } finally {
      db.close();
    }
  });
}

/** Waits until the app holds the database's tab lock: it has opened its store. */
async function waitForStoreOpened(page: Page): Promise<void> {
  await expect
    .poll(async () => page.evaluate(async () => (await navigator.locks.query()).held?.some((lock) => lock.name === 'keylab-idb:keylab') ?? false))
    .toBe(true);
}

test('the sample tables are stored on the first run and restored, not re-created, after a reload', async ({ page }) => {
  await page.goto('/#explorer');
  await waitForStoreOpened(page);
  await expect.poll(async () => (await readStoredState(page))?.initializedAt ?? null, { timeout: 15_000 }).not.toBeNull();
  const first = (await readStoredState(page)) as StoredState;
  expect(first.tables).toEqual({ Leaderboard: 16, AuditLog: 16 });

  await page.reload();
  await waitForStoreOpened(page);
  // The explorer names how the table is kept once openBuiltInTable() has resolved: by then a first run would have
  // written its samples and its marker (each write is stored before it is applied).
  await expect(page.getByRole('region', { name: 'Table explorer' })).toContainText('saved in this browser (IndexedDB)', { timeout: 15_000 });
  // The restored app keeps the store as it was: no second set of samples, the same first-run marker.
  expect(await readStoredState(page)).toEqual(first);
});
