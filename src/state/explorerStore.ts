import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ExplorerSlices } from './explorer/explorerSlices';
import type { ExplorerTickets } from './explorer/explorerTypes';
import { createPasteSlice, type PasteActions, type PasteState } from './explorer/pasteSlice';
import { createQuerySlice, type QueryActions, type QueryState } from './explorer/querySlice';
import { createResultsSlice, type ResultsActions, type ResultsState } from './explorer/resultsSlice';
import { createTablesSlice, type TablesActions, type TablesState } from './explorer/tablesSlice';

export { keysOf, type ExplorerError, type IndexSummary, type Item, type StreamSummary, type TableSummary } from './explorer/explorerTypes';
export { summarizeTable } from './explorer/tablesSlice';
export type { ColumnWidths, ExplorerRequest, ResultPage } from './explorer/resultsSlice';
export type { PasteReport } from './explorer/pasteSlice';

export type ExplorerState = TablesState & QueryState & ResultsState & PasteState;
export type ExplorerActions = TablesActions & QueryActions & ResultsActions & PasteActions;
export type ExplorerStore = StoreApi<ExplorerSlices>;

/**
 * Creates the explorer's store from four slices (zustand's slices pattern):
 * tables (the connection, its tables, the chosen one), query (the builder's
 * inputs), results (the pages loaded so far) and paste (Paste request).
 * Responses that arrive after the user moved on (another table, another run)
 * are dropped, so a slow request can never overwrite newer results.
 */
export function createExplorerStore(): ExplorerStore {
  const tickets: ExplorerTickets = { run: 0, table: 0 };
  return createStore<ExplorerSlices>()((...a) => ({
    ...createTablesSlice(tickets)(...a),
    ...createQuerySlice(...a),
    ...createResultsSlice(tickets)(...a),
    ...createPasteSlice(...a),
  }));
}
