import type { AttributeValue, ExecuteStatementCommandInput, ExecuteStatementCommandOutput } from '@aws-sdk/client-dynamodb';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../../../engine';
import type { ExplorerStore } from '../../explorerStore';
import { MAX_INT32, parseCount } from '../../parseCount';
import { isWriteCall, type ConfirmWrite } from '../../writeAccess';
import { toExplorerError, type ExplorerError, type Item, type TableSummary } from '../explorerTypes';
import type { ColumnWidths } from '../resultsSlice';
import { summarizeTable } from '../tablesSlice';
import { describeWriteOutcome } from './statementOutcome';
import { parseStatementParameters } from './statementParameters';
import { quotePartiqlName, statementTarget } from './statementTarget';

/** One page ExecuteStatement returned. */
export interface StatementPage {
  readonly itemCount: number;
  readonly nextToken?: string;
  readonly consumedCapacity?: number;
}

/** What the PartiQL tab refused before sending, by field. */
export interface StatementErrors {
  readonly statement?: string;
  readonly parameters?: string;
  readonly limit?: string;
}

export interface PartiqlState {
  readonly statement: string;
  /** The Parameters box: a JSON array of DynamoDB JSON values, one per `?`. */
  readonly parametersText: string;
  /** The Limit box ('' = none). */
  readonly limitText: string;
  /** Whether the user edited the statement (until then it follows the explorer's table). */
  readonly edited: boolean;
  readonly errors: StatementErrors;
  readonly running: boolean;
  /** DynamoDB's answer when it refused the statement (name and message, shown as text). */
  readonly runError?: ExplorerError;
  /** What a statement that wrote did ("INSERT succeeded: 1 item written."), shown next to it. */
  readonly outcome?: string;
  /** Rows in the order DynamoDB returned them, page after page (never re-sorted). */
  readonly items: readonly Item[];
  readonly pages: readonly StatementPage[];
  /** The table whose keys lead the grid's columns, and the index the statement read ('' = the table). */
  readonly keyTable?: TableSummary;
  readonly keyIndexName: string;
  readonly runCount: number;
  readonly columnWidths: ColumnWidths;
}

export interface PartiqlActions {
  setStatement(statement: string): void;
  setParameters(text: string): void;
  setLimit(text: string): void;
  /** Sends the statement (first page). */
  run(): Promise<void>;
  /** Sends it again with the last page's NextToken. */
  nextPage(): Promise<void>;
  setColumnWidths(widths: ColumnWidths | ((current: ColumnWidths) => ColumnWidths)): void;
  /** Ends the subscription to the explorer. */
  dispose(): void;
}

export type PartiqlStore = StoreApi<PartiqlState & PartiqlActions>;

const NO_WIDTHS: ColumnWidths = {};
const NO_RESULTS = { items: [], pages: [], runError: undefined, outcome: undefined, running: false, keyTable: undefined, keyIndexName: '' } as const;

/** The statement the tab starts with for a table: a Query on its partition key, the value as a parameter. */
export function starterStatement(table: TableSummary): { statement: string; parametersText: string } {
  const { partitionKey } = table.keys;
  const sample = partitionKey.type === 'N' ? '"0"' : partitionKey.type === 'B' ? '"AA=="' : '""';
  return {
    statement: `SELECT * FROM ${quotePartiqlName(table.name)} WHERE ${quotePartiqlName(partitionKey.name)} = ?`,
    parametersText: `[{"${partitionKey.type}": ${sample}}]`,
  };
}

/**
 * The PartiQL tab's store: the statement, its parameters and Limit as typed,
 * checked before sending (parameters with line and column), sent with the
 * explorer's data source (ExecuteStatement), and the pages DynamoDB returned,
 * followed with NextToken. It follows the explorer: another connection drops
 * the results; until the user edits it, the statement is a starter for the
 * explorer's table. Responses to an older run are dropped. A statement
 * that writes (INSERT, UPDATE, DELETE) is sent only through `confirmWrite`
 * (asked on AWS, like every write).
 */
export function createPartiqlStore({ explorer, confirmWrite }: { explorer: ExplorerStore; confirmWrite: ConfirmWrite }): PartiqlStore {
  let ticket = 0;
  const store = createStore<PartiqlState & PartiqlActions>()((set, get) => {
    /** ExecuteStatement; a statement that writes goes through the write confirmation (undefined: the user said no, nothing was sent). */
    async function execute(source: DynamoDBDataSource, input: ExecuteStatementCommandInput): Promise<ExecuteStatementCommandOutput | undefined> {
      if (!isWriteCall('executeStatement', input)) return source.executeStatement(input);
      const sent = await confirmWrite(source, `Run the PartiQL statement ${input.Statement ?? ''}`, (writer) => writer.executeStatement(input));
      return sent.confirmed ? sent.result : undefined;
    }

    async function send(source: DynamoDBDataSource, input: ExecuteStatementCommandInput, runTicket: number): Promise<void> {
      set({ running: true, runError: undefined });
      try {
        const output = await execute(source, input);
        if (runTicket !== ticket) return;
        if (!output) return set({ running: false });
        const items = output.Items ?? [];
        const page: StatementPage = {
          itemCount: items.length,
          ...(output.NextToken ? { nextToken: output.NextToken } : {}),
          ...(output.ConsumedCapacity?.CapacityUnits !== undefined ? { consumedCapacity: output.ConsumedCapacity.CapacityUnits } : {}),
        };
        const outcome = input.NextToken ? undefined : describeWriteOutcome(input.Statement ?? '', output);
        set((state) => ({ items: [...state.items, ...items], pages: [...state.pages, page], running: false, ...(outcome ? { outcome } : {}) }));
      } catch (error) {
        if (runTicket !== ticket) return;
        set({ running: false, runError: toExplorerError(error) });
      }
    }

    /** The table whose keys the grid shows first: the explorer's when the statement names it, else described here. */
    async function describeTarget(source: DynamoDBDataSource, statement: string, runTicket: number): Promise<void> {
      const target = statementTarget(statement);
      if (!target) return;
      const shown = explorer.getState().table;
      let table = shown?.name === target.tableName ? shown : undefined;
      if (!table) {
        try {
          const output = await source.describeTable({ TableName: target.tableName });
          table = output.Table ? summarizeTable(output.Table) : undefined;
        } catch {
          // No such table: ExecuteStatement says so, next to the statement.
          return;
        }
      }
      if (runTicket === ticket && table)
        set({ keyTable: table, keyIndexName: table.indexes.some((index) => index.name === target.indexName) ? target.indexName : '' });
    }

    let lastInput: ExecuteStatementCommandInput | undefined;

    return {
      statement: '',
      parametersText: '',
      limitText: '',
      edited: false,
      errors: {},
      ...NO_RESULTS,
      runCount: 0,
      columnWidths: NO_WIDTHS,
      setStatement: (statement) => set((state) => ({ statement, edited: true, errors: { ...state.errors, statement: undefined } })),
      setParameters: (parametersText) => set((state) => ({ parametersText, edited: true, errors: { ...state.errors, parameters: undefined } })),
      setLimit: (limitText) => set((state) => ({ limitText, errors: { ...state.errors, limit: undefined } })),
      setColumnWidths: (widths) => set((state) => ({ columnWidths: typeof widths === 'function' ? widths(state.columnWidths) : widths })),
      run: async () => {
        const source = explorer.getState().source;
        const { statement, parametersText, limitText } = get();
        if (!source) return;
        const errors: { -readonly [K in keyof StatementErrors]: string } = {};
        if (statement.trim() === '') errors.statement = 'Write a PartiQL statement, e.g. SELECT * FROM "Table" WHERE "pk" = ?';
        const parameters = parseStatementParameters(parametersText);
        if (!parameters.ok) errors.parameters = parameters.message;
        const limit = limitText.trim() === '' ? undefined : parseCount(limitText, { label: 'Limit', min: 1, max: MAX_INT32 });
        if (limit && !limit.ok) errors.limit = limit.message;
        if (Object.keys(errors).length > 0 || !parameters.ok || (limit && !limit.ok)) {
          // A new statement: the previous one's refusal or success no longer describes what is on screen.
          ticket++;
          set({ errors, runError: undefined, outcome: undefined, running: false });
          return;
        }
        const values: readonly AttributeValue[] = parameters.values;
        const input: ExecuteStatementCommandInput = {
          Statement: statement,
          ...(values.length > 0 ? { Parameters: [...values] } : {}),
          ...(limit?.ok ? { Limit: limit.value } : {}),
          ReturnConsumedCapacity: 'TOTAL',
        };
        const runTicket = ++ticket;
        lastInput = input;
        const sameTarget = statementTarget(statement)?.tableName === get().keyTable?.name;
        set((state) => ({ ...NO_RESULTS, errors: {}, runCount: state.runCount + 1, columnWidths: sameTarget ? state.columnWidths : NO_WIDTHS }));
        await Promise.all([describeTarget(source, statement, runTicket), send(source, input, runTicket)]);
      },
      nextPage: async () => {
        const source = explorer.getState().source;
        const last = get().pages.at(-1);
        if (!source || !lastInput || !last?.nextToken || get().running) return;
        await send(source, { ...lastInput, NextToken: last.nextToken }, ticket);
      },
      dispose: () => unsubscribe(),
    };
  });

  function follow(table: TableSummary | undefined): void {
    if (!table || store.getState().edited) return;
    store.setState(starterStatement(table));
  }
  const unsubscribe = explorer.subscribe((state, previous) => {
    if (state.source !== previous.source) {
      ticket++;
      store.setState({ ...NO_RESULTS, edited: false, errors: {}, columnWidths: NO_WIDTHS });
    }
    if (state.table?.name !== previous.table?.name) follow(state.table);
  });
  follow(explorer.getState().table);
  return store;
}
