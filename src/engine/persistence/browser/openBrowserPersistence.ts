import { deleteDB, openDB, type IDBPTransaction, type StoreNames } from 'idb';
import type { Item } from '../../../expressions';
import type { EngineChange, ItemWrite, LocalDynamoDB, StorageHook } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import type { EnginePersistence, PersistenceLoadResult } from '../persistence.types';
import { PersistenceError } from '../persistenceError';
import { tableNameOfStreamArn } from '../../streams/streamSetting';
import { TableReplay } from '../replayWrites';
import { acquireTabLock, tabLockName } from './tabLock';
import {
  blockedError,
  closedError,
  openError,
  takenOverError,
  readError,
  unavailableError,
  versionChangeError,
  writeError,
} from './idbErrors';
import {
  BLOCK_ITEMS,
  DB_VERSION,
  isLogRecord,
  tableLogRange,
  upgradeDatabase,
  type KeylabDB,
  type KeylabDBSchema,
  type LogRecord,
} from './idbSchema';

/** The database name used when none is given. */
export const DEFAULT_DATABASE_NAME = 'keylab';

/** Options of {@link openBrowserPersistence}. */
export interface BrowserPersistenceOptions {
  /** The IndexedDB database name. Default {@link DEFAULT_DATABASE_NAME}. */
  readonly name?: string;
  /**
   * How long to wait for another tab to release the database before giving
   * up with `persistence.inUse` (a reload briefly overlaps the old page). Default 3 s.
   */
  readonly lockTimeoutMs?: number;
  /** How long to wait for IndexedDB to open before `persistence.unavailable`. Default 10 s. */
  readonly openTimeoutMs?: number;
  /**
   * Called once when another tab takes the store over (see
   * {@link takeOverBrowserPersistence}): from then on this adapter refuses
   * writes with `persistence.takenOver`.
   */
  readonly onTakenOver?: (error: PersistenceError) => void;
}

/** The IndexedDB adapter: {@link EnginePersistence} plus `clear`. */
export interface BrowserPersistence extends EnginePersistence {
  /** The database name. */
  readonly name: string;
  /**
   * Deletes every stored table and the first-run marker, then closes the
   * store (later writes reject): reload the page to start afresh with the
   * sample tables. The engine in memory is not touched.
   */
  clear(): Promise<void>;
}

/**
 * A committed write is on disk, not only handed to the OS: a write the caller
 * saw succeed survives a browser or OS crash. Costs a flush per transaction,
 * which a bulk load pays once (it is one transaction).
 */
const WRITE_OPTIONS: IDBTransactionOptions = { durability: 'strict' };

type WriteTransaction = IDBPTransaction<KeylabDBSchema, StoreNames<KeylabDBSchema>[], 'readwrite'>;

/**
 * Opens Keylab's IndexedDB store for the built-in engine. Every change is one
 * IndexedDB transaction, so the store never holds half a change: a
 * single-item write adds one small record, a bulk load of 1M items adds
 * 1,000 blocks of 1,000 items (see idbSchema.ts), and the engine's operation
 * resolves only when the transaction has completed (`tx.done`). A failed
 * transaction (quota, closed database, another tab's upgrade) rejects the
 * operation with a {@link PersistenceError}, and the engine does not apply it.
 *
 * One tab owns the database (a Web Lock, where the browser has them): a
 * second tab gets `persistence.inUse` and can run in memory.
 *
 * Rejects with a {@link PersistenceError}: `persistence.unavailable` (no
 * IndexedDB: private browsing, disabled storage), `persistence.inUse`,
 * `persistence.blocked` (an older version open elsewhere),
 * `persistence.newerFormat`. Its message is written for the user.
 *
 * @example
 * const persistence = await openBrowserPersistence();
 * const engine = createLocalDynamoDB({ storage: persistence.hook });
 * const { firstRun, tables } = await persistence.load(engine);
 */
export async function openBrowserPersistence(options: BrowserPersistenceOptions = {}): Promise<BrowserPersistence> {
  const name = options.name ?? DEFAULT_DATABASE_NAME;
  if (typeof indexedDB === 'undefined' || indexedDB === null) throw unavailableError();

  /** Why writes are refused, once they are. */
  let closedReason: PersistenceError | undefined;
  const takenOver = () => {
    if (closedReason) return;
    closeWith(takenOverError());
    options.onTakenOver?.(closedReason ?? takenOverError());
  };
  const releaseLock = await acquireTabLock(tabLockName(name), options.lockTimeoutMs ?? 3_000, takenOver);
  /**
   * This adapter's token in `meta.owner`: every write transaction checks it
   * first, so once another tab has written its own (it took the store over),
   * a write of this tab that was already on its way is refused rather than
   * stored behind the new owner's back.
   */
  const ownerToken = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let db: KeylabDB;
  try {
    db = await openDatabase(name, options.openTimeoutMs ?? 10_000, {
      versionChange() {
        // Another tab wants to upgrade or delete the database: let it, and refuse writes from now on.
        closedReason ??= versionChangeError();
        db.close();
        releaseLock();
      },
      terminated() {
        closedReason ??= closedError("The browser closed Keylab's database (site data cleared, or a disk error).");
        releaseLock();
      },
    });
    await runWrite(db.transaction(['meta'], 'readwrite', WRITE_OPTIONS), undefined, (tx, requests) => {
      requests.push(tx.objectStore('meta').put(ownerToken, 'owner'));
    });
  } catch (error) {
    releaseLock();
    throw error instanceof PersistenceError ? error : writeError(error);
  }

  let engine: LocalDynamoDB | undefined;
  /** The next `log` sequence number: above every stored one (set by `load`). */
  let nextSeq = 1;

  /** Checked by every write transaction before it writes: the store is still this tab's. */
  const fence: Fence = { token: ownerToken, lost: takenOver };

  function requireOpen(): KeylabDB {
    if (closedReason) throw closedReason;
    return db;
  }

  const hook: StorageHook = {
    async write(change: EngineChange): Promise<void> {
      if (!engine && !closedReason) {
        throw new PersistenceError('persistence.notLoaded', 'Keylab wrote to its IndexedDB store before loading it (call load(engine) first).');
      }
      try {
        const database = requireOpen();
        switch (change.type) {
          case 'createTable':
            await runWrite(database.transaction(['meta', 'tables', 'log', 'streams'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
              // A leftover log (or stream) of an earlier table of this name must not come back.
              requests.push(tx.objectStore('log').delete(tableLogRange(change.table.name)));
              requests.push(tx.objectStore('streams').delete(tableLogRange(change.table.name)));
              requests.push(tx.objectStore('tables').put({ definition: change.table }, change.table.name));
            });
            break;
          case 'deleteTable':
            await runWrite(database.transaction(['meta', 'tables', 'log', 'streams'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
              requests.push(tx.objectStore('tables').delete(change.tableName));
              requests.push(tx.objectStore('log').delete(tableLogRange(change.tableName)));
              requests.push(tx.objectStore('streams').delete(tableLogRange(change.tableName)));
            });
            break;
          case 'updateTable':
            // Only the definition changes: the log of item writes stays the table's.
            await runWrite(database.transaction(['meta', 'tables'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
              requests.push(tx.objectStore('tables').put({ definition: change.table }, change.table.name));
            });
            break;
          case 'writeItems': {
            const records = logRecordsOf(change.writes);
            const streamRecords = change.streamRecords ?? [];
            const stores: ('meta' | 'log' | 'streams')[] = streamRecords.length > 0 ? ['meta', 'log', 'streams'] : ['meta', 'log'];
            await runWrite(database.transaction(stores, 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
              const log = tx.objectStore('log');
              // add, not put: a clash with a stored record is an error, never a silent overwrite.
              for (const [tableName, record] of records) requests.push(log.add(record, [tableName, nextSeq++]));
              if (streamRecords.length === 0) return;
              const streams = tx.objectStore('streams');
              for (const record of streamRecords) requests.push(streams.add(record, [tableNameOfStreamArn(record.streamArn), record.sequence]));
            });
            break;
          }
        }
      } catch (error) {
        // A transaction that failed because the connection went away reports why it went away.
        throw closedReason ?? writeError(error);
      }
    },
  };

  async function load(target: LocalDynamoDB): Promise<PersistenceLoadResult> {
    if (engine) throw new Error('openBrowserPersistence: load() was already called');
    const database = requireOpen();
    const tables: string[] = [];
    const warnings: string[] = [];
    let items = 0;
    let initialized: number | undefined;
    try {
      const tx = database.transaction(['meta', 'tables', 'log'], 'readonly');
      const [marker, stored, logKeys] = await Promise.all([
        tx.objectStore('meta').get('initialized'),
        tx.objectStore('tables').getAll(),
        tx.objectStore('log').getAllKeys(),
        tx.done,
      ]);
      initialized = typeof marker === 'number' ? marker : undefined;
      for (const [, seq] of logKeys) if (seq >= nextSeq) nextSeq = seq + 1;

      for (const { definition } of stored) {
        const count = await restoreTable(database, target, definition);
        tables.push(definition.name);
        items += count;
      }
    } catch (error) {
      throw readError(error);
    }
    engine = target;
    return { tables, items, firstRun: initialized === undefined, warnings };
  }

  /** Replays one table's log into the engine; compacts the log when garbage dominates it. Returns the item count. */
  async function restoreTable(database: KeylabDB, target: LocalDynamoDB, definition: TableDefinition): Promise<number> {
    const tx = database.transaction(['log', 'streams'], 'readonly');
    const [records, streamRecords] = await Promise.all([
      tx.objectStore('log').getAll(tableLogRange(definition.name)),
      tx.objectStore('streams').getAll(tableLogRange(definition.name)),
      tx.done,
    ]);
    const replay = new TableReplay(definition);
    for (const record of records) replayRecord(replay, record, definition.name);
    target.restoreTable({ table: definition, items: replay.items(), streamRecords });
    const keptRecords = target.snapshotTable(definition.name).streamRecords ?? [];
    if (keptRecords.length < streamRecords.length) await trimStreamRecords(database, definition.name, keptRecords[0]?.sequence);

    const live = target.snapshotTable(definition.name).items;
    const ideal = Math.ceil(live.length / BLOCK_ITEMS);
    if (records.length > 2 * ideal + 64 || replay.writes > 2 * live.length + 1_000) {
      await compactTable(database, definition.name, live);
    }
    return live.length;
  }

  /** Rewrites a table's log as blocks of its live items, in one transaction (all or nothing). */
  async function compactTable(database: KeylabDB, tableName: string, live: readonly Item[]): Promise<void> {
    try {
      await runWrite(database.transaction(['meta', 'log'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
        const log = tx.objectStore('log');
        requests.push(log.delete(tableLogRange(tableName)));
        for (let start = 0; start < live.length; start += BLOCK_ITEMS) {
          requests.push(log.add({ puts: live.slice(start, start + BLOCK_ITEMS) }, [tableName, nextSeq++]));
        }
      });
    } catch (error) {
      throw writeError(error);
    }
  }

  /** Deletes a table's stream records below `firstKept` (all of them without one): those past 24 hours. */
  async function trimStreamRecords(database: KeylabDB, tableName: string, firstKept: number | undefined): Promise<void> {
    const range = firstKept === undefined ? tableLogRange(tableName) : IDBKeyRange.bound([tableName, -Infinity], [tableName, firstKept], false, true);
    try {
      await runWrite(database.transaction(['meta', 'streams'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
        requests.push(tx.objectStore('streams').delete(range));
      });
    } catch (error) {
      throw writeError(error);
    }
  }

  function closeWith(reason: PersistenceError): void {
    if (closedReason) return;
    closedReason = reason;
    // Taken over while still opening: there is no connection yet (the open then fails with the reason).
    (db as KeylabDB | undefined)?.close();
    releaseLock();
  }

  return {
    name,
    hook,
    load,

    async markInitialized(): Promise<void> {
      try {
        await runWrite(requireOpen().transaction(['meta'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
          requests.push(tx.objectStore('meta').put(Date.now(), 'initialized'));
        });
      } catch (error) {
        throw closedReason ?? writeError(error);
      }
    },

    async clear(): Promise<void> {
      try {
        await runWrite(requireOpen().transaction(['meta', 'tables', 'log', 'streams'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
          for (const store of ['meta', 'tables', 'log', 'streams'] as const) requests.push(tx.objectStore(store).clear());
        });
      } catch (error) {
        throw closedReason ?? writeError(error);
      }
      closeWith(closedError("Keylab's stored tables were cleared: reload the page to start again."));
    },

    async close(): Promise<void> {
      // IDBDatabase.close lets running transactions finish; every write awaits its own.
      closeWith(closedError("Keylab's IndexedDB store was closed."));
    },
  };
}

/**
 * Takes the database over from the tab that owns it: steals that tab's Web
 * Lock (it stops writing at once: its adapter refuses writes with
 * `persistence.takenOver`, and its `onTakenOver` is called) and lets it go
 * again, so this tab's next {@link openBrowserPersistence} — a reload — gets
 * it and reads the stored tables afresh. Resolves at once without Web Locks.
 *
 * @example
 * await takeOverBrowserPersistence(); location.reload();
 */
export async function takeOverBrowserPersistence(name: string = DEFAULT_DATABASE_NAME): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return;
  await locks.request(tabLockName(name), { steal: true }, () => undefined);
}

/**
 * Deletes Keylab's IndexedDB database: every stored table and the first-run
 * marker — the way out when the stored tables cannot be loaded (damaged,
 * written by a newer Keylab). Close any open adapter first; rejects with
 * `persistence.blocked` while another tab keeps the database open (the
 * deletion then completes when that tab closes it).
 *
 * @example
 * await deleteBrowserPersistence(); location.reload();
 */
export async function deleteBrowserPersistence(name: string = DEFAULT_DATABASE_NAME): Promise<void> {
  if (typeof indexedDB === 'undefined' || indexedDB === null) throw unavailableError();
  await new Promise<void>((resolve, reject) => {
    // Blocked: another tab keeps it open. Say so rather than hang; the deletion still happens once that tab lets go.
    deleteDB(name, { blocked: () => reject(blockedError('delete')) }).then(resolve, (error: unknown) => reject(writeError(error)));
  });
}

/**
 * Checks the `fence` (the store is still this tab's: else aborts, refusing
 * the write), queues a transaction's requests (`queue` pushes each request's promise into
 * `requests` as it makes it) and waits for all of them and for the
 * transaction to complete. If queueing throws (e.g. a value that cannot be
 * cloned, or an inactive transaction), the transaction is aborted so the
 * requests queued before it are not committed; every promise gets a handler,
 * so nothing is left unhandled.
 */
async function runWrite(tx: WriteTransaction, fence: Fence | undefined, queue: (tx: WriteTransaction, requests: Promise<unknown>[]) => void): Promise<void> {
  if (fence) {
    // Awaiting a request of the same transaction keeps it active (no other await in between).
    const owner = await tx.objectStore('meta').get('owner');
    if (owner !== undefined && owner !== fence.token) {
      tx.done.catch(() => undefined);
      tx.abort();
      fence.lost();
      throw takenOverError();
    }
  }
  const requests: Promise<unknown>[] = [];
  try {
    queue(tx, requests);
  } catch (error) {
    for (const request of requests) request.catch(() => undefined);
    tx.done.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // Already finished or aborted: nothing was committed by us.
    }
    throw error;
  }
  await Promise.all([...requests, tx.done]);
}

/** The owner check of a write transaction: the adapter's token in `meta.owner`, and what to do when another tab's is there. */
interface Fence {
  readonly token: string;
  lost(): void;
}

/** One `log` record per table touched by the change, cut into blocks of {@link BLOCK_ITEMS} writes. */
function logRecordsOf(writes: readonly ItemWrite[]): [string, LogRecord][] {
  const byTable = new Map<string, ItemWrite[]>();
  for (const write of writes) {
    let list = byTable.get(write.tableName);
    if (!list) byTable.set(write.tableName, (list = []));
    list.push(write);
  }
  const records: [string, LogRecord][] = [];
  for (const [tableName, list] of byTable) {
    const putsOnly = list.every((write) => write.item !== undefined);
    for (let start = 0; start < list.length; start += BLOCK_ITEMS) {
      const block = list.slice(start, start + BLOCK_ITEMS);
      records.push([
        tableName,
        putsOnly
          ? { puts: block.map((write) => write.item as Item) }
          : { writes: block.map((write) => (write.item ? { key: write.key, item: write.item } : { key: write.key })) },
      ]);
    }
  }
  return records;
}

function replayRecord(replay: TableReplay, record: unknown, tableName: string): void {
  if (!isLogRecord(record)) {
    throw new PersistenceError('persistence.corrupt', `A stored record of table ${tableName} has an unknown shape: the stored tables are damaged.`);
  }
  if ('puts' in record) {
    for (const item of record.puts) replay.put(item);
  } else {
    for (const write of record.writes) {
      if (write.item) replay.put(write.item);
      else replay.delete(write.key);
    }
  }
}

interface ConnectionHandlers {
  versionChange(): void;
  terminated(): void;
}

/** `openDB` with the failure modes turned into PersistenceErrors, and a timeout for a browser that never answers. */
function openDatabase(name: string, timeoutMs: number, handlers: ConnectionHandlers): Promise<KeylabDB> {
  return new Promise<KeylabDB>((resolve, reject) => {
    let settled = false;
    const fail = (error: PersistenceError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => fail(unavailableError(new Error(`IndexedDB did not answer within ${timeoutMs} ms`))), timeoutMs);
    let opening: Promise<KeylabDB>;
    try {
      opening = openDB<KeylabDBSchema>(name, DB_VERSION, {
        upgrade: (database, oldVersion, _newVersion, transaction) => upgradeDatabase(database, oldVersion, transaction),
        blocked: () => fail(blockedError()),
        blocking: () => handlers.versionChange(),
        terminated: () => handlers.terminated(),
      });
    } catch (error) {
      // indexedDB.open throws synchronously where storage is forbidden (SecurityError).
      fail(openError(error));
      return;
    }
    opening.then(
      (database) => {
        // Opened after we gave up (blocked, timed out): nobody will use this connection.
        if (settled) {
          database.close();
          return;
        }
        settled = true;
        clearTimeout(timer);
        resolve(database);
      },
      (error: unknown) => fail(openError(error)),
    );
  });
}
