import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../../../engine';
import type { ExplorerStore } from '../../explorerStore';
import { toExplorerError, type ExplorerError } from '../explorerTypes';
import { createTableRequest, EMPTY_CREATE_TABLE_FORM, validateCreateTable, type CreateTableErrors, type CreateTableForm } from './createTableForm';

export interface CreateTableDialog {
  readonly open: boolean;
  readonly form: CreateTableForm;
  readonly errors: CreateTableErrors;
  readonly sending: boolean;
  /** DynamoDB's answer when it refused the CreateTable. */
  readonly refusal?: ExplorerError;
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
  /** The table just created and its last TableStatus read (CREATING until ACTIVE). */
  readonly creating?: { readonly tableName: string; readonly status: string };
}

export interface TablesActions {
  openCreateTable(): void;
  closeCreateTable(): void;
  setCreateTableForm(patch: Partial<CreateTableForm>): void;
  /** Validates, sends CreateTable, polls DescribeTable until ACTIVE, then selects the table. True when DynamoDB accepted it. */
  submitCreateTable(): Promise<boolean>;
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
  let disposed = false;
  const current = () => explorer.getState();

  const store = createStore<TablesState & TablesActions>()((set, get) => ({
    canChangeTables: false,
    create: CLOSED_CREATE,
    remove: CLOSED_DELETE,
    openCreateTable: () => set({ create: { ...CLOSED_CREATE, open: true } }),
    closeCreateTable: () => set({ create: CLOSED_CREATE }),
    setCreateTableForm: (patch) =>
      set((state) => {
        const errors = { ...state.create.errors };
        for (const field of Object.keys(patch)) delete errors[field as keyof CreateTableErrors];
        return { create: { ...state.create, form: { ...state.create.form, ...patch }, errors, refusal: undefined } };
      }),
    submitCreateTable: async () => {
      const { source } = current();
      const { create, canChangeTables } = get();
      if (!source || !canChangeTables || create.sending) return false;
      const errors = validateCreateTable(create.form);
      if (Object.keys(errors).length > 0) {
        set({ create: { ...create, errors } });
        return false;
      }
      set({ create: { ...create, errors: {}, sending: true, refusal: undefined } });
      const tableName = create.form.tableName;
      let status: string;
      try {
        const output = await source.createTable(createTableRequest(create.form));
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
      await current().refreshTables();
      await current().selectTable(tableName);
      return true;
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
      try {
        await source.deleteTable({ TableName: tableName });
      } catch (error) {
        set((state) => ({ remove: { ...state.remove, sending: false, refusal: toExplorerError(error) } }));
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
  }));

  const unsubscribe = explorer.subscribe((state, previous) => {
    if (state.source === previous.source && state.sourceLabel === previous.sourceLabel) return;
    store.setState({ canChangeTables: state.source ? options.canChangeTables(state.source) : false, create: CLOSED_CREATE, remove: CLOSED_DELETE, creating: undefined });
  });
  const { source } = current();
  if (source) store.setState({ canChangeTables: options.canChangeTables(source) });
  return store;
}
