import {
  countWrites,
  describeCopyWrites,
  formatCount,
  type MigrationCheckpoint,
  type MigrationPlan,
  type MigrationPlanFile,
  type MigrationProgress,
} from '../../migrate';

/** The Migrate keys store's messages and the shapes it reports progress and outcomes in. */

/** What the last apply run (or the stored checkpoint) says: done, skipped with reasons, failed with messages. */
export interface MigrationOutcome {
  readonly total: number;
  readonly done: number;
  readonly skipped: readonly string[];
  readonly failed: readonly string[];
  readonly cancelled: boolean;
  /** The server stopped answering: the run paused (Resume continues it). */
  readonly paused?: boolean;
  /** Copy into a new table: its name (the source table is left untouched). */
  readonly copiedInto?: string;
  /** Copy into a new table: the done writes by kind ("12 rewritten, 3 copied unchanged, 1 other entity copied"). */
  readonly copiedKinds?: string;
}

/**
 * Why Apply can't run on this plan (the button is disabled with this as its
 * reason; requestApply refuses with it too), or undefined when it can.
 */
export function applyBlockedReason(plan: Pick<MigrationPlan, 'collisions' | 'rewrites'> | undefined): string | undefined {
  if (!plan) return undefined;
  if (plan.collisions.length > 0)
    return `${formatCount(plan.collisions.length)} ${plan.collisions.length === 1 ? 'collision blocks' : 'collisions block'} Apply: change the target templates so every item gets its own key.`;
  if (plan.rewrites.length === 0) return 'Nothing to rewrite: every key already matches the target template.';
  return undefined;
}

/**
 * Apply paused because the server stopped answering: which one (Keylab's
 * app server when the browser's fetch itself failed; else the connection's
 * endpoint, as the proxy's message names it), and that Resume continues.
 */
export function pausedMessage(sourceLabel: string, cause: string, done: number, total: number): string {
  const server = /^TypeError:/.test(cause)
    ? `Keylab's app server (the page's own server, which carries every request to ${sourceLabel}) stopped answering`
    : `${sourceLabel} stopped answering`;
  return `Apply paused after ${formatCount(done)} of ${formatCount(total)} items: ${server} (${cause.replace(/\.$/, '')}). Nothing was marked failed; the items in flight are checked before they are written again. Start the server again, then Resume.`;
}

export const progressOf = (checkpoint: MigrationCheckpoint): MigrationProgress => ({
  total: checkpoint.total,
  done: checkpoint.done.length,
  skipped: checkpoint.skipped.length,
  failed: checkpoint.failed.length,
  itemsPerSecond: 0,
});

export const outcomeOf = (checkpoint: MigrationCheckpoint, cancelled: boolean, file: Pick<MigrationPlanFile, 'spec' | 'rewrites'>): MigrationOutcome => ({
  ...(file.spec.targetTableName !== undefined
    ? { copiedInto: file.spec.targetTableName, copiedKinds: describeCopyWrites(countWrites(checkpoint.done.map((index) => file.rewrites[index]))) }
    : {}),
  total: checkpoint.total,
  done: checkpoint.done.length,
  skipped: checkpoint.skipped.map((entry) => entry.message),
  failed: checkpoint.failed.map((entry) => entry.message),
  cancelled,
});

export const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
