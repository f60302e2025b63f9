import { describe, expect, it } from 'vitest';
import { openBuiltInTableInMemory } from '../sources';
import { createExplorerStore } from './explorerStore';

/*
 * Item counts and sizes are DescribeTable's: the explorer must read them
 * again on Refresh, not only when the table is first chosen (they stayed
 * stale after Generate items, even after Refresh).
 */
describe('the explorer’s table stats', () => {
  it('Refresh re-reads DescribeTable for the table on screen, keeping the form and the loaded results', async () => {
    const builtIn = await openBuiltInTableInMemory();
    const explorer = createExplorerStore();
    await explorer.getState().connect(builtIn.source, 'Built-in table (this browser)');
    await explorer.getState().selectTable('Leaderboard');
    explorer.getState().setForm({ partitionValue: 'SEASON#2026-SPRING' });
    await explorer.getState().run();
    const before = explorer.getState();
    expect(before.items.length).toBeGreaterThan(0);

    // A write the explorer did not make (another tab, the CLI, Generate items).
    await builtIn.source.putItem({ TableName: 'Leaderboard', Item: { leaderboardId: { S: 'SEASON#OTHER' }, rankKey: { S: '1' } } });
    await explorer.getState().refreshTables();

    const after = explorer.getState();
    expect(after.table?.itemCount).toBe((before.table?.itemCount ?? 0) + 1);
    expect(after.table?.sizeBytes).toBeGreaterThan(before.table?.sizeBytes ?? 0);
    expect(after.items).toBe(before.items);
    expect(after.form).toBe(before.form);
  });
});
