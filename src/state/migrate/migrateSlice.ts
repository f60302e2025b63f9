import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { StoreApi } from 'zustand/vanilla';
import type { MigrateKeysPreparation } from '../../design';
import type { MigrationCheckpoint, MigrationPlanFile } from '../../migrate';
import type { MigrateActions, MigrateState, MigrateStoreOptions } from './migrateStore.types';

/*
 * What the Migrate keys store's slices share: the store's `set` and `get`,
 * its options, and the few values that are not state (an abort controller,
 * the plan being applied, a preparation waiting for its table). Each slice
 * is a function of this (zustand's slices pattern over a vanilla store).
 */

/** The plan being applied or resumed (from the preview, or read back from storage), with its storage key and latest checkpoint. */
export interface RunningMigration {
  readonly file: MigrationPlanFile;
  readonly key: string;
  checkpoint: MigrationCheckpoint;
}

/** The values the slices share that are not state (no subscriber renders them). */
export interface MigrateShared {
  readonly options: MigrateStoreOptions;
  /** Bumped by every preview and table change: a preview whose number is not the latest stops. */
  previewRun: number;
  /** Apply or Resume in progress (cancel aborts it; the explorer's table is not followed meanwhile). */
  abort: AbortController | undefined;
  running: RunningMigration | undefined;
  /** Copy into a table that doesn't exist yet: the CreateTable Apply sends first (set by requestApply's check). */
  createTarget: CreateTableCommandInput | undefined;
  /** A preparation waiting for its table to be the explorer's (see prepare). */
  pending: MigrateKeysPreparation | undefined;
  /** The preparation whose table was last chosen in the explorer (chosen once per preparation). */
  choosing: MigrateKeysPreparation | undefined;
}

export type MigrateStoreState = MigrateState & MigrateActions;

/** What every slice is given. */
export interface MigrateSliceApi {
  readonly set: StoreApi<MigrateStoreState>['setState'];
  readonly get: StoreApi<MigrateStoreState>['getState'];
  readonly shared: MigrateShared;
}

export const IDLE: Pick<MigrateState, 'phase' | 'entries' | 'entryCount' | 'partitions' | 'problems'> = {
  phase: 'idle',
  entries: [],
  entryCount: 0,
  partitions: [],
  problems: [],
};
export const CLEARED_PLAN = {
  plan: undefined,
  countsText: undefined,
  partition: undefined,
  orderDiff: undefined,
  cost: undefined,
  confirmation: undefined,
  progress: undefined,
  outcome: undefined,
  verifyReport: undefined,
  error: undefined,
};

/** Where the explorer's table's migration is stored: its source label and table name (undefined: no table chosen). */
export function storageKeyOf({ options }: MigrateShared): string | undefined {
  const { sourceLabel, table } = options.explorer.getState();
  return table ? `${sourceLabel}\u0000${table.name}` : undefined;
}

/** Shared values before anything ran. */
export function createMigrateShared(options: MigrateStoreOptions): MigrateShared {
  return { options, previewRun: 0, abort: undefined, running: undefined, createTarget: undefined, pending: undefined, choosing: undefined };
}
