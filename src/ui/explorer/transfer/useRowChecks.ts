import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Item, TransferStore } from '../../../state';
import { useExplorerSide } from '../../stores';

/** The grid's row checkboxes: which rows are ticked and how to tick one (undefined: no checkboxes). */
export interface RowChecks {
  readonly selected: ReadonlySet<Item>;
  readonly onCheck: (item: Item, checked: boolean) => void;
}

const NOTHING: ReadonlySet<Item> = new Set();
const noSubscription = () => () => {};

/** The transfer store once loaded (undefined before): the grid renders without waiting for it. */
export function useLoadedTransferStore(): TransferStore | undefined {
  const { explorerTools } = useExplorerSide();
  const [store, setStore] = useState<TransferStore>();
  useEffect(() => {
    let live = true;
    void explorerTools.transfer().then((loaded) => {
      if (live) setStore(loaded);
    });
    return () => {
      live = false;
    };
  }, [explorerTools]);
  return store;
}

/**
 * Row checkboxes for bulk delete, shown where the connection can write
 * (the item editor's canWrite, the one check until the Read-only flag lands).
 */
export function useRowChecks(): RowChecks | undefined {
  const store = useLoadedTransferStore();
  const selected = useSyncExternalStore(store ? store.subscribe : noSubscription, () => store?.getState().selected ?? NOTHING);
  const onCheck = useCallback((item: Item, checked: boolean) => store?.getState().setSelected(item, checked), [store]);
  if (!store || !store.getState().canWrite()) return undefined;
  return { selected, onCheck };
}
