import { describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB } from '../engine';
import { createExplorerStore } from './explorerStore';

async function leaderboardEngine() {
  const engine = createLocalDynamoDB();
  await engine.createTable({
    TableName: 'Leaderboard',
    KeySchema: [
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'leaderboardId', AttributeType: 'S' },
      { AttributeName: 'rankKey', AttributeType: 'S' },
      { AttributeName: 'playerId', AttributeType: 'S' },
    ],
    GlobalSecondaryIndexes: [{ IndexName: 'byPlayer', KeySchema: [{ AttributeName: 'playerId', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (const [score, playerId] of [
    ['10', 'p_1021'],
    ['1500', 'p_8842'],
    ['240', 'p_3310'],
    ['9', 'p_0007'],
  ] as const) {
    await engine.putItem({
      TableName: 'Leaderboard',
      Item: { leaderboardId: { S: 'SEASON#2026-SPRING' }, rankKey: { S: score }, playerId: { S: playerId }, score: { N: score } },
    });
  }
  return engine;
}

const rankKeys = (store: ReturnType<typeof createExplorerStore>) => store.getState().items.map((item) => item.rankKey?.S);

describe('explorer store', () => {
  it('connects, lists and describes tables, and queries in DynamoDB order', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    expect(store.getState().tableNames).toEqual(['Leaderboard']);
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    expect(store.getState().table?.keys).toEqual({ partitionKey: { name: 'leaderboardId', type: 'S' }, sortKey: { name: 'rankKey', type: 'S' } });
    expect(store.getState().table?.indexes.map((index) => index.name)).toEqual(['byPlayer']);

    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING' });
    await store.getState().run();
    expect(rankKeys(store)).toEqual(['10', '1500', '240', '9']);
    expect(store.getState().pages[0]).toMatchObject({ count: 4, scannedCount: 4 });

    store.getState().setForm({ descending: true });
    await store.getState().run();
    expect(rankKeys(store)).toEqual(['9', '240', '1500', '10']);
  });

  it('pages with a Limit and Load more, keeping each page’s LastEvaluatedKey', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', limit: '3' });
    await store.getState().run();
    expect(rankKeys(store)).toEqual(['10', '1500', '240']);
    expect(store.getState().pages[0]?.lastEvaluatedKey?.rankKey).toEqual({ S: '240' });
    await store.getState().loadMore();
    expect(rankKeys(store)).toEqual(['10', '1500', '240', '9']);
    await store.getState().loadMore();
    // The second page held fewer items than the Limit, so it is the last: no LastEvaluatedKey, and Load more stops.
    expect(store.getState().pages).toHaveLength(2);
    expect(store.getState().pages.at(-1)?.lastEvaluatedKey).toBeUndefined();
  });

  it('shows form errors next to fields instead of sending a bad request', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    store.getState().setForm({ partitionValue: '', sortOperator: 'between', sortValue: 'a', sortValueHigh: '', limit: '0' });
    await store.getState().run();
    expect(Object.keys(store.getState().formErrors).sort()).toEqual(['limit', 'partitionValue', 'sortValueHigh']);
    expect(store.getState().lastRequest).toBeUndefined();
  });

  it('shows DynamoDB’s validation message before Run, on the key condition', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', sortOperator: 'between', sortValue: '9', sortValueHigh: '1' });
    await store.getState().run();
    expect(store.getState().formErrors.keyCondition).toContain('BETWEEN operator requires upper bound to be greater than or equal to lower bound');
    expect(store.getState().lastRequest).toBeUndefined();
  });

  it('reports errors DynamoDB returns on Run', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', indexName: 'gone' });
    await store.getState().run();
    expect(store.getState().runError).toEqual({ name: 'ValidationException', message: 'The table does not have the specified index: gone' });
  });

  it('queries an index by its own key', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    store.getState().setForm({ indexName: 'byPlayer', partitionValue: 'p_8842' });
    await store.getState().run();
    expect(rankKeys(store)).toEqual(['1500']);
    expect(store.getState().lastRequest?.input).toMatchObject({ IndexName: 'byPlayer', KeyConditionExpression: 'playerId = :playerId' });
  });

  it('switching to a GSI starts its key box empty, and switching back restores the table’s own', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', sortOperator: '>=', sortValue: '2' });
    store.getState().setForm({ indexName: 'byPlayer' });
    expect(store.getState().form).toMatchObject({ indexName: 'byPlayer', partitionValue: '', sortOperator: 'none', sortValue: '' });
    store.getState().setForm({ partitionValue: 'p_8842' });
    store.getState().setForm({ indexName: '' });
    expect(store.getState().form).toMatchObject({ partitionValue: 'SEASON#2026-SPRING', sortOperator: '>=', sortValue: '2' });
    store.getState().setForm({ indexName: 'byPlayer' });
    expect(store.getState().form.partitionValue).toBe('p_8842');
    // A patch that switches index and fills its key (the "Make it a Query" fix) keeps its own value.
    store.getState().setForm({ indexName: '', partitionValue: 'SEASON#2026-WINTER' });
    expect(store.getState().form.partitionValue).toBe('SEASON#2026-WINTER');
    // Another table's key boxes start empty too; choosing the same table again keeps them.
    await store.getState().selectTable('Leaderboard');
    expect(store.getState().form.partitionValue).toBe('SEASON#2026-WINTER');
    const engine = store.getState().source;
    await engine?.createTable({
      TableName: 'Other',
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await store.getState().selectTable('Other');
    expect(store.getState().form.partitionValue).toBe('');
  });

  it('Limit above 2,147,483,647 is refused before anything is sent', async () => {
    const store = createExplorerStore();
    const engine = await leaderboardEngine();
    const query = vi.spyOn(engine, 'query');
    await store.getState().connect(engine, 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    store.getState().setForm({ partitionValue: 'SEASON#2026-SPRING', limit: '3000000000' });
    await store.getState().run();
    expect(store.getState().formErrors.limit).toContain(
      "Value at 'Limit' failed to satisfy constraint: Member must have value less than or equal to 2147483647",
    );
    expect(query).not.toHaveBeenCalled();
  });
});

describe('paste request', () => {
  it('selects the pasted table and fills the builder', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    const ok = await store.getState().pasteRequest(
      JSON.stringify({
        TableName: 'Leaderboard',
        KeyConditionExpression: 'leaderboardId = :s',
        ExpressionAttributeValues: { ':s': { S: 'SEASON#2026-SPRING' } },
        ScanIndexForward: false,
        Limit: 2,
      }),
    );
    expect(ok).toBe(true);
    expect(store.getState().form).toMatchObject({ partitionValue: 'SEASON#2026-SPRING', descending: true, limit: '2' });
    expect(store.getState().pasteReport).toEqual({ problems: [], notes: [] });
    await store.getState().run();
    expect(rankKeys(store)).toEqual(['9', '240']);
  });

  it('says when the table is not on this connection, and when the JSON is broken', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await leaderboardEngine(), 'Built-in table');
    await vi.waitFor(() => expect(store.getState().table).toBeDefined());
    await store
      .getState()
      .pasteRequest('{"TableName": "Orders", "KeyConditionExpression": "leaderboardId = :s", "ExpressionAttributeValues": {":s": {"S": "x"}}}');
    expect(store.getState().pasteReport?.problems[0]).toBe('Table "Orders" is not on this connection (Built-in table); the builder kept Leaderboard.');
    expect(await store.getState().pasteRequest('{"TableName": ')).toBe(false);
    expect(store.getState().pasteReport?.problems[0]).toMatch(/^This is not valid JSON at line 1/);
  });
});
