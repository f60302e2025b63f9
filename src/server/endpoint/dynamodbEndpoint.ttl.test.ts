import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { startDynamoDBEndpoint } from './dynamodbEndpoint';
import { CREDENTIALS } from './endpointTestKit';

/** TTL and tags over the wire, and the endpoint's TTL sweep timer. */
describe('the endpoint with TTL and tags', () => {
  it('serves the TTL and tag operations, and its timer deletes expired items until the endpoint stops', async () => {
    const engine = createLocalDynamoDB();
    const sweep = vi.spyOn(engine, 'sweepExpiredItems');
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    const endpoint = await startDynamoDBEndpoint({ db: engine, port: 0, ttlSweep: { intervalMs: 10 } });
    // The sweeper's timer (the only 10 ms interval).
    const timer = intervals.mock.results[intervals.mock.calls.findIndex(([, ms]) => ms === 10)]?.value as unknown;
    expect(timer).toBeDefined();
    const client = new DynamoDB({ endpoint: endpoint.url, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    try {
      const created = await client.createTable({
        TableName: 'Sessions',
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
        Tags: [{ Key: 'team', Value: 'auth' }],
      });
      const arn = created.TableDescription?.TableArn as string;
      await client.tagResource({ ResourceArn: arn, Tags: [{ Key: 'env', Value: 'dev' }] });
      await client.untagResource({ ResourceArn: arn, TagKeys: ['team'] });
      expect((await client.listTagsOfResource({ ResourceArn: arn })).Tags).toEqual([{ Key: 'env', Value: 'dev' }]);

      expect(
        (await client.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } })).TimeToLiveSpecification,
      ).toEqual({
        AttributeName: 'exp',
        Enabled: true,
      });
      expect((await client.describeTimeToLive({ TableName: 'Sessions' })).TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'exp' });
      const past = String(Math.floor(Date.now() / 1000) - 60);
      const future = String(Math.floor(Date.now() / 1000) + 3600);
      await client.putItem({ TableName: 'Sessions', Item: { id: { S: 'expired' }, exp: { N: past } } });
      await client.putItem({ TableName: 'Sessions', Item: { id: { S: 'live' }, exp: { N: future } } });
      await vi.waitFor(async () => expect((await client.scan({ TableName: 'Sessions' })).Items).toEqual([{ id: { S: 'live' }, exp: { N: future } }]), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      client.destroy();
      await endpoint.stop();
    }
    expect(sweep.mock.calls.length).toBeGreaterThan(0);
    // Stopped: its timer is cleared, so no sweep runs after (checked on the timer, not by waiting for one that never comes).
    expect(cleared).toHaveBeenCalledWith(timer);
    intervals.mockRestore();
    cleared.mockRestore();
  });

  it('runs no sweep with ttlSweep: false', async () => {
    const engine = createLocalDynamoDB();
    const sweep = vi.spyOn(engine, 'sweepExpiredItems');
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const endpoint = await startDynamoDBEndpoint({ db: engine, port: 0, ttlSweep: false });
    // No sweeper timer was started (checked on the timers, not by waiting for a sweep that never comes).
    expect(intervals).not.toHaveBeenCalled();
    intervals.mockRestore();
    await endpoint.stop();
    expect(sweep).not.toHaveBeenCalled();
  });
});
