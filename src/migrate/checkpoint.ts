import type { MigrationPlan } from './migration.types';
import { valueText } from './planMigration';

export const CHECKPOINT_FORMAT = 'keylab.migration-checkpoint/1';

/** Why a rewrite was skipped: someone else changed, deleted or took its key since the plan read it. */
export type SkipReason = 'changed' | 'deleted' | 'newKeyTaken';

/**
 * Where a migration stands, by rewrite index (the plan's `rewrites` order).
 * `reservedUpTo`: every rewrite below it may have been started; a resume reads
 * those it has no record of before writing (see applyMigration). The same
 * JSON is written by the command and by the exported Node and boto3 scripts.
 */
export interface MigrationCheckpoint {
  readonly format: typeof CHECKPOINT_FORMAT;
  readonly planId: string;
  readonly total: number;
  readonly reservedUpTo: number;
  readonly done: readonly number[];
  readonly skipped: readonly { readonly index: number; readonly reason: SkipReason; readonly message: string }[];
  readonly failed: readonly { readonly index: number; readonly message: string }[];
}

export function emptyCheckpoint(planId: string, total: number): MigrationCheckpoint {
  return { format: CHECKPOINT_FORMAT, planId, total, reservedUpTo: 0, done: [], skipped: [], failed: [] };
}

/**
 * A plan's identity: a hash of its table and every rewrite's old and new key,
 * so a checkpoint is never applied to another plan.
 */
export function planIdOf(plan: Pick<MigrationPlan, 'spec' | 'rewrites'>): string {
  let hash = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hash ^= 0xff;
  };
  mix(plan.spec.tableName);
  mix(plan.spec.targetTableName ?? '');
  for (const entry of plan.rewrites) {
    for (const key of [entry.key, entry.newKey]) for (const name of Object.keys(key).sort()) mix(valueText(key[name]));
  }
  return `${plan.rewrites.length}-${hash.toString(16).padStart(8, '0')}`;
}

export type CheckpointResult = { readonly ok: true; readonly checkpoint: MigrationCheckpoint } | { readonly ok: false; readonly message: string };

/** Reads a checkpoint's JSON, refusing one of another plan or format (with what to do). */
export function parseCheckpoint(text: string, planId: string, where = 'the checkpoint'): CheckpointResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `${where} is not JSON (${error instanceof Error ? error.message : String(error)}): delete it to start over, or point --checkpoint at the right file.`,
    };
  }
  const candidate = value as Partial<MigrationCheckpoint> | null;
  if (!candidate || typeof candidate !== 'object' || candidate.format !== CHECKPOINT_FORMAT)
    return { ok: false, message: `${where} is not a Keylab migration checkpoint (expected "format": "${CHECKPOINT_FORMAT}").` };
  if (candidate.planId !== planId) {
    return {
      ok: false,
      message: `${where} belongs to another plan (${String(candidate.planId)}; this one is ${planId}): the stored items or the designs changed since it was written. Resume with the plan file it was written for, or start a new migration without --resume.`,
    };
  }
  const numbers = (list: unknown) => Array.isArray(list) && list.every((n) => Number.isInteger(n));
  if (!numbers(candidate.done) || !Array.isArray(candidate.skipped) || !Array.isArray(candidate.failed) || !Number.isInteger(candidate.reservedUpTo)) {
    return {
      ok: false,
      message: `${where} is damaged (done, skipped, failed or reservedUpTo missing): delete it and rerun with Verify to see where the table stands.`,
    };
  }
  return { ok: true, checkpoint: candidate as MigrationCheckpoint };
}
