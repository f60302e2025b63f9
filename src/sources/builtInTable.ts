import {
  createLocalDynamoDB,
  ensureSampleTables,
  generateCollection,
  startTtlSweeper,
  type DynamoDBDataSource,
  type GenerateCollectionOptions,
  type GenerateCollectionResult,
  type LocalDynamoDB,
} from '../engine';
import {
  DEFAULT_DATABASE_NAME,
  deleteBrowserPersistence,
  isPersistenceError,
  openBrowserPersistence,
  PersistenceError,
  takeOverBrowserPersistence,
  type BrowserPersistence,
  type PersistenceErrorCode,
} from '../engine/persistence/browser';

export { MAX_GENERATED_ITEMS } from '../engine';

/** How the built-in table is kept, for the UI to show. */
export interface BuiltInTableStatus {
  /** True when the tables are stored in IndexedDB and survive a reload; false when they live in this tab's memory only. */
  readonly persisted: boolean;
  /** Why the tables are not stored (a sentence for the user), when `persisted` is false. */
  readonly error?: string;
  /** The PersistenceError code behind `error` (`persistence.unavailable`, `persistence.inUse`, …). */
  readonly errorCode?: PersistenceErrorCode;
  /** Tables restored from IndexedDB. */
  readonly restoredTables: readonly string[];
  /** Items restored, across tables. */
  readonly restoredItems: number;
  /** Sample tables created by this start (the first run, or every start in memory). */
  readonly createdSamples: readonly string[];
  /** Problems that were recovered from or that did not stop the start (e.g. the samples could not be saved). */
  readonly warnings: readonly string[];
  /** What the start did that the user should know (this tab took the table over from another tab). */
  readonly notes?: readonly string[];
}

/** The built-in table, opened. */
export interface BuiltInTable {
  /** The data source the UI talks to (the same shape as a real DynamoDB client). */
  readonly source: DynamoDBDataSource;
  /** The engine itself: `generateCollection`, `subscribe` for live views. */
  readonly engine: LocalDynamoDB;
  readonly status: BuiltInTableStatus;
  /** Fills one item collection with generated items (scale demos), through the engine's bulk path. */
  generateCollection(options: GenerateCollectionOptions): Promise<GenerateCollectionResult>;
  /** Releases IndexedDB (tests, hot reload); later writes reject. */
  close(): Promise<void>;
  /**
   * Calls `listener` when another tab takes the stored tables over: this tab
   * then saves nothing (writes are refused with `persistence.takenOver`).
   */
  onTakenOver(listener: () => void): () => void;
  /**
   * Takes the stored tables over from the tab that owns them (it stops
   * saving at once) and reloads this page, which then reads them afresh from
   * IndexedDB — with everything the other tab wrote.
   */
  takeOver(): Promise<void>;
}

/** Options of {@link openBuiltInTable}. */
export interface OpenBuiltInTableOptions {
  /** The IndexedDB database. Default `keylab`. */
  readonly databaseName?: string;
}

/**
 * Opens Keylab's built-in table in the browser: the engine, restored from
 * IndexedDB, with the sample tables (`Leaderboard`, `AuditLog`) created on
 * the first run (a new or cleared database; deleted samples are not brought
 * back). Never rejects for a storage problem: when IndexedDB is unavailable
 * (private browsing, disabled storage), held by another tab, or its content
 * cannot be read, the engine runs in memory with fresh samples and
 * `status.persisted` is false with `status.error` saying why — the UI shows it.
 *
 * @example
 * const { source, status } = await openBuiltInTable();
 * if (!status.persisted) showBanner(status.error);
 * const { Items } = await source.query({ TableName: "Leaderboard", KeyConditionExpression: "leaderboardId = :s",
 *   ExpressionAttributeValues: { ":s": { S: "SEASON#2026-SPRING" } } });
 */
export async function openBuiltInTable(options: OpenBuiltInTableOptions = {}): Promise<BuiltInTable> {
  const name = options.databaseName ?? DEFAULT_DATABASE_NAME;
  const takenOverListeners = new Set<() => void>();
  const ownership = {
    onTakenOver: (listener: () => void) => {
      takenOverListeners.add(listener);
      return () => void takenOverListeners.delete(listener);
    },
    takeOver: async () => {
      await takeOverBrowserPersistence(name);
      tookOverMarker.set();
      location.reload();
    },
  };
  let persistence: BrowserPersistence;
  try {
    persistence = await openBrowserPersistence({ name, onTakenOver: () => takenOverListeners.forEach((listener) => listener()) });
  } catch (error) {
    // Another tab owns the tables: show none and save nothing here (never a second copy that diverges), until Take over.
    if (isPersistenceError(error, 'persistence.inUse')) return openElsewhere(error, ownership);
    return openInMemory(error);
  }

  const engine = createLocalDynamoDB({ storage: persistence.hook });
  let loaded;
  try {
    loaded = await persistence.load(engine);
  } catch (error) {
    await persistence.close();
    // The stored tables stay where they are: a later Keylab (or deleteStoredTables) can deal with them.
    return openInMemory(error, 'Keylab could not load its stored tables, so it started with the samples in memory. ');
  }
  const tookOver = tookOverMarker.take();

  const warnings = [...loaded.warnings];
  let createdSamples: string[] = [];
  if (loaded.firstRun) {
    try {
      createdSamples = await ensureSampleTables(engine, { firstRun: true });
      await persistence.markInitialized();
    } catch (error) {
      // Not marked initialised: the next start tries again.
      warnings.push(`The sample tables could not be created: ${messageOf(error)}`);
    }
  }
  return withTtlSweeper({
    source: engine,
    engine,
    status: {
      persisted: true,
      restoredTables: loaded.tables,
      restoredItems: loaded.items,
      createdSamples,
      warnings,
      ...(tookOver
        ? {
            notes: [
              `This tab took over Keylab's built-in table: its ${loaded.tables.length} tables (${loaded.items.toLocaleString('en-US')} items) were reloaded from this browser's storage, with every change made in the other tab, which no longer saves.`,
            ],
          }
        : {}),
    },
    generateCollection: (generate) => generateCollection(engine, generate),
    close: () => persistence.close(),
    ...ownership,
  });
}

/**
 * "This tab asked to take over, then reloaded": kept in sessionStorage
 * (this tab only) across the reload, so the new page says what happened.
 */
const tookOverMarker = {
  key: 'keylab:builtInTable:tookOver',
  set(): void {
    try {
      sessionStorage.setItem(this.key, '1');
    } catch {
      // No session storage: the take-over still happens, only unannounced.
    }
  },
  take(): boolean {
    try {
      const set = sessionStorage.getItem(this.key) !== null;
      sessionStorage.removeItem(this.key);
      return set;
    } catch {
      return false;
    }
  },
};

/**
 * The built-in table while another tab owns it: an engine with no tables
 * whose every write is refused with the reason (`persistence.inUse`), so
 * nothing written here can be lost or overwrite the other tab's tables.
 */
function openElsewhere(cause: PersistenceError, ownership: Pick<BuiltInTable, 'onTakenOver' | 'takeOver'>): BuiltInTable {
  const engine = createLocalDynamoDB({
    storage: {
      write: () => {
        throw new PersistenceError(cause.code, `${cause.message} The change was not saved.`);
      },
    },
  });
  return {
    source: engine,
    engine,
    status: { persisted: false, error: cause.message, errorCode: cause.code, restoredTables: [], restoredItems: 0, createdSamples: [], warnings: [] },
    generateCollection: (generate) => generateCollection(engine, generate),
    close: async () => undefined,
    ...ownership,
  };
}

/**
 * Deletes the stored tables (IndexedDB database), so the next start is a
 * first run with fresh samples. Close the open built-in table first.
 */
export function deleteStoredTables(databaseName: string = DEFAULT_DATABASE_NAME): Promise<void> {
  return deleteBrowserPersistence(databaseName);
}

/**
 * The built-in table in this tab's memory only, with fresh samples: what
 * {@link openBuiltInTable} falls back to, and what tests and the Node side
 * use (it never touches IndexedDB).
 */
export async function openBuiltInTableInMemory(): Promise<BuiltInTable> {
  const engine = createLocalDynamoDB();
  const createdSamples = await ensureSampleTables(engine, { firstRun: true });
  return withTtlSweeper({
    source: engine,
    engine,
    status: { persisted: false, restoredTables: [], restoredItems: 0, createdSamples, warnings: [] },
    generateCollection: (generate) => generateCollection(engine, generate),
    close: async () => undefined,
    onTakenOver: () => () => undefined,
    takeOver: async () => undefined,
  });
}

/** Expired items are deleted in the background, as on DynamoDB, until the table is closed. */
function withTtlSweeper(table: BuiltInTable): BuiltInTable {
  const sweeper = startTtlSweeper(table.engine);
  return {
    ...table,
    close: () => {
      sweeper.stop();
      return table.close();
    },
  };
}

async function openInMemory(cause: unknown, prefix = ''): Promise<BuiltInTable> {
  const table = await openBuiltInTableInMemory();
  const why = { error: prefix + messageOf(cause), ...(isPersistenceError(cause) ? { errorCode: cause.code } : {}) };
  return { ...table, status: { ...table.status, ...why } };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
