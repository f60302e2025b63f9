import { lazy, Suspense, use, useEffect } from 'react';
import type { ExplorerSideStores } from './appStores';
import { ExplorerSideProvider, useAppStores, useBuiltInTable, useConnection, useExplorer } from './stores';

/*
 * The explorer, its stores (AppStores.explorerSide), its connection panel and
 * the query builder are loaded when the Table explorer tab is first shown:
 * the Design tab (the first screen) paints without them, the engine,
 * IndexedDB or the AWS SDK.
 */
const ExplorerPanel = lazy(async () => ({ default: (await import('./explorer/ExplorerPanel')).ExplorerPanel }));
const ConnectionPanel = lazy(async () => ({ default: (await import('./explorer/ConnectionPanel')).ConnectionPanel }));

/**
 * The explorer, loaded on first show; on that first show it also connects the
 * explorer to the connection remembered in this browser, or else opens the
 * built-in table (unless something already connected it, e.g. Browse in the
 * explorer after Load into a table).
 */
export function LazyExplorer() {
  const stores = useAppStores();
  return (
    <Suspense
      fallback={
        <p role="status" className="lazy-loading">
          Loading the table explorer…
        </p>
      }
    >
      <ExplorerSide sideStores={stores.explorerSide()} />
    </Suspense>
  );
}

function ExplorerSide({ sideStores }: { sideStores: Promise<ExplorerSideStores> }) {
  const side = use(sideStores);
  return (
    <ExplorerSideProvider stores={side}>
      <ConnectedExplorer side={side} />
    </ExplorerSideProvider>
  );
}

/**
 * The explorer sides whose start-up connect has begun. Kept outside the
 * component: a remount (a suspension above it) must not connect a second
 * time, which would reset the table the user picked meanwhile.
 */
const startedConnecting = new WeakSet<ExplorerSideStores>();

/** Connects a fresh explorer side to the remembered connection or the built-in table, once (the explorer and Migrate keys tabs both call it on first show). */
export function connectOnFirstShow(side: ExplorerSideStores): void {
  if (startedConnecting.has(side) || side.explorer.getState().source !== undefined) return;
  startedConnecting.add(side);
  void side.connectOnStart();
}

function ConnectedExplorer({ side }: { side: ExplorerSideStores }) {
  useEffect(() => connectOnFirstShow(side), [side]);
  const builtInStatus = useBuiltInTable((state) => state.status);
  const builtInSource = useBuiltInTable((state) => state.source);
  const onBuiltIn = useExplorer((state) => state.source !== undefined && state.source === builtInSource);
  // Copied code targets what the explorer is connected to (never its credentials).
  const connected = useConnection((state) => state.status === 'connected' && state.form.kind !== 'builtIn');
  const codeRegion = useConnection((state) => state.form.region);
  const codeEndpoint = useConnection((state) => (state.form.kind === 'aws' ? undefined : state.form.endpoint));
  const codeContext = connected && !onBuiltIn ? { region: codeRegion, ...(codeEndpoint ? { endpoint: codeEndpoint } : {}) } : undefined;
  return (
    <ExplorerPanel
      store={side.explorer}
      connection={<ConnectionPanel store={side.connection} />}
      status={onBuiltIn ? builtInStatus : undefined}
      codeContext={codeContext}
    />
  );
}
