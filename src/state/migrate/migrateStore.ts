import { createStore } from 'zustand/vanilla';
import { createPlanSlice } from './migratePlanSlice';
import { createRunSlice, findStoredMigration } from './migrateRunSlice';
import { createMigrateShared, type MigrateSliceApi, type MigrateStoreState } from './migrateSlice';
import type { MigrateStore, MigrateStoreOptions } from './migrateStore.types';
import { applyPending, createTemplatesSlice, followPending } from './migrateTemplatesSlice';

export { applyBlockedReason, pausedMessage, type MigrationOutcome } from './migrateOutcome';
export { REMOTE_GROUP_SIZE } from './migrateRunSlice';
export type { MigrateActions, MigratePhase, MigrateState, MigrateStore, MigrateStoreOptions, TemplatePair } from './migrateStore.types';

/*
 * The Migrate keys store, built from three slices over one state
 * (zustand's slices pattern, vanilla):
 * - migrateTemplatesSlice.ts: the entity, the current and target templates,
 *   the copy target, a preparation from a structural diff;
 * - migratePlanSlice.ts: Preview, the order diff's partition, the cost, the exports;
 * - migrateRunSlice.ts: Apply, Cancel, Resume (from IndexedDB) and Verify.
 * This file puts them together and follows the explorer's table.
 */

/** The Migrate keys screen's store: plan, apply (resumable from IndexedDB), verify and export, over the explorer's table. */
export function createMigrateStore(options: MigrateStoreOptions): MigrateStore {
  const { explorer } = options;
  const shared = createMigrateShared(options);

  const store = createStore<MigrateStoreState>()((set, get) => {
    const sliceApi: MigrateSliceApi = { set, get, shared };
    return {
      ...createTemplatesSlice(sliceApi),
      ...createPlanSlice(sliceApi),
      ...createRunSlice(sliceApi),
      dispose: () => {
        unsubscribe();
        shared.abort?.abort();
      },
    };
  });
  // The store's own set and get (zustand's vanilla store hands the initializer these same two).
  const sliceApi: MigrateSliceApi = { set: store.setState, get: store.getState, shared };

  // Follow the explorer's table: its key schema, its bound design, and any stored migration of it.
  let shownTable: string | undefined;
  const follow = () => {
    followPending(sliceApi);
    const { table, sourceLabel } = explorer.getState();
    const shown = table ? `${sourceLabel}\u0000${table.name}` : undefined;
    if (shown === shownTable || shared.abort) return;
    shownTable = shown;
    shared.previewRun++;
    shared.running = undefined;
    store.getState().selectEntity('');
    if (!applyPending(sliceApi) && !shared.pending) store.setState({ prepared: undefined });
    void findStoredMigration(sliceApi);
  };
  const unsubscribe = explorer.subscribe(follow);
  follow();
  return store;
}
