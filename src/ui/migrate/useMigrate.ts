import { useStore } from 'zustand';
import type { MigrateState, MigrateStore } from '../../state/migrate';

/** One slice of the migrate store's state, re-rendering when it changes. */
export function useMigrate<T>(store: MigrateStore, selector: (state: MigrateState) => T): T {
  return useStore(store, selector);
}
