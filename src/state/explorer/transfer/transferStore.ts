import { createStore } from 'zustand/vanilla';
import { createDeleteSlice } from './transferDeleteSlice';
import { createExportSlice } from './transferExportSlice';
import { createImportSlice } from './transferImportSlice';
import { createJobSlice } from './transferJobSlice';
import { createTransferShared, NO_SELECTION, releasePause, type TransferSliceApi, type TransferStoreState } from './transferShared';
import type { TransferStore, TransferStoreOptions } from './transferStore.types';

export { CONFIRMATION_KEYS } from './transferDeleteSlice';
export type * from './transferStore.types';

/*
 * The explorer's Import…, Export… and bulk delete: which rows are ticked, the
 * delete confirmation (count and first keys), the running job's progress,
 * its report, and the export's progress. The work is src/transfer's; this
 * store feeds it the explorer's data source and table. It is built from
 * slices over one state (zustand's slices pattern, vanilla):
 * - transferDeleteSlice.ts: the ticked rows, the confirmation, the delete;
 * - transferImportSlice.ts: Import… with its key-schema check, Import anyway;
 * - transferJobSlice.ts: Pause, Resume, Cancel and the report of the job;
 * - transferExportSlice.ts: Export… chunk by chunk;
 * - transferShared.ts: what they share, and the job runner import and delete use.
 * This file puts them together and clears the ticks when the rows change.
 */

export function createTransferStore(options: TransferStoreOptions): TransferStore {
  const { explorer } = options;
  const shared = createTransferShared(options);

  const store = createStore<TransferStoreState>()((set, get) => {
    const api: TransferSliceApi = { set, get, shared };
    return {
      ...createDeleteSlice(api),
      ...createImportSlice(api),
      ...createJobSlice(api),
      ...createExportSlice(api),
      dispose: () => {
        shared.controller?.abort();
        releasePause(shared);
        unsubscribe();
      },
    };
  });

  // A new Run or another table: the ticks belonged to the rows that were shown.
  const unsubscribe = explorer.subscribe((state, previous) => {
    if (state.runCount !== previous.runCount || state.table !== previous.table || state.source !== previous.source) {
      if (store.getState().selected.size > 0) store.setState({ selected: NO_SELECTION });
    }
  });
  return store;
}
