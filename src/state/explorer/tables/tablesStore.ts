import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { toCreateTableInput, type TableDesign } from '../../../design';
import type { DynamoDBDataSource } from '../../../engine';
import type { ExplorerStore } from '../../explorerStore';
import type { ConfirmWrite } from '../../writeAccess';
import { toExplorerError, type ExplorerError } from '../explorerTypes';
import {
  createTableRequest,
  EMPTY_CREATE_TABLE_FORM,
  emptyIndexRow,
  formFromCreateTableInput,
  indexField,
  timeToLiveRequest,
  validateCreateTable,
  type CreateTableErrors,
  type CreateTableField,
  type CreateTableForm,
  type IndexKind,
  type IndexRowForm,
} from './createTableForm';

export interface CreateTableDialog {
  readonly open: boolean;
  readonly form: CreateTableForm;
  readonly errors: CreateTableErrors;
  readonly sending: boolean;
  /** DynamoDB's answer when it refused the CreateTable. */
  readonly refusal?: ExplorerError;
  /** The design table the form was filled from (Create as designed sends its input unchanged). */
  readonly fromDesign?: { readonly label: string; readonly input: CreateTableCommandInput; readonly problem?: string };
}

export interface DeleteTableDialog {
  /** The table to delete (the dialog is open while set). */
  readonly tableName?: string;
  /** What the user typed to confirm; Delete is allowed when it equals tableName. */
  readonly confirmation: string;
  readonly sending: boolean;
  readonly refusal?: ExplorerError;
}

export interface TablesState {
  /** False on connections where Keylab does not change tables (AWS). */
  readonly canChangeTables: boolean;
  readonly create: CreateTableDialog;
  readonly remove: DeleteTableDialog;
  /** The table just created and its last TableStatus read (CREATING until ACTIVE); `problem` when enabling its time to live failed. */
  readonly creating?: { readonly tableName: string; readonly status: string; readonly problem?: string };
}

export interface TablesActions {
  openCreateTable(): void;
  closeCreateTable(): void;
  setCreateTableForm(patch: Partial<Omit<CreateTableForm, 'indexes'>>): void;
  addIndexRow(kind: IndexKind): void;
  setIndexRow(row: number, patch: Partial<IndexRowForm>): void;
  removeIndexRow(row: number): void;
  /** Fills the form from a design's table (its CreateTable input, src/design/createTableInput.ts); `label` names it ("Shop · Orders"). */
  fillFromDesign(table: TableDesign, label: string): void;
  /** Validates, sends CreateTable, polls DescribeTable until ACTIVE, enables the TTL, then selects the table. True when DynamoDB accepted it. */
  submitCreateTable(): Promise<boolean>;
  /** Sends the design table's CreateTable input unchanged (multi-attribute keys included), then as submitCreateTable. */
  createAsDesigned(): Promise<boolean>;
  openDeleteTable(tableName: string): void;
  closeDeleteTable(): void;
  setDeleteConfirmation(text: string): void;
  /** DeleteTable once the typed name matches; then the table list is read again. */
  submitDeleteTable(): Promise<boolean>;
  dispose(): void;
}

export type TablesStore = StoreApi<TablesState & TablesActions>;

export interface TablesOptions {
  readonly explorer: ExplorerStore;
  /** Whether tables may be created and deleted on this source (not on AWS). */
  readonly canChangeTables: (source: DynamoDBDataSource) => boolean;
  /** Waits between DescribeTable polls (tests pass one that resolves at once). */
  readonly wait?: (ms: number) => Promise<void>;
  /** The write confirmation (writeAccess.ts; asks on AWS): CreateTable, its time to live and DeleteTable are sent through the writer it grants. */
  readonly confirmWrite: ConfirmWrite;
}

/** How often a table being created is described again. */
export const TABLE_POLL_MS = 1000;
/** A bound on the polls (ten minutes at TABLE_POLL_MS), so a stuck table does not poll forever. */
const MAX_POLLS = 600;

const CLOSED_CREATE: CreateTableDialog = { open: false, form: EMPTY_CREATE_TABLE_FORM, errors: {}, sending: false };
const CLOSED_DELETE: DeleteTableDialog = { confirmation: '', sending: false };

/** Create table and Delete table for the explorer's connection. */
export function createTablesStore(options: TablesOptions): TablesStore {
  const { explorer } = options;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { confirmWrite } = options;
  let disposed = false;
  const current = () => explorer.getState();

  const store = createStore<TablesState & TablesActions>()((set, get) => {
    /** Applies `change` to the form and drops the messages of the fields it `touches`. */
    function editForm(change: (form: CreateTableForm) => CreateTableForm, touches: (field: CreateTableField) => boolean): void {
      set((state) => {
        const errors: CreateTableErrors = { ...state.create.errors };
        for (const field of Object.keys(errors) as CreateTableField[]) if (touches(field)) delete errors[field];
        return { create: { ...state.create, form: change(state.create.form), errors, refusal: undefined } };
      });
    }

    /** CreateTable, then DescribeTable until ACTIVE (the status shown), the TTL enabled, and the table selected. */
    async function createAndFollow(request: CreateTableCommandInput, timeToLive: ReturnType<typeof timeToLiveRequest>): Promise<boolean> {
      const { source } = current();
      const { create, canChangeTables } = get();
      if (!source || !canChangeTables || create.sending) return false;
      const tableName = request.TableName ?? '';
      set({ create: { ...create, errors: {}, sending: true, refusal: undefined } });
      const sent = await confirmWrite(source, `Create table ${tableName}`, (writer) => createAndWait(source, writer, request, timeToLive));
      if (!sent.confirmed) set((state) => ({ create: { ...state.create, sending: false } }));
      return sent.confirmed && sent.result;
    }

    /** createAndFollow's confirmed job: the writes (CreateTable, then UpdateTimeToLive once ACTIVE) go through `writer`. */
    async function createAndWait(
      source: DynamoDBDataSource,
      writer: DynamoDBDataSource,
      request: CreateTableCommandInput,
      timeToLive: ReturnType<typeof timeToLiveRequest>,
    ): Promise<boolean> {
      const tableName = request.TableName ?? '';
      // The new table is shown once ACTIVE unless the user picked another table meanwhile (polling can take a while).
      const selectedWhenSent = current().selectedTable;
      let status: string;
      try {
        const output = await writer.createTable(request);
        status = output.TableDescription?.TableStatus ?? 'CREATING';
      } catch (error) {
        set((state) => ({ create: { ...state.create, sending: false, refusal: toExplorerError(error) } }));
        return false;
      }
      set({ create: CLOSED_CREATE, creating: { tableName, status } });
      for (let poll = 0; poll < MAX_POLLS && !disposed && status !== 'ACTIVE'; poll++) {
        await wait(TABLE_POLL_MS);
        if (current().source !== source) return true;
        try {
          status = (await source.describeTable({ TableName: tableName })).Table?.TableStatus ?? status;
        } catch {
          // Not yet visible to DescribeTable right after CreateTable on some endpoints: poll again.
        }
        set({ creating: { tableName, status } });
      }
      if (disposed || current().source !== source) return true;
      if (timeToLive && status === 'ACTIVE') {
        try {
          await writer.updateTimeToLive(timeToLive);
        } catch (error) {
          const refusal = toExplorerError(error);
          set({
            creating: {
              tableName,
              status,
              problem: `The table was created, but time to live on ${timeToLive.TimeToLiveSpecification.AttributeName} was refused: ${refusal.name}: ${refusal.message}`,
            },
          });
        }
      }
      const userMovedOn = current().selectedTable !== selectedWhenSent;
      await current().refreshTables();
      if (!userMovedOn && current().source === source) await current().selectTable(tableName);
      return true;
    }

    return {
      canChangeTables: false,
      create: CLOSED_CREATE,
      remove: CLOSED_DELETE,
      openCreateTable: () => set({ create: { ...CLOSED_CREATE, open: true } }),
      closeCreateTable: () => set({ create: CLOSED_CREATE }),
      setCreateTableForm: (patch) =>
        editForm(
          (form) => ({ ...form, ...patch }),
          (field) => field in patch,
        ),
      addIndexRow: (kind) =>
        editForm(
          (form) => ({ ...form, indexes: [...form.indexes, emptyIndexRow(kind)] }),
          () => false,
        ),
      // A row's messages often depend on each other (its keys, its kind): any edit of the row drops them all.
      setIndexRow: (row, patch) =>
        editForm(
          (form) => ({ ...form, indexes: form.indexes.map((entry, position) => (position === row ? { ...entry, ...patch } : entry)) }),
          (field) => field.startsWith(indexField(row, 'name').replace(/name$/, '')),
        ),
      // Row messages are keyed by position: after a removal they would point at the wrong rows, so they go.
      removeIndexRow: (row) =>
        editForm(
          (form) => ({ ...form, indexes: form.indexes.filter((_, position) => position !== row) }),
          (field) => field.startsWith('indexes.'),
        ),
      fillFromDesign: (table, label) => {
        const input = toCreateTableInput(table);
        const filled = formFromCreateTableInput(input);
        set((state) => ({
          create: {
            ...state.create,
            form: 'form' in filled ? filled.form : state.create.form,
            errors: {},
            refusal: undefined,
            fromDesign: { label, input, ...('problem' in filled ? { problem: filled.problem } : {}) },
          },
        }));
      },
      submitCreateTable: async () => {
        const { create } = get();
        const errors = validateCreateTable(create.form);
        if (Object.keys(errors).length > 0) {
          set({ create: { ...create, errors } });
          return false;
        }
        return createAndFollow(createTableRequest(create.form), timeToLiveRequest(create.form));
      },
      createAsDesigned: async () => {
        const fromDesign = get().create.fromDesign;
        return fromDesign ? createAndFollow(fromDesign.input, undefined) : false;
      },
      openDeleteTable: (tableName) => set({ remove: { ...CLOSED_DELETE, tableName } }),
      closeDeleteTable: () => set({ remove: CLOSED_DELETE }),
      setDeleteConfirmation: (text) => set((state) => ({ remove: { ...state.remove, confirmation: text, refusal: undefined } })),
      submitDeleteTable: async () => {
        const { source } = current();
        const { remove, canChangeTables } = get();
        const tableName = remove.tableName;
        if (!source || !canChangeTables || !tableName || remove.sending || remove.confirmation !== tableName) return false;
        set({ remove: { ...remove, sending: true, refusal: undefined } });
        let sent;
        try {
          sent = await confirmWrite(source, `Delete table ${tableName}`, (writer) => writer.deleteTable({ TableName: tableName }));
        } catch (error) {
          set((state) => ({ remove: { ...state.remove, sending: false, refusal: toExplorerError(error) } }));
          return false;
        }
        if (!sent.confirmed) {
          set((state) => ({ remove: { ...state.remove, sending: false } }));
          return false;
        }
        set({ remove: CLOSED_DELETE });
        if (current().source === source) await current().refreshTables();
        return true;
      },
      dispose: () => {
        disposed = true;
        unsubscribe();
      },
    };
  });

  const unsubscribe = explorer.subscribe((state, previous) => {
    if (state.source === previous.source && state.sourceLabel === previous.sourceLabel) return;
    store.setState({
      canChangeTables: state.source ? options.canChangeTables(state.source) : false,
      create: CLOSED_CREATE,
      remove: CLOSED_DELETE,
      creating: undefined,
    });
  });
  const { source } = current();
  if (source) store.setState({ canChangeTables: options.canChangeTables(source) });
  return store;
}
