import { openDB } from 'idb';

/**
 * What a migration keeps between page loads: the plan (as its plan file's
 * JSON, serializePlanFile) and the last checkpoint. Keyed by where it runs
 * (the data source's label) and the table, so a reload finds it again.
 */
export interface StoredMigration {
  readonly planText: string;
  readonly checkpointText: string;
  /** The templates the plan was made from, to show them again after a reload. */
  readonly templates: Readonly<Record<string, { readonly current: string; readonly target: string }>>;
  readonly entityName?: string;
}

export interface MigrationStorage {
  load(key: string): Promise<StoredMigration | undefined>;
  /** The whole migration: plan, checkpoint and templates (once, before the first write). */
  save(key: string, migration: StoredMigration): Promise<void>;
  /**
   * Only the checkpoint, kept apart from the plan: Apply saves it every few
   * hundred items, and rewriting the whole plan each time (megabytes on a big
   * table) made the browser's apply quadratic in the table's size.
   */
  saveCheckpoint(key: string, checkpointText: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The checkpoint's own record beside the plan's. */
const checkpointKey = (key: string) => `${key}\u0000checkpoint`;

/** In memory (tests; a browser without IndexedDB): lost on reload. */
export function createMemoryMigrationStorage(): MigrationStorage {
  const saved = new Map<string, StoredMigration>();
  const checkpoints = new Map<string, string>();
  return {
    load: async (key) => {
      const migration = saved.get(key);
      const checkpointText = checkpoints.get(key);
      return migration && checkpointText !== undefined ? { ...migration, checkpointText } : migration;
    },
    save: async (key, migration) => {
      saved.set(key, migration);
      checkpoints.delete(key);
    },
    saveCheckpoint: async (key, checkpointText) => void checkpoints.set(key, checkpointText),
    remove: async (key) => {
      saved.delete(key);
      checkpoints.delete(key);
    },
  };
}

const DATABASE = 'keylab-migrations';
const STORE = 'migrations';

/**
 * In IndexedDB (the browser): the plan and checkpoint survive a reload, so
 * Resume continues where the last run stopped. A database of its own, apart
 * from the built-in table's, so neither's upgrades touch the other.
 */
export function createIndexedDBMigrationStorage(name = DATABASE): MigrationStorage {
  let opened: ReturnType<typeof openDB> | undefined;
  const db = () =>
    (opened ??= openDB(name, 1, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
      },
    }));
  return {
    load: async (key) => {
      const database = await db();
      const migration = (await database.get(STORE, key)) as StoredMigration | undefined;
      const checkpointText = (await database.get(STORE, checkpointKey(key))) as string | undefined;
      return migration && typeof checkpointText === 'string' ? { ...migration, checkpointText } : migration;
    },
    save: async (key, migration) => {
      const transaction = (await db()).transaction(STORE, 'readwrite');
      await Promise.all([transaction.store.put(migration, key), transaction.store.delete(checkpointKey(key)), transaction.done]);
    },
    saveCheckpoint: async (key, checkpointText) => void (await (await db()).put(STORE, checkpointText, checkpointKey(key))),
    remove: async (key) => {
      const transaction = (await db()).transaction(STORE, 'readwrite');
      await Promise.all([transaction.store.delete(key), transaction.store.delete(checkpointKey(key)), transaction.done]);
    },
  };
}
