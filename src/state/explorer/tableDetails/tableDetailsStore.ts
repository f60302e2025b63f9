import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../../../engine';
import type { ExplorerStore } from '../../explorerStore';
import type { ConfirmWrite } from '../../writeAccess';
import { toExplorerError, type ExplorerError, type TableSummary } from '../explorerTypes';
import { addIndexRequest, EMPTY_ADD_INDEX_FORM, validateAddIndex, type AddIndexErrors, type AddIndexForm } from './addIndexForm';

/** A fact read with its own call: loading, read, or not available (the source refused the call, and why). */
export type Detail<T> = { readonly state: 'loading' } | { readonly state: 'read'; readonly value: T } | { readonly state: 'unavailable'; readonly why: string };

export interface TimeToLive {
  /** TimeToLiveStatus: ENABLED, DISABLED, ENABLING, DISABLING. */
  readonly status: string;
  readonly attributeName?: string;
}

export interface TableTag {
  readonly key: string;
  readonly value: string;
}

export interface AddIndexDialog {
  readonly open: boolean;
  readonly form: AddIndexForm;
  readonly errors: AddIndexErrors;
  readonly sending: boolean;
  /** DynamoDB's answer when it refused the UpdateTable. */
  readonly refusal?: ExplorerError;
}

export interface DeleteIndexDialog {
  readonly open: boolean;
  /** The GSI chosen to delete (LSIs live and die with their table). */
  readonly indexName: string;
  readonly sending: boolean;
  readonly refusal?: ExplorerError;
}

/** The Time to live dialog: enable on an attribute, or disable (UpdateTimeToLive). */
export interface TimeToLiveDialog {
  readonly open: boolean;
  /** The attribute that holds each item's expiry time (epoch seconds). */
  readonly attributeName: string;
  /** What is wrong with the attribute name, before anything is sent. */
  readonly error?: string;
  readonly sending: boolean;
  /** DynamoDB's answer when it refused the UpdateTimeToLive. */
  readonly refusal?: ExplorerError;
}

export interface TableDetailsState {
  /** The table these details are of (the explorer's). */
  readonly tableName?: string;
  readonly timeToLive: Detail<TimeToLive>;
  readonly tags: Detail<readonly TableTag[]>;
  /** False on connections where Keylab does not change tables (AWS). */
  readonly canAddIndex: boolean;
  readonly addIndex: AddIndexDialog;
  /** The index being created, followed with DescribeTable until it is ACTIVE. */
  readonly creatingIndex?: string;
  readonly deleteIndex: DeleteIndexDialog;
  /** The index being deleted, followed with DescribeTable (DELETING) until it is gone. */
  readonly deletingIndex?: string;
  readonly timeToLiveDialog: TimeToLiveDialog;
}

export interface TableDetailsActions {
  /** Reads TTL and tags of the explorer's table again. */
  reload(): Promise<void>;
  openAddIndex(): void;
  /**
   * Opens Add index filled in with `form` (a design's index: the Design tab's
   * multi-attribute conversion) on table `tableName`: at once when the
   * explorer shows it, else the explorer chooses that table (once its
   * connection lists it) and the dialog opens when it is shown. The index is
   * then created by Create index, as any other.
   */
  prepareAddIndex(tableName: string, form: AddIndexForm): void;
  closeAddIndex(): void;
  setAddIndexForm(patch: Partial<AddIndexForm>): void;
  /** Validates, sends UpdateTable, and follows the new index until ACTIVE. Returns true when DynamoDB accepted it. */
  submitAddIndex(): Promise<boolean>;
  /** Opens the Delete index confirmation, on `indexName` or the table's first GSI. */
  openDeleteIndex(indexName?: string): void;
  closeDeleteIndex(): void;
  chooseIndexToDelete(indexName: string): void;
  /** UpdateTable with a GSI Delete, then follows the index until DescribeTable no longer lists it. True when DynamoDB accepted it. */
  submitDeleteIndex(): Promise<boolean>;
  /** Opens the Time to live dialog, with the current attribute (when TTL is on) in the box. */
  openTimeToLive(): void;
  closeTimeToLive(): void;
  setTimeToLiveAttribute(attributeName: string): void;
  /** UpdateTimeToLive: enables TTL on the dialog's attribute, or disables it; then reads DescribeTimeToLive again. True when DynamoDB accepted it. */
  submitTimeToLive(enabled: boolean): Promise<boolean>;
  dispose(): void;
}

export type TableDetailsStore = StoreApi<TableDetailsState & TableDetailsActions>;

export interface TableDetailsOptions {
  readonly explorer: ExplorerStore;
  /** Whether Add index is offered on this source (not on AWS, where an index costs money and hours). */
  readonly canAddIndex: (source: DynamoDBDataSource) => boolean;
  /** Waits between DescribeTable polls (tests pass one that resolves at once). */
  readonly wait?: (ms: number) => Promise<void>;
  /** The write confirmation (writeAccess.ts; asks on AWS): Add index and Delete index send their UpdateTable through the writer it grants. */
  readonly confirmWrite: ConfirmWrite;
}

/** How often an index being created is described again (DescribeTable polling, as the SDK's waiters do). */
export const INDEX_POLL_MS = 1000;
/** A bound on the polls (an hour at INDEX_POLL_MS), so a stuck index does not poll forever. */
const MAX_POLLS = 3600;
const MAX_TAG_PAGES = 10;

const CLOSED_DIALOG: AddIndexDialog = { open: false, form: EMPTY_ADD_INDEX_FORM, errors: {}, sending: false };
const CLOSED_DELETE_INDEX: DeleteIndexDialog = { open: false, indexName: '', sending: false };
const LOADING = { state: 'loading' } as const;
const CLOSED_TTL: TimeToLiveDialog = { open: false, attributeName: '', sending: false };
/** DynamoDB's limit on an attribute name (TimeToLiveSpecification.AttributeName: 1 to 255 characters). */
const MAX_TTL_ATTRIBUTE = 255;

const unavailable = (error: unknown): { state: 'unavailable'; why: string } => ({ state: 'unavailable', why: toExplorerError(error).message });

/**
 * Table details beyond DescribeTable's (which the explorer store holds):
 * time to live (DescribeTimeToLive) and tags (ListTagsOfResource), each
 * "not available" with the source's reason when it refuses the call; and Add
 * index (UpdateTable with a GSI Create), checked before sending, followed
 * until the index is ACTIVE. Follows the explorer's table.
 */
export function createTableDetailsStore(options: TableDetailsOptions): TableDetailsStore {
  const { explorer } = options;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { confirmWrite } = options;
  // Bumped on every table or source change: answers about the previous one are dropped.
  let ticket = 0;
  let disposed = false;
  const current = () => explorer.getState();
  /** A prepared Add index waiting for its table to be the explorer's (see prepareAddIndex). */
  let pending: { readonly tableName: string; readonly form: AddIndexForm } | undefined;
  let choosing: typeof pending;

  const store = createStore<TableDetailsState & TableDetailsActions>()((set, get) => {
    /** Reads the table every INDEX_POLL_MS while `indexName` is being created (until ACTIVE, backfilled) or deleted (until gone). */
    async function follow(indexName: string, tableName: string, followTicket: number, change: 'creatingIndex' | 'deletingIndex'): Promise<void> {
      set({ [change]: indexName });
      for (let poll = 0; poll < MAX_POLLS && !disposed && followTicket === ticket; poll++) {
        await current().reloadTable();
        if (followTicket !== ticket || current().table?.name !== tableName) return;
        const index = current().table?.indexes.find((candidate) => candidate.name === indexName);
        if (!index || index.status === undefined) break;
        if (change === 'creatingIndex' && index.status === 'ACTIVE' && index.backfilling !== true) break;
        await wait(INDEX_POLL_MS);
      }
      if (followTicket === ticket) set({ [change]: undefined });
    }

    return {
      timeToLive: LOADING,
      tags: LOADING,
      canAddIndex: false,
      addIndex: CLOSED_DIALOG,
      deleteIndex: CLOSED_DELETE_INDEX,
      timeToLiveDialog: CLOSED_TTL,
      reload: async () => {
        const { source, table } = current();
        if (!source || !table) return;
        const readTicket = ticket;
        set({ tableName: table.name, timeToLive: LOADING, tags: LOADING });
        const [timeToLive, tags] = await Promise.all([readTimeToLive(source, table), readTags(source, table)]);
        if (readTicket === ticket) set({ timeToLive, tags });
      },
      openAddIndex: () => set({ addIndex: { ...CLOSED_DIALOG, open: true } }),
      prepareAddIndex: (tableName, form) => {
        pending = { tableName, form };
        followPending();
      },
      closeAddIndex: () => set({ addIndex: CLOSED_DIALOG }),
      setAddIndexForm: (patch) =>
        set((state) => {
          const errors = { ...state.addIndex.errors };
          for (const field of Object.keys(patch)) delete errors[field as keyof AddIndexErrors];
          return { addIndex: { ...state.addIndex, form: { ...state.addIndex.form, ...patch }, errors, refusal: undefined } };
        }),
      submitAddIndex: async () => {
        const { source, table } = current();
        const { addIndex, canAddIndex } = get();
        if (!source || !table || !canAddIndex || addIndex.sending) return false;
        const errors = validateAddIndex(addIndex.form, table);
        if (Object.keys(errors).length > 0) {
          set({ addIndex: { ...addIndex, errors } });
          return false;
        }
        const sendTicket = ticket;
        set({ addIndex: { ...addIndex, errors: {}, sending: true, refusal: undefined } });
        try {
          const sent = await confirmWrite(source, `Add index ${addIndex.form.indexName} to ${table.name}`, async (writer) => {
            // Fresh: the billing mode decides whether the index needs its own throughput.
            const { Table: description } = await source.describeTable({ TableName: table.name });
            await writer.updateTable(addIndexRequest(addIndex.form, table.name, description));
          });
          if (!sent.confirmed) {
            if (sendTicket === ticket) set((state) => ({ addIndex: { ...state.addIndex, sending: false } }));
            return false;
          }
        } catch (error) {
          if (sendTicket === ticket) set((state) => ({ addIndex: { ...state.addIndex, sending: false, refusal: toExplorerError(error) } }));
          return false;
        }
        if (sendTicket !== ticket) return true;
        set({ addIndex: CLOSED_DIALOG });
        await follow(addIndex.form.indexName, table.name, sendTicket, 'creatingIndex');
        return true;
      },
      openDeleteIndex: (indexName) => {
        const first = current().table?.indexes.find((index) => index.kind === 'global')?.name ?? '';
        set({ deleteIndex: { ...CLOSED_DELETE_INDEX, open: true, indexName: indexName ?? first } });
      },
      closeDeleteIndex: () => set({ deleteIndex: CLOSED_DELETE_INDEX }),
      chooseIndexToDelete: (indexName) => set((state) => ({ deleteIndex: { ...state.deleteIndex, indexName, refusal: undefined } })),
      submitDeleteIndex: async () => {
        const { source, table } = current();
        const { deleteIndex, canAddIndex } = get();
        const { indexName } = deleteIndex;
        if (!source || !table || !canAddIndex || deleteIndex.sending || !indexName) return false;
        const sendTicket = ticket;
        set({ deleteIndex: { ...deleteIndex, sending: true, refusal: undefined } });
        try {
          const sent = await confirmWrite(source, `Delete index ${indexName} of ${table.name}`, (writer) =>
            writer.updateTable({ TableName: table.name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: indexName } }] }),
          );
          if (!sent.confirmed) {
            if (sendTicket === ticket) set((state) => ({ deleteIndex: { ...state.deleteIndex, sending: false } }));
            return false;
          }
        } catch (error) {
          if (sendTicket === ticket) set((state) => ({ deleteIndex: { ...state.deleteIndex, sending: false, refusal: toExplorerError(error) } }));
          return false;
        }
        if (sendTicket !== ticket) return true;
        set({ deleteIndex: CLOSED_DELETE_INDEX });
        await follow(indexName, table.name, sendTicket, 'deletingIndex');
        return true;
      },
      openTimeToLive: () => {
        const { timeToLive } = get();
        set({ timeToLiveDialog: { ...CLOSED_TTL, open: true, attributeName: timeToLive.state === 'read' ? (timeToLive.value.attributeName ?? '') : '' } });
      },
      closeTimeToLive: () => set({ timeToLiveDialog: CLOSED_TTL }),
      setTimeToLiveAttribute: (attributeName) =>
        set((state) => ({ timeToLiveDialog: { ...state.timeToLiveDialog, attributeName, error: undefined, refusal: undefined } })),
      submitTimeToLive: async (enabled) => {
        const { source, table } = current();
        const { timeToLiveDialog: dialog, canAddIndex, timeToLive } = get();
        if (!source || !table || !canAddIndex || dialog.sending) return false;
        // Disabling names the attribute TTL is on now (DynamoDB requires it to match).
        const attributeName = enabled
          ? dialog.attributeName
          : timeToLive.state === 'read'
            ? (timeToLive.value.attributeName ?? dialog.attributeName)
            : dialog.attributeName;
        const error = !attributeName
          ? 'Type the attribute that holds each item’s expiry time in epoch seconds, e.g. expiresAt.'
          : attributeName.length > MAX_TTL_ATTRIBUTE
            ? `An attribute name has at most ${MAX_TTL_ATTRIBUTE} characters; this one has ${attributeName.length}.`
            : undefined;
        if (error) {
          set({ timeToLiveDialog: { ...dialog, error } });
          return false;
        }
        const sendTicket = ticket;
        set({ timeToLiveDialog: { ...dialog, error: undefined, refusal: undefined, sending: true } });
        try {
          const sent = await confirmWrite(source, `${enabled ? 'Enable' : 'Disable'} time to live on ${attributeName} of ${table.name}`, (writer) =>
            writer.updateTimeToLive({ TableName: table.name, TimeToLiveSpecification: { Enabled: enabled, AttributeName: attributeName } }),
          );
          if (!sent.confirmed) {
            if (sendTicket === ticket) set((state) => ({ timeToLiveDialog: { ...state.timeToLiveDialog, sending: false } }));
            return false;
          }
        } catch (error) {
          if (sendTicket === ticket) set((state) => ({ timeToLiveDialog: { ...state.timeToLiveDialog, sending: false, refusal: toExplorerError(error) } }));
          return false;
        }
        if (sendTicket !== ticket) return true;
        set({ timeToLiveDialog: CLOSED_TTL, timeToLive: LOADING });
        const read = await readTimeToLive(source, table);
        if (sendTicket === ticket) set({ timeToLive: read });
        return true;
      },
      dispose: () => {
        disposed = true;
        unsubscribe();
        unsubscribePending();
      },
    };
  });

  // After a new connection, wait for the explorer to describe its table (connect clears the old one and
  // chooses a table of the same name again when the new connection has one).
  let staleTable: TableSummary | undefined;
  let awaitingTable = false;
  const reset = {
    timeToLive: LOADING,
    tags: LOADING,
    addIndex: CLOSED_DIALOG,
    creatingIndex: undefined,
    deleteIndex: CLOSED_DELETE_INDEX,
    deletingIndex: undefined,
    timeToLiveDialog: CLOSED_TTL,
  };
  const unsubscribe = explorer.subscribe((state, previous) => {
    // A new connection (a new client, or the same one under another label) may allow other changes.
    const sourceChanged = state.source !== previous.source || state.sourceLabel !== previous.sourceLabel;
    if (sourceChanged) {
      ticket++;
      staleTable = state.table;
      awaitingTable = true;
      store.setState({ ...reset, tableName: undefined, canAddIndex: state.source ? options.canAddIndex(state.source) : false });
    }
    const table = state.table;
    if (!table || table === staleTable || (table === previous.table && !sourceChanged)) return;
    // Described again (Refresh, Add index's polling): the same table, its TTL and tags stay.
    if (!awaitingTable && table.name === store.getState().tableName) return;
    awaitingTable = false;
    staleTable = undefined;
    ticket++;
    store.setState({ ...reset, tableName: table.name });
    void store.getState().reload();
  });
  // After the listener above: a prepared Add index opens on its table once the reset for that table is done.
  function followPending(): void {
    if (!pending || disposed) return;
    const { table, tableNames, selectTable } = current();
    if (table?.name === pending.tableName && store.getState().tableName === pending.tableName && !awaitingTable) {
      const { form } = pending;
      pending = undefined;
      choosing = undefined;
      store.setState({ addIndex: { ...CLOSED_DIALOG, open: true, form } });
      return;
    }
    if (table?.name !== pending.tableName && choosing !== pending && tableNames.includes(pending.tableName)) {
      choosing = pending;
      void selectTable(pending.tableName);
    }
  }
  const unsubscribePending = explorer.subscribe(followPending);
  const { source } = current();
  if (source) store.setState({ canAddIndex: options.canAddIndex(source) });
  void store.getState().reload();
  return store;
}

async function readTimeToLive(source: DynamoDBDataSource, table: TableSummary): Promise<Detail<TimeToLive>> {
  try {
    const output = await source.describeTimeToLive({ TableName: table.name });
    const description = output.TimeToLiveDescription;
    return {
      state: 'read',
      value: { status: description?.TimeToLiveStatus ?? 'DISABLED', ...(description?.AttributeName ? { attributeName: description.AttributeName } : {}) },
    };
  } catch (error) {
    return unavailable(error);
  }
}

async function readTags(source: DynamoDBDataSource, table: TableSummary): Promise<Detail<readonly TableTag[]>> {
  if (!table.arn) return { state: 'unavailable', why: 'DescribeTable gave no TableArn, which ListTagsOfResource needs.' };
  const tags: TableTag[] = [];
  let nextToken: string | undefined;
  try {
    for (let page = 0; page < MAX_TAG_PAGES; page++) {
      const output = await source.listTagsOfResource({ ResourceArn: table.arn, ...(nextToken ? { NextToken: nextToken } : {}) });
      for (const tag of output.Tags ?? []) tags.push({ key: tag.Key ?? '', value: tag.Value ?? '' });
      nextToken = output.NextToken;
      if (!nextToken) break;
    }
  } catch (error) {
    return unavailable(error);
  }
  return { state: 'read', value: tags };
}
