import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from './dynamodbEndpoint';
import { CREDENTIALS, rejection, table } from './endpointTestKit';

/*
 * Table states over HTTP, with the real SDK: an engine with a transient-status
 * delay (DynamoDB Local's -delayTransientStatuses) and a clock the test moves.
 */

const DELAY = 5000;
let now = Date.UTC(2026, 11, 5);
let endpoint: RunningDynamoDBEndpoint;
let client: DynamoDB;

beforeAll(async () => {
  endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB({ clock: () => now, transientStatusMs: DELAY }), port: 0, ttlSweep: false });
  client = new DynamoDB({ endpoint: endpoint.url, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
});

afterAll(async () => {
  client.destroy();
  await endpoint.stop();
});

describe('table states over HTTP', () => {
  it('CREATING: DescribeTable says so and item requests get ResourceNotFoundException until the delay has passed', async () => {
    const created = await client.createTable(table('States'));
    expect(created.TableDescription?.TableStatus).toBe('CREATING');
    expect(created.TableDescription?.TableId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.describeTable({ TableName: 'States' })).Table?.TableStatus).toBe('CREATING');
    const refused = await rejection(client.putItem({ TableName: 'States', Item: { pk: { S: 'p' }, sk: { S: 's' } } }));
    expect(refused.name).toBe('ResourceNotFoundException');
    expect(refused.$metadata?.httpStatusCode).toBe(400);
    now += DELAY;
    expect((await client.describeTable({ TableName: 'States' })).Table?.TableStatus).toBe('ACTIVE');
    await client.putItem({ TableName: 'States', Item: { pk: { S: 'p' }, sk: { S: 's' } } });
  });

  it('UPDATING: a second UpdateTable gets ResourceInUseException with DynamoDB’s message', async () => {
    await client.updateTable({ TableName: 'States', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } });
    const refused = await rejection(client.updateTable({ TableName: 'States', StreamSpecification: { StreamEnabled: false } }));
    expect(refused.name).toBe('ResourceInUseException');
    expect(refused.message).toBe('Attempt to change a resource which is still in use: Table is being updated: States');
    now += DELAY;
  });

  it('DELETING: DescribeTable says so until the table is gone', async () => {
    expect((await client.deleteTable({ TableName: 'States' })).TableDescription?.TableStatus).toBe('DELETING');
    expect((await client.describeTable({ TableName: 'States' })).Table?.TableStatus).toBe('DELETING');
    now += DELAY;
    expect((await rejection(client.describeTable({ TableName: 'States' }))).name).toBe('ResourceNotFoundException');
  });
});

describe('table-state leftovers over HTTP', () => {
  it('ListTables lists a DELETING table until it is gone', async () => {
    await client.createTable(table('Leaving'));
    now += DELAY;
    await client.deleteTable({ TableName: 'Leaving' });
    expect((await client.listTables({})).TableNames).toContain('Leaving');
    now += DELAY;
    expect((await client.listTables({})).TableNames).not.toContain('Leaving');
  });

  it.each([
    [
      'Query',
      () => client.query({ TableName: 'Backfill', IndexName: 'byGroup', KeyConditionExpression: 'grp = :g', ExpressionAttributeValues: { ':g': { S: 'a' } } }),
    ],
    ['Scan', () => client.scan({ TableName: 'Backfill', IndexName: 'byGroup' })],
  ])('%s of a GSI being backfilled gets DynamoDB’s ValidationException until the index is ACTIVE', async (_, read) => {
    await client.createTable(table('Backfill'));
    now += DELAY;
    await client.putItem({ TableName: 'Backfill', Item: { pk: { S: 'p' }, sk: { S: 's' }, grp: { S: 'a' } } });
    await client.updateTable({
      TableName: 'Backfill',
      AttributeDefinitions: [{ AttributeName: 'grp', AttributeType: 'S' }],
      GlobalSecondaryIndexUpdates: [
        { Create: { IndexName: 'byGroup', KeySchema: [{ AttributeName: 'grp', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } } },
      ],
    });
    const index = (await client.describeTable({ TableName: 'Backfill' })).Table?.GlobalSecondaryIndexes?.[0];
    expect(index).toMatchObject({ IndexName: 'byGroup', IndexStatus: 'CREATING', Backfilling: true });
    const refused = await rejection(read());
    expect(refused.name).toBe('ValidationException');
    expect(refused.message).toBe('Cannot read from backfilling global secondary index: byGroup');
    // The table itself is served meanwhile.
    expect((await client.scan({ TableName: 'Backfill' })).Count).toBe(1);
    now += DELAY;
    expect((await read()).Count).toBe(1);
    await client.deleteTable({ TableName: 'Backfill' });
    now += DELAY;
  });
});
