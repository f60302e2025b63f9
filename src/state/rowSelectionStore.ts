import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Item } from './explorerStore';

/** The row picked for the byte inspector, with its neighbours as the grid showed them. */
export interface RowSelection {
  /** The loaded items the selection was made in: a new query makes it stale. */
  readonly items: readonly Item[];
  readonly item: Item;
  /** 1-based position in the view the row was picked from. */
  readonly position: number;
  readonly above?: Item;
  readonly below?: Item;
  /** True when the view was a client-side sort, not DynamoDB's order. */
  readonly sortedView: boolean;
}

export interface RowSelectionState {
  readonly selection?: RowSelection;
  select(selection: RowSelection): void;
  clear(): void;
}

export type RowSelectionStore = StoreApi<RowSelectionState>;

/** Which grid row the byte inspector shows. */
export function createRowSelectionStore(): RowSelectionStore {
  return createStore<RowSelectionState>()((set) => ({
    select: (selection) => set({ selection }),
    clear: () => set({ selection: undefined }),
  }));
}
