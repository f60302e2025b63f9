import { createStore, type StoreApi } from 'zustand/vanilla';
import { keyAttributeNamesOf, type Item } from '../../../expressions';
import {
  checkKeySchemaFit,
  deleteItems,
  formatOfFileName,
  importFile,
  keyOfItem,
  readPages,
  toWireJson,
  writeExport,
  type ByteChunks,
  type ExportFormat,
  type ExportRequest,
  type ExportSummary,
  type ImportFormat,
  type KeySchemaMismatch,
  type TransferProgress,
  type TransferReport,
} from '../../../transfer';
import type { ExplorerStore } from '../../explorerStore';
import type { ConfirmWrite } from '../../writeAccess';
import { toExplorerError, type ExplorerError } from '../explorerTypes';

/**
 * The explorer's Import…, Export… and bulk delete: which rows are ticked, the
 * delete confirmation (count and first keys), the running job's progress,
 * its report, and the export's progress. The work is src/transfer's; this
 * store feeds it the explorer's data source and table.
 */

export type TransferJobKind = 'import' | 'delete';

export interface TransferJob {
  readonly kind: TransferJobKind;
  readonly running: boolean;
  /** The file's name, for an import. */
  readonly fileName?: string;
  readonly progress?: TransferProgress;
  readonly report?: TransferReport;
  readonly error?: ExplorerError;
  /** Pause holds the next batches (those in flight finish); Resume lets them go. */
  readonly paused?: boolean;
  /** An import that stopped (cancelled, or an error) and can go on where it stopped: Resume import. */
  readonly resumable?: boolean;
  /** The file's first items don't fit the table's key schema: nothing was written, the user chooses (Import anyway, or another table). */
  readonly keyMismatch?: KeySchemaMismatch;
}

/** Bulk delete waiting for the user's yes: what it deletes. */
export interface DeleteConfirmation {
  readonly scope: 'selected' | 'results';
  /** Still reading the query's results to count them. */
  readonly counting: boolean;
  readonly count: number;
  /** The first few keys, as DynamoDB JSON. */
  readonly firstKeys: readonly string[];
  readonly error?: ExplorerError;
}

export interface ExportState {
  readonly running: boolean;
  readonly items: number;
  readonly summary?: ExportSummary;
  readonly error?: ExplorerError;
}

export interface TransferState {
  /** The ticked rows (the grid's items, by identity); emptied by each Run. */
  readonly selected: ReadonlySet<Item>;
  readonly confirmation?: DeleteConfirmation;
  readonly job?: TransferJob;
  readonly exporting?: ExportState;
}

/**
 * A file to import: its name, size and bytes. `chunks` as a function opens
 * the file again (a browser File's stream): the key check reads its first
 * lines, Resume import reads it again from the start, skipping what's done.
 */
export interface ImportSource {
  readonly name: string;
  readonly size: number;
  readonly chunks: ByteChunks | (() => ByteChunks);
}

export interface TransferActions {
  /** Whether the connection takes writes (Import…, Delete selected are hidden otherwise). */
  canWrite(): boolean;
  setSelected(item: Item, selected: boolean): void;
  /** Ticks or unticks every row of the current result. */
  setAllSelected(selected: boolean): void;
  /** Opens the confirmation for the ticked rows, or for every result of the explorer's current Query or Scan. */
  askDelete(scope: 'selected' | 'results'): Promise<void>;
  dismissConfirmation(): void;
  /** Deletes what the confirmation showed. */
  confirmDelete(): Promise<void>;
  /** Checks the file's first items against the table's key schema (a mismatch waits for Import anyway), then imports. */
  startImport(file: ImportSource, format?: ImportFormat): Promise<void>;
  /** After a key mismatch: imports the file all the same (its lines are reported as DynamoDB rejects them). */
  importAnyway(): Promise<void>;
  /** Holds the running import or delete after the batches in flight. */
  pause(): void;
  /** Lets a paused job go on; or resumes a stopped import where it stopped (no line written twice, the earlier failures kept in the report). */
  resume(): Promise<void>;
  /** Stops the running import or delete after the batches in flight; the report says what was written. */
  cancel(): void;
  /** The text of an export, chunk by chunk: the current result (all its pages) or the whole table. */
  exportChunks(format: ExportFormat, scope: 'results' | 'table'): AsyncGenerator<string>;
  dismissReport(): void;
  dispose(): void;
}

export type TransferStore = StoreApi<TransferState & TransferActions>;

export interface TransferStoreOptions {
  readonly explorer: ExplorerStore;
  /** The one "may this connection write" check (today the item editor's; see appStores.ts). */
  readonly canWrite: () => boolean;
  /** The write confirmation (writeAccess.ts; asks on AWS): an import or bulk delete asks once and writes every batch through the writer it grants; declined, nothing is sent. */
  readonly confirmWrite: ConfirmWrite;
  /** Batches in flight (default 4). */
  readonly concurrency?: number;
}

/** Keys shown in the delete confirmation. */
export const CONFIRMATION_KEYS = 5;
const NO_SELECTION: ReadonlySet<Item> = new Set();

export function createTransferStore(options: TransferStoreOptions): TransferStore {
  const { explorer } = options;
  const { confirmWrite } = options;
  let controller: AbortController | undefined;
  /** The keys the confirmation showed: exactly these are deleted. */
  let confirmedItems: readonly Item[] = [];
  let confirmationTicket = 0;
  /** The last import's file and format: Import anyway and Resume import read it again. */
  let lastImport: { readonly file: ImportSource; readonly format: ImportFormat } | undefined;
  let pauseGate: { readonly promise: Promise<void>; readonly release: () => void } | undefined;
  const gate = () => pauseGate?.promise ?? Promise.resolve();
  const releasePause = () => {
    pauseGate?.release();
    pauseGate = undefined;
  };

  const store = createStore<TransferState & TransferActions>()((set, get) => {
    function target() {
      const { source, table } = explorer.getState();
      return source && table ? { source, table } : undefined;
    }

    async function runJob(kind: TransferJobKind, work: (signal: AbortSignal, onProgress: (progress: TransferProgress) => void) => Promise<TransferReport>, fileName?: string): Promise<void> {
      controller?.abort();
      releasePause();
      const own = new AbortController();
      controller = own;
      const base = { kind, ...(fileName !== undefined ? { fileName } : {}) };
      set({ job: { ...base, running: true }, confirmation: undefined });
      try {
        const report = await work(own.signal, (progress) => set({ job: { ...base, running: true, progress, ...(pauseGate ? { paused: true } : {}) } }));
        const resumable = kind === 'import' && (report.cancelled || report.fatal !== undefined) && lastImport !== undefined && canReopen(lastImport.file);
        set((state) => ({ job: { ...base, running: false, report, ...(resumable ? { resumable } : {}), ...(state.job?.progress ? { progress: state.job.progress } : {}) } }));
      } catch (error) {
        set({ job: { ...base, running: false, error: toExplorerError(error) } });
      } finally {
        if (controller === own) controller = undefined;
      }
      // Show what changed: the grid re-runs its request, the table facts (item count) are read again.
      if (explorer.getState().lastRequest) await explorer.getState().run();
    }

    /** Imports the last file; `previous` (a stopped run's report) resumes it: its settled lines are skipped, its failures kept. */
    async function runImport(previous?: TransferReport): Promise<void> {
      const where = target();
      const importing = lastImport;
      if (!where || !importing || !get().canWrite()) return;
      await confirmWrite(where.source, `${previous ? 'Resume importing' : 'Import'} ${importing.file.name} into ${where.table.name}`, (writer) =>
        runJob(
          'import',
          async (signal, onProgress) => {
            const report = await importFile(openChunks(importing.file), importing.format, {
              target: writer,
              tableName: where.table.name,
              keys: where.table.keys,
              signal,
              onProgress,
              totalBytes: importing.file.size,
              gate,
              ...(previous ? { resume: previous.checkpoint } : {}),
              ...(options.concurrency ? { concurrency: options.concurrency } : {}),
            });
            // The checkpoint keeps every earlier rejection: the resumed report lists them already.
            return previous ? { ...report, retries: previous.retries + report.retries } : report;
          },
          importing.file.name,
        ),
      );
    }

    return {
      selected: NO_SELECTION,
      canWrite: () => options.canWrite(),
      setSelected: (item, selected) =>
        set((state) => {
          const next = new Set(state.selected);
          if (selected) next.add(item);
          else next.delete(item);
          return { selected: next };
        }),
      setAllSelected: (selected) => set({ selected: selected ? new Set(explorer.getState().items) : NO_SELECTION }),
      askDelete: async (scope) => {
        const where = target();
        if (!where || !get().canWrite()) return;
        const ticket = ++confirmationTicket;
        const keys = where.table.keys;
        if (scope === 'selected') {
          // In the grid's order (DynamoDB's), not the order they were ticked.
          const { selected } = get();
          confirmedItems = explorer.getState().items.filter((item) => selected.has(item)).map((item) => keyOfItem(item, keys));
          set({ confirmation: { scope, counting: false, count: confirmedItems.length, firstKeys: confirmedItems.slice(0, CONFIRMATION_KEYS).map(toWireJson) } });
          return;
        }
        const request = explorer.getState().lastRequest;
        if (!request) return;
        const found: Item[] = [];
        confirmedItems = found;
        set({ confirmation: { scope, counting: true, count: 0, firstKeys: [] } });
        try {
          // Every page from the start, keeping only the keys: the confirmation names what Delete will delete.
          for await (const page of readPages(where.source, fromTheStart(request))) {
            if (ticket !== confirmationTicket) return;
            for (const item of page) found.push(keyOfItem(item, keys));
            set({ confirmation: { scope, counting: true, count: found.length, firstKeys: found.slice(0, CONFIRMATION_KEYS).map(toWireJson) } });
          }
          if (ticket === confirmationTicket) set({ confirmation: { scope, counting: false, count: found.length, firstKeys: found.slice(0, CONFIRMATION_KEYS).map(toWireJson) } });
        } catch (error) {
          if (ticket === confirmationTicket) set({ confirmation: { scope, counting: false, count: found.length, firstKeys: [], error: toExplorerError(error) } });
        }
      },
      dismissConfirmation: () => {
        confirmationTicket++;
        set({ confirmation: undefined });
      },
      confirmDelete: async () => {
        const where = target();
        const confirmation = get().confirmation;
        if (!where || !confirmation || confirmation.counting || !get().canWrite()) return;
        // Declined: the confirmation stays open with the same keys, nothing is sent.
        const items = confirmedItems;
        const sent = await confirmWrite(where.source, `Delete ${items.length} ${items.length === 1 ? 'item' : 'items'} of ${where.table.name}`, async (writer) => {
          confirmedItems = [];
          await runJob('delete', (signal, onProgress) =>
            deleteItems(items, { target: writer, tableName: where.table.name, keys: where.table.keys, signal, onProgress, total: items.length, ...(options.concurrency ? { concurrency: options.concurrency } : {}) }),
          );
        });
        if (sent.confirmed) set({ selected: NO_SELECTION });
      },
      startImport: async (file, format) => {
        const where = target();
        if (!where || !get().canWrite()) return;
        const chosen = format ?? formatOfFileName(file.name);
        lastImport = { file, format: chosen };
        if (canReopen(file)) {
          let keyMismatch: KeySchemaMismatch | undefined;
          try {
            keyMismatch = await checkKeySchemaFit(openChunks(file), chosen, where.table.keys);
          } catch {
            // A file that can't be read: the import itself reports it.
          }
          if (keyMismatch) {
            set({ job: { kind: 'import', fileName: file.name, running: false, keyMismatch }, confirmation: undefined });
            return;
          }
        }
        await runImport();
      },
      importAnyway: async () => {
        if (!get().job?.keyMismatch || !lastImport) return;
        await runImport();
      },
      pause: () => {
        if (!get().job?.running || pauseGate) return;
        let release = () => {};
        const promise = new Promise<void>((resolve) => (release = resolve));
        pauseGate = { promise, release };
        set((state) => (state.job ? { job: { ...state.job, paused: true } } : {}));
      },
      resume: async () => {
        const job = get().job;
        if (pauseGate) {
          releasePause();
          if (job) set({ job: { ...job, paused: false } });
          return;
        }
        if (job?.resumable && job.report) await runImport(job.report);
      },
      cancel: () => {
        controller?.abort();
        releasePause();
      },
      exportChunks: async function* (format, scope) {
        const where = target();
        if (!where) return;
        const request: ExportRequest | undefined = scope === 'table' ? { operation: 'scan', input: { TableName: where.table.name } } : explorer.getState().lastRequest;
        if (!request) return;
        const summary: ExportSummary = { items: 0, csvValuesLeftOut: 0 };
        set({ exporting: { running: true, items: 0 } });
        try {
          for await (const chunk of writeExport(readPages(where.source, fromTheStart(request)), format, summary, keyAttributeNamesOf(where.table.keys))) {
            set({ exporting: { running: true, items: summary.items } });
            yield chunk;
          }
          set({ exporting: { running: false, items: summary.items, summary: { ...summary } } });
        } catch (error) {
          set({ exporting: { running: false, items: summary.items, error: toExplorerError(error) } });
          throw error;
        }
      },
      dismissReport: () => set({ job: undefined }),
      dispose: () => {
        controller?.abort();
        releasePause();
        unsubscribe();
      },
    };
  });

  // A new Run or another table: the ticks belonged to the rows that were shown.
  const unsubscribe = explorer.subscribe((state, previous) => {
    if (state.runCount !== previous.runCount || state.table !== previous.table || state.source !== previous.source) {
      if (store.getState().selected.size > 0) store.setState({ selected: NO_SELECTION });
    }
  });
  return store;
}

function canReopen(file: ImportSource): boolean {
  return typeof file.chunks === 'function' || Array.isArray(file.chunks) || typeof file.chunks === 'string';
}

function openChunks(file: ImportSource): ByteChunks {
  return typeof file.chunks === 'function' ? file.chunks() : file.chunks;
}

/** The request from its first page (Load more's ExclusiveStartKey dropped). */
function fromTheStart(request: ExportRequest): ExportRequest {
  const { ExclusiveStartKey: _start, ...input } = request.input;
  return { operation: request.operation, input };
}
