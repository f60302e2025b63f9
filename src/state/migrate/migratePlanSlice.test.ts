import { describe, expect, it } from 'vitest';
import { createPlanSlice } from './migratePlanSlice';
import { sliceOnItsOwn } from './migrateSlices.fixtures';
import type { MigrateSliceApi } from './migrateSlice';

/** The plan slice with the two templates it reads (the templates slice's state, set by hand). */
const planWithTemplates = (api: MigrateSliceApi) => ({
  ...createPlanSlice(api),
  attributes: [
    { name: 'leaderboardId', type: 'S' as const, role: 'partition' as const, uses: [] },
    { name: 'rankKey', type: 'S' as const, role: 'sort' as const, uses: [] },
  ],
  templates: {
    leaderboardId: { current: '{leaderboardId}', target: '{leaderboardId}' },
    rankKey: { current: '{score}#{playerId}', target: '{score:int(10)}#{playerId}' },
  },
  copyInto: '',
});

describe('the Migrate keys store’s plan slice', () => {
  it('previews the explorer’s table: every item planned, the first partition’s order diff, the cost; then exports the plan and the program', async () => {
    const { store } = await sliceOnItsOwn(planWithTemplates);
    expect(store.getState().exportPlan()).toBeUndefined();
    expect(store.getState().exportScript('node')).toBeUndefined();
    await store.getState().preview();
    const state = store.getState();
    expect(state.phase).toBe('previewed');
    expect(state.entryCount).toBe(3);
    expect(state.partitions).toEqual(['SEASON#2026-SUMMER']);
    expect(state.orderDiff).toBeDefined();
    expect(state.cost).toBeDefined();
    expect(state.exportPlan()?.fileName).toBe('Leaderboard.migration-plan.json');
    expect(state.exportScript('python')?.fileName).toBe('migrate_keys.py');
  });

  it('refuses to copy a table into itself, before reading anything', async () => {
    const { store } = await sliceOnItsOwn((api) => ({ ...planWithTemplates(api), copyInto: 'Leaderboard' }));
    await store.getState().preview();
    expect(store.getState().phase).toBe('idle');
    expect(store.getState().error).toMatch(/Leaderboard/);
    expect(store.getState().entryCount).toBe(0);
  });

  it('a newer preview wins: the older one stops at its next page', async () => {
    const { store, shared } = await sliceOnItsOwn(planWithTemplates);
    const first = store.getState().preview();
    shared.previewRun++;
    await first;
    expect(store.getState().phase).toBe('previewing');
    expect(store.getState().plan).toBeUndefined();
  });
});
