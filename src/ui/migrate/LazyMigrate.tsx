import { lazy, Suspense, use, useEffect } from 'react';
import type { ExplorerSideStores } from '../appStores';
import { connectOnFirstShow } from '../LazyExplorer';
import { ExplorerSideProvider, useAppStores } from '../stores';

/*
 * The Migrate keys tab, its store and src/migrate load when the tab is first
 * shown (never in the first screen's bundle). It works on the explorer's
 * connection and table, so it builds the explorer side too.
 */
const MigratePanel = lazy(async () => ({ default: (await import('./MigratePanel')).MigratePanel }));

export function LazyMigrate() {
  const stores = useAppStores();
  return (
    <Suspense
      fallback={
        <p role="status" className="lazy-loading">
          Loading Migrate keys…
        </p>
      }
    >
      <MigrateSide sideStores={stores.explorerSide()} />
    </Suspense>
  );
}

function MigrateSide({ sideStores }: { sideStores: Promise<ExplorerSideStores> }) {
  const side = use(sideStores);
  useEffect(() => connectOnFirstShow(side), [side]);
  return (
    <ExplorerSideProvider stores={side}>
      <MigratePanel />
    </ExplorerSideProvider>
  );
}
