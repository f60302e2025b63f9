import type { PasteActions, PasteState } from './pasteSlice';
import type { QueryActions, QueryState } from './querySlice';
import type { ResultsActions, ResultsState } from './resultsSlice';
import type { TablesActions, TablesState } from './tablesSlice';

/** The explorer store's whole state: four slices (tables, query, results, paste) in one store. */
export type ExplorerSlices = TablesState & TablesActions & QueryState & QueryActions & ResultsState & ResultsActions & PasteState & PasteActions;
