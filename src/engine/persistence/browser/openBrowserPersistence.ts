import { deleteDB, openDB } from 'idb';
import type { EngineChange, LocalDynamoDB, StorageHook } from '../../localDynamoDB.types';
import type { EnginePersistence, PersistenceLoadResult } from '../persistence.types';
import { PersistenceError } from '../persistenceError';
import { acquireTabLock, newOwnerToken, tabLockName, type Fence } from './tabLock';
import { blockedError, closedError, openError, takenOverError, unavailableError, versionChangeError, writeError } from './idbErrors';
import { loadStoredTables } from './idbLoad';
import { DB_VERSION, DEFAULT_DATABASE_NAME, upgradeDatabase, type KeylabDB, type KeylabDBSchema } from './idbSchema';
import { runWrite, writeChange, WRITE_OPTIONS, type LogSequence } from './idbWriteQueue';

export { DEFAULT_DATABASE_NAME } from './idbSchema';
export { takeOverBrowserPersistence } from './tabLock';

/*
 * The IndexedDB adapter, put together from its parts:
 * - tabLock.ts: the lock (a Web Lock, one tab owns the database) and the
 *   owner fence every write transaction checks;
 * - idbLoad.ts: load (replay each table's log into the engine);
 * - idbWriteQueue.ts: the write queue (one transaction per engine change);
 * - idbCompaction.ts: compaction of a log when loading finds it mostly garbage;
 * - idbSchema.ts: the stores and their upgrades; idbErrors.ts: the messages.
 * This file opens the database, owns the adapter's lifecycle (closed,
 * taken over, cleared) and deletes the database.
 */

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
  const ownerToken = newOwnerToken();
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
  const seq: LogSequence = { next: 1 };

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
        await writeChange(requireOpen(), fence, seq, change);
      } catch (error) {
        // A transaction that failed because the connection went away reports why it went away.
        throw closedReason ?? writeError(error);
      }
    },
  };

  async function load(target: LocalDynamoDB): Promise<PersistenceLoadResult> {
    if (engine) throw new Error('openBrowserPersistence: load() was already called');
    const result = await loadStoredTables(requireOpen(), target, fence, seq);
    engine = target;
    return result;
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
