import type { Item } from '../../../expressions';
import { deleteItems, keyOfItem, readPages, toWireJson } from '../../../transfer';
import { toExplorerError } from '../explorerTypes';
import { fromTheStart, NO_SELECTION, runJob, transferTarget, type TransferSliceApi } from './transferShared';
import type { TransferActions, TransferState } from './transferStore.types';

/*
 * The bulk delete slice: the ticked rows, the confirmation (the count and
 * the first keys, read to the end for "every result"), and the delete of
 * exactly the keys the confirmation showed.
 */

/** Keys shown in the delete confirmation. */
export const CONFIRMATION_KEYS = 5;

export type TransferDeleteSlice = Pick<TransferState, 'selected'> &
  Pick<TransferActions, 'setSelected' | 'setAllSelected' | 'askDelete' | 'dismissConfirmation' | 'confirmDelete'>;

/** The bulk delete slice's state and actions. */
export function createDeleteSlice(api: TransferSliceApi): TransferDeleteSlice {
  const { set, get, shared } = api;
  const { explorer, confirmWrite, concurrency } = shared.options;
  return {
    selected: NO_SELECTION,
    setSelected: (item, selected) =>
      set((state) => {
        const next = new Set(state.selected);
        if (selected) next.add(item);
        else next.delete(item);
        return { selected: next };
      }),
    setAllSelected: (selected) => set({ selected: selected ? new Set(explorer.getState().items) : NO_SELECTION }),
    askDelete: async (scope) => {
      const where = transferTarget(shared);
      if (!where || !get().canWrite()) return;
      const ticket = ++shared.confirmationTicket;
      const keys = where.table.keys;
      if (scope === 'selected') {
        // In the grid's order (DynamoDB's), not the order they were ticked.
        const { selected } = get();
        const items = explorer
          .getState()
          .items.filter((item) => selected.has(item))
          .map((item) => keyOfItem(item, keys));
        shared.confirmedItems = items;
        set({ confirmation: { scope, counting: false, count: items.length, firstKeys: items.slice(0, CONFIRMATION_KEYS).map(toWireJson) } });
        return;
      }
      const request = explorer.getState().lastRequest;
      if (!request) return;
      const found: Item[] = [];
      shared.confirmedItems = found;
      set({ confirmation: { scope, counting: true, count: 0, firstKeys: [] } });
      try {
        // Every page from the start, keeping only the keys: the confirmation names what Delete will delete.
        for await (const page of readPages(where.source, fromTheStart(request))) {
          if (ticket !== shared.confirmationTicket) return;
          for (const item of page) found.push(keyOfItem(item, keys));
          set({ confirmation: { scope, counting: true, count: found.length, firstKeys: found.slice(0, CONFIRMATION_KEYS).map(toWireJson) } });
        }
        if (ticket === shared.confirmationTicket)
          set({ confirmation: { scope, counting: false, count: found.length, firstKeys: found.slice(0, CONFIRMATION_KEYS).map(toWireJson) } });
      } catch (error) {
        if (ticket === shared.confirmationTicket)
          set({ confirmation: { scope, counting: false, count: found.length, firstKeys: [], error: toExplorerError(error) } });
      }
    },
    dismissConfirmation: () => {
      shared.confirmationTicket++;
      set({ confirmation: undefined });
    },
    confirmDelete: async () => {
      const where = transferTarget(shared);
      const confirmation = get().confirmation;
      if (!where || !confirmation || confirmation.counting || !get().canWrite()) return;
      // Declined: the confirmation stays open with the same keys, nothing is sent.
      const items = shared.confirmedItems;
      const sent = await confirmWrite(
        where.source,
        `Delete ${items.length} ${items.length === 1 ? 'item' : 'items'} of ${where.table.name}`,
        async (writer) => {
          shared.confirmedItems = [];
          await runJob(api, 'delete', (signal, onProgress) =>
            deleteItems(items, {
              target: writer,
              tableName: where.table.name,
              keys: where.table.keys,
              signal,
              onProgress,
              total: items.length,
              ...(concurrency ? { concurrency } : {}),
            }),
          );
        },
      );
      if (sent.confirmed) set({ selected: NO_SELECTION });
    },
  };
}
