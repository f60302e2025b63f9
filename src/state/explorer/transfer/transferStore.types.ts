import type { StoreApi } from 'zustand/vanilla';
import type { Item } from '../../../expressions';
import type { ByteChunks, ExportFormat, ExportSummary, ImportFormat, KeySchemaMismatch, TransferProgress, TransferReport } from '../../../transfer';
import type { ExplorerStore } from '../../explorerStore';
import type { ConfirmWrite } from '../../writeAccess';
import type { ExplorerError } from '../explorerTypes';

/*
 * The transfer store's public shape: its state, actions and options. The
 * store is built from slices (transferStore.ts says which owns what).
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
