/**
 * The app's stores, handed to React through one provider: `createAppStores`
 * (appStores.ts) builds them, `<AppStoresProvider stores={…}>` makes them
 * available, and the hooks below read a narrow slice of one store, re-rendering
 * only when that slice changes (zustand's context pattern).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  BuiltInTableActions,
  BuiltInTableState,
  ConnectionActions,
  ConnectionState,
  DesignBindingActions,
  DesignBindingState,
  DesignStoreActions,
  DesignStoreState,
  ExplorerActions,
  ExplorerState,
  KeyDesignActions,
  KeyDesignState,
  KeyDesignStore,
  NoticeState,
  RowSelectionState,
} from '../state';
import type { AppStores, ExplorerSideStores } from './appStores';

const AppStoresContext = createContext<AppStores | undefined>(undefined);

export function AppStoresProvider({ stores, children }: { stores: AppStores; children: ReactNode }) {
  return <AppStoresContext value={stores}>{children}</AppStoresContext>;
}

/** All the stores (for actions and for components that take a store as a prop). */
export function useAppStores(): AppStores {
  const stores = useContext(AppStoresContext);
  if (!stores) throw new Error('Keylab: render the app inside <AppStoresProvider stores={createAppStores(…)}>.');
  return stores;
}

const KeyDesignScopeContext = createContext<KeyDesignStore | undefined>(undefined);

/**
 * Scopes the key builder's components (template field, segment editor,
 * samples, width advisor, orders, export) to one template of a design: inside
 * it, `useKeyDesign` reads `store` (a template adapter) instead of the app's one.
 */
export function KeyDesignScope({ store, children }: { store: KeyDesignStore; children: ReactNode }) {
  return <KeyDesignScopeContext value={store}>{children}</KeyDesignScopeContext>;
}

/** Reads a narrow slice of the key design in scope (see KeyDesignScope); re-renders only when that slice changes. */
export function useKeyDesign<T>(selector: (state: KeyDesignState & KeyDesignActions) => T): T {
  const scoped = useContext(KeyDesignScopeContext);
  const app = useAppStores();
  return useStore(scoped ?? app.keyDesign, selector);
}

/** Reads a narrow slice of the Designs list and the open design. */
export function useDesigns<T>(selector: (state: DesignStoreState & DesignStoreActions) => T): T {
  return useStore(useAppStores().designs, selector);
}

/** Reads the Key design choices (per explorer table). */
export function useDesignBindings<T>(selector: (state: DesignBindingState & DesignBindingActions) => T): T {
  return useStore(useAppStores().designBindings, selector);
}

const ExplorerSideContext = createContext<ExplorerSideStores | undefined>(undefined);

/** Gives the explorer's components its stores (LazyExplorer renders it once AppStores.explorerSide() has built them). */
export function ExplorerSideProvider({ stores, children }: { stores: ExplorerSideStores; children: ReactNode }) {
  return <ExplorerSideContext value={stores}>{children}</ExplorerSideContext>;
}

/** The explorer's stores, inside the explorer (under ExplorerSideProvider). */
export function useExplorerSide(): ExplorerSideStores {
  const stores = useContext(ExplorerSideContext);
  if (!stores) throw new Error('Keylab: render the explorer inside <ExplorerSideProvider stores={await appStores.explorerSide()}>.');
  return stores;
}

/** The explorer's stores if something has built them yet, else undefined (for Design-tab regions: they don't load the explorer). */
export function useBuiltExplorerSide(): ExplorerSideStores | undefined {
  return useStore(useAppStores().explorerSideBuilt, (state) => state.built);
}

const NO_STORE: StoreApi<unknown> = createStore(() => undefined);

/** A slice of `store`, or `fallback` while there is no store (an explorer-side store not built yet). */
export function useStoreIfBuilt<S, T>(store: StoreApi<S> | undefined, selector: (state: S) => T, fallback: T): T {
  return useStore((store ?? NO_STORE) as StoreApi<S>, (state) => (store ? selector(state) : fallback));
}

/** Inside the explorer only (see useExplorerSide). */
export function useExplorer<T>(selector: (state: ExplorerState & ExplorerActions) => T): T {
  return useStore(useExplorerSide().explorer, selector);
}

/** Inside the explorer only (see useExplorerSide). */
export function useConnection<T>(selector: (state: ConnectionState & ConnectionActions) => T): T {
  return useStore(useExplorerSide().connection, selector);
}

export function useBuiltInTable<T>(selector: (state: BuiltInTableState & BuiltInTableActions) => T): T {
  return useStore(useAppStores().builtInTable, selector);
}

export function useNotices<T>(selector: (state: NoticeState) => T): T {
  return useStore(useAppStores().notices, selector);
}

/** The grid row the byte inspector shows. */
export function useRowSelection<T>(selector: (state: RowSelectionState) => T): T {
  return useStore(useExplorerSide().rowSelection, selector);
}
