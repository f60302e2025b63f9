import { describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../engine';
import { createExplorerStore } from '../explorerStore';

/*
 * Switching connection: nothing of the previous connection's table (its
 * selection, keys, Items count, grid) survives, and Run sends nothing for a
 * table the new connection does not have.
 */

async function auditLogEngine() {
  const engine = createLocalDynamoDB();
  await engine.createTable({
    TableName: 'AuditLog',
    AttributeDefinitions: [
      { AttributeName: 'actor', AttributeType: 'S' },
      { AttributeName: 'at', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'actor', KeyType: 'HASH' },
      { AttributeName: 'at', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (let at = 0; at < 16; at++)
    await engine.putItem({ TableName: 'AuditLog', Item: { actor: { S: 'ana' }, at: { S: `2026-01-${String(at + 1).padStart(2, '0')}` } } });
  return engine;
}

/** `engine` with every call's name recorded in `calls`. */
function recorded(engine: DynamoDBDataSource) {
  const calls: string[] = [];
  const source = new Proxy(engine, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { source, calls };
}

describe('switching connection', () => {
  it('to an endpoint with no tables drops the previous table, its keys, Items count and grid, and Run sends nothing', async () => {
    const old = recorded(await auditLogEngine());
    const store = createExplorerStore();
    await store.getState().connect(old.source, 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table?.itemCount).toBe(16));
    store.getState().setForm({ partitionValue: 'ana' });
    await store.getState().run();
    expect(store.getState().items).toHaveLength(16);

    const empty = recorded(createLocalDynamoDB());
    await store.getState().connect(empty.source, 'DynamoDB Local http://localhost:8000');
    expect(store.getState()).toMatchObject({
      sourceLabel: 'DynamoDB Local http://localhost:8000',
      tableNames: [],
      selectedTable: undefined,
      table: undefined,
      items: [],
      pages: [],
      lastRequest: undefined,
    });

    old.calls.length = 0;
    await store.getState().run();
    await store.getState().reloadTable();
    expect(empty.calls).toEqual(['listTables']);
    expect(old.calls).toEqual([]);
  });

  it('to one that has a table of the same name chooses it again, described by the new connection', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await auditLogEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table?.itemCount).toBe(16));
    const other = await auditLogEngine();
    await other.deleteItem({ TableName: 'AuditLog', Key: { actor: { S: 'ana' }, at: { S: '2026-01-01' } } });
    const connecting = store.getState().connect(other, 'DynamoDB Local');
    // Until the new connection has described it, no table is shown.
    expect(store.getState().table).toBeUndefined();
    await connecting;
    expect(store.getState().selectedTable).toBe('AuditLog');
    expect(store.getState().table?.itemCount).toBe(15);
  });

  it('after the chosen table is gone from the list on Refresh, nothing stays chosen', async () => {
    const engine = await auditLogEngine();
    const store = createExplorerStore();
    await store.getState().connect(engine, 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    await engine.deleteTable({ TableName: 'AuditLog' });
    await store.getState().refreshTables();
    expect(store.getState()).toMatchObject({ tableNames: [], selectedTable: undefined, table: undefined });
  });
});
