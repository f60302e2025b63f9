import type { LocalDynamoDB, StorageHook } from '../localDynamoDB.types';

/** What {@link EnginePersistence.load} restored. */
export interface PersistenceLoadResult {
  /** The restored tables' names. */
  readonly tables: readonly string[];
  /** Items restored, across all tables. */
  readonly items: number;
  /**
   * True when the store has never been marked initialised (a new database or
   * data directory, or one cleared since): the app's first run, when the
   * sample tables are created. See {@link EnginePersistence.markInitialized}.
   */
  readonly firstRun: boolean;
  /** Problems that loading recovered from (a torn journal tail dropped, …), to log or show. */
  readonly warnings: readonly string[];
}

/**
 * A persistence adapter for the built-in engine. Wiring, in this order:
 *
 * @example
 * const persistence = await openBrowserPersistence();            // or openNodePersistence(dir)
 * const engine = createLocalDynamoDB({ storage: persistence.hook });
 * const { firstRun } = await persistence.load(engine);           // restores every stored table
 * if (firstRun) { await ensureSampleTables(engine); await persistence.markInitialized(); }
 */
export interface EnginePersistence {
  /** The engine's write-ahead hook: pass it as `createLocalDynamoDB({ storage })`. */
  readonly hook: StorageHook;
  /**
   * Restores every stored table into `engine` (which must have been created
   * with this adapter's hook and hold no tables yet). The hook refuses writes
   * until this has resolved, so stored data and memory never diverge.
   */
  load(engine: LocalDynamoDB): Promise<PersistenceLoadResult>;
  /** Records that first-run setup is done, so later loads report `firstRun: false`. */
  markInitialized(): Promise<void>;
  /** Waits for nothing pending (writes resolve only once stored) and releases the store; later writes reject. */
  close(): Promise<void>;
}
