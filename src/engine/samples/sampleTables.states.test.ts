import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../createLocalDynamoDB';
import { createSampleTables } from './sampleTables';

/* The sample loader writes a new table's items once it is ACTIVE (transientStatusMs keeps it CREATING a while). */
describe('createSampleTables with a transient-status delay', () => {
  it('waits for each table to be ACTIVE, then loads its items', async () => {
    let now = Date.UTC(2026, 11, 5);
    const source = createLocalDynamoDB({ clock: () => now, transientStatusMs: 2000 });
    let waited = 0;
    const created = await createSampleTables(source, undefined, {
      sleep: async (ms) => {
        waited += ms;
        now += ms;
      },
    });
    expect(created).toEqual(['Leaderboard', 'AuditLog']);
    expect(waited).toBeGreaterThanOrEqual(2 * 2000);
    for (const name of created) expect((await source.scan({ TableName: name, Select: 'COUNT' })).Count).toBeGreaterThan(0);
  });
});
