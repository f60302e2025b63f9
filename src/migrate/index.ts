/**
 * Re-key migrations, pure: the plan (every stored item's old → new keys,
 * collisions, the order diff, the write cost), the apply runner over any
 * data source (resumable from a checkpoint), Verify, and the exported Node
 * and boto3 programs. No React, DOM, Node or SDK runtime: the command
 * (scripts/migrate.ts) and the screen bring the I/O.
 */
export type * from './migration.types';
export { compileMigration, specFromDesigns, type DesignMigrationOptions, type SpecProblem, type SpecResult } from './migrationSpec';
export {
  createItemClassifier,
  createMigrationPlanner,
  describeKey,
  planMigration,
  valueText,
  type ItemClassifier,
  type MigrationPlanner,
} from './planMigration';
export {
  countWrites,
  describeCopyWrites,
  describePlanCounts,
  estimateWriteCost,
  formatCount,
  formatUsd,
  indexKeysOf,
  ON_DEMAND_USD_PER_MILLION_WRU,
  orderDiff,
  planPartitions,
  type CopyWriteCounts,
  type IndexKeys,
  type OrderDiff,
  type OrderDiffRow,
  type WriteCostEstimate,
} from './planReport';
export { rewriteRequests, settleState, unchangedSincePlan, watchAddedAttributes, type SettledState } from './rewriteRequests';
export { CHECKPOINT_FORMAT, emptyCheckpoint, parseCheckpoint, planIdOf, type CheckpointResult, type MigrationCheckpoint, type SkipReason } from './checkpoint';
export { applyMigration, isConnectionLost, type ApplyOptions, type ApplyResult, type MigrationProgress, type MigrationSource } from './applyMigration';
export { existingTablePages, scanPages, verifyMigration, type VerifyReport } from './verifyMigration';
export { parsePlanFile, PLAN_FORMAT, revivePlanJson, serializePlanFile, toPlanFile, type MigrationPlanFile, type PlanFileResult } from './planFile';
export { MIGRATION_PROGRAM, type MigrationRunReport } from './scripts/migrationProgram';
export { emitNodeMigration } from './scripts/emitNodeMigration';
export { emitPythonMigration } from './scripts/emitPythonMigration';
