import type { TableDescription } from '@aws-sdk/client-dynamodb';
import type { StateCreator } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../../engine';
import { keySchemaFrom, type KeySchemaInfo } from '../../expressions';
import type { KeyType } from '../../keys';
import type { ExplorerSlices } from './explorerSlices';
import { toExplorerError, type ExplorerError, type ExplorerTickets, type IndexSummary, type TableSummary } from './explorerTypes';
import { INITIAL_PASTE } from './pasteSlice';
import { EMPTY_KEY_INPUTS, INITIAL_QUERY } from './querySlice';
import { INITIAL_RESULTS } from './resultsSlice';

/** The connection and its tables: which source, which tables it has, which one is chosen. */
export interface TablesState {
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
}

export interface TablesActions {
  /** Switches to a data source and lists its tables. */
  connect(source: DynamoDBDataSource, label: string): Promise<void>;
  refreshTables(): Promise<void>;
  loadMoreTables(): Promise<void>;
  selectTable(name: string): Promise<void>;
  /** Reads DescribeTable again for the chosen table (item count, size), keeping the form and the loaded results. */
  reloadTable(): Promise<void>;
}

/**
 * A fresh connection's tables state. Every optional key is listed as undefined: zustand's `set` merges, so a key left out
 * would keep the previous connection's table (its keys, its Items count) on screen and in Run's request.
 */
export const INITIAL_TABLES: Required<Pick<TablesState, 'sourceLabel' | 'tableNames' | 'tablesLoading'>> & TablesState = {
  source: undefined,
  sourceLabel: '',
  tableNames: [],
  moreTablesAfter: undefined,
  tablesLoading: false,
  tablesError: undefined,
  selectedTable: undefined,
  table: undefined,
  tableError: undefined,
};

/** Reads DescribeTable's output into the summary the explorer shows. */
export function summarizeTable(description: TableDescription): TableSummary {
  const types = new Map((description.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName, definition.AttributeType as KeyType]));
  // A multi-attribute GSI key lists several HASH and RANGE elements, each left to right: all of them are its key.
  const keysFrom = (schema: TableDescription['KeySchema']): KeySchemaInfo => {
    const attributes = (keyType: 'HASH' | 'RANGE') =>
      (schema ?? [])
        .filter((element) => element.KeyType === keyType)
        .map((element) => ({ name: element.AttributeName ?? '', type: types.get(element.AttributeName ?? '') ?? 'S' }));
    const hash = attributes('HASH');
    return keySchemaFrom(hash.length > 0 ? hash : [{ name: '', type: 'S' }], attributes('RANGE'));
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
      ...(index.IndexStatus ? { status: index.IndexStatus } : {}),
      ...(index.Backfilling !== undefined ? { backfilling: index.Backfilling } : {}),
    })),
  ];
  const stream = description.StreamSpecification;
  return {
    name: description.TableName ?? '',
    keys: keysFrom(description.KeySchema),
    indexes,
    ...(description.ItemCount !== undefined ? { itemCount: description.ItemCount } : {}),
    ...(description.TableSizeBytes !== undefined ? { sizeBytes: description.TableSizeBytes } : {}),
    ...(description.TableStatus ? { status: description.TableStatus } : {}),
    ...(description.TableArn ? { arn: description.TableArn } : {}),
    ...(description.DeletionProtectionEnabled !== undefined ? { deletionProtection: description.DeletionProtectionEnabled } : {}),
    ...(stream || description.LatestStreamArn
      ? {
          stream: {
            enabled: stream?.StreamEnabled ?? false,
            ...(stream?.StreamViewType ? { viewType: stream.StreamViewType } : {}),
            ...(description.LatestStreamArn ? { latestArn: description.LatestStreamArn } : {}),
          },
        }
      : {}),
  };
}

/** The tables slice; switching source or table drops the results (and their tickets) of the old one. */
export function createTablesSlice(tickets: ExplorerTickets): StateCreator<ExplorerSlices, [], [], TablesState & TablesActions> {
  // Bumped by every ListTables from the start (connect, Refresh): an older listing, or one of the source the user
  // switched away from, is dropped when it answers late (it would replace the newer list, or show the old tables).
  let listing = 0;
  // The table chosen on the previous connection: chosen again when the new one has a table of that name (a reconnect,
  // Read-only switched), never shown before the new connection has listed and described it.
  let preferredTable: string | undefined;
  return (set, get) => ({
    ...INITIAL_TABLES,
    connect: async (source, label) => {
      tickets.run++;
      tickets.table++;
      preferredTable = get().selectedTable ?? preferredTable;
      set({ ...INITIAL_TABLES, ...INITIAL_QUERY, ...INITIAL_RESULTS, ...INITIAL_PASTE, source, sourceLabel: label });
      await get().refreshTables();
    },
    refreshTables: async () => {
      const { source } = get();
      if (!source) return;
      const ticket = ++listing;
      set({ tablesLoading: true, tablesError: undefined });
      try {
        const output = await source.listTables({});
        if (ticket !== listing) return;
        const names = output.TableNames ?? [];
        set({ tableNames: names, moreTablesAfter: output.LastEvaluatedTableName, tablesLoading: false });
        const { selectedTable } = get();
        const wanted = selectedTable ?? preferredTable;
        const next = wanted !== undefined && names.includes(wanted) ? wanted : names[0];
        if (next !== undefined) preferredTable = undefined;
        if (next === undefined) {
          // No tables (any more): nothing is chosen, so nothing can be queried or written under a vanished table's name.
          tickets.table++;
          tickets.run++;
          set({ ...INITIAL_RESULTS, selectedTable: undefined, table: undefined, tableError: undefined });
        } else if (next !== selectedTable) await get().selectTable(next);
        // Same table: its counts may have changed since it was described (DescribeTable is what tells).
        else await get().reloadTable();
      } catch (error) {
        if (ticket !== listing) return;
        set({ tablesLoading: false, tablesError: toExplorerError(error) });
      }
    },
    loadMoreTables: async () => {
      const { source, moreTablesAfter } = get();
      if (!source || !moreTablesAfter) return;
      const ticket = listing;
      set({ tablesLoading: true });
      try {
        const output = await source.listTables({ ExclusiveStartTableName: moreTablesAfter });
        if (ticket !== listing) return;
        set((state) => ({
          tableNames: [...state.tableNames, ...(output.TableNames ?? [])],
          moreTablesAfter: output.LastEvaluatedTableName,
          tablesLoading: false,
        }));
      } catch (error) {
        if (ticket !== listing) return;
        set({ tablesLoading: false, tablesError: toExplorerError(error) });
      }
    },
    selectTable: async (name) => {
      const { source } = get();
      if (!source) return;
      const ticket = ++tickets.table;
      tickets.run++;
      // Another table's key values belong to other attributes: its key boxes start empty.
      const otherTable = name !== get().selectedTable;
      set((state) => ({
        ...INITIAL_RESULTS,
        selectedTable: name,
        table: undefined,
        tableError: undefined,
        formErrors: {},
        keyInputsByIndex: {},
        ...(otherTable ? { form: { ...state.form, ...EMPTY_KEY_INPUTS } } : {}),
      }));
      try {
        const output = await source.describeTable({ TableName: name });
        if (ticket !== tickets.table) return;
        if (!output.Table) throw new Error(`DescribeTable returned no description for ${name}`);
        const table = summarizeTable(output.Table);
        set((state) => ({
          table,
          form: { ...state.form, indexName: table.indexes.some((index) => index.name === state.form.indexName) ? state.form.indexName : '' },
        }));
      } catch (error) {
        if (ticket !== tickets.table) return;
        set({ tableError: toExplorerError(error) });
      }
    },
    reloadTable: async () => {
      const { source, selectedTable } = get();
      if (!source || !selectedTable) return;
      const ticket = tickets.table;
      try {
        const output = await source.describeTable({ TableName: selectedTable });
        if (ticket !== tickets.table || !output.Table) return;
        set({ table: summarizeTable(output.Table), tableError: undefined });
      } catch (error) {
        if (ticket !== tickets.table) return;
        set({ tableError: toExplorerError(error) });
      }
    },
  });
}
