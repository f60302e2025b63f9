import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../../engine';
import { openBuiltInTableInMemory } from '../../../sources';
import { createExplorerStore } from '../../explorerStore';
import { answeredWriteConfirmation, asAwsSource } from '../../testing/writeConfirmations';
import { createTableDetailsStore } from './tableDetailsStore';

/** `source`, recording which table each call names (the calls still go to the engine). */
function recording(source: DynamoDBDataSource): { source: DynamoDBDataSource; calls: string[] } {
  const calls: string[] = [];
  const proxy = new Proxy(source, {
    get(target, name, receiver) {
      if (name !== 'describeTimeToLive' && name !== 'listTagsOfResource') return Reflect.get(target, name, receiver) as unknown;
      return async (input: { TableName?: string; ResourceArn?: string }) => {
        calls.push(`${String(name)} ${input.TableName ?? input.ResourceArn ?? ''}`);
        const method = Reflect.get(target, name, receiver) as ((input: unknown) => Promise<unknown>) | undefined;
        if (!method) throw Object.assign(new Error('An unknown operation was requested.'), { name: 'UnknownOperationException' });
        return method.call(target, input);
      };
    },
  });
  return { source: proxy, calls };
}

describe('the table details store', () => {
  it('reads TTL and tags of the new connection’s table only, never of the old table on the new connection', async () => {
    const builtIn = await openBuiltInTableInMemory();
    const explorer = createExplorerStore();
    await explorer.getState().connect(builtIn.source, 'Built-in table');
    await explorer.getState().selectTable('AuditLog');
    const details = createTableDetailsStore({
      explorer,
      canAddIndex: () => true,
      wait: async () => undefined,
      confirmWrite: answeredWriteConfirmation().confirmWrite,
    });

    const other = createLocalDynamoDB();
    await other.createTable({
      TableName: 'Orders',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const { source, calls } = recording(other);
    await explorer.getState().connect(source, 'Another endpoint');
    await details.getState().reload();
    expect(explorer.getState().table?.name).toBe('Orders');
    expect(calls.filter((call) => call.includes('AuditLog'))).toEqual([]);
    expect(calls.some((call) => call.startsWith('describeTimeToLive Orders'))).toBe(true);
    expect(details.getState().tableName).toBe('Orders');
    details.getState().dispose();
  });

  it('refuses an index that breaks DynamoDB’s rules before sending, and offers none where the connection says no', async () => {
    const builtIn = await openBuiltInTableInMemory();
    const explorer = createExplorerStore();
    await explorer.getState().connect(builtIn.source, 'Built-in table');
    await explorer.getState().selectTable('Leaderboard');
    const details = createTableDetailsStore({
      explorer,
      canAddIndex: (source) => source === builtIn.source,
      wait: async () => undefined,
      confirmWrite: answeredWriteConfirmation().confirmWrite,
    });
    details.getState().openAddIndex();
    details.getState().setAddIndexForm({ indexName: 'x', partitionKeyName: '' });
    expect(await details.getState().submitAddIndex()).toBe(false);
    expect(details.getState().addIndex).toMatchObject({
      open: true,
      sending: false,
      errors: { indexName: expect.stringContaining('3 to 255'), partitionKeyName: 'Name the partition key attribute.' },
    });
    expect(details.getState().addIndex.refusal).toBeUndefined();
    // Typing in a field clears its own message.
    details.getState().setAddIndexForm({ indexName: 'byRank' });
    expect(details.getState().addIndex.errors.indexName).toBeUndefined();

    await explorer.getState().connect(createLocalDynamoDB(), 'Elsewhere');
    expect(details.getState().canAddIndex).toBe(false);
    expect(details.getState().addIndex.open).toBe(false);
    details.getState().dispose();
  });

  it('deletes a GSI on AWS after asking, sends nothing on No, and follows it until DescribeTable no longer lists it', async () => {
    const source = createLocalDynamoDB();
    await source.createTable({
      TableName: 'Orders',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'status', AttributeType: 'S' },
      ],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [{ IndexName: 'byStatus', KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const explorer = createExplorerStore();
    await explorer.getState().connect(asAwsSource(source), 'AWS eu-west-1');
    await explorer.getState().selectTable('Orders');
    const confirmation = answeredWriteConfirmation(false);
    const { asked } = confirmation;
    const details = createTableDetailsStore({ explorer, canAddIndex: () => true, wait: async () => undefined, confirmWrite: confirmation.confirmWrite });
    details.getState().openAddIndex();
    details.getState().setAddIndexForm({ indexName: 'byPk', partitionKeyName: 'pk', partitionKeyType: 'S' });
    expect(await details.getState().submitAddIndex()).toBe(false);
    expect(details.getState().addIndex).toMatchObject({ open: true, sending: false });
    details.getState().closeAddIndex();
    details.getState().openDeleteIndex();
    expect(details.getState().deleteIndex).toMatchObject({ open: true, indexName: 'byStatus' });
    expect(await details.getState().submitDeleteIndex()).toBe(false);
    expect(asked).toEqual(['Add index byPk to Orders', 'Delete index byStatus of Orders']);
    expect((await source.describeTable({ TableName: 'Orders' })).Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byStatus']);
    confirmation.answer = true;
    expect(await details.getState().submitDeleteIndex()).toBe(true);
    expect(details.getState().deleteIndex.open).toBe(false);
    expect(details.getState().deletingIndex).toBeUndefined();
    expect(explorer.getState().table?.indexes.map((index) => index.name)).toEqual([]);
  });

  it('enables time to live on an attribute and disables it (UpdateTimeToLive), showing DescribeTimeToLive’s status after each', async () => {
    const builtIn = await openBuiltInTableInMemory();
    const explorer = createExplorerStore();
    await explorer.getState().connect(builtIn.source, 'Built-in table');
    await explorer.getState().selectTable('Leaderboard');
    const details = createTableDetailsStore({
      explorer,
      canAddIndex: () => true,
      wait: async () => undefined,
      confirmWrite: answeredWriteConfirmation().confirmWrite,
    });
    await details.getState().reload();
    expect(details.getState().timeToLive).toEqual({ state: 'read', value: { status: 'DISABLED' } });

    details.getState().openTimeToLive();
    expect(await details.getState().submitTimeToLive(true)).toBe(false);
    expect(details.getState().timeToLiveDialog.error).toMatch(/Type the attribute that holds each item’s expiry time/);
    details.getState().setTimeToLiveAttribute('expiresAt');
    expect(await details.getState().submitTimeToLive(true)).toBe(true);
    expect(details.getState().timeToLive).toEqual({ state: 'read', value: { status: 'ENABLED', attributeName: 'expiresAt' } });
    expect(details.getState().timeToLiveDialog.open).toBe(false);
    expect((await builtIn.source.describeTimeToLive({ TableName: 'Leaderboard' })).TimeToLiveDescription?.TimeToLiveStatus).toBe('ENABLED');

    // Enabled again: DynamoDB's refusal, as it says it, in the dialog.
    details.getState().openTimeToLive();
    expect(details.getState().timeToLiveDialog.attributeName).toBe('expiresAt');
    expect(await details.getState().submitTimeToLive(true)).toBe(false);
    expect(details.getState().timeToLiveDialog.refusal?.name).toBe('ValidationException');

    expect(await details.getState().submitTimeToLive(false)).toBe(true);
    expect(details.getState().timeToLive).toEqual({ state: 'read', value: { status: 'DISABLED' } });
    details.getState().dispose();
  });

  it('on AWS changes time to live only after the write confirmation, and sends nothing on No', async () => {
    const builtIn = await openBuiltInTableInMemory();
    const explorer = createExplorerStore();
    await explorer.getState().connect(asAwsSource(builtIn.source), 'AWS eu-west-1');
    await explorer.getState().selectTable('Leaderboard');
    const confirmation = answeredWriteConfirmation(false);
    const details = createTableDetailsStore({ explorer, canAddIndex: () => true, wait: async () => undefined, confirmWrite: confirmation.confirmWrite });
    details.getState().openTimeToLive();
    details.getState().setTimeToLiveAttribute('expiresAt');
    expect(await details.getState().submitTimeToLive(true)).toBe(false);
    expect((await builtIn.source.describeTimeToLive({ TableName: 'Leaderboard' })).TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
    expect(details.getState().timeToLiveDialog).toMatchObject({ open: true, sending: false });
    confirmation.answer = true;
    expect(await details.getState().submitTimeToLive(true)).toBe(true);
    expect(confirmation.asked).toEqual(['Enable time to live on expiresAt of Leaderboard', 'Enable time to live on expiresAt of Leaderboard']);
    details.getState().dispose();
  });
});
