/**
 * The explorer's side of the composition root: the explorer, its connection
 * control, the grid's row selection and the explorer tools, built by
 * `createExplorerSideStores` the first time something needs them
 * (AppStores.explorerSide(), which imports this module: the Design tab, the
 * first screen, loads without the explorer's code). The app-wide stores they
 * work with (designs, design bindings, the built-in table) come in `shared`.
 */
import type { EngineChange } from '../engine';
import type { BuiltInTable } from '../sources';
import {
  canWriteSource,
  createWriteConfirmationStore,
  BUILT_IN_TABLE_LABEL,
  connectQueryBuilder,
  createConnectionStore,
  createExplorerStore,
  createRowSelectionStore,
  type BuiltInTableStore,
  type ConfirmWrite,
  type ConnectionStore,
  type DesignBindingStore,
  type DesignStore,
  type ExplorerStore,
  type ItemEditorStore,
  type PartiqlStore,
  type ProfileOption,
  type RowSelectionStore,
  type TableDetailsStore,
  type TablesStore,
  type TransferStore,
  type WriteConfirmationStore,
} from '../state';
import type { MigrateStore } from '../state/migrate';
import { once, PROFILES_PATH, type AppDeps } from './appStores';

/** What the explorer side is built from: the environment and the app-wide stores it follows. */
export interface ExplorerSideShared {
  readonly deps: AppDeps;
  readonly designs: DesignStore;
  readonly designBindings: DesignBindingStore;
  readonly builtInTable: BuiltInTableStore;
  /** Calls `listener` with each change of the built-in table once it is open; returns the unsubscribe. */
  readonly onBuiltInChange: (listener: (table: BuiltInTable, change: EngineChange) => void) => () => void;
}

export interface ExplorerSideStores {
  readonly explorer: ExplorerStore;
  /** The explorer's connection control: built-in table, DynamoDB Local, a custom endpoint or AWS. */
  readonly connection: ConnectionStore;
  /** The grid row the byte inspector shows. */
  readonly rowSelection: RowSelectionStore;
  /** The explorer's PartiQL tab, table details (TTL, tags, Add index), item editor and tables: built on first use. */
  readonly explorerTools: ExplorerToolStores;
  /** The extra confirmation before a write to AWS (WriteConfirmation.tsx, rendered once by App.tsx); write paths call its confirmWrite. */
  readonly writeConfirmation: WriteConfirmationStore;
  /** Opens the built-in table and shows it in the explorer. */
  connectBuiltInTable(): Promise<void>;
  /**
   * What the explorer does when first shown: connects to the connection remembered in this browser ("Remember in this
   * browser"), so the explorer's data source is the one the form shows; without one, to the built-in table.
   */
  connectOnStart(): Promise<void>;
  dispose(): void;
}

/** Stores the explorer builds on first use: each call returns the same store. */
export interface ExplorerToolStores {
  partiql(): Promise<PartiqlStore>;
  tableDetails(): Promise<TableDetailsStore>;
  itemEditor(): Promise<ItemEditorStore>;
  tables(): Promise<TablesStore>;
  transfer(): Promise<TransferStore>;
  /** The Migrate keys tab's store (src/state/migrate), over the explorer's table. */
  migrate(): Promise<MigrateStore>;
}

/** Builds the explorer side once per app (AppStores.explorerSide calls it). */
export function createExplorerSideStores({ deps, designs, designBindings, builtInTable, onBuiltInChange }: ExplorerSideShared): ExplorerSideStores {
  const explorer = createExplorerStore();
  const rowSelection = createRowSelectionStore();
  // The explorer follows the design bound to its table; the query builder encodes sort-key bounds with its entity's template.
  const disposers: (() => void)[] = [connectQueryBuilder(explorer, designs, designBindings)];

  // Item counts and sizes come from DescribeTable: re-read them when the
  // built-in table shown in the explorer changes (Generate items, any write),
  // at most once per burst of changes.
  let reloadQueued = false;
  disposers.push(
    onBuiltInChange((table, change) => {
      const { source, selectedTable } = explorer.getState();
      if (source !== table.source || !selectedTable || reloadQueued) return;
      if (change.type !== 'writeItems' || !change.writes.some((write) => write.tableName === selectedTable)) return;
      reloadQueued = true;
      queueMicrotask(() => {
        reloadQueued = false;
        void explorer.getState().reloadTable();
      });
    }),
  );

  // Every request to connect the explorer gets the next number: the built-in table opening (IndexedDB, slow on a first
  // run) after the user connected elsewhere meanwhile does not take the explorer back from the user's connection.
  let connectRequests = 0;
  const connectBuiltInTable = async () => {
    const request = ++connectRequests;
    const source = await builtInTable.getState().open();
    if (request !== connectRequests) return;
    await explorer.getState().connect(source, BUILT_IN_TABLE_LABEL);
  };

  const connection = createConnectionStore({
    appOrigin: deps.appOrigin,
    storage: deps.storage,
    onConnected: (source, label) => {
      connectRequests++;
      return explorer.getState().connect(source, label);
    },
    connectBuiltIn: connectBuiltInTable,
    ...(deps.createRemoteSource ? { createSource: deps.createRemoteSource } : {}),
    fetchProfiles: async () => {
      const response = await deps.fetch(new URL(PROFILES_PATH, deps.appOrigin).href, { headers: { accept: 'application/json' } });
      if (!response.ok)
        throw new Error(response.status === 404 ? 'this server does not read profiles (use npm start or npm run dev)' : `HTTP ${response.status}`);
      return ((await response.json()) as { profiles: ProfileOption[] }).profiles;
    },
  });

  // Every write control asks canWriteSource (false on a Read-only connection) and sends through confirmWrite (asks on AWS):
  // an AWS connection's source refuses any write that does not come through it.
  const writeConfirmation = createWriteConfirmationStore();
  const { confirmWrite } = writeConfirmation.getState();
  // The Items count (DescribeTable) follows the app's own writes on every connection (the built-in table's changes
  // also reload it above): the item editor's Save and Delete, Import and bulk delete, PartiQL writes.
  const confirmWriteThenCount: ConfirmWrite = async (source, action, write) => {
    try {
      return await confirmWrite(source, action, write);
    } finally {
      const shown = explorer.getState();
      if (shown.source === source && shown.selectedTable) void shown.reloadTable();
    }
  };

  // The one place that builds the explorer's tools: one `once(import …)` entry per tool.
  const explorerTools: ExplorerToolStores = {
    partiql: once(async () => {
      const { createPartiqlStore } = await import('../state/explorer/partiql');
      const store = createPartiqlStore({ explorer, confirmWrite: confirmWriteThenCount });
      disposers.push(() => store.getState().dispose());
      return store;
    }),
    tableDetails: once(async () => {
      const { createTableDetailsStore } = await import('../state/explorer/tableDetails');
      const store = createTableDetailsStore({ explorer, canAddIndex: canWriteSource, confirmWrite });
      disposers.push(() => store.getState().dispose());
      return store;
    }),
    itemEditor: once(async () => {
      const { createItemEditorStore } = await import('../state/explorer/itemEditor');
      return createItemEditorStore({ explorer, canWrite: canWriteSource, confirmWrite: confirmWriteThenCount });
    }),
    tables: once(async () => {
      const { createTablesStore } = await import('../state/explorer/tables');
      const store = createTablesStore({ explorer, canChangeTables: canWriteSource, confirmWrite });
      disposers.push(() => store.getState().dispose());
      return store;
    }),
    transfer: once(async () => {
      const { createTransferStore } = await import('../state/explorer/transfer');
      // Import and bulk delete write where every other write control does (false on a Read-only connection; asked first on AWS).
      const store = createTransferStore({ explorer, canWrite: () => canWriteSource(explorer.getState().source), confirmWrite: confirmWriteThenCount });
      disposers.push(() => store.getState().dispose());
      return store;
    }),
    migrate: once(async () => {
      const { createMigrateStore, createIndexedDBMigrationStorage, createMemoryMigrationStorage, REMOTE_GROUP_SIZE } = await import('../state/migrate');
      const storage = typeof indexedDB === 'undefined' ? createMemoryMigrationStorage() : createIndexedDBMigrationStorage();
      // Several rewrites per transaction only where a request costs a round trip: the built-in table answers in the page.
      const groupSize = (source: unknown) => (source !== undefined && source === builtInTable.getState().source ? 1 : REMOTE_GROUP_SIZE);
      const store = createMigrateStore({ explorer, designs, designBindings, canWrite: canWriteSource, confirmWrite, storage, groupSize });
      disposers.push(() => store.getState().dispose());
      return store;
    }),
  };

  return {
    explorer,
    connection,
    rowSelection,
    explorerTools,
    writeConfirmation,
    connectBuiltInTable,
    connectOnStart: () => (connection.getState().form.remember ? connection.getState().connect() : connectBuiltInTable()),
    dispose: () => {
      for (const dispose of disposers.splice(0)) dispose();
    },
  };
}
