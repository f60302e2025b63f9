import { createStore } from 'zustand/vanilla';
import { createLocalDynamoDB } from '../../engine';
import { createDesignBindingStore } from '../design/binding';
import { createDesignStore } from '../design/designStore';
import { createExplorerStore } from '../explorerStore';
import { answeredWriteConfirmation } from '../testing/writeConfirmations';
import { createMigrateShared, type MigrateSliceApi, type MigrateStoreState } from './migrateSlice';
import type { MigrateStoreOptions } from './migrateStore.types';
import { createMemoryMigrationStorage } from './migrationStorage';

/**
 * One slice of the Migrate keys store on its own: a vanilla store holding
 * only what `slice` makes (no other slice, no following of the explorer),
 * over an explorer showing a small Leaderboard table of the built-in engine.
 */
export async function sliceOnItsOwn<T extends object>(slice: (api: MigrateSliceApi) => T, options: Partial<MigrateStoreOptions> = {}) {
  const engine = createLocalDynamoDB();
  await engine.createTable({
    TableName: 'Leaderboard',
    AttributeDefinitions: [
      { AttributeName: 'leaderboardId', AttributeType: 'S' },
      { AttributeName: 'rankKey', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (const [i, score] of ['2300', '875', '9'].entries()) {
    await engine.putItem({
      TableName: 'Leaderboard',
      Item: { leaderboardId: { S: 'SEASON#2026-SUMMER' }, rankKey: { S: `${score}#p_${i}` }, score: { N: score }, playerId: { S: `p_${i}` } },
    });
  }
  const explorer = createExplorerStore();
  await explorer.getState().connect(engine, 'Built-in table');
  await explorer.getState().selectTable('Leaderboard');
  const shared = createMigrateShared({
    explorer,
    designs: createDesignStore(),
    designBindings: createDesignBindingStore(),
    canWrite: () => true,
    confirmWrite: answeredWriteConfirmation(true).confirmWrite,
    storage: createMemoryMigrationStorage(),
    ...options,
  });
  // Only this slice's members: the state of the others is absent, as a focused test wants it.
  const store = createStore<MigrateStoreState>()((set, get) => slice({ set, get, shared }) as unknown as MigrateStoreState);
  const api: MigrateSliceApi = { set: store.setState, get: store.getState, shared };
  return { engine, explorer, shared, store, api };
}
