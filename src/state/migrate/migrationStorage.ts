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
  save(key: string, migration: StoredMigration): Promise<void>;
  remove(key: string): Promise<void>;
}

/** In memory (tests; a browser without IndexedDB): lost on reload. */
export function createMemoryMigrationStorage(): MigrationStorage {
  const saved = new Map<string, StoredMigration>();
  return {
    load: async (key) => saved.get(key),
    save: async (key, migration) => void saved.set(key, migration),
    remove: async (key) => void saved.delete(key),
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
    load: async (key) => ((await (await db()).get(STORE, key)) as StoredMigration | undefined),
    save: async (key, migration) => void (await (await db()).put(STORE, migration, key)),
    remove: async (key) => void (await (await db()).delete(STORE, key)),
  };
}
