/**
 * The composition root: every store of the app, built in one place from the
 * dependencies the app needs from its environment (storage, fetch, the data
 * sources, a clock), and wired to each other with `subscribe`. Nothing here
 * reads a global: main.tsx passes the browser's (see `browserAppDeps`), tests
 * pass fakes. React gets the result through `<AppStoresProvider>` (stores.tsx).
 */
import type { StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EngineChange } from '../engine';
import type { BuiltInTable } from '../sources';
import {
  createDeferredWrites,
  createAccessPatternRunStore,
  createReviewExportStore,
  createBuiltInTableStore,
  createDesignBindingStore,
  createDesignStore,
  createKeyDesignStore,
  createMultiAttributeConversionStore,
  createNoticeStore,
  createUnloadJournal,
  DESIGNS_DATABASE_NAME,
  openDesignRecords,
  UNREADABLE_DESIGNS_STORE,
  type AccessPatternRunStore,
  type BuiltInTableStore,
  type ConnectionStorage,
  type ConnectionStoreOptions,
  type DesignBindingStore,
  type DesignStore,
  type KeyDesignStore,
  type MultiAttributeConversionStore,
  type NoticeStore,
  type ReviewExportStore,
} from '../state';
import { downloadText } from './common/downloadText';
import type { ExplorerSideStores } from './explorerSideStores';

export type { ExplorerSideStores, ExplorerToolStores } from './explorerSideStores';

/** What the app takes from its environment. */
export interface AppDeps {
  /** localStorage, or undefined when the browser blocks it (the app says so and keeps everything in memory). */
  readonly storage: ConnectionStorage | undefined;
  /** For the app server's own routes (the ~/.aws profile list). */
  readonly fetch: (url: string, init?: { readonly headers?: Record<string, string> }) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  /** The page's origin (`http://localhost:5173`): the app server, its proxy and its routes live there. */
  readonly appOrigin: string;
  /** IndexedDB, where the Designs list is saved (one record per design); null when the browser blocks it (the app says so), undefined to save nothing (the prerender). */
  readonly indexedDB?: IDBFactory | null;
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
  /** Export review and Print: the review document's results collected over accessPatternRuns, then downloaded or printed. */
  readonly reviewExport: ReviewExportStore;
  /** The Design tab's one-click multi-attribute GSI conversion: its preview, and how to carry it out once applied. */
  readonly multiAttributeConversion: MultiAttributeConversionStore;
  /** The Key design the user picked for each explorer table (others are bound by name and key schema). */
  readonly designBindings: DesignBindingStore;
  readonly builtInTable: BuiltInTableStore;
  /**
   * The explorer's stores (explorer, connection, row selection, explorer tools),
   * built on first call, their code loaded then; later calls share the promise.
   * The Design tab, the first screen, loads without them.
   */
  explorerSide(): Promise<ExplorerSideStores>;
  /** `{ built }`: the explorer side once explorerSide() has built it (for Design-tab regions that show explorer data only when there is some). */
  readonly explorerSideBuilt: StoreApi<{ readonly built?: ExplorerSideStores }>;
  /** Opens the built-in table and shows it in the explorer (builds the explorer side first). */
  connectBuiltInTable(): Promise<void>;
  /** Writes the saves still waiting for a pause in typing (call when the page is hidden or unloaded). */
  flushSaves(): void;
  /** Ends the subscriptions between stores and to the engine (tests, hot reload). */
  dispose(): void;
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
    deps.indexedDB
      ? {
          records: openDesignRecords({ indexedDB: deps.indexedDB, ...(deps.storage ? { legacyStorage: deps.storage } : {}) }),
          ...(deps.storage ? { unloadJournal: createUnloadJournal(deps.storage) } : {}),
          deferredWrites: saves,
          onUnreadable: (messages) =>
            notices
              .getState()
              .show(
                'designs-unreadable',
                `${messages.join(' ')}${messages.some((message) => message.includes('set aside')) ? ` (What was set aside is kept in this browser's IndexedDB, database ${DESIGNS_DATABASE_NAME}, store ${UNREADABLE_DESIGNS_STORE}.)` : ''}`,
              ),
          onSaveFailed: (id, message) => notices.getState().show(`design-save:${id}`, message),
          onSaved: (id) => notices.getState().dismiss(`design-save:${id}`),
          onLoadFailed: (message) => notices.getState().show('designs-load', message),
        }
      : {},
  );
  if (deps.indexedDB === null)
    notices
      .getState()
      .show('designs-storage', 'This browser blocks IndexedDB, so your designs will not survive a reload: export them (Export design) to keep them.');
  const designBindings = createDesignBindingStore(designStorage ? { storage: designStorage } : {});
  const subscriptions: (() => void)[] = [];

  // The built-in table's changes, passed to whoever listens (the explorer side, once built).
  const builtInListeners = new Set<(table: BuiltInTable, change: EngineChange) => void>();
  const builtInTable = createBuiltInTableStore({
    notices,
    now: deps.now,
    openBuiltInTable: async () => {
      const table = await deps.openBuiltInTable();
      subscriptions.push(table.engine.subscribe((change) => builtInListeners.forEach((listener) => listener(table, change))));
      return table;
    },
  });

  const explorerSideBuilt = createStore<{ readonly built?: ExplorerSideStores }>()(() => ({}));
  const explorerSide = once(async () => {
    const { createExplorerSideStores } = await import('./explorerSideStores');
    const side = createExplorerSideStores({
      deps,
      designs,
      designBindings,
      builtInTable,
      onBuiltInChange: (listener) => {
        builtInListeners.add(listener);
        return () => builtInListeners.delete(listener);
      },
    });
    subscriptions.push(() => side.dispose());
    // The table's facts and actions sit above the query builder: their stores are ready before the explorer renders, so a
    // table shows with them in the same frame instead of pushing the builder down when their code arrives.
    await Promise.all([side.explorerTools.tableDetails(), side.explorerTools.tables()]);
    explorerSideBuilt.setState({ built: side });
    return side;
  });

  return {
    notices,
    keyDesign,
    designs,
    ...createReviewStores(),
    multiAttributeConversion: createMultiAttributeConversionStore({ designs }),
    designBindings,
    builtInTable,
    explorerSide,
    explorerSideBuilt,
    connectBuiltInTable: async () => (await explorerSide()).connectBuiltInTable(),
    flushSaves: () => {
      // The page may be going away: what IndexedDB has not confirmed is also kept synchronously, then written.
      designs.getState().beforeUnload();
      saves.flush();
    },
    dispose: () => {
      saves.flush();
      for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
    },
  };
}

/**
 * An access-pattern run store and the review export store over it: the app's
 * pair, and a fresh pair for a shared design's view (its runs never mix with
 * the user's own designs').
 */
export function createReviewStores(): Pick<AppStores, 'accessPatternRuns' | 'reviewExport'> {
  const accessPatternRuns = createAccessPatternRunStore();
  return { accessPatternRuns, reviewExport: createReviewExportStore({ runs: accessPatternRuns, download: downloadText }) };
}

/**
 * `make`, called on first use only; later calls share its promise. The
 * promise carries its outcome the way React's `use()` reads it (`status`,
 * `value`): a component first rendered after it settled reads the store at
 * once instead of suspending for a tick, whose fallback would show for a
 * frame and move everything below it (the query builder under the table's
 * actions moved under the user's click).
 */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= readableByReact(make()));
}

type ReactThenable<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function readableByReact<T>(promise: Promise<T>): Promise<T> {
  const thenable = promise as ReactThenable<T>;
  promise.then(
    (value) => Object.assign(thenable, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(thenable, { status: 'rejected', reason }),
  );
  return promise;
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
