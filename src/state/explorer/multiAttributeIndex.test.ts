import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { createExplorerStore } from '../explorerStore';

/*
 * A GSI with a multi-attribute key (several HASH or RANGE elements in its
 * KeySchema) is shown with all of its attributes, left to right, and queried
 * like any index: its items come back in the typed order of its attributes.
 */

async function runsTable() {
  const engine = createLocalDynamoDB();
  await engine.createTable({
    TableName: 'Runs',
    AttributeDefinitions: [
      { AttributeName: 'id', AttributeType: 'S' },
      { AttributeName: 'playerId', AttributeType: 'S' },
      { AttributeName: 'ts', AttributeType: 'N' },
      { AttributeName: 'score', AttributeType: 'N' },
    ],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byPlayer',
        KeySchema: [
          { AttributeName: 'playerId', KeyType: 'HASH' },
          { AttributeName: 'ts', KeyType: 'RANGE' },
          { AttributeName: 'score', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  // Numbers of different widths: as text "9" sorts after "10"; as N it sorts before.
  const runs: [string, string, string][] = [
    ['r1', '10', '5'],
    ['r2', '9', '7'],
    ['r3', '9', '100'],
    ['r4', '1000', '1'],
  ];
  for (const [id, ts, score] of runs)
    await engine.putItem({ TableName: 'Runs', Item: { id: { S: id }, playerId: { S: 'p1' }, ts: { N: ts }, score: { N: score } } });
  return engine;
}

describe('a multi-attribute GSI in the explorer', () => {
  it('shows every partition and sort attribute of its key, left to right', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await runsTable(), 'Built-in table');
    await store.getState().selectTable('Runs');
    const index = store.getState().table?.indexes.find((candidate) => candidate.name === 'byPlayer');
    expect(index?.keys.partitionKey).toEqual({ name: 'playerId', type: 'S' });
    expect(index?.keys.sortKeys).toEqual([
      { name: 'ts', type: 'N' },
      { name: 'score', type: 'N' },
    ]);
    // The table's own single-attribute key keeps its plain shape.
    expect(store.getState().table?.keys).toEqual({ partitionKey: { name: 'id', type: 'S' } });
  });

  it('queries the index by its partition key and returns the items in typed order, attribute by attribute', async () => {
    const store = createExplorerStore();
    await store.getState().connect(await runsTable(), 'Built-in table');
    await store.getState().selectTable('Runs');
    store.getState().setForm({ indexName: 'byPlayer' });
    store.getState().setForm({ partitionValue: 'p1' });
    await store.getState().run();
    expect(store.getState().runError).toBeUndefined();
    expect(store.getState().formErrors).toEqual({});
    expect(store.getState().items.map((item) => item.id?.S)).toEqual(['r2', 'r3', 'r1', 'r4']);
  });
});
