/**
 * The built-in engine's Node persistence: a data directory with one
 * journal file per table, replaced atomically (`--data DIR`).
 */
export {
  openNodePersistence,
  REWRITE_WRITES,
  type DroppedRecord,
  type NodePersistence,
  type NodePersistenceLoadResult,
  type NodePersistenceOptions,
} from './openNodePersistence';
export { TABLE_FILE_SUFFIX } from './tableFile';
export { isPersistenceError, PersistenceError, type PersistenceErrorCode } from '../persistenceError';
export type { EnginePersistence, PersistenceLoadResult } from '../persistence.types';
