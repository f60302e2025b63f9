import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openBuiltInTable, deleteStoredTables, type BuiltInTable } from './builtInTable';

const NAME = 'keylab-sources-test';
const opened: BuiltInTable[] = [];

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(async () => {
  for (const table of opened.splice(0)) await table.close();
  vi.unstubAllGlobals();
});

async function start(): Promise<BuiltInTable> {
  const table = await openBuiltInTable({ databaseName: NAME });
  opened.push(table);
  return table;
}

async function springKeys(table: BuiltInTable): Promise<(string | undefined)[]> {
  const { Items = [] } = await table.source.query({
    TableName: 'Leaderboard',
    KeyConditionExpression: 'leaderboardId = :s',
    ExpressionAttributeValues: { ':s': { S: 'SEASON#2026-SPRING' } },
  });
  return Items.map((item) => item.rankKey?.S);
}

describe('openBuiltInTable', () => {
  it('creates the samples on the first run, stores them, and restores them on the next start', async () => {
    const first = await start();
    expect(first.status).toEqual({ persisted: true, restoredTables: [], restoredItems: 0, createdSamples: ['Leaderboard', 'AuditLog'], warnings: [] });
    expect(await springKeys(first)).toEqual(['10', '1500', '240', '9']);
    await first.source.putItem({ TableName: 'AuditLog', Item: { PK: { S: 'ACTOR#u_8814' }, SK: { S: 'EVT#2026-06-25T08:00:00Z' } } });
    await first.close();

    const second = await start();
    expect(second.status).toMatchObject({ persisted: true, createdSamples: [], restoredItems: 16 + 16 + 1 });
    expect([...second.status.restoredTables].sort()).toEqual(['AuditLog', 'Leaderboard']);
    expect(await springKeys(second)).toEqual(['10', '1500', '240', '9']);
  });

  it('does not bring back a sample table the user deleted', async () => {
    const first = await start();
    await first.source.deleteTable({ TableName: 'Leaderboard' });
    await first.close();
    const second = await start();
    expect(second.status.createdSamples).toEqual([]);
    expect((await second.source.listTables({})).TableNames).toEqual(['AuditLog']);
  });

  it('while another tab owns the stored tables: shows none, keeps no copy of its own, and refuses every write (Take over to work here)', async () => {
    // Another tab holds the database's Web Lock: the request times out.
    vi.stubGlobal('navigator', { locks: { request: () => Promise.reject(new DOMException('timed out', 'TimeoutError')) } });
    const second = await start();
    expect(second.status).toMatchObject({ persisted: false, errorCode: 'persistence.inUse', createdSamples: [] });
    expect(second.status.error).toContain("Keylab's built-in table is open in another tab");
    expect((await second.source.listTables({})).TableNames).toEqual([]);
    await expect(
      second.source.createTable({
        TableName: 'Mine',
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    ).rejects.toMatchObject({ code: 'persistence.inUse', message: expect.stringMatching(/Take over.*The change was not saved\.$/) });
    expect((await second.source.listTables({})).TableNames).toEqual([]);
  });

  it('runs in memory with the samples, and says why, when IndexedDB is unavailable', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const table = await start();
    expect(table.status).toMatchObject({ persisted: false, errorCode: 'persistence.unavailable', createdSamples: ['Leaderboard', 'AuditLog'] });
    expect(table.status.error).toMatch(/private browsing.*in memory/);
    expect(await springKeys(table)).toEqual(['10', '1500', '240', '9']);
  });

  it('runs in memory when the stored tables cannot be read, and can delete them for a fresh start', async () => {
    const first = await start();
    await first.close();
    const db = await openDB(NAME);
    await db.put('log', { not: 'a record' }, ['Leaderboard', 99_999]);
    db.close();

    const second = await start();
    expect(second.status).toMatchObject({ persisted: false, errorCode: 'persistence.corrupt', createdSamples: ['Leaderboard', 'AuditLog'] });
    expect(second.status.error).toMatch(/^Keylab could not load its stored tables.*damaged/);

    await deleteStoredTables(NAME);
    const third = await start();
    expect(third.status).toMatchObject({ persisted: true, createdSamples: ['Leaderboard', 'AuditLog'] });
  });
});
