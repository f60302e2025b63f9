import { lazy, Suspense, useEffect, useRef, type ComponentProps } from 'react';
import { useAppStores } from './stores';

/*
 * The explorer, its connection panel and the query builder are loaded when
 * the Table explorer tab is first shown: the Design tab (the first screen)
 * paints without them, the engine, IndexedDB or the AWS SDK.
 */
const ExplorerPanel = lazy(async () => ({ default: (await import('./explorer/ExplorerPanel')).ExplorerPanel }));
const ConnectionPanel = lazy(async () => ({ default: (await import('./explorer/ConnectionPanel')).ConnectionPanel }));

type ExplorerProps = Omit<ComponentProps<typeof ExplorerPanel>, 'store' | 'connection'>;

/**
 * The explorer, loaded on first show; on that first show it also opens the
 * built-in table and connects the explorer to it (unless something already
 * connected it, e.g. Browse in the explorer after Load into a table).
 */
export function LazyExplorer(props: ExplorerProps) {
  const stores = useAppStores();
  const connecting = useRef(false);
  useEffect(() => {
    if (connecting.current || stores.explorer.getState().source !== undefined) return;
    connecting.current = true;
    void stores.connectBuiltInTable();
  }, [stores]);
  return (
    <Suspense fallback={<p role="status" className="lazy-loading">Loading the table explorer…</p>}>
      <ExplorerPanel store={stores.explorer} connection={<ConnectionPanel store={stores.connection} />} {...props} />
    </Suspense>
  );
}
