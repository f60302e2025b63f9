import type { AttributeValue, ConsumedCapacity, QueryCommandInput, ScanCommandInput, TableDescription } from '@aws-sdk/client-dynamodb';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../engine';
import type { KeySchemaInfo } from '../expressions';
import type { KeyTemplate, KeyType } from '../keys';
import { peekTableName, readPastedRequest } from './queryBuilder/pasteRequest';
import { buildRequest, EMPTY_QUERY_FORM, type QueryForm, type QueryFormErrors } from './queryForm';

export type Item = Record<string, AttributeValue>;

/** One page DynamoDB returned, with the figures the explorer shows for it. */
export interface ResultPage {
  readonly itemCount: number;
  readonly count: number;
  readonly scannedCount: number;
  readonly lastEvaluatedKey?: Item;
  readonly consumedCapacity?: number;
}

/** An error from the data source, kept with where it belongs. */
export interface ExplorerError {
  readonly name: string;
  readonly message: string;
}

/** A table's or index's keys and the other facts DescribeTable gives. */
export interface IndexSummary {
  readonly name: string;
  readonly kind: 'local' | 'global';
  readonly keys: KeySchemaInfo;
  readonly projection: string;
  readonly itemCount?: number;
}

export interface TableSummary {
  readonly name: string;
  readonly keys: KeySchemaInfo;
  readonly indexes: readonly IndexSummary[];
  readonly itemCount?: number;
  readonly sizeBytes?: number;
  readonly status?: string;
}

export interface ExplorerState {
  readonly source?: DynamoDBDataSource;
  /** What the source is, in words ("Built-in table (this browser)"). */
  readonly sourceLabel: string;
  readonly tableNames: readonly string[];
  /** ListTables' LastEvaluatedTableName: more tables exist. */
  readonly moreTablesAfter?: string;
  readonly tablesLoading: boolean;
  readonly tablesError?: ExplorerError;
  readonly selectedTable?: string;
  readonly table?: TableSummary;
  readonly tableError?: ExplorerError;
  readonly form: QueryForm;
  readonly formErrors: QueryFormErrors;
  /** Rows in the order DynamoDB returned them, page after page. Never re-sorted here. */
  readonly items: readonly Item[];
  readonly pages: readonly ResultPage[];
  readonly running: boolean;
  readonly runError?: ExplorerError;
  /** The key builder's template, for sort-key bounds typed as field values. */
  readonly keyTemplate?: KeyTemplate;
  /** What the last "Paste request" could not read (problems) or read with an assumption (notes). */
  readonly pasteReport?: { readonly problems: readonly string[]; readonly notes: readonly string[]; readonly failed?: boolean };
  /** The request behind `items`, for Load more. */
  readonly lastRequest?: { readonly operation: 'query' | 'scan'; readonly input: QueryCommandInput | ScanCommandInput };
}

export interface ExplorerActions {
  /** Switches to a data source and lists its tables. */
  connect(source: DynamoDBDataSource, label: string): Promise<void>;
  refreshTables(): Promise<void>;
  loadMoreTables(): Promise<void>;
  selectTable(name: string): Promise<void>;
  /** Reads DescribeTable again for the chosen table (item count, size), keeping the form and the loaded results. */
  reloadTable(): Promise<void>;
  setForm(patch: Partial<QueryForm>): void;
  /** The key builder's current template (the UI keeps it in step with the key builder). */
  setKeyTemplate(template: KeyTemplate | undefined): void;
  /**
   * Fills the builder from a pasted Query/Scan request (SDK or CLI JSON):
   * selects its table when this connection has it, and reports what it
   * could not read. Returns false when nothing could be read (e.g. bad JSON).
   */
  pasteRequest(text: string): Promise<boolean>;
  clearPasteReport(): void;
  /** Runs the form's Query or Scan from the first page. */
  run(): Promise<void>;
  /** Fetches the next page after the last LastEvaluatedKey. */
  loadMore(): Promise<void>;
}

export type ExplorerStore = StoreApi<ExplorerState & ExplorerActions>;

const INITIAL: ExplorerState = {
  sourceLabel: '',
  tableNames: [],
  tablesLoading: false,
  form: EMPTY_QUERY_FORM,
  formErrors: {},
  items: [],
  pages: [],
  running: false,
};

/** The keys of the table or of the chosen index. */
export function keysOf(table: TableSummary, indexName: string): KeySchemaInfo {
  return table.indexes.find((index) => index.name === indexName)?.keys ?? table.keys;
}

function toError(error: unknown): ExplorerError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Reads DescribeTable's output into the summary the explorer shows. */
export function summarizeTable(description: TableDescription): TableSummary {
  const types = new Map((description.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName, definition.AttributeType as KeyType]));
  const keysFrom = (schema: TableDescription['KeySchema']): KeySchemaInfo => {
    const hash = schema?.find((element) => element.KeyType === 'HASH')?.AttributeName ?? '';
    const range = schema?.find((element) => element.KeyType === 'RANGE')?.AttributeName;
    return {
      partitionKey: { name: hash, type: types.get(hash) ?? 'S' },
      ...(range ? { sortKey: { name: range, type: types.get(range) ?? 'S' } } : {}),
    };
  };
  const indexes: IndexSummary[] = [
    ...(description.LocalSecondaryIndexes ?? []).map((index) => ({
      name: index.IndexName ?? '',
      kind: 'local' as const,
      keys: keysFrom(index.KeySchema),
      projection: index.Projection?.ProjectionType ?? 'ALL',
      ...(index.ItemCount !== undefined ? { itemCount: index.ItemCount } : {}),
    })),
    ...(description.GlobalSecondaryIndexes ?? []).map((index) => ({
      name: index.IndexName ?? '',
      kind: 'global' as const,
      keys: keysFrom(index.KeySchema),
      projection: index.Projection?.ProjectionType ?? 'ALL',
      ...(index.ItemCount !== undefined ? { itemCount: index.ItemCount } : {}),
    })),
  ];
  return {
    name: description.TableName ?? '',
    keys: keysFrom(description.KeySchema),
    indexes,
    ...(description.ItemCount !== undefined ? { itemCount: description.ItemCount } : {}),
    ...(description.TableSizeBytes !== undefined ? { sizeBytes: description.TableSizeBytes } : {}),
    ...(description.TableStatus ? { status: description.TableStatus } : {}),
  };
}

function capacityUnits(capacity: ConsumedCapacity | undefined): number | undefined {
  return capacity?.CapacityUnits;
}

/**
 * Creates the explorer's store: the connection's tables, the chosen table and
 * index, the query form, and the pages loaded so far. Responses that arrive
 * after the user moved on (another table, another run) are dropped, so a slow
 * request can never overwrite newer results.
 */
export function createExplorerStore(): ExplorerStore {
  return createStore<ExplorerState & ExplorerActions>()((set, get) => {
    /** Incremented on every run / table switch; a response only lands if its ticket is current. */
    let runTicket = 0;
    let tableTicket = 0;

    async function fetchPage(
      source: DynamoDBDataSource,
      request: NonNullable<ExplorerState['lastRequest']>,
      exclusiveStartKey: Item | undefined,
      ticket: number,
    ): Promise<void> {
      const input = { ...request.input, ReturnConsumedCapacity: 'TOTAL' as const, ...(exclusiveStartKey ? { ExclusiveStartKey: exclusiveStartKey } : {}) };
      set({ running: true, runError: undefined });
      try {
        const output = request.operation === 'query' ? await source.query(input as QueryCommandInput) : await source.scan(input as ScanCommandInput);
        if (ticket !== runTicket) return;
        const items = output.Items ?? [];
        const page: ResultPage = {
          itemCount: items.length,
          count: output.Count ?? items.length,
          scannedCount: output.ScannedCount ?? items.length,
          ...(output.LastEvaluatedKey ? { lastEvaluatedKey: output.LastEvaluatedKey } : {}),
          ...(capacityUnits(output.ConsumedCapacity) !== undefined ? { consumedCapacity: capacityUnits(output.ConsumedCapacity) } : {}),
        };
        set((state) => ({ items: [...state.items, ...items], pages: [...state.pages, page], running: false }));
      } catch (error) {
        if (ticket !== runTicket) return;
        set({ running: false, runError: toError(error) });
      }
    }

    return {
      ...INITIAL,
      connect: async (source, label) => {
        runTicket++;
        tableTicket++;
        set({ ...INITIAL, source, sourceLabel: label });
        await get().refreshTables();
      },
      refreshTables: async () => {
        const { source } = get();
        if (!source) return;
        set({ tablesLoading: true, tablesError: undefined });
        try {
          const output = await source.listTables({});
          const names = output.TableNames ?? [];
          set({ tableNames: names, moreTablesAfter: output.LastEvaluatedTableName, tablesLoading: false });
          const { selectedTable } = get();
          const next = selectedTable && names.includes(selectedTable) ? selectedTable : names[0];
          if (next && next !== selectedTable) await get().selectTable(next);
          // Same table: its counts may have changed since it was described (DescribeTable is what tells).
          else if (next) await get().reloadTable();
        } catch (error) {
          set({ tablesLoading: false, tablesError: toError(error) });
        }
      },
      loadMoreTables: async () => {
        const { source, moreTablesAfter } = get();
        if (!source || !moreTablesAfter) return;
        set({ tablesLoading: true });
        try {
          const output = await source.listTables({ ExclusiveStartTableName: moreTablesAfter });
          set((state) => ({ tableNames: [...state.tableNames, ...(output.TableNames ?? [])], moreTablesAfter: output.LastEvaluatedTableName, tablesLoading: false }));
        } catch (error) {
          set({ tablesLoading: false, tablesError: toError(error) });
        }
      },
      selectTable: async (name) => {
        const { source } = get();
        if (!source) return;
        const ticket = ++tableTicket;
        runTicket++;
        set({ selectedTable: name, table: undefined, tableError: undefined, items: [], pages: [], runError: undefined, lastRequest: undefined, running: false, formErrors: {} });
        try {
          const output = await source.describeTable({ TableName: name });
          if (ticket !== tableTicket) return;
          if (!output.Table) throw new Error(`DescribeTable returned no description for ${name}`);
          const table = summarizeTable(output.Table);
          set((state) => ({
            table,
            form: { ...state.form, indexName: table.indexes.some((index) => index.name === state.form.indexName) ? state.form.indexName : '' },
          }));
        } catch (error) {
          if (ticket !== tableTicket) return;
          set({ tableError: toError(error) });
        }
      },
      reloadTable: async () => {
        const { source, selectedTable } = get();
        if (!source || !selectedTable) return;
        const ticket = tableTicket;
        try {
          const output = await source.describeTable({ TableName: selectedTable });
          if (ticket !== tableTicket || !output.Table) return;
          set({ table: summarizeTable(output.Table), tableError: undefined });
        } catch (error) {
          if (ticket !== tableTicket) return;
          set({ tableError: toError(error) });
        }
      },
      setForm: (patch) => set((state) => ({ form: { ...state.form, ...patch } })),
      setKeyTemplate: (keyTemplate) => set({ keyTemplate }),
      clearPasteReport: () => set({ pasteReport: undefined }),
      pasteRequest: async (text) => {
        const notes: string[] = [];
        const problems: string[] = [];
        const wanted = peekTableName(text);
        if (wanted !== undefined && wanted !== get().selectedTable) {
          if (get().tableNames.includes(wanted)) await get().selectTable(wanted);
          else problems.push(`Table "${wanted}" is not on this connection (${get().sourceLabel || 'none'}); the builder kept ${get().selectedTable ?? 'no table'}.`);
        }
        const table = get().table;
        const probe = readPastedRequest(text);
        const indexName = probe.ok ? probe.request.form.indexName : '';
        if (probe.ok && indexName && table && !table.indexes.some((index) => index.name === indexName)) {
          problems.push(`${table.name} has no index "${indexName}"; Run will say so.`);
        }
        const result = table ? readPastedRequest(text, keysOf(table, indexName)) : probe;
        if (!result.ok) {
          set({ pasteReport: { problems: result.problems, notes, failed: true } });
          return false;
        }
        set({
          form: result.request.form,
          formErrors: {},
          pasteReport: { problems: [...problems, ...result.request.problems], notes: [...notes, ...result.request.notes] },
        });
        return true;
      },
      run: async () => {
        const { source, table, form, keyTemplate } = get();
        if (!source || !table) return;
        const built = buildRequest(table.name, keysOf(table, form.indexName), form, { table, ...(keyTemplate ? { template: keyTemplate } : {}) });
        if (!built.ok) {
          set({ formErrors: built.errors });
          return;
        }
        const ticket = ++runTicket;
        const request = { operation: built.operation, input: built.input };
        set({ formErrors: {}, items: [], pages: [], lastRequest: request });
        await fetchPage(source, request, undefined, ticket);
      },
      loadMore: async () => {
        const { source, lastRequest, pages, running } = get();
        const last = pages[pages.length - 1];
        if (!source || !lastRequest || !last?.lastEvaluatedKey || running) return;
        await fetchPage(source, lastRequest, last.lastEvaluatedKey, runTicket);
      },
    };
  });
}
