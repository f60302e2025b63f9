import { CHECKPOINT_FORMAT } from '../checkpoint';

/**
 * The one description both exported programs are generated from: the
 * checkpoint format, the settle rules and the messages, as data (which errors are retried,
 * and the backoff, come from src/dynamo through retryProgramText.ts).
 * The Node and Python texts (emitNodeMigration, emitPythonMigration) only
 * loop over the plan file's rewrites, send each one's TransactWriteItems as
 * stored, and apply these rules, so the app, the command and both programs
 * agree on conditions, checkpoint file and report.
 */
export const MIGRATION_PROGRAM = {
  checkpointFormat: CHECKPOINT_FORMAT,
  reportFormat: 'keylab.migration-report/1',
  /** Rewrites per checkpoint write (reservedUpTo moves by this much before they start). */
  chunk: 200,
  concurrency: 16,
  maxAttempts: 10,
  skipMessages: {
    changed: 'changed by someone else since the plan read it: skipped, not overwritten',
    deleted: 'deleted by someone else since the plan read it: skipped',
    newKeyTaken: 'its new key already holds a different item (a collision): skipped, not overwritten',
  },
} as const;

export type MigrationProgramDescription = typeof MIGRATION_PROGRAM;

/** What the programs print last (one JSON line) and what the command prints: the same report. */
export interface MigrationRunReport {
  readonly format: typeof MIGRATION_PROGRAM.reportFormat;
  readonly planId: string;
  readonly total: number;
  readonly done: number;
  readonly skipped: readonly { readonly index: number; readonly reason: string; readonly message: string }[];
  readonly failed: readonly { readonly index: number; readonly message: string }[];
}

const HEADER = (comment: string) =>
  [
    `${comment} Keylab key migration: runs a plan file's rewrites, each one conditional TransactWriteItems`,
    `${comment} (the new key must be free, the old item unchanged since the plan read it), resumable from`,
    `${comment} its checkpoint file: done when the new key holds an item and the old key none.`,
    `${comment} Credentials come from the environment (the SDK's default chain); none are in this file.`,
  ].join('\n');

export { HEADER as programHeader };
