import { describe, expect, it } from 'vitest';
import { openBuiltInTableInMemory } from '../sources';
import { createExplorerStore } from './explorerStore';

/*
 * The grid's column widths are the user's: every Run empties the items (which
 * unmounts the grid), so they are kept in the results slice, for as long as
 * the results come from the same table and index.
 */
async function summerLeaderboard() {
  const builtIn = await openBuiltInTableInMemory();
  const explorer = createExplorerStore();
  await explorer.getState().connect(builtIn.source, 'Built-in table (this browser)');
  await explorer.getState().selectTable('Leaderboard');
  explorer.getState().setForm({ partitionValue: 'SEASON#2026-SUMMER', limit: '5' });
  await explorer.getState().run();
  expect(explorer.getState().items).toHaveLength(5);
  return explorer;
}

describe('the grid’s column widths', () => {
  it('last across Run, Load more and Query/Scan on the same table and index', async () => {
    const explorer = await summerLeaderboard();
    expect(explorer.getState().columnWidths).toEqual({});
    explorer.getState().setColumnWidths({ rankKey: 400 });
    explorer.getState().setColumnWidths((current) => ({ ...current, score: 90 }));
    const widths = { rankKey: 400, score: 90 };
    expect(explorer.getState().columnWidths).toEqual(widths);

    await explorer.getState().run();
    expect(explorer.getState().items).toHaveLength(5);
    expect(explorer.getState().columnWidths).toEqual(widths);

    await explorer.getState().loadMore();
    expect(explorer.getState().items).toHaveLength(10);
    expect(explorer.getState().columnWidths).toEqual(widths);

    // Another partition, another direction, a Scan: still the same table's columns.
    explorer.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', descending: true });
    await explorer.getState().run();
    explorer.getState().setForm({ mode: 'scan' });
    await explorer.getState().run();
    expect(explorer.getState().lastRequest?.operation).toBe('scan');
    expect(explorer.getState().columnWidths).toEqual(widths);
  });

  it('start over when a Run reads another index, and when another table is chosen', async () => {
    const explorer = await summerLeaderboard();
    explorer.getState().setColumnWidths({ rankKey: 400 });

    // Choosing the index alone changes nothing yet: the grid still shows the table's results.
    explorer.getState().setForm({ indexName: 'byPlayer' });
    expect(explorer.getState().columnWidths).toEqual({ rankKey: 400 });
    explorer.getState().setForm({ partitionValue: 'p_4477' });
    await explorer.getState().run();
    expect(explorer.getState().items.length).toBeGreaterThan(0);
    expect(explorer.getState().columnWidths).toEqual({});

    explorer.getState().setColumnWidths({ playerId: 300 });
    await explorer.getState().selectTable('AuditLog');
    expect(explorer.getState().columnWidths).toEqual({});
  });
});
