import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import type { AccessPatternDesign, TableDesign } from '../design.types';
import { buildPatternRequest } from './buildPatternRequest';
import { expectErr, expectOk } from '../../errors/testing';

const shop = SHOP_DESIGN.tables[0]!;
const auditLog = AUDIT_LOG_DESIGN.tables[0]!;
const leaderboard = LEADERBOARD_DESIGN.tables[0]!;
const pattern = (table: TableDesign, id: string) => table.accessPatterns.find((candidate) => candidate.id === id)!;

function request(table: TableDesign, accessPattern: AccessPatternDesign) {
  const built = buildPatternRequest(table, accessPattern);
  expectOk(built);
  return built;
}

describe('buildPatternRequest: the Shop single-table design', () => {
  it("a customer's orders, newest first: begins_with the raw prefix, read backwards", () => {
    expect(request(shop, pattern(shop, 'customer-orders')).request).toEqual({
      TableName: 'Shop',
      KeyConditionExpression: 'PK = :PK AND begins_with(SK, :SKPrefix)',
      ExpressionAttributeValues: { ':PK': { S: 'CUSTOMER#c1' }, ':SKPrefix': { S: 'ORDER#' } },
      ScanIndexForward: false,
    });
  });

  it('orders of customer c1 on 2026-06-23: the day is a prefix of the ISO timestamp', () => {
    const built = request(shop, pattern(shop, 'customer-orders-day'));
    expect(built.request.KeyConditionExpression).toBe('PK = :PK AND begins_with(SK, :SKPrefix)');
    expect(built.request.ExpressionAttributeValues).toEqual({ ':PK': { S: 'CUSTOMER#c1' }, ':SKPrefix': { S: 'ORDER#2026-06-23T' } });
    expect(built.explanation).toContain('2026-06-23 = the whole day');
  });

  it('a GSI pattern names the index and reads its keys', () => {
    const built = request(shop, pattern(shop, 'orders-by-status'));
    expect(built.request).toMatchObject({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :GSI1PK',
      ExpressionAttributeValues: { ':GSI1PK': { S: 'STATUS#PLACED' } },
      ScanIndexForward: true,
    });
  });

  it('reserved words in projections are aliased by the expressions builder', () => {
    const built = request(shop, { ...pattern(shop, 'customer-orders'), projection: ['email', 'total', 'status'] });
    expect(built.request.ProjectionExpression).toBe('email, #total, #status');
    expect(built.request.ExpressionAttributeNames).toEqual({ '#total': 'total', '#status': 'status' });
  });

  it('says which partition field is missing, by path', () => {
    const built = buildPatternRequest(shop, { ...pattern(shop, 'customer-orders'), partitionValues: {} });
    expectErr(built);
    expect(built.needsScan).toBe(false);
    expect(built.problems[0]).toMatchObject({ path: 'accessPatterns[0].partitionValues.customerId' });
  });

  it('refuses an unknown index, an entity not in the index and ConsistentRead on a GSI', () => {
    const unknown = buildPatternRequest(shop, { ...pattern(shop, 'orders-by-status'), index: 'GSI9' });
    expect(!unknown.ok && unknown.problems[0]!.message).toMatch(/no index "GSI9": pick one of GSI1 or the table itself/);
    const sparse = buildPatternRequest(shop, { ...pattern(shop, 'orders-by-status'), entities: ['Address'] });
    expect(!sparse.ok && sparse.problems[0]!.message).toMatch(/Address has no template for GSI1PK, GSI1SK, so its items are not in index GSI1/);
    const consistent = buildPatternRequest(shop, { ...pattern(shop, 'orders-by-status'), consistentRead: true });
    expect(!consistent.ok && consistent.problems[0]!.message).toMatch(/can't be read with ConsistentRead/);
  });

  it('skipping a leading field of the sort key needs a Scan', () => {
    const built = buildPatternRequest(shop, { ...pattern(shop, 'customer-orders'), sort: { input: 'fields', operator: '=', values: { orderId: 'o_17' } } });
    expectErr(built);
    expect(built.needsScan).toBe(true);
    expect(built.problems[0]!.message).toMatch(/^Needs a Scan: the condition gives orderId but not at/);
  });
});

describe('buildPatternRequest: the articles', () => {
  it("AuditLog's events on 2026-06-23: the article's BETWEEN, both ends of the day included", () => {
    const built = request(auditLog, pattern(auditLog, 'actor-day'));
    expect(built.request).toEqual({
      TableName: 'AuditLog',
      KeyConditionExpression: 'PK = :PK AND SK BETWEEN :SKLow AND :SKHigh',
      ExpressionAttributeValues: { ':PK': { S: 'ACTOR#u_8814' }, ':SKLow': { S: 'EVT#2026-06-23T00:00:00Z' }, ':SKHigh': { S: 'EVT#2026-06-23T23:59:59Z' } },
      ScanIndexForward: true,
    });
  });

  it('the day as BETWEEN when the pattern says between', () => {
    const built = request(auditLog, {
      ...pattern(auditLog, 'actor-day'),
      sort: { input: 'fields', operator: 'between', values: { at: '2026-06-23' }, valuesHigh: { at: '2026-06-23' } },
    });
    expect(built.request.KeyConditionExpression).toBe('PK = :PK AND SK BETWEEN :SKLow AND :SKHigh');
    expect(built.request.ExpressionAttributeValues).toEqual({
      ':PK': { S: 'ACTOR#u_8814' },
      ':SKLow': { S: 'EVT#2026-06-23T00:00:00Z' },
      ':SKHigh': { S: 'EVT#2026-06-23T23:59:59Z' },
    });
  });

  it('Leaderboard: top ten, descending with Limit', () => {
    expect(request(leaderboard, pattern(leaderboard, 'top-scores')).request).toEqual({
      TableName: 'Leaderboard',
      KeyConditionExpression: 'leaderboardId = :leaderboardId',
      ExpressionAttributeValues: { ':leaderboardId': { S: 'SEASON#2026-SUMMER' } },
      ScanIndexForward: false,
      Limit: 10,
    });
  });

  it('refuses a Limit DynamoDB would refuse (a pattern kept from before the file check, or built in code), never sending it as no limit', () => {
    for (const limit of [0, -1, 2.5, Infinity, Number.NaN, 2_147_483_648]) {
      const built = buildPatternRequest(leaderboard, { ...pattern(leaderboard, 'top-scores'), limit });
      expectErr(built);
      expect(built.problems).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/^Limit must be a whole number from 1 to 2,147,483,647; got .*Leave it out to read every match\.$/),
        }),
      ]);
    }
  });

  it('a number sort key gets number bounds', () => {
    const built = request(leaderboard, { ...pattern(leaderboard, 'player-runs'), sort: { input: 'fields', operator: '>=', values: { ts: '1719720000' } } });
    expect(built.request).toMatchObject({
      IndexName: 'byPlayer',
      KeyConditionExpression: 'playerId = :playerId AND ts >= :ts',
      ExpressionAttributeValues: { ':ts': { N: '1719720000' } },
    });
  });
});

/** The comparison's GSI: season and region partition, score then ts sort attributes (multi-attribute keys). */
const multi: TableDesign = {
  ...leaderboard,
  indexes: [
    {
      name: 'byRegionScore',
      kind: 'GSI',
      partitionKey: [
        { name: 'seasonId', type: 'S' },
        { name: 'region', type: 'S' },
      ],
      sortKey: [
        { name: 'score', type: 'N' },
        { name: 'ts', type: 'N' },
      ],
      projection: { type: 'ALL', attributes: [] },
    },
  ],
  entities: [
    { ...leaderboard.entities[0]!, keys: { ...leaderboard.entities[0]!.keys, seasonId: '{season}', region: '{region}', score: '{score}', ts: '{ts}' } },
  ],
};
const multiPattern: AccessPatternDesign = {
  id: 'region-top',
  name: 'Top scores of a region',
  description: '',
  entities: ['Run'],
  index: 'byRegionScore',
  partitionValues: { season: '2026-SUMMER', region: 'EU' },
  direction: 'descending',
  projection: [],
  consistentRead: false,
  expected: {},
};

describe('buildPatternRequest: multi-attribute GSI keys', () => {
  it('one = per partition attribute', () => {
    expect(request(multi, multiPattern).request).toMatchObject({
      KeyConditionExpression: 'seasonId = :seasonId AND #region = :region',
      ExpressionAttributeNames: { '#region': 'region' },
      ExpressionAttributeValues: { ':seasonId': { S: '2026-SUMMER' }, ':region': { S: 'EU' } },
    });
  });

  it('sort attributes left to right: equality on the leading ones, a range on the last', () => {
    const built = request(multi, {
      ...multiPattern,
      sort: { input: 'fields', operator: 'between', values: { score: '875', ts: '1719700000' }, valuesHigh: { ts: '1719800000' } },
    });
    expect(built.request.KeyConditionExpression).toBe('seasonId = :seasonId AND #region = :region AND score = :score AND ts BETWEEN :tsLow AND :tsHigh');
    expect(built.request.ExpressionAttributeValues).toMatchObject({ ':score': { N: '875' }, ':tsLow': { N: '1719700000' }, ':tsHigh': { N: '1719800000' } });
    const ranged = request(multi, { ...multiPattern, sort: { input: 'fields', operator: '>=', values: { score: '1000' } } });
    expect(ranged.request.KeyConditionExpression).toBe('seasonId = :seasonId AND #region = :region AND score >= :score');
  });

  it('a condition on ts without score needs a Scan', () => {
    const built = buildPatternRequest(multi, { ...multiPattern, sort: { input: 'fields', operator: '>=', values: { ts: '1719700000' } } });
    expectErr(built);
    expect(built.needsScan).toBe(true);
    expect(built.problems[0]!.message).toMatch(/skips sort attribute score/);
  });

  it('raw text cannot address a multi-attribute sort key', () => {
    const built = buildPatternRequest(multi, { ...multiPattern, sort: { input: 'raw', operator: '>=', value: '10' } });
    expect(!built.ok && built.problems[0]!.message).toMatch(/multi-attribute \(score, ts\): give field values/);
  });
});
