import { describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../engine';
import { createExplorerStore } from '../explorerStore';

/*
 * The rule users expect: a response that arrives late never overwrites a
 * choice the user made after its request was sent (another source, a newer
 * Refresh, the Scan mode). Each source here answers `method` only when the
 * test releases it, with what the engine said when it was asked.
 */

async function engineWith(...tableNames: string[]) {
  const engine = createLocalDynamoDB();
  for (const TableName of tableNames) {
    await engine.createTable({
      TableName,
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
  }
  return engine;
}

/** `engine`, whose first `method` call (or every one) answers when `release()` is called. */
function heldBack(engine: DynamoDBDataSource, method: 'listTables' | 'describeTable', holds: 'first' | 'every' = 'first') {
  const releases: (() => void)[] = [];
  let calls = 0;
  const source = new Proxy(engine, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property !== method) return value.bind(target);
      return async (input: unknown) => {
        const answer = (value as (input: unknown) => Promise<unknown>).call(target, input);
        if (holds === 'first' && calls++ > 0) return answer;
        await new Promise<void>((resolve) => releases.push(resolve));
        return answer;
      };
    },
  });
  return { source, release: () => releases.splice(0).forEach((resolve) => resolve()) };
}

describe('late responses never overwrite what the user chose since', () => {
  it('a table list of the source the user switched away from is dropped', async () => {
    const old = heldBack(await engineWith('OldTable'), 'listTables');
    const store = createExplorerStore();
    const first = store.getState().connect(old.source, 'Old endpoint');
    await store.getState().connect(await engineWith('NewTable'), 'New endpoint');
    expect(store.getState().tableNames).toEqual(['NewTable']);
    old.release();
    await first;
    expect(store.getState()).toMatchObject({ sourceLabel: 'New endpoint', tableNames: ['NewTable'], selectedTable: 'NewTable', tableError: undefined });
    expect(store.getState().table?.name).toBe('NewTable');
  });

  it('an older Refresh answering after a newer one does not bring back the older list', async () => {
    const engine = await engineWith('Alpha');
    const slow = heldBack(engine, 'listTables', 'first');
    const store = createExplorerStore();
    const first = store.getState().connect(slow.source, 'Endpoint');
    await engine.createTable({
      TableName: 'Beta',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await store.getState().refreshTables();
    expect(store.getState().tableNames).toEqual(['Alpha', 'Beta']);
    slow.release();
    await first;
    expect(store.getState().tableNames).toEqual(['Alpha', 'Beta']);
    expect(store.getState().tablesLoading).toBe(false);
  });

  it('More tables of the source the user switched away from is dropped', async () => {
    const names = Array.from({ length: 101 }, (_, at) => `T${String(at).padStart(3, '0')}`);
    const engine = await engineWith(...names);
    const store = createExplorerStore();
    await store.getState().connect(engine, 'Old endpoint');
    if (!store.getState().moreTablesAfter) return expect.fail('the engine pages ListTables at 100 tables');
    const slow = heldBack(engine, 'listTables', 'every');
    store.setState({ source: slow.source });
    const more = store.getState().loadMoreTables();
    await store.getState().connect(await engineWith('NewTable'), 'New endpoint');
    slow.release();
    await more;
    expect(store.getState().tableNames).toEqual(['NewTable']);
  });

  it('Scan chosen while the table list and DescribeTable are on their way stays Scan', async () => {
    const listing = heldBack(await engineWith('AuditLog'), 'listTables');
    const store = createExplorerStore();
    const connected = store.getState().connect(listing.source, 'Built-in table');
    store.getState().setForm({ mode: 'scan' });
    listing.release();
    await connected;
    expect(store.getState().table?.name).toBe('AuditLog');
    expect(store.getState().form.mode).toBe('scan');

    const describing = heldBack(await engineWith('AuditLog'), 'describeTable', 'every');
    const reconnected = store.getState().connect(describing.source, 'Built-in table');
    await vi.waitFor(() => expect(store.getState().selectedTable).toBe('AuditLog'));
    store.getState().setForm({ mode: 'scan' });
    describing.release();
    await reconnected;
    expect(store.getState().table?.name).toBe('AuditLog');
    expect(store.getState().form.mode).toBe('scan');
  });

  it('a pasted request whose table is described after the user picked another table leaves the builder alone', async () => {
    const describing = heldBack(await engineWith('AuditLog', 'Leaderboard', 'Shop'), 'describeTable', 'every');
    const store = createExplorerStore();
    const connected = store.getState().connect(describing.source, 'Built-in table');
    await vi.waitFor(() => expect(store.getState().selectedTable).toBe('AuditLog'));
    describing.release();
    await connected;
    const pasted = store
      .getState()
      .pasteRequest(JSON.stringify({ TableName: 'Leaderboard', KeyConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': { S: 'SEASON#1' } } }));
    await vi.waitFor(() => expect(store.getState().selectedTable).toBe('Leaderboard'));
    const picked = store.getState().selectTable('Shop');
    store.getState().setForm({ mode: 'scan' });
    describing.release();
    expect(await pasted).toBe(false);
    await picked;
    expect(store.getState().selectedTable).toBe('Shop');
    expect(store.getState().form).toMatchObject({ mode: 'scan', partitionValue: '' });
  });
});
