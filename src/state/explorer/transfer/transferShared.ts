import type { StoreApi } from 'zustand/vanilla';
import type { Item } from '../../../expressions';
import type { ByteChunks, ExportRequest, ImportFormat, TransferProgress, TransferReport } from '../../../transfer';
import { toExplorerError } from '../explorerTypes';
import type { ImportSource, TransferActions, TransferJobKind, TransferState, TransferStoreOptions } from './transferStore.types';

/*
 * What the transfer store's slices share: `set`, `get`, the options, and
 * the values that are not state (the running job's abort controller, the
 * pause gate, the keys a delete confirmation showed, the last import's
 * file) — and the one job runner an import and a bulk delete both go
 * through (progress, pause, cancel, report, then the grid re-read).
 */

export type TransferStoreState = TransferState & TransferActions;

/** The values the slices share that are not state. */
export interface TransferShared {
  readonly options: TransferStoreOptions;
  /** The running import or delete (cancel aborts it). */
  controller: AbortController | undefined;
  /** The keys the confirmation showed: exactly these are deleted. */
  confirmedItems: readonly Item[];
  /** Bumped by every confirmation opened or dismissed: a count still reading for an older one stops. */
  confirmationTicket: number;
  /** The last import's file and format: Import anyway and Resume import read it again. */
  lastImport: { readonly file: ImportSource; readonly format: ImportFormat } | undefined;
  /** Pause: the next batches wait on it (those in flight finish); Resume releases it. */
  pauseGate: { readonly promise: Promise<void>; readonly release: () => void } | undefined;
}

/** What every slice is given. */
export interface TransferSliceApi {
  readonly set: StoreApi<TransferStoreState>['setState'];
  readonly get: StoreApi<TransferStoreState>['getState'];
  readonly shared: TransferShared;
}

export const NO_SELECTION: ReadonlySet<Item> = new Set();

/** Shared values before any job ran. */
export function createTransferShared(options: TransferStoreOptions): TransferShared {
  return { options, controller: undefined, confirmedItems: [], confirmationTicket: 0, lastImport: undefined, pauseGate: undefined };
}

/** The explorer's source and table, when it has both. */
export function transferTarget({ options }: TransferShared) {
  const { source, table } = options.explorer.getState();
  return source && table ? { source, table } : undefined;
}

/** Resolves at once, or when a paused job is resumed. */
export function pauseGateOf(shared: TransferShared): Promise<void> {
  return shared.pauseGate?.promise ?? Promise.resolve();
}

/** Lets a paused job's batches go. */
export function releasePause(shared: TransferShared): void {
  shared.pauseGate?.release();
  shared.pauseGate = undefined;
}

/** Runs an import or a delete as the store's one job: its progress and report in `job`, then the grid and table facts read again. */
export async function runJob(
  { set, shared }: TransferSliceApi,
  kind: TransferJobKind,
  work: (signal: AbortSignal, onProgress: (progress: TransferProgress) => void) => Promise<TransferReport>,
  fileName?: string,
): Promise<void> {
  const { explorer } = shared.options;
  shared.controller?.abort();
  releasePause(shared);
  const own = new AbortController();
  shared.controller = own;
  const base = { kind, ...(fileName !== undefined ? { fileName } : {}) };
  set({ job: { ...base, running: true }, confirmation: undefined });
  try {
    const report = await work(own.signal, (progress) => set({ job: { ...base, running: true, progress, ...(shared.pauseGate ? { paused: true } : {}) } }));
    const resumable =
      kind === 'import' && (report.cancelled || report.fatal !== undefined) && shared.lastImport !== undefined && canReopen(shared.lastImport.file);
    set((state) => ({
      job: { ...base, running: false, report, ...(resumable ? { resumable } : {}), ...(state.job?.progress ? { progress: state.job.progress } : {}) },
    }));
  } catch (error) {
    set({ job: { ...base, running: false, error: toExplorerError(error) } });
  } finally {
    if (shared.controller === own) shared.controller = undefined;
  }
  // Show what changed: the grid re-runs its request, the table facts (item count) are read again.
  if (explorer.getState().lastRequest) await explorer.getState().run();
}

/** Whether the file can be read again (the key check reads its start, Resume import reads it all again). */
export function canReopen(file: ImportSource): boolean {
  return typeof file.chunks === 'function' || Array.isArray(file.chunks) || typeof file.chunks === 'string';
}

export function openChunks(file: ImportSource): ByteChunks {
  return typeof file.chunks === 'function' ? file.chunks() : file.chunks;
}

/** The request from its first page (Load more's ExclusiveStartKey dropped). */
export function fromTheStart(request: ExportRequest): ExportRequest {
  const { ExclusiveStartKey: _start, ...input } = request.input;
  return { operation: request.operation, input };
}
