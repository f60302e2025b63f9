/**
 * Sample tables and a collection generator for the built-in engine. Pure
 * TypeScript (no DOM, no Node), so the browser and the Node endpoint share them.
 */
export { AUDIT_LOG_TABLE, AUDIT_LOG_TABLE_INPUT, auditLogItems, DEPLOY_ACTOR, USER_ACTOR } from './auditLogSample';
export {
  defaultItemTemplate,
  generateCollection,
  MAX_GENERATED_ITEMS,
  type GenerateCollectionOptions,
  type GenerateCollectionResult,
  type ItemTemplate,
} from './generateCollection';
export { LEADERBOARD_TABLE, LEADERBOARD_TABLE_INPUT, leaderboardItems, paddedRankKey, SPRING_SEASON, SUMMER_SEASON } from './leaderboardSample';
export { createSampleTables, ensureSampleTables, SAMPLE_TABLE_NAMES, SAMPLE_TABLES, type EnsureSampleTablesOptions, type SampleTable } from './sampleTables';
export { createSeededRandom } from './seededRandom';
