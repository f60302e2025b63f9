import { describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB } from '../../../engine';
import { createExplorerStore } from '../../explorerStore';
import { answeredWriteConfirmation } from '../../testing/writeConfirmations';
import { EMPTY_ADD_INDEX_FORM, type AddIndexForm } from './addIndexForm';
import { createTableDetailsStore } from './tableDetailsStore';

/*
 * Add index prepared from elsewhere (the Design tab's multi-attribute
 * conversion): the explorer chooses the table, the dialog opens filled in,
 * and Create index sends the one UpdateTable the dialog always sends, whose
 * multi-attribute GSI DynamoDB backfills from the items already stored.
 */

async function twoTables() {
  const engine = createLocalDynamoDB();
  await engine.createTable({
    TableName: 'Audit',
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  await engine.createTable({
    TableName: 'Runs',
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  const runs: [string, string, string][] = [
    ['r1', '10', '5'],
    ['r2', '9', '7'],
    ['r3', '9', '100'],
  ];
  for (const [id, ts, score] of runs)
    await engine.putItem({ TableName: 'Runs', Item: { id: { S: id }, playerId: { S: 'p1' }, ts: { N: ts }, score: { N: score } } });
  return engine;
}

const BY_PLAYER: AddIndexForm = {
  ...EMPTY_ADD_INDEX_FORM,
  indexName: 'byPlayerMulti',
  partitionKeyName: 'playerId',
  sortKeyName: 'ts',
  sortKeyType: 'N',
  moreSortKeys: [{ name: 'score', type: 'N' }],
};

describe('prepareAddIndex', () => {
  it('chooses the table, opens Add index filled in, and Create index makes a backfilled multi-attribute GSI', async () => {
    const engine = await twoTables();
    const explorer = createExplorerStore();
    await explorer.getState().connect(engine, 'Built-in table');
    await explorer.getState().selectTable('Audit');
    const details = createTableDetailsStore({
      explorer,
      canAddIndex: () => true,
      wait: async () => undefined,
      confirmWrite: answeredWriteConfirmation().confirmWrite,
    });

    details.getState().prepareAddIndex('Runs', BY_PLAYER);
    await vi.waitFor(() => expect(details.getState().addIndex.open).toBe(true));
    expect(explorer.getState().table?.name).toBe('Runs');
    expect(details.getState().addIndex.form).toEqual(BY_PLAYER);

    expect(await details.getState().submitAddIndex()).toBe(true);
    const { Table } = await engine.describeTable({ TableName: 'Runs' });
    expect(Table?.GlobalSecondaryIndexes?.[0]).toMatchObject({
      IndexName: 'byPlayerMulti',
      IndexStatus: 'ACTIVE',
      KeySchema: [
        { AttributeName: 'playerId', KeyType: 'HASH' },
        { AttributeName: 'ts', KeyType: 'RANGE' },
        { AttributeName: 'score', KeyType: 'RANGE' },
      ],
    });
    const index = await engine.query({
      TableName: 'Runs',
      IndexName: 'byPlayerMulti',
      KeyConditionExpression: 'playerId = :p',
      ExpressionAttributeValues: { ':p': { S: 'p1' } },
    });
    expect(index.Items?.map((item) => item.id?.S)).toEqual(['r2', 'r3', 'r1']);
    details.getState().dispose();
  });

  it('opens at once on the table the explorer already shows', async () => {
    const explorer = createExplorerStore();
    await explorer.getState().connect(await twoTables(), 'Built-in table');
    await explorer.getState().selectTable('Runs');
    const details = createTableDetailsStore({
      explorer,
      canAddIndex: () => true,
      wait: async () => undefined,
      confirmWrite: answeredWriteConfirmation().confirmWrite,
    });
    details.getState().prepareAddIndex('Runs', BY_PLAYER);
    expect(details.getState().addIndex).toMatchObject({ open: true, form: BY_PLAYER });
    details.getState().dispose();
  });
});
