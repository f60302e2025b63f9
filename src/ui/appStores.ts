/**
 * The composition root: every store of the app, built in one place from the
 * dependencies the app needs from its environment (storage, fetch, the data
 * sources, a clock), and wired to each other with `subscribe`. Nothing here
 * reads a global: main.tsx passes the browser's (see `browserAppDeps`), tests
 * pass fakes. React gets the result through `<AppStoresProvider>` (stores.tsx).
 */
import type { StateStorage } from 'zustand/middleware';
import type { EngineChange } from '../engine';
import type { BuiltInTable } from '../sources';
import {
  canWriteSource,
  createDeferredWrites,
  createWriteConfirmationStore,
  BUILT_IN_TABLE_LABEL,
  connectQueryBuilder,
  createAccessPatternRunStore,
  createBuiltInTableStore,
  createConnectionStore,
  createDesignBindingStore,
  createDesignStore,
  createExplorerStore,
  createKeyDesignStore,
  createNoticeStore,
  createRowSelectionStore,
  UNREADABLE_DESIGNS_STORAGE_KEY,
  type AccessPatternRunStore,
  type BuiltInTableStore,
  type ConnectionStorage,
  type ConnectionStore,
  type ConnectionStoreOptions,
  type DesignBindingStore,
  type DesignStore,
  type ExplorerStore,
  type KeyDesignStore,
  type NoticeStore,
  type PartiqlStore,
  type ProfileOption,
  type RowSelectionStore,
  type TableDetailsStore,
  type ItemEditorStore,
  type TablesStore,
  type WriteConfirmationStore,
} from '../state';

/** What the app takes from its environment. */
export interface AppDeps {
  /** localStorage, or undefined when the browser blocks it (the app says so and keeps everything in memory). */
  readonly storage: ConnectionStorage | undefined;
  /** For the app server's own routes (the ~/.aws profile list). */
  readonly fetch: (url: string, init?: { readonly headers?: Record<string, string> }) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  /** The page's origin (`http://localhost:5173`): the app server, its proxy and its routes live there. */
  readonly appOrigin: string;
  /** Opens the built-in table (IndexedDB in the browser, memory in tests). */
  readonly openBuiltInTable: () => Promise<BuiltInTable>;
  /** Creates a remote DynamoDB client; default: the SDK, loaded on first use. */
  readonly createRemoteSource?: ConnectionStoreOptions['createSource'];
  /** Milliseconds from a fixed point (performance.now). */
  readonly now: () => number;
}

export interface AppStores {
  /** App-wide notices (e.g. "your design can't be saved"), shown in the header. */
  readonly notices: NoticeStore;
  readonly keyDesign: KeyDesignStore;
  /** The Designs list and the open design (tables, entities, templates, samples, access patterns). */
  readonly designs: DesignStore;
  /** The Access patterns region's last run over the open table's samples. */
  readonly accessPatternRuns: AccessPatternRunStore;
  /** The Key design the user picked for each explorer table (others are bound by name and key schema). */
  readonly designBindings: DesignBindingStore;
  readonly explorer: ExplorerStore;
  /** The explorer's connection control: built-in table, DynamoDB Local, a custom endpoint or AWS. */
  readonly connection: ConnectionStore;
  readonly builtInTable: BuiltInTableStore;
  /** The grid row the byte inspector shows. */
  readonly rowSelection: RowSelectionStore;
  /** The explorer's PartiQL tab and table details (TTL, tags, Add index): built on first use, their code loaded with the explorer. */
  readonly explorerTools: ExplorerToolStores;
  /** The extra confirmation before a write to AWS (WriteConfirmation.tsx); write paths call its confirmWrite. */
  readonly writeConfirmation: WriteConfirmationStore;
  /** Opens the built-in table and shows it in the explorer: what the app does at start. */
  connectBuiltInTable(): Promise<void>;
  /** Writes the saves still waiting for a pause in typing (call when the page is hidden or unloaded). */
  flushSaves(): void;
  /** Ends the subscriptions between stores and to the engine (tests, hot reload). */
  dispose(): void;
}

/** Stores the explorer builds on first use: each call returns the same store. */
export interface ExplorerToolStores {
  partiql(): Promise<PartiqlStore>;
  tableDetails(): Promise<TableDetailsStore>;
  itemEditor(): Promise<ItemEditorStore>;
  tables(): Promise<TablesStore>;
}

/** A save waits this long after the last change (at most SAVE_MAX_WAIT_MS): typing in a 20,000-row design doesn't rewrite it per key press. */
const SAVE_DELAY_MS = 300;
const SAVE_MAX_WAIT_MS = 2000;

export const PROFILES_PATH = '/api/aws-profiles';

/** Builds every store of the app from `deps`. Call once per app (or per test). */
export function createAppStores(deps: AppDeps): AppStores {
  const notices = createNoticeStore();
  const designStorage = reportingStorage(deps.storage, notices);
  const keyDesign = createKeyDesignStore(designStorage ? { storage: designStorage } : {});
  const saves = createDeferredWrites({ delayMs: SAVE_DELAY_MS, maxWaitMs: SAVE_MAX_WAIT_MS });
  const designs = createDesignStore(
    designStorage
      ? { storage: designStorage, deferredWrites: saves, onUnreadable: (messages) => notices.getState().show('designs-unreadable', `${messages.join(' ')}${messages.some((message) => message.includes('set aside')) ? ` (What was set aside is kept in this browser's storage under ${UNREADABLE_DESIGNS_STORAGE_KEY}.)` : ''}`) }
      : {},
  );
  const designBindings = createDesignBindingStore(designStorage ? { storage: designStorage } : {});
  const explorer = createExplorerStore();
  const rowSelection = createRowSelectionStore();
  // The explorer follows the design bound to its table; the query builder encodes sort-key bounds with its entity's template.
  const subscriptions: (() => void)[] = [connectQueryBuilder(explorer, designs, designBindings)];

  const builtInTable = createBuiltInTableStore({
    notices,
    now: deps.now,
    openBuiltInTable: async () => {
      const table = await deps.openBuiltInTable();
      subscriptions.push(table.engine.subscribe((change) => onBuiltInChange(table, change)));
      return table;
    },
  });

  // Item counts and sizes come from DescribeTable: re-read them when the
  // built-in table shown in the explorer changes (Generate items, any write),
  // at most once per burst of changes.
  let reloadQueued = false;
  function onBuiltInChange(table: BuiltInTable, change: EngineChange): void {
    const { source, selectedTable } = explorer.getState();
    if (source !== table.source || !selectedTable || reloadQueued) return;
    if (change.type !== 'writeItems' || !change.writes.some((write) => write.tableName === selectedTable)) return;
    reloadQueued = true;
    queueMicrotask(() => {
      reloadQueued = false;
      void explorer.getState().reloadTable();
    });
  }

  const connectBuiltInTable = async () => {
    const source = await builtInTable.getState().open();
    await explorer.getState().connect(source, BUILT_IN_TABLE_LABEL);
  };

  const connection = createConnectionStore({
    appOrigin: deps.appOrigin,
    storage: deps.storage,
    onConnected: (source, label) => explorer.getState().connect(source, label),
    connectBuiltIn: connectBuiltInTable,
    ...(deps.createRemoteSource ? { createSource: deps.createRemoteSource } : {}),
    fetchProfiles: async () => {
      const response = await deps.fetch(new URL(PROFILES_PATH, deps.appOrigin).href, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(response.status === 404 ? 'this server does not read profiles (use npm start or npm run dev)' : `HTTP ${response.status}`);
      return ((await response.json()) as { profiles: ProfileOption[] }).profiles;
    },
  });

  // Every write control asks canWriteSource (false on a Read-only connection) and, before sending, confirmWrite (asks on AWS).
  const writeConfirmation = createWriteConfirmationStore({ source: () => explorer.getState().source, connected: () => connection.getState().connected });
  const { confirmWrite } = writeConfirmation.getState();

  const toolDisposers: (() => void)[] = [];
  const explorerTools = {
    partiql: once(async () => {
      const { createPartiqlStore } = await import('../state/explorer/partiql');
      const store = createPartiqlStore({ explorer });
      toolDisposers.push(() => store.getState().dispose());
      return store;
    }),
    tableDetails: once(async () => {
      const { createTableDetailsStore } = await import('../state/explorer/tableDetails');
      const store = createTableDetailsStore({ explorer, canAddIndex: canWriteSource, confirmWrite });
      toolDisposers.push(() => store.getState().dispose());
      return store;
    }),
    itemEditor: once(async () => {
      const { createItemEditorStore } = await import('../state/explorer/itemEditor');
      return createItemEditorStore({ explorer, canWrite: canWriteSource });
    }),
    tables: once(async () => {
      const { createTablesStore } = await import('../state/explorer/tables');
      const store = createTablesStore({ explorer, canChangeTables: canWriteSource, confirmWrite });
      toolDisposers.push(() => store.getState().dispose());
      return store;
    }),
  };

  return {
    notices,
    keyDesign,
    designs,
    accessPatternRuns: createAccessPatternRunStore(),
    designBindings,
    explorer,
    connection,
    builtInTable,
    rowSelection,
    explorerTools,
    writeConfirmation,
    connectBuiltInTable,
    flushSaves: () => saves.flush(),
    dispose: () => {
      saves.flush();
      for (const unsubscribe of [...subscriptions.splice(0), ...toolDisposers.splice(0)]) unsubscribe();
    },
  };
}

/** `make`, called on first use only; later calls share its promise. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * Storage for the key design, wrapped so a failed save (quota, disabled
 * storage) is shown to the user instead of throwing inside a state update or
 * passing silently.
 */
function reportingStorage(storage: ConnectionStorage | undefined, notices: NoticeStore): StateStorage | undefined {
  if (!storage) {
    notices.getState().show('storage', 'This browser blocks local storage, so your key design will not survive a reload.');
    return undefined;
  }
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => {
      try {
        storage.setItem(name, value);
        notices.getState().dismiss('storage');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        notices.getState().show('storage', `Your key design could not be saved in this browser (${reason}); it will be lost on reload.`);
      }
    },
    removeItem: (name) => storage.removeItem(name),
  };
}
