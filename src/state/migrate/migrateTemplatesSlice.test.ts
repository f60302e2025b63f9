import { describe, expect, it } from 'vitest';
import type { TableSummary } from '../explorer/explorerTypes';
import { sliceOnItsOwn } from './migrateSlices.fixtures';
import { createTemplatesSlice, loadTemplates, migrationSpecOf } from './migrateTemplatesSlice';

const TABLE = {
  name: 'Leaderboard',
  keys: { partitionKey: { name: 'leaderboardId', type: 'S' }, sortKey: { name: 'rankKey', type: 'S' } },
  indexes: [],
} as unknown as TableSummary;

describe('the Migrate keys store’s templates slice', () => {
  it('turns the typed templates into the migration’s spec: trimmed, attributes with neither template left out, the copy target named', () => {
    const attributes = [
      { name: 'leaderboardId', type: 'S', role: 'partition', uses: [] },
      { name: 'rankKey', type: 'S', role: 'sort', uses: [] },
    ] as const;
    const spec = migrationSpecOf(
      {
        attributes,
        templates: { leaderboardId: { current: '  ', target: '' }, rankKey: { current: ' {score}#{playerId} ', target: '{score:int(10)}#{playerId}' } },
        copyInto: ' LeaderboardV2 ',
      },
      TABLE,
    );
    expect(spec).toEqual({
      tableName: 'Leaderboard',
      targetTableName: 'LeaderboardV2',
      partitionKey: 'leaderboardId',
      sortKey: 'rankKey',
      attributes: [{ name: 'rankKey', type: 'S', role: 'sort', current: '{score}#{playerId}', target: '{score:int(10)}#{playerId}' }],
    });
    expect(migrationSpecOf({ attributes, templates: {}, copyInto: '' }, TABLE)).not.toHaveProperty('targetTableName');
  });

  it('fills current and target templates in from the bound design (the example Leaderboard binds by name and key schema), and editing one clears only that template’s problem', async () => {
    const { store, api } = await sliceOnItsOwn(createTemplatesSlice);
    loadTemplates(api);
    expect(store.getState().designName).toBeDefined();
    expect(store.getState().templates.rankKey).toEqual({
      current: '{score:int(10)}#{ts:epoch(16)}#{playerId}',
      target: '{score:int(10)}#{ts:epoch(16)}#{playerId}',
    });
    store.setState({
      problems: [
        { where: 'target template for rankKey', message: 'bad' },
        { where: 'current template for rankKey', message: 'bad too' },
      ],
    });
    store.getState().setTemplate('rankKey', 'target', '{score:int(10)}');
    expect(store.getState().templates.rankKey).toEqual({ current: '{score:int(10)}#{ts:epoch(16)}#{playerId}', target: '{score:int(10)}' });
    expect(store.getState().problems.map((problem) => problem.where)).toEqual(['current template for rankKey']);
  });

  it('a preparation for a table the explorer does not show waits, and says how to get that table', async () => {
    const { store, shared } = await sliceOnItsOwn(createTemplatesSlice);
    const preparation = { designName: 'Shop', table: 'Orders', entity: 'Order', templates: {} };
    store.getState().prepare(preparation);
    expect(shared.pending).toBe(preparation);
    expect(store.getState().prepared).toMatch(/^Prepared for table Orders \(entity Order\): .*load the design into one first/);
  });
});
