/**
 * The built-in engine's browser persistence: IndexedDB through `idb`.
 * Browser-only (DOM globals); imports no React, zustand or SDK runtime.
 */
export {
  DEFAULT_DATABASE_NAME,
  deleteBrowserPersistence,
  openBrowserPersistence,
  takeOverBrowserPersistence,
  type BrowserPersistence,
  type BrowserPersistenceOptions,
} from './openBrowserPersistence';
export { isPersistenceError, PersistenceError, type PersistenceErrorCode } from '../persistenceError';
export type { EnginePersistence, PersistenceLoadResult } from '../persistence.types';
