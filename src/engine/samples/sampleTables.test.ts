import { describe, expect, it } from 'vitest';
import { createEngine, S, valuesOf } from '../engine.fixtures';
import { AUDIT_LOG_TABLE, DEPLOY_ACTOR, USER_ACTOR } from './auditLogSample';
import { LEADERBOARD_TABLE, paddedRankKey, SPRING_SEASON, SUMMER_SEASON } from './leaderboardSample';
import { createSampleTables, ensureSampleTables, SAMPLE_TABLE_NAMES } from './sampleTables';

async function samples() {
  const engine = createEngine();
  expect(await createSampleTables(engine)).toEqual(['Leaderboard', 'AuditLog']);
  return engine;
}

describe('sample tables', () => {
  it('creates Leaderboard and AuditLog with a GSI each', async () => {
    const engine = await samples();
    expect((await engine.listTables({})).TableNames).toEqual(['AuditLog', 'Leaderboard']);
    const leaderboard = (await engine.describeTable({ TableName: LEADERBOARD_TABLE })).Table;
    expect(leaderboard?.KeySchema).toEqual([
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ]);
    expect(leaderboard?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byPlayer']);
    const auditLog = (await engine.describeTable({ TableName: AUDIT_LOG_TABLE })).Table;
    expect(auditLog?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byAction']);
    expect(auditLog?.ItemCount).toBe(16);
  });

  describe('Leaderboard', () => {
    it("returns the article's raw string scores in DynamoDB's byte order: 10, 1500, 240, 9", async () => {
      const engine = await samples();
      const { Items } = await engine.query({
        TableName: LEADERBOARD_TABLE,
        KeyConditionExpression: 'leaderboardId = :season',
        ExpressionAttributeValues: { ':season': S(SPRING_SEASON) },
      });
      expect(valuesOf(Items, 'rankKey')).toEqual(['10', '1500', '240', '9']);
      expect(valuesOf(Items, 'score')).toEqual(['10', '1500', '240', '9']);
      expect(valuesOf(Items, 'playerId')).toEqual(['p_3317', 'p_8842', 'p_5150', 'p_0420']);
    });

    it('orders the padded season by score, highest first when read backwards, ties by time', async () => {
      const engine = await samples();
      const { Items } = await engine.query({
        TableName: LEADERBOARD_TABLE,
        KeyConditionExpression: 'leaderboardId = :season',
        ExpressionAttributeValues: { ':season': S(SUMMER_SEASON) },
        ScanIndexForward: false,
      });
      expect(valuesOf(Items, 'score')).toEqual(['2300', '1500', '1020', '875', '875', '615', '240', '128', '42', '10', '9', '3']);
      // Ascending bytes put the earlier of two equal scores first; read backwards, the later one leads.
      expect(valuesOf(Items, 'playerId').slice(3, 5)).toEqual(['p_9001', 'p_2209']);
      expect(paddedRankKey(1500, 1719100800, 'p_8842')).toBe('0000001500#0000001719100800#p_8842');
    });

    it("lists a player's runs across seasons through the byPlayer index", async () => {
      const engine = await samples();
      const { Items } = await engine.query({
        TableName: LEADERBOARD_TABLE,
        IndexName: 'byPlayer',
        KeyConditionExpression: 'playerId = :p',
        ExpressionAttributeValues: { ':p': S('p_8842') },
      });
      expect(valuesOf(Items, 'leaderboardId')).toEqual([SPRING_SEASON, SUMMER_SEASON]);
    });
  });

  describe('AuditLog', () => {
    it("answers the article's BETWEEN with exactly the 2026-06-23 events, both bounds included", async () => {
      const engine = await samples();
      const { Items } = await engine.query({
        TableName: AUDIT_LOG_TABLE,
        KeyConditionExpression: 'PK = :actor AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':actor': S('ACTOR#u_8814'),
          ':from': S('EVT#2026-06-23T00:00:00Z'),
          ':to': S('EVT#2026-06-23T23:59:59Z'),
        },
      });
      expect(valuesOf(Items, 'SK')).toEqual([
        'EVT#2026-06-23T00:00:00Z',
        'EVT#2026-06-23T09:14:05Z',
        'EVT#2026-06-23T10:00:00Z',
        'EVT#2026-06-23T13:37:42Z',
        'EVT#2026-06-23T23:59:59Z',
      ]);
      expect(valuesOf(Items, 'action')).toEqual(['session.refresh', 'login', 'role.change', 'export.create', 'logout']);
    });

    it("reads one actor's stream newest first, over three days", async () => {
      const engine = await samples();
      const { Items } = await engine.query({
        TableName: AUDIT_LOG_TABLE,
        KeyConditionExpression: 'PK = :actor AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':actor': S(USER_ACTOR), ':evt': S('EVT#') },
        ScanIndexForward: false,
      });
      const keys = valuesOf(Items, 'SK');
      expect(keys).toHaveLength(11);
      expect(keys[0]).toBe('EVT#2026-06-24T18:05:00Z');
      expect(keys.at(-1)).toBe('EVT#2026-06-22T08:15:03Z');
      expect(new Set(keys.map((key) => key?.slice(4, 14)))).toEqual(new Set(['2026-06-22', '2026-06-23', '2026-06-24']));
      expect(Items?.[0]?.details).toEqual({ M: { reason: S('timeout') } });
    });

    it("finds a user's events between two deploys, and one action across actors through byAction", async () => {
      const engine = await samples();
      const deploys = await engine.query({
        TableName: AUDIT_LOG_TABLE,
        KeyConditionExpression: 'PK = :actor',
        FilterExpression: '#action = :finish',
        ExpressionAttributeNames: { '#action': 'action' },
        ExpressionAttributeValues: { ':actor': S(DEPLOY_ACTOR), ':finish': S('deploy.finish') },
      });
      const [from, to] = valuesOf(deploys.Items, 'SK');
      const window = await engine.query({
        TableName: AUDIT_LOG_TABLE,
        KeyConditionExpression: 'PK = :actor AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':actor': S(USER_ACTOR), ':from': S(from as string), ':to': S(to as string) },
      });
      expect(valuesOf(window.Items, 'action')).toEqual(['session.refresh', 'login', 'role.change']);

      const logins = await engine.query({
        TableName: AUDIT_LOG_TABLE,
        IndexName: 'byAction',
        KeyConditionExpression: '#action = :login',
        ExpressionAttributeNames: { '#action': 'action' },
        ExpressionAttributeValues: { ':login': S('login') },
      });
      expect(valuesOf(logins.Items, 'SK')).toEqual(['EVT#2026-06-22T08:15:03Z', 'EVT#2026-06-23T09:14:05Z', 'EVT#2026-06-24T07:30:00Z']);
    });
  });

  describe('ensureSampleTables', () => {
    it('creates the samples on a first run only, and never twice', async () => {
      const engine = createEngine();
      expect(await ensureSampleTables(engine)).toEqual(SAMPLE_TABLE_NAMES); // empty engine: a first run
      expect(await ensureSampleTables(engine)).toEqual([]); // tables exist: not a first run
      expect(await ensureSampleTables(engine, { firstRun: true })).toEqual([]); // first run, but both exist already
    });

    it('does not bring back a deleted sample table after the first run', async () => {
      const engine = createEngine();
      await ensureSampleTables(engine, { firstRun: true });
      await engine.deleteTable({ TableName: LEADERBOARD_TABLE });
      expect(await ensureSampleTables(engine, { firstRun: false })).toEqual([]);
      expect((await engine.listTables({})).TableNames).toEqual(['AuditLog']);
    });

    it('finishes an interrupted first run: creates only the missing tables', async () => {
      const engine = createEngine();
      await createSampleTables(engine, ['Leaderboard']);
      expect(await ensureSampleTables(engine, { firstRun: true })).toEqual(['AuditLog']);
    });
  });
  it('resends what an endpoint left unprocessed (or throttled) after a growing, jittered backoff, losing nothing', async () => {
    const engine = createEngine();
    const waits: number[] = [];
    let calls = 0;
    const flaky: typeof engine = Object.assign(Object.create(engine) as typeof engine, {
      batchWriteItem: async (input: Parameters<typeof engine.batchWriteItem>[0]) => {
        calls++;
        if (calls === 1)
          throw Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException', $metadata: { httpStatusCode: 400 } });
        if (calls > 3) return engine.batchWriteItem(input);
        // Calls 2 and 3: write all but the last request (none when it is alone), and hand it back unprocessed.
        const [table, requests] = Object.entries(input.RequestItems ?? {})[0] ?? ['', []];
        if (requests.length > 1) await engine.batchWriteItem({ RequestItems: { [table]: requests.slice(0, -1) } });
        return { UnprocessedItems: { [table]: requests.slice(-1) }, $metadata: {} };
      },
    });
    expect(await createSampleTables(flaky, ['Leaderboard'], { random: () => 0.5, sleep: async (ms) => void waits.push(ms) })).toEqual(['Leaderboard']);
    expect(waits).toEqual([25, 50, 100]);
    const direct = createEngine();
    await createSampleTables(direct, ['Leaderboard']);
    const count = async (source: typeof engine) => (await source.scan({ TableName: LEADERBOARD_TABLE })).Count;
    expect(await count(engine)).toBe(await count(direct));
  });
});
