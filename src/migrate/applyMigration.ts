import type { AttributeValue, TransactGetItemsCommandInput, TransactWriteItemsCommandInput } from '@aws-sdk/client-dynamodb';
import { backoffDelay, isRetryableCancellationReason, isRetryableError, sleepFor } from '../dynamo';
import type { DynamoDBDataSource } from '../engine';
import { attributeValuesEqual, type Item } from '../expressions';
import { emptyCheckpoint, type MigrationCheckpoint, type SkipReason } from './checkpoint';
import type { MigrationPlan, RewriteRequests } from './migration.types';
import { describeKey } from './planMigration';
import { MIGRATION_PROGRAM } from './scripts/migrationProgram';
import { rewriteRequests, settleState, type SettledState } from './rewriteRequests';

export type MigrationSource = Pick<DynamoDBDataSource, 'transactWriteItems' | 'transactGetItems'>;

export interface MigrationProgress {
  readonly total: number;
  readonly done: number;
  readonly skipped: number;
  readonly failed: number;
  /** Rewrites settled per second since this run started. */
  readonly itemsPerSecond: number;
  /** At the current rate; undefined before the first item. */
  readonly secondsLeft?: number;
}

export interface ApplyOptions {
  readonly source: MigrationSource;
  readonly plan: Pick<MigrationPlan, 'spec' | 'rewrites'>;
  readonly planId: string;
  /** Resume from this checkpoint (undefined: a fresh run). */
  readonly checkpoint?: MigrationCheckpoint;
  readonly concurrency?: number;
  /**
   * Rewrites sent in one TransactWriteItems (default 1). A transport that
   * pays more per request than per item (the browser: six connections per
   * host, every request through the app server's proxy) packs several: the
   * group is one atomic transaction of the same conditional actions, so a
   * group either lands whole or not at all; a refused group is retried item
   * by item (each settled as alone). Groups stay within DynamoDB's 100
   * actions and under GROUP_BYTES of items.
   */
  readonly groupSize?: number;
  /** Attempts per rewrite on throttling or a transaction conflict before it is reported as failed. */
  readonly maxAttempts?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
  readonly random?: () => number;
  readonly signal?: AbortSignal;
  /** Read every item and say what would happen; write nothing. */
  readonly dryRun?: boolean;
  readonly onProgress?: (progress: MigrationProgress) => void;
  /** Called (and awaited) before rewrites past `reservedUpTo` start, and at the end. */
  readonly saveCheckpoint?: (checkpoint: MigrationCheckpoint) => Promise<void> | void;
  /** How many rewrites one checkpoint write reserves (default: 8 × concurrency, at least 100). */
  readonly reserveBlock?: number;
}

export interface ApplyResult {
  readonly checkpoint: MigrationCheckpoint;
  readonly cancelled: boolean;
  /**
   * The server stopped answering (see isConnectionLost): the run paused at
   * the first such error, marking nothing failed; the items in flight then
   * stay pending (read before they are written again on resume). The error's text.
   */
  readonly paused?: string;
  /** Dry run: how many rewrites would be written. */
  readonly wouldWrite: number;
  readonly progress: MigrationProgress;
}

/** Errors saying no answer came back at all (the Keylab proxy's: the endpoint behind it is gone). */
const CONNECTION_ERRORS = new Set(['ProxyConnectionRefused', 'ProxyUnreachable', 'ProxyTimeout', 'TimeoutError', 'RequestTimeout']);
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);

/**
 * The server stopped answering: a browser's fetch failing ("Failed to fetch",
 * "NetworkError…", "Load failed"), Node's connection errors, or the Keylab
 * proxy saying the endpoint behind it is gone. A migration pauses on these
 * instead of marking every item left failed: the items are not wrong, the
 * connection is.
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (CONNECTION_ERRORS.has(error.name)) return true;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return error.name === 'TypeError' && /failed to fetch|networkerror|load failed|fetch failed/i.test(error.message);
}

/** A group's items at most, in bytes (DynamoDB refuses a transaction over 4 MB). */
const GROUP_BYTES = 1_000_000;

const SKIP_MESSAGES: Record<SkipReason, string> = MIGRATION_PROGRAM.skipMessages;

const equalItems = (a: Item, b: Item) => attributeValuesEqual({ M: a as Record<string, AttributeValue> }, { M: b as Record<string, AttributeValue> });

/**
 * Applies a plan's rewrites: each one TransactWriteItems (see
 * rewriteRequests), in parallel within `concurrency`, retrying throttling,
 * server errors and transaction conflicts (src/dynamo's retry policy) with
 * its full-jitter backoff.
 *
 * Never twice, never over someone else's write: every transaction is
 * conditional (the new key free, the old item unchanged), so running a done
 * rewrite again writes nothing. A refused transaction is settled by reading
 * both keys (TransactGetItems, consistent): new key present and old key gone
 * → done; the old item changed, deleted or its new key taken → skipped and
 * reported. On resume, the rewrites the checkpoint reserved but has no record
 * of (in flight at the crash) are read first and only written when still
 * pending; the rest go straight to their conditional transaction.
 */
export async function applyMigration(options: ApplyOptions): Promise<ApplyResult> {
  const { source, plan, signal } = options;
  const total = plan.rewrites.length;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const maxAttempts = options.maxAttempts ?? 10;
  const sleep = options.sleep ?? sleepFor;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const reserveBlock = options.reserveBlock ?? Math.max(100, concurrency * 8);
  const start = options.checkpoint ?? emptyCheckpoint(options.planId, total);
  const done = new Set(start.done);
  /** done, by index: a checkpoint lists it in order by one pass, not by sorting the whole set at every reservation. */
  const doneFlags = new Uint8Array(total);
  for (const index of done) if (index >= 0 && index < total) doneFlags[index] = 1;
  const doneInOrder = (): number[] => {
    const list: number[] = [];
    for (let index = 0; index < total; index++) if (doneFlags[index] === 1) list.push(index);
    // Indexes outside the plan (a damaged checkpoint): kept as they were, in order.
    return list.length === done.size ? list : [...done].sort((a, b) => a - b);
  };
  const skipped = new Map(start.skipped.map((entry) => [entry.index, entry]));
  const failed = new Map<number, { index: number; message: string }>();
  const uncertainBelow = start.reservedUpTo;
  let reservedUpTo = start.reservedUpTo;
  let wouldWrite = 0;
  let settledThisRun = 0;
  const startedAt = now();

  const snapshot = (): MigrationCheckpoint => ({
    format: start.format,
    planId: options.planId,
    total,
    reservedUpTo,
    done: doneInOrder(),
    skipped: [...skipped.values()].sort((a, b) => a.index - b.index),
    failed: [...failed.values()].sort((a, b) => a.index - b.index),
  });
  const progress = (): MigrationProgress => {
    const seconds = Math.max(0.001, (now() - startedAt) / 1000);
    const itemsPerSecond = settledThisRun / seconds;
    const left = total - done.size - skipped.size - failed.size;
    return {
      total,
      done: done.size,
      skipped: skipped.size,
      failed: failed.size,
      itemsPerSecond,
      ...(settledThisRun > 0 ? { secondsLeft: left / itemsPerSecond } : {}),
    };
  };

  let reserving: Promise<void> | undefined;
  const reserve = async (index: number) => {
    while (index >= reservedUpTo) {
      if (!reserving) {
        reserving = (async () => {
          reservedUpTo = Math.min(total, reservedUpTo + reserveBlock);
          await options.saveCheckpoint?.(snapshot());
        })().finally(() => {
          reserving = undefined;
        });
      }
      await reserving;
    }
  };

  const read = async (requests: RewriteRequests): Promise<{ oldItem?: Item; newItem?: Item }> => {
    const rule = requests.settle;
    const gets: TransactGetItemsCommandInput['TransactItems'] =
      rule.kind === 'sameKey'
        ? [{ Get: { TableName: rule.read.TableName, Key: rule.read.Key as Record<string, AttributeValue> } }]
        : [
            { Get: { TableName: rule.oldRead.TableName, Key: rule.oldRead.Key as Record<string, AttributeValue> } },
            { Get: { TableName: rule.newRead.TableName, Key: rule.newRead.Key as Record<string, AttributeValue> } },
          ];
    const output = await withRetries(() => source.transactGetItems({ TransactItems: gets }));
    const [first, second] = output.Responses ?? [];
    return { ...(first?.Item ? { oldItem: first.Item } : {}), ...(second?.Item ? { newItem: second.Item } : {}) };
  };
  const settle = async (index: number, requests: RewriteRequests): Promise<SettledState> => {
    const { oldItem, newItem } = await read(requests);
    const planned = plan.rewrites[index];
    return settleState(requests.settle, { item: planned?.item ?? {}, newItem: planned?.newItem ?? {} }, oldItem, newItem, equalItems);
  };

  async function withRetries<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (attempt >= maxAttempts || !isRetryableError(error)) throw error;
        await sleep(backoffDelay(attempt, { random }));
      }
    }
  }

  const record = (index: number, state: SettledState) => {
    failed.delete(index);
    if (state === 'done') {
      done.add(index);
      doneFlags[index] = 1;
    } else if (state !== 'pending')
      skipped.set(index, { index, reason: state, message: `${describeKey(plan.rewrites[index]?.key ?? {})}: ${SKIP_MESSAGES[state]}` });
    settledThisRun++;
  };

  async function migrateOne(index: number): Promise<void> {
    const entry = plan.rewrites[index];
    if (!entry) return;
    const requests = rewriteRequests(plan.spec, entry);
    if (options.dryRun) {
      const state = await settle(index, requests);
      if (state === 'pending') wouldWrite++;
      else record(index, state);
      return;
    }
    if (index < uncertainBelow) {
      const state = await settle(index, requests);
      if (state !== 'pending') return record(index, state);
    }
    const transaction: TransactWriteItemsCommandInput = requests.transaction;
    for (let attempt = 1; ; attempt++) {
      try {
        await source.transactWriteItems(transaction);
        return record(index, 'done');
      } catch (error) {
        const reasons = cancellationCodes(error);
        const conditionFailed = reasons?.includes('ConditionalCheckFailed') ?? false;
        if (conditionFailed) {
          const state = await settle(index, requests);
          // Pending again: the competing write went away between the refusal and the read; try once more.
          if (state !== 'pending' || attempt >= maxAttempts)
            return state === 'pending' ? fail(index, 'its transaction was refused and the item still looks pending; rerun to retry it') : record(index, state);
        } else if (isConnectionLost(error)) {
          // Not this item's failure: the whole run pauses (see worker).
          throw error;
        } else if (attempt >= maxAttempts || !(reasons ? reasons.some(isRetryableCancellationReason) : isRetryableError(error))) {
          return fail(index, errorText(error));
        }
        await sleep(backoffDelay(attempt, { random }));
      }
    }
  }

  /**
   * Several rewrites in one transaction (their actions together: no two on
   * one item, as the plan has no collisions). Landed: all done. Refused for
   * any reason but throttling or a lost connection: nothing of it was
   * written, so each is run alone (migrateOne settles its own refusal).
   */
  async function migrateGroup(indexes: readonly number[]): Promise<void> {
    const TransactItems = indexes.flatMap(
      (index) => rewriteRequests(plan.spec, plan.rewrites[index] as (typeof plan.rewrites)[number]).transaction.TransactItems ?? [],
    );
    for (let attempt = 1; ; attempt++) {
      try {
        await source.transactWriteItems({ TransactItems });
        for (const index of indexes) record(index, 'done');
        return;
      } catch (error) {
        if (isConnectionLost(error)) throw error;
        const reasons = cancellationCodes(error);
        const throttled = reasons ? reasons.some(isRetryableCancellationReason) && !reasons.includes('ConditionalCheckFailed') : isRetryableError(error);
        if (!throttled || attempt >= maxAttempts) break;
        await sleep(backoffDelay(attempt, { random }));
      }
    }
    for (const index of indexes) {
      if (paused !== undefined) return;
      await migrateOne(index);
    }
  }

  const fail = (index: number, message: string) => {
    failed.set(index, { index, message: `${describeKey(plan.rewrites[index]?.key ?? {})}: ${message}` });
    settledThisRun++;
  };

  let next = 0;
  /** The first connection-lost error: no new item starts after it (the ones in flight end, pending). */
  let paused: string | undefined;
  const settledBefore = (index: number) => done.has(index) || skipped.has(index);
  const groupSize = options.dryRun ? 1 : Math.max(1, Math.min(50, options.groupSize ?? 1));
  /** The next rewrites to run together: consecutive unsettled ones, none of them uncertain (those are read first, alone). */
  const takeGroup = (): number[] => {
    const group: number[] = [];
    let bytes = 0;
    while (group.length < groupSize) {
      while (next < total && settledBefore(next)) next++;
      if (next >= total) break;
      const alone = next < uncertainBelow;
      if (group.length > 0 && alone) break;
      const size = plan.rewrites[next]?.sizeAfter ?? 0;
      if (group.length > 0 && bytes + size > GROUP_BYTES) break;
      bytes += size;
      group.push(next++);
      if (alone) break;
    }
    return group;
  };
  async function worker(): Promise<void> {
    while (!signal?.aborted && paused === undefined) {
      const group = takeGroup();
      if (group.length === 0) return;
      if (!options.dryRun) await reserve(group[group.length - 1] as number);
      if (signal?.aborted || paused !== undefined) return;
      try {
        if (group.length === 1) await migrateOne(group[0] as number);
        else await migrateGroup(group);
      } catch (error) {
        // Left pending, not failed: they are below reservedUpTo, so a resume reads them before writing them again.
        if (isConnectionLost(error)) paused ??= errorText(error);
        else for (const index of group) if (!settledBefore(index) && !failed.has(index)) fail(index, errorText(error));
      }
      options.onProgress?.(progress());
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, total)) }, worker));
  const checkpoint = snapshot();
  if (!options.dryRun) await options.saveCheckpoint?.(checkpoint);
  return { checkpoint, cancelled: signal?.aborted ?? false, ...(paused !== undefined ? { paused } : {}), wouldWrite, progress: progress() };
}

function cancellationCodes(error: unknown): readonly string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: readonly { Code?: string }[] }).CancellationReasons;
  return (reasons ?? []).map((reason) => reason.Code ?? 'None');
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
