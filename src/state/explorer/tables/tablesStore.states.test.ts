import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../../engine';
import { createExplorerStore } from '../../explorerStore';
import { answeredWriteConfirmation } from '../../testing/writeConfirmations';
import { createTablesStore } from './tablesStore';

/*
 * The Create table dialog against a source whose new tables stay CREATING a
 * while (transientStatusMs, like DynamoDB or DynamoDB Local with
 * -delayTransientStatuses): it follows the table to ACTIVE before enabling
 * its time to live and selecting it. The store's wait advances the engine's clock.
 */
describe('the tables store, with a transient-status delay', () => {
  it('follows a new table from CREATING to ACTIVE, then enables its TTL and selects it', async () => {
    let now = Date.UTC(2026, 11, 5);
    const source = createLocalDynamoDB({ clock: () => now, transientStatusMs: 3000 });
    const explorer = createExplorerStore();
    await explorer.getState().connect(source, 'Built-in table');
    const seen: string[] = [];
    const tables = createTablesStore({
      explorer,
      canChangeTables: () => true,
      wait: async (ms) => {
        seen.push(tables.getState().creating?.status ?? '');
        now += ms;
      },
      confirmWrite: answeredWriteConfirmation().confirmWrite,
    });
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({ tableName: 'Orders', partitionKeyName: 'customer', ttlAttribute: 'expiresAt' });
    expect(await tables.getState().submitCreateTable()).toBe(true);
    expect(seen[0]).toBe('CREATING');
    expect(seen.length).toBeGreaterThan(1);
    expect(tables.getState().creating).toEqual({ tableName: 'Orders', status: 'ACTIVE' });
    expect(explorer.getState().selectedTable).toBe('Orders');
    expect((await source.describeTimeToLive({ TableName: 'Orders' })).TimeToLiveDescription?.TimeToLiveStatus).toBe('ENABLED');
    await source.putItem({ TableName: 'Orders', Item: { customer: { S: 'c' } } });
  });
});
