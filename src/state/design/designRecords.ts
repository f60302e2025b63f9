import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { StateStorage } from 'zustand/middleware';
import type { DesignListRecord, DesignRecords, DesignRevisionInfo } from './designRecords.types';

export type { DesignListRecord, DesignRecords, DesignRevisionInfo, DesignRevisionRecord, StoredDesigns } from './designRecords.types';

/** The localStorage key designs were kept under before IndexedDB (read once, migrated, then removed). */
export const DESIGNS_STORAGE_KEY = 'keylab.designs';
/** The IndexedDB database of the Designs list (the built-in table's is `keylab`). */
export const DESIGNS_DATABASE_NAME = 'keylab-designs';
/** Its object store of what was set aside (entries that don't read as designs). */
export const UNREADABLE_DESIGNS_STORE = 'unreadable';

interface DesignsDBSchema extends DBSchema {
  designs: { key: string; value: { id: string } };
  list: { key: string; value: DesignListRecord };
  unreadable: { key: number; value: { entry: unknown; problem: string; at: string } };
  /** Each design's kept revisions, small (the Versions list reads only these), keyed [designId, revision]. */
  revisions: { key: [string, number]; value: DesignRevisionInfo };
  /** The design of each kept revision, under the same key. */
  revisionDesigns: { key: [string, number]; value: { designId: string; revision: number; design: unknown } };
}

const LIST_KEY = 'list';
/** A committed write is on disk: a design the user saw saved survives a browser or OS crash. */
const DURABLE: IDBTransactionOptions = { durability: 'strict' };

export interface DesignRecordsOptions {
  /** window.indexedDB in the browser, fake-indexeddb in tests. */
  readonly indexedDB: IDBFactory;
  readonly name?: string;
  /** Where designs were saved before (localStorage): migrated into IndexedDB on load, removed once that has committed. */
  readonly legacyStorage?: StateStorage;
}

/**
 * The Designs list in IndexedDB: one record per design, each written in its
 * own durable transaction, the list's order and open design in one small
 * record beside them, and what doesn't read as a design set aside.
 */
export function openDesignRecords({ indexedDB, name = DESIGNS_DATABASE_NAME, legacyStorage }: DesignRecordsOptions): DesignRecords {
  let opened: Promise<IDBPDatabase<DesignsDBSchema>> | undefined;
  const open = async (): Promise<IDBPDatabase<DesignsDBSchema>> => {
    // The injected factory (idb's openDB would use the global one).
    const request = indexedDB.open(name, 2);
    request.onupgradeneeded = (event) => {
      const database = request.result;
      if (event.oldVersion < 1) {
        database.createObjectStore('designs', { keyPath: 'id' });
        database.createObjectStore('list');
        database.createObjectStore('unreadable', { autoIncrement: true });
      }
      // Version 2: the designs' history (Versions), beside them.
      if (event.oldVersion < 2) {
        database.createObjectStore('revisions', { keyPath: ['designId', 'revision'] });
        database.createObjectStore('revisionDesigns', { keyPath: ['designId', 'revision'] });
      }
    };
    const database = (await wrap(request)) as unknown as IDBPDatabase<DesignsDBSchema>;
    // Another tab (a newer Keylab) wants to upgrade: let it; this tab reopens on its next write.
    database.addEventListener('versionchange', () => {
      database.close();
      opened = undefined;
    });
    return database;
  };
  const db = () =>
    (opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));

  const write = async (
    run: (tx: IDBPTransaction<DesignsDBSchema, StoreNames<DesignsDBSchema>[], 'readwrite'>) => void,
    stores: StoreNames<DesignsDBSchema>[],
  ) => {
    const tx = (await db()).transaction(stores, 'readwrite', DURABLE);
    run(tx);
    await tx.done;
  };

  return {
    async load() {
      if (legacyStorage) await migrate(await db(), legacyStorage);
      const database = await db();
      const tx = database.transaction(['designs', 'list'], 'readonly');
      const [records, list] = await Promise.all([tx.objectStore('designs').getAll(), tx.objectStore('list').get(LIST_KEY)]);
      await tx.done;
      if (!list && records.length === 0) return undefined;
      return { entries: inListOrder(records, list), openDesignId: list?.openDesignId };
    },
    put: (saved) => write((tx) => void tx.objectStore('designs').put(saved as { id: string }), ['designs']),
    remove: (id) =>
      write(
        (tx) => {
          void tx.objectStore('designs').delete(id);
          void tx.objectStore('revisions').delete(revisionsOf(id));
          void tx.objectStore('revisionDesigns').delete(revisionsOf(id));
        },
        ['designs', 'revisions', 'revisionDesigns'],
      ),
    async putRevisions(designId, revisions, bound) {
      const tx = (await db()).transaction(['revisions', 'revisionDesigns'], 'readwrite', DURABLE);
      const infos = tx.objectStore('revisions');
      const designs = tx.objectStore('revisionDesigns');
      const kept = new Map((await infos.getAll(revisionsOf(designId))).map((info) => [info.revision, info.size] as const));
      for (const { revision, savedAt, size, design } of revisions) {
        if (kept.has(revision)) continue;
        kept.set(revision, size);
        void infos.put({ designId, revision, savedAt, size });
        void designs.put({ designId, revision, design });
      }
      // Newest first (numbers only grow); what the bound leaves out, the oldest, is dropped.
      let count = 0;
      let total = 0;
      for (const [revision, size] of [...kept].sort(([a], [b]) => b - a)) {
        count++;
        total += size;
        if (count === 1 || (count <= bound.count && total <= bound.size)) continue;
        void infos.delete([designId, revision]);
        void designs.delete([designId, revision]);
      }
      await tx.done;
    },
    async latestRevisions() {
      const latest = new Map<string, number>();
      for (const [designId, revision] of await (await db()).getAllKeys('revisions')) latest.set(designId, Math.max(revision, latest.get(designId) ?? 0));
      return latest;
    },
    async listRevisions(designId) {
      return (await db()).getAll('revisions', revisionsOf(designId));
    },
    async readRevision(designId, revision) {
      return (await (await db()).get('revisionDesigns', [designId, revision]))?.design;
    },
    async nameRevision(designId, revision, text) {
      const tx = (await db()).transaction(['revisions'], 'readwrite', DURABLE);
      const infos = tx.objectStore('revisions');
      const info = await infos.get([designId, revision]);
      if (info) {
        const { name: _old, ...rest } = info;
        void infos.put(text === '' ? rest : { ...rest, name: text });
      }
      await tx.done;
      return info !== undefined;
    },
    putList: (list) => write((tx) => void tx.objectStore('list').put({ order: [...list.order], openDesignId: list.openDesignId }, LIST_KEY), ['list']),
    setAside: (entries) =>
      write(
        (tx) => {
          const at = new Date().toISOString();
          for (const { id, entry, problem } of entries) {
            void tx.objectStore('unreadable').add({ entry, problem, at });
            if (id !== undefined) void tx.objectStore('designs').delete(id);
          }
        },
        ['designs', 'unreadable'],
      ),
  };
}

/** Every kept revision of one design: keys [designId, any number]. */
function revisionsOf(designId: string): IDBKeyRange {
  return IDBKeyRange.bound([designId, -Infinity], [designId, Infinity]);
}

/** The records in the saved order; records the order doesn't name (a list write that failed) follow, never dropped. */
function inListOrder(records: readonly { id: string }[], list: DesignListRecord | undefined): unknown[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const ordered: unknown[] = [];
  for (const id of list?.order ?? []) {
    const record = byId.get(id);
    if (!record) continue;
    ordered.push(record);
    byId.delete(id);
  }
  return [...ordered, ...byId.values()];
}

/**
 * Moves the designs of the old localStorage value into IndexedDB, in one
 * transaction; the old value is removed only after it has committed (a crash
 * in between migrates again: designs already in IndexedDB are newer and kept).
 */
async function migrate(database: IDBPDatabase<DesignsDBSchema>, storage: StateStorage): Promise<void> {
  const text = storage.getItem(DESIGNS_STORAGE_KEY);
  if (typeof text !== 'string') return;
  let entries: unknown[] = [];
  let openDesignId: unknown;
  const aside: { entry: unknown; problem: string }[] = [];
  try {
    const parsed = JSON.parse(text) as { state?: { designs?: unknown; openDesignId?: unknown } } | null;
    if (Array.isArray(parsed?.state?.designs)) entries = parsed.state.designs;
    else aside.push({ entry: text, problem: `The designs saved under ${DESIGNS_STORAGE_KEY} have no list of designs.` });
    openDesignId = parsed?.state?.openDesignId;
  } catch (error) {
    aside.push({
      entry: text,
      problem: `The designs saved under ${DESIGNS_STORAGE_KEY} are not JSON (${error instanceof Error ? error.message : String(error)}).`,
    });
  }
  const tx = database.transaction(['designs', 'list', 'unreadable'], 'readwrite', DURABLE);
  const designs = tx.objectStore('designs');
  const [existing, list] = await Promise.all([designs.getAllKeys(), tx.objectStore('list').get(LIST_KEY)]);
  const kept = new Set(existing);
  const order = [...(list?.order ?? [])];
  const at = new Date().toISOString();
  entries.forEach((entry, index) => {
    const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') {
      aside.push({ entry, problem: `Saved design #${index + 1} has no id and was set aside.` });
      return;
    }
    if (!kept.has(id)) void designs.put(entry as { id: string });
    kept.add(id);
    if (!order.includes(id)) order.push(id);
  });
  for (const { entry, problem } of aside) void tx.objectStore('unreadable').add({ entry, problem, at });
  const open = list ? list.openDesignId : typeof openDesignId === 'string' ? openDesignId : undefined;
  void tx.objectStore('list').put({ order, openDesignId: open }, LIST_KEY);
  await tx.done;
  storage.removeItem(DESIGNS_STORAGE_KEY);
}
