import type { ConsumedCapacity, QueryCommandInput, ScanCommandInput } from '@aws-sdk/client-dynamodb';
import type { StateCreator } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../../engine';
import { selectBuiltRequest } from '../queryBuilder/selectors';
import { addSortKeyEvidence, type SortKeyEvidenceMap } from '../queryBuilder/sortKeyEvidence';
import type { ExplorerSlices } from './explorerSlices';
import { keysOf, toExplorerError, type ExplorerError, type ExplorerTickets, type Item } from './explorerTypes';

/** One page DynamoDB returned, with the figures the explorer shows for it. */
export interface ResultPage {
  readonly itemCount: number;
  readonly count: number;
  readonly scannedCount: number;
  readonly lastEvaluatedKey?: Item;
  readonly consumedCapacity?: number;
}

/** A Query or Scan the explorer sends. */
export interface ExplorerRequest {
  readonly operation: 'query' | 'scan';
  readonly input: QueryCommandInput | ScanCommandInput;
}

/** Column widths (px) the user set in the results grid, by attribute name; columns not listed keep their own width. */
export type ColumnWidths = Readonly<Record<string, number>>;

const NO_COLUMN_WIDTHS: ColumnWidths = {};

export interface ResultsState {
  /** Rows in the order DynamoDB returned them, page after page. Never re-sorted here. */
  readonly items: readonly Item[];
  readonly pages: readonly ResultPage[];
  readonly running: boolean;
  readonly runError?: ExplorerError;
  /** The request behind `items`, for Load more. */
  readonly lastRequest?: ExplorerRequest;
  /** Counts the Runs that were sent, so the UI can bring each one's results into view. */
  readonly runCount: number;
  /** What every page loaded from this table said about its sort keys (the builder's width warnings). */
  readonly sortKeyEvidence: SortKeyEvidenceMap;
  /**
   * The grid's column widths the user set. They live here, not in the grid, because every Run
   * empties `items` (which unmounts the grid): they last across Runs and Load more on the same
   * table and index, and start over for another table or index (whose columns are other attributes).
   */
  readonly columnWidths: ColumnWidths;
}

export interface ResultsActions {
  /** Runs the form's Query or Scan from the first page. */
  run(): Promise<void>;
  /** Fetches the next page after the last LastEvaluatedKey. */
  loadMore(): Promise<void>;
  /** Keeps the widths the user gave the grid's columns (dragged or keyed): new widths, or a change to the current ones. */
  setColumnWidths(widths: ColumnWidths | ((current: ColumnWidths) => ColumnWidths)): void;
}

/** What a new table or connection starts with (runCount goes on counting). */
export const INITIAL_RESULTS: Omit<ResultsState, 'runCount'> = {
  items: [],
  pages: [],
  running: false,
  runError: undefined,
  lastRequest: undefined,
  sortKeyEvidence: {},
  columnWidths: NO_COLUMN_WIDTHS,
};

/** Whether two requests read the same table and index (Query or Scan alike): the grid then shows the same columns. */
function sameTableAndIndex(a: ExplorerRequest | undefined, b: ExplorerRequest): boolean {
  return a !== undefined && a.input.TableName === b.input.TableName && (a.input.IndexName ?? '') === (b.input.IndexName ?? '');
}

export function createResultsSlice(tickets: ExplorerTickets): StateCreator<ExplorerSlices, [], [], ResultsState & ResultsActions> {
  return (set, get) => {
    async function fetchPage(source: DynamoDBDataSource, request: ExplorerRequest, exclusiveStartKey: Item | undefined, ticket: number): Promise<void> {
      const input = { ...request.input, ReturnConsumedCapacity: 'TOTAL' as const, ...(exclusiveStartKey ? { ExclusiveStartKey: exclusiveStartKey } : {}) };
      set({ running: true, runError: undefined });
      try {
        const output = request.operation === 'query' ? await source.query(input as QueryCommandInput) : await source.scan(input as ScanCommandInput);
        if (ticket !== tickets.run) return;
        const items = output.Items ?? [];
        const capacity: ConsumedCapacity | undefined = output.ConsumedCapacity;
        const page: ResultPage = {
          itemCount: items.length,
          count: output.Count ?? items.length,
          scannedCount: output.ScannedCount ?? items.length,
          ...(output.LastEvaluatedKey ? { lastEvaluatedKey: output.LastEvaluatedKey } : {}),
          ...(capacity?.CapacityUnits !== undefined ? { consumedCapacity: capacity.CapacityUnits } : {}),
        };
        const table = get().table;
        const indexName = request.input.IndexName ?? '';
        set((state) => ({
          items: [...state.items, ...items],
          pages: [...state.pages, page],
          running: false,
          sortKeyEvidence: table ? addSortKeyEvidence(state.sortKeyEvidence, items, keysOf(table, indexName), indexName) : state.sortKeyEvidence,
        }));
      } catch (error) {
        if (ticket !== tickets.run) return;
        set({ running: false, runError: toExplorerError(error) });
      }
    }

    return {
      ...INITIAL_RESULTS,
      runCount: 0,
      run: async () => {
        const state = get();
        const built = selectBuiltRequest(state);
        if (!state.source || !built) return;
        if (!built.ok) {
          set({ formErrors: built.errors });
          return;
        }
        const ticket = ++tickets.run;
        const request: ExplorerRequest = { operation: built.operation, input: built.input };
        set((current) => ({
          formErrors: {},
          items: [],
          pages: [],
          lastRequest: request,
          runCount: current.runCount + 1,
          columnWidths: sameTableAndIndex(current.lastRequest, request) ? current.columnWidths : NO_COLUMN_WIDTHS,
        }));
        await fetchPage(state.source, request, undefined, ticket);
      },
      loadMore: async () => {
        const { source, lastRequest, pages, running } = get();
        const last = pages[pages.length - 1];
        if (!source || !lastRequest || !last?.lastEvaluatedKey || running) return;
        await fetchPage(source, lastRequest, last.lastEvaluatedKey, tickets.run);
      },
      setColumnWidths: (widths) => set((state) => ({ columnWidths: typeof widths === 'function' ? widths(state.columnWidths) : widths })),
    };
  };
}
