import type { BatchWriteItemCommandInput, BatchWriteItemCommandOutput, WriteRequest } from '@aws-sdk/client-dynamodb';
import { backoff as backoffFor, isRetryableError, sleepFor, unprocessedWrites } from '../dynamo';
import type { Item } from '../expressions';
import { copyCheckpoint, emptyCheckpoint, isSettled, trackCheckpoint, type TransferCheckpoint, type TransferFailure } from './checkpoint';
import { keyText, toWireJson } from './wireJson';

/**
 * The batch writer behind import and bulk delete: BatchWriteItem in batches
 * of 25 with a few batches in flight, UnprocessedItems and throttling retried
 * with exponential backoff and full jitter, a batch DynamoDB refuses as a
 * whole split into single requests so the one bad item is named, every
 * failure reported by its line, progress, cancel, and a checkpoint to resume.
 *
 * Resuming never sends a line the checkpoint marks done. A line that was in
 * flight when the run stopped is not marked done and is sent again: a Put of
 * the same item and a Delete of the same key are idempotent, so that re-send
 * leaves the table as one write would.
 *
 * The last line for a key wins: a key is kept out of a new batch while an
 * earlier batch holding it is unsettled (in flight, or waiting to retry its
 * unprocessed items), so a retried older write can never land after a newer
 * one. Reading waits for that batch; lines of other keys wait behind it.
 */

export type { TransferFailure } from './checkpoint';

/** What the writer needs from a data source: the SDK's BatchWriteItem. */
export interface BatchWriteTarget {
  batchWriteItem(input: BatchWriteItemCommandInput, options?: { abortSignal?: AbortSignal }): Promise<BatchWriteItemCommandOutput>;
}

/** One write: its line (file line, or position for bulk delete) and the request. */
export interface WriteEntry {
  readonly line: number;
  readonly request: WriteRequest;
  /** About the request's size on the wire (an import line's length): batches and bytes in flight are capped by it. */
  readonly bytes?: number;
}

export interface TransferProgress {
  /** Lines written (put or deleted) so far, this run and, when resumed, the runs before. */
  readonly written: number;
  /** Lines rejected so far, this run and, when resumed, the runs before. */
  readonly rejected: number;
  /** Of `written`, the lines this run wrote (what `itemsPerSecond` counts). */
  readonly writtenThisRun: number;
  /** Lines the writer has taken from the reader (written, rejected or in flight). */
  readonly read: number;
  /** Known when the caller gave a total. */
  readonly total?: number;
  readonly itemsPerSecond: number;
  /** From the rate so far; undefined while there is no total or no rate. */
  readonly secondsLeft?: number;
  /** Batches DynamoDB throttled or returned partly unprocessed, retried under backoff. */
  readonly retries: number;
  readonly throttled: boolean;
  /** Bytes of the file read so far, when the reader counts them. */
  readonly bytesRead?: number;
  readonly totalBytes?: number;
}

export interface TransferReport {
  /** Lines written, over every run (the checkpoint's count). */
  readonly written: number;
  /** Of them, the lines this run wrote. */
  readonly writtenThisRun: number;
  /** Records this run took from the reader: written, rejected, or already settled by an earlier run (`skipped`); in flight when cancelled. */
  readonly read: number;
  /** Of `read`, the lines an earlier run had settled. */
  readonly skipped: number;
  /** Every rejected line, of this run and, when resumed, the runs before (kept in the checkpoint), in line order. */
  readonly rejected: readonly TransferFailure[];
  /** True when the signal stopped the run; `checkpoint` says exactly which lines were written or rejected. */
  readonly cancelled: boolean;
  /** An error that stopped the run (missing table, network): every line not in the checkpoint was not written. */
  readonly fatal?: TransferFailure;
  readonly retries: number;
  readonly checkpoint: TransferCheckpoint;
  /** This run's time. */
  readonly seconds: number;
}

export interface BatchWriterOptions {
  readonly target: BatchWriteTarget;
  readonly tableName: string;
  /** The table's key attribute names: two requests for one key never share a batch (DynamoDB refuses that batch). */
  readonly keyNames: readonly string[];
  /** Batches in flight at once (default 4). */
  readonly concurrency?: number;
  /**
   * A batch closes before its entries' `bytes` pass this (default 1 MiB; a
   * batch always holds at least one entry). Small items keep batches of 25;
   * large ones make smaller request bodies (fewer, smaller copies in memory).
   */
  readonly maxBatchBytes?: number;
  /** No new batch is sent while the batches in flight hold this many bytes (default 2 MiB; one batch is always allowed). */
  readonly maxBytesInFlight?: number;
  /** Attempts per batch before its remaining items are reported as failed (default 12). */
  readonly maxAttempts?: number;
  /** The backoff's first step and cap (src/dynamo's BACKOFF_DEFAULTS unless given). */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0 ≤ random() < 1, for the jitter. */
  readonly random?: () => number;
  /** Milliseconds from a fixed point (performance.now / Date.now). */
  readonly now?: () => number;
  readonly signal?: AbortSignal;
  /** Lines done in an earlier run: skipped (and counted) now. */
  readonly resume?: TransferCheckpoint;
  readonly total?: number;
  readonly onProgress?: (progress: TransferProgress) => void;
  /** Called with the checkpoint after each batch settles (to save it). */
  readonly onCheckpoint?: (checkpoint: TransferCheckpoint) => void;
  /** Awaited before each batch is sent: Pause holds it. */
  readonly gate?: () => Promise<void>;
  readonly bytesRead?: () => number;
  readonly totalBytes?: number;
}

export const BATCH_SIZE = 25;
export const MAX_BATCH_BYTES = 1024 * 1024;
export const MAX_BYTES_IN_FLIGHT = 2 * 1024 * 1024;
/** Refusals of one request in the batch (DynamoDB refuses the whole batch): retried one by one to name the bad one. */
const ITEM_ERRORS = new Set(['ValidationException', 'SerializationException', 'ItemCollectionSizeLimitExceededException']);

/** An entry the reader refused (its line and why), passed through to the report. */
export interface RejectedEntry {
  readonly line: number;
  /** The last line of a record spanning several (a CSV record with a quoted line break). */
  readonly lastLine?: number;
  readonly rejected: string;
}

/**
 * Writes every entry of `entries` (a reader's output: writes and rejected
 * lines in line order) and reports what happened to each line.
 */
export async function writeBatches(
  entries: AsyncIterable<WriteEntry | RejectedEntry> | Iterable<WriteEntry | RejectedEntry>,
  options: BatchWriterOptions,
): Promise<TransferReport> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxBatchBytes = options.maxBatchBytes ?? MAX_BATCH_BYTES;
  const maxBytesInFlight = options.maxBytesInFlight ?? MAX_BYTES_IN_FLIGHT;
  const maxAttempts = options.maxAttempts ?? 12;
  const backoffOptions = {
    ...(options.baseDelayMs !== undefined ? { baseMs: options.baseDelayMs } : {}),
    ...(options.maxDelayMs !== undefined ? { capMs: options.maxDelayMs } : {}),
    sleep: options.sleep ?? sleepFor,
    ...(options.random ? { random: options.random } : {}),
  };
  const now = options.now ?? (() => Date.now());
  const { signal, target, tableName } = options;
  const started = now();

  const checkpoint: TransferCheckpoint = options.resume ? copyCheckpoint(options.resume) : emptyCheckpoint();
  const tracker = trackCheckpoint(checkpoint);
  const rejected = checkpoint.failures;
  const writtenBefore = checkpoint.written;
  let written = 0;
  let read = 0;
  let skipped = 0;
  let retries = 0;
  let throttled = false;
  let fatal: TransferFailure | undefined;
  let lastProgress = 0;

  const progress = (force = false) => {
    if (!options.onProgress) return;
    const at = now();
    if (!force && at - lastProgress < 100) return;
    lastProgress = at;
    const seconds = Math.max((at - started) / 1000, 1e-3);
    const itemsPerSecond = written / seconds;
    const done = writtenBefore + written + rejected.length;
    const left = options.total !== undefined ? Math.max(options.total - done, 0) : undefined;
    options.onProgress({
      written: writtenBefore + written,
      writtenThisRun: written,
      rejected: rejected.length,
      read,
      ...(options.total !== undefined ? { total: options.total } : {}),
      itemsPerSecond,
      ...(left !== undefined && itemsPerSecond > 0 ? { secondsLeft: left / itemsPerSecond } : {}),
      retries,
      throttled,
      ...(options.bytesRead ? { bytesRead: options.bytesRead() } : {}),
      ...(options.totalBytes !== undefined ? { totalBytes: options.totalBytes } : {}),
    });
  };

  const settle = (line: number, failure?: TransferFailure) => {
    if (failure) {
      rejected.push(failure);
      checkpoint.rejected++;
    } else {
      written++;
      checkpoint.written++;
    }
    tracker.settle(line);
  };
  const saveCheckpoint = () => options.onCheckpoint?.(tracker.sync());

  const backoff = (attempt: number) => backoffFor(attempt, backoffOptions, signal);

  /** Sends `batch` until every request is written, refused, or out of attempts. */
  async function send(batch: WriteEntry[]): Promise<void> {
    let pending = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (signal?.aborted || fatal) return;
      if (attempt >= maxAttempts) {
        for (const entry of pending)
          settle(entry.line, {
            line: entry.line,
            reason: `Still unprocessed after ${maxAttempts} attempts (DynamoDB kept throttling); resume the import, or lower the concurrency`,
            code: 'UnprocessedItems',
            key: requestKeyJson(entry.request, options.keyNames),
          });
        return;
      }
      if (attempt > 0) await backoff(attempt);
      if (signal?.aborted || fatal) return;
      let output: BatchWriteItemCommandOutput;
      try {
        output = await target.batchWriteItem({ RequestItems: { [tableName]: pending.map((entry) => entry.request) } }, signal ? { abortSignal: signal } : {});
      } catch (error) {
        if (signal?.aborted) return;
        const name = errorName(error);
        if (isRetryableError(error)) {
          retries++;
          throttled = true;
          continue;
        }
        if (ITEM_ERRORS.has(name)) {
          if (pending.length === 1) {
            const [entry] = pending as [WriteEntry];
            settle(entry.line, { line: entry.line, reason: errorMessage(error), code: name, key: requestKeyJson(entry.request, options.keyNames) });
            return;
          }
          // One request spoiled the batch: send each alone to find it (the others are written).
          for (const entry of pending) await send([entry]);
          return;
        }
        fatal = { line: pending[0]?.line ?? 0, reason: errorMessage(error), code: name };
        return;
      }
      const unprocessed = unprocessedWrites(output, tableName);
      const again: WriteEntry[] = [];
      if (unprocessed.length > 0) {
        // UnprocessedItems are parsed from the reply, not the objects sent: match them by key (a batch holds each key once).
        const unprocessedKeys = new Set(unprocessed.map((request) => requestKey(request, options.keyNames)));
        for (const entry of pending) {
          if (unprocessedKeys.has(requestKey(entry.request, options.keyNames))) again.push(entry);
          else settle(entry.line);
        }
        retries++;
        throttled = true;
      } else {
        for (const entry of pending) settle(entry.line);
      }
      progress();
      pending = again;
    }
  }

  const inFlight = new Set<Promise<void>>();
  /** The keys of the unsettled batches: a key here waits before it joins a new batch (the last line wins). */
  const keysInFlight = new Set<string>();
  let bytesInFlight = 0;
  const launch = async (batch: WriteEntry[], keys: Set<string>, bytes: number) => {
    if (options.gate) await options.gate();
    bytesInFlight += bytes;
    for (const key of keys) keysInFlight.add(key);
    const sent = send(batch).finally(() => {
      inFlight.delete(sent);
      for (const key of keys) keysInFlight.delete(key);
      bytesInFlight -= bytes;
      saveCheckpoint();
      progress();
    });
    inFlight.add(sent);
    while (inFlight.size >= concurrency || (inFlight.size > 0 && bytesInFlight >= maxBytesInFlight)) await Promise.race(inFlight);
  };

  let batch: WriteEntry[] = [];
  let batchKeys = new Set<string>();
  let batchBytes = 0;
  try {
    for await (const entry of entries) {
      if (signal?.aborted || fatal) break;
      read++;
      tracker.take(entry.line);
      if (isSettled(checkpoint, entry.line)) {
        skipped++;
        tracker.settle(entry.line);
        continue;
      }
      if ('rejected' in entry) {
        settle(entry.line, {
          line: entry.line,
          ...(entry.lastLine !== undefined && entry.lastLine !== entry.line ? { lastLine: entry.lastLine } : {}),
          reason: entry.rejected,
        });
        continue;
      }
      const key = requestKey(entry.request, options.keyNames);
      const bytes = entry.bytes ?? 0;
      if (batchKeys.has(key) || batch.length >= BATCH_SIZE || (batch.length > 0 && batchBytes + bytes > maxBatchBytes)) {
        await launch(batch, batchKeys, batchBytes);
        batch = [];
        batchKeys = new Set();
        batchBytes = 0;
      }
      // An earlier batch holding this key is unsettled: wait for it, so this (newer) line lands after it.
      while (keysInFlight.has(key) && inFlight.size > 0) await Promise.race(inFlight);
      if (signal?.aborted || fatal) break;
      batch.push(entry);
      batchKeys.add(key);
      batchBytes += bytes;
      progress();
    }
    if (batch.length > 0 && !signal?.aborted && !fatal) await launch(batch, batchKeys, batchBytes);
    await Promise.all(inFlight);
  } catch (error) {
    // The reader failed (a file that can't be read): what was written stays in the checkpoint.
    await Promise.allSettled(inFlight);
    fatal ??= { line: read, reason: errorMessage(error), code: errorName(error) };
  }
  progress(true);
  rejected.sort((a, b) => a.line - b.line);
  saveCheckpoint();
  return {
    written: checkpoint.written,
    writtenThisRun: written,
    read,
    skipped,
    rejected: [...rejected],
    cancelled: signal?.aborted === true,
    ...(fatal ? { fatal } : {}),
    retries,
    checkpoint,
    seconds: (now() - started) / 1000,
  };
}

/** The key a Put or Delete request writes, as text (Put: its item's key attributes). */
function requestKey(request: WriteRequest, keyNames: readonly string[]): string {
  const item: Item | undefined = request.PutRequest?.Item ?? request.DeleteRequest?.Key;
  return item ? keyText(item, keyNames) : '';
}

/** The key a request writes, as DynamoDB JSON (for the report). */
function requestKeyJson(request: WriteRequest, keyNames: readonly string[]): string {
  const item: Item = request.PutRequest?.Item ?? request.DeleteRequest?.Key ?? {};
  const key: Item = {};
  for (const name of keyNames) if (Object.hasOwn(item, name)) Object.defineProperty(key, name, { value: item[name], enumerable: true });
  return toWireJson(key);
}

function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') return error.name;
  return 'Error';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
