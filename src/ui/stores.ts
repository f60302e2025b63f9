import { useStore } from 'zustand';
import type { StateStorage } from 'zustand/middleware';
import { createKeyDesignStore, type KeyDesignActions, type KeyDesignState } from '../state/keyDesignStore';
import { createNoticeStore } from '../state/noticeStore';
import { createExplorerStore } from '../state/explorerStore';
import { connectQueryBuilder } from '../state/queryBuilder/connectQueryBuilder';
import { createConnectionStore, type ProfileOption } from '../state/connectionStore';
import { openBuiltInTable } from '../sources/builtInTable';
import { createStore } from 'zustand/vanilla';
import type { DynamoDBDataSource, LocalDynamoDB } from '../engine';
import { createRowSelectionStore } from '../state/rowSelectionStore';

/** App-wide notices (e.g. "your design can't be saved"), shown in the header. */
export const noticeStore = createNoticeStore();

/**
 * localStorage, wrapped so a failed save (quota, disabled storage) is shown to
 * the user instead of throwing inside a state update or passing silently.
 */
function createReportingLocalStorage(): StateStorage | undefined {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    noticeStore.getState().show('storage', 'This browser blocks local storage, so your key design will not survive a reload.');
    return undefined;
  }
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => {
      try {
        storage.setItem(name, value);
        noticeStore.getState().dismiss('storage');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        noticeStore.getState().show('storage', `Your key design could not be saved in this browser (${reason}); it will be lost on reload.`);
      }
    },
    removeItem: (name) => storage.removeItem(name),
  };
}

export const keyDesignStore = createKeyDesignStore({ storage: createReportingLocalStorage() });

/** Reads a narrow slice of the key design; re-renders only when that slice changes. */
export function useKeyDesign<T>(selector: (state: KeyDesignState & KeyDesignActions) => T): T {
  return useStore(keyDesignStore, selector);
}

/** The explorer's store: one for the app, connected to the built-in table at start. */
export const explorerStore = createExplorerStore();
connectQueryBuilder(explorerStore, keyDesignStore);

/** What the built-in table's storage is doing, in words for the explorer's header. */
export const builtInStatusStore = createStore<{ status: string }>()(() => ({ status: 'opening…' }));

/** The built-in table's engine (for Generate items) and the source the explorer uses for it; set once it is open. */
export const builtInTableStore = createStore<{ engine?: LocalDynamoDB; source?: DynamoDBDataSource }>()(() => ({}));

/** The grid row the byte inspector shows. */
export const rowSelectionStore = createRowSelectionStore();

let builtInOpening: Promise<Awaited<ReturnType<typeof openBuiltInTable>>['source']> | undefined;

const BUILT_IN_LABEL = 'Built-in table (this browser)';

/**
 * Opens the built-in table (IndexedDB-backed; sample tables on first run) and
 * connects the explorer to it. Opens once; later calls (switching back from
 * another connection) reconnect the explorer to the same table. If IndexedDB
 * is unavailable the engine still works in memory and the status says so.
 */
export async function connectBuiltInTable(): Promise<void> {
  builtInOpening ??= (async () => {
    const { source, status, engine } = await openBuiltInTable();
    builtInTableStore.setState({ engine, source });
    builtInStatusStore.setState({ status: status.persisted ? 'saved in this browser (IndexedDB)' : 'in memory only' });
    if (!status.persisted) noticeStore.getState().show('builtInTable', `The built-in table is not being saved: ${status.error ?? 'IndexedDB is unavailable'}`);
    for (const warning of status.warnings) noticeStore.getState().show(`builtInTable:${warning}`, warning);
    return source;
  })();
  const source = await builtInOpening;
  await explorerStore.getState().connect(source, BUILT_IN_LABEL);
}

/** True while the explorer shows the built-in table (its storage status is worth showing then). */
export function isBuiltInLabel(label: string): boolean {
  return label === BUILT_IN_LABEL;
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The explorer's connection control: built-in table, DynamoDB Local, a custom endpoint or AWS. */
export const connectionStore = createConnectionStore({
  appOrigin: window.location.origin,
  storage: browserStorage(),
  onConnected: (source, label) => explorerStore.getState().connect(source, label),
  connectBuiltIn: connectBuiltInTable,
  fetchProfiles: async () => {
    const response = await fetch('/api/aws-profiles', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(response.status === 404 ? 'this server does not read profiles (use npm start or npm run dev)' : `HTTP ${response.status}`);
    return ((await response.json()) as { profiles: ProfileOption[] }).profiles;
  },
});
