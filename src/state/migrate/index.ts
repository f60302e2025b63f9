/** The Migrate keys screen's store and where it keeps plans and checkpoints (built on first use by the explorer side). */
export {
  applyBlockedReason,
  createMigrateStore,
  REMOTE_GROUP_SIZE,
  type MigrateActions,
  type MigratePhase,
  type MigrateState,
  type MigrateStore,
  type MigrateStoreOptions,
  type MigrationOutcome,
  type TemplatePair,
} from './migrateStore';
export { createIndexedDBMigrationStorage, createMemoryMigrationStorage, type MigrationStorage, type StoredMigration } from './migrationStorage';
export { describeMigrateAttribute, type MigrateAttribute, type MigrateKeyUse } from './migrateAttributes';
