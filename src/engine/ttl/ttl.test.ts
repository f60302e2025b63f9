import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../createLocalDynamoDB';
import { expectError, N, S, tableInput } from '../engine.fixtures';
import type { EngineChange } from '../localDynamoDB.types';
import { isExpired, TTL_MAX_AGE_SECONDS } from './expiry';

/*
 * UpdateTimeToLive, DescribeTimeToLive and the TTL sweep. Messages are real
 * DynamoDB's (DynamoDB Local: "TimeToLive is active on a different
 * AttributeName" without the current name, "TimeToLiveSpecification cannot
 * be null", "AttributeName cannot be null when time to live is being enabled").
 */

const NOW_S = 1_800_000_000;

function engineAt(seconds: { now: number }) {
  return createLocalDynamoDB({ clock: () => seconds.now * 1000 });
}

describe('UpdateTimeToLive / DescribeTimeToLive', () => {
  it('enables, refuses a second enable and a different attribute, disables', async () => {
    const db = engineAt({ now: NOW_S });
    await db.createTable(tableInput('Sessions', [['id', 'S']]));
    expect((await db.describeTimeToLive({ TableName: 'Sessions' })).TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'DISABLED' });
    await expectError(
      db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: false } }),
      'ValidationException',
      'TimeToLive is already disabled',
    );
    const enabled = await db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } });
    expect(enabled.TimeToLiveSpecification).toEqual({ AttributeName: 'exp', Enabled: true });
    expect((await db.describeTimeToLive({ TableName: 'Sessions' })).TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'exp' });
    await expectError(
      db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } }),
      'ValidationException',
      'TimeToLive is already enabled',
    );
    const other = 'TimeToLive is active on a different AttributeName: current AttributeName is exp';
    await expectError(
      db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'other', Enabled: true } }),
      'ValidationException',
      other,
    );
    await expectError(
      db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'other', Enabled: false } }),
      'ValidationException',
      other,
    );
    await db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: false } });
    expect((await db.describeTimeToLive({ TableName: 'Sessions' })).TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'DISABLED' });
    // Disabled, TTL may move to another attribute.
    await db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'other', Enabled: true } });
    expect((await db.describeTimeToLive({ TableName: 'Sessions' })).TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'other' });
  });

  it('reports request errors before looking at the table, then a missing table by name', async () => {
    const db = engineAt({ now: NOW_S });
    const nullAt = (path: string) => `Value null at '${path}' failed to satisfy constraint: Member must not be null`;
    await expectError(
      db.updateTimeToLive({ TableName: 'Nope' } as never),
      'ValidationException',
      `1 validation error detected: ${nullAt('timeToLiveSpecification')}`,
    );
    await expectError(
      db.updateTimeToLive({ TableName: 'Nope', TimeToLiveSpecification: {} } as never),
      'ValidationException',
      `2 validation errors detected: ${nullAt('timeToLiveSpecification.attributeName')}; ${nullAt('timeToLiveSpecification.enabled')}`,
    );
    await expectError(
      db.updateTimeToLive({ TableName: 'Nope', TimeToLiveSpecification: { AttributeName: '', Enabled: true } }),
      'ValidationException',
      "1 validation error detected: Value '' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
    await expectError(
      db.updateTimeToLive({ TableName: 'Nope', TimeToLiveSpecification: { AttributeName: 'x'.repeat(256), Enabled: true } }),
      'ValidationException',
      /^1 validation error detected: Value 'x+' at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length less than or equal to 255$/,
    );
    await expectError(
      db.updateTimeToLive({ TableName: 'Nope', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } }),
      'ResourceNotFoundException',
      'Requested resource not found: Table: Nope not found',
    );
    await expectError(db.describeTimeToLive({ TableName: 'Nope' }), 'ResourceNotFoundException', 'Requested resource not found: Table: Nope not found');
    await expectError(db.describeTimeToLive({} as never), 'ValidationException', `1 validation error detected: ${nullAt('tableName')}`);
  });
});

describe('isExpired', () => {
  it('takes Numbers of epoch seconds in the past, up to five years back', () => {
    const now = NOW_S * 1000;
    expect(isExpired({ exp: N(NOW_S - 1) }, 'exp', now)).toBe(true);
    expect(isExpired({ exp: N(NOW_S) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: N(NOW_S + 1) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: N(`${NOW_S - 1}.5`) }, 'exp', now)).toBe(true);
    expect(isExpired({ exp: N(NOW_S - TTL_MAX_AGE_SECONDS) }, 'exp', now)).toBe(true);
    expect(isExpired({ exp: N(NOW_S - TTL_MAX_AGE_SECONDS - 1) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: N(-5) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: N(NOW_S * 1000) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: S(String(NOW_S - 1)) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: { NS: [String(NOW_S - 1)] } }, 'exp', now)).toBe(false);
    expect(isExpired({ other: N(NOW_S - 1) }, 'exp', now)).toBe(false);
  });

  it('compares values beyond a double’s precision exactly at both bounds (found by ttlDifferential.test.ts)', () => {
    const now = NOW_S * 1000;
    const oldest = NOW_S - TTL_MAX_AGE_SECONDS;
    // Each of these reads as the bound itself in floating point.
    expect(isExpired({ exp: N(`${NOW_S - 1}.99999999999999999999`) }, 'exp', now)).toBe(true);
    expect(isExpired({ exp: N(`${NOW_S}.00000000000000000001`) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: N(`${oldest - 1}.99999999999999999999`) }, 'exp', now)).toBe(false);
    expect(isExpired({ exp: N(`${oldest}.00000000000000000001`) }, 'exp', now)).toBe(true);
    expect(isExpired({ exp: N(`${oldest}`) }, 'exp', now)).toBe(true);
    // A clock between seconds, and other spellings of the same values.
    expect(isExpired({ exp: N(`${NOW_S}.2499999999999999999`) }, 'exp', now + 250)).toBe(true);
    expect(isExpired({ exp: N(`${NOW_S}.25`) }, 'exp', now + 250)).toBe(false);
    expect(isExpired({ exp: N('1.79999999999999999999999999e9') }, 'exp', now)).toBe(true);
    expect(isExpired({ exp: N(`${NOW_S}.000`) }, 'exp', now)).toBe(false);
  });
});

describe('sweepExpiredItems', () => {
  async function sessions(clock: { now: number }, count: number) {
    const db = engineAt(clock);
    await db.createTable(
      tableInput(
        'Sessions',
        [
          ['user', 'S'],
          ['id', 'N'],
        ],
        {
          extraDefinitions: [['kind', 'S']],
          GlobalSecondaryIndexes: [{ IndexName: 'byKind', KeySchema: [{ AttributeName: 'kind', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
        },
      ),
    );
    await db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } });
    // Even ids expire at NOW_S + id; odd ids never (no TTL attribute, or a string).
    await db.loadItems(
      'Sessions',
      Array.from({ length: count }, (_, id) => ({
        user: S(`u${id % 7}`),
        id: N(id),
        kind: S('k'),
        ...(id % 2 === 0 ? { exp: N(NOW_S + id) } : id % 3 === 0 ? { exp: S('1') } : {}),
      })),
    );
    return db;
  }

  it('deletes only expired items, from the table and its indexes, when the driven clock passes their time; reads see them until then', async () => {
    const clock = { now: NOW_S };
    const db = await sessions(clock, 40);
    expect(await db.sweepExpiredItems()).toBe(0);
    clock.now = NOW_S + 10;
    // Expired but not swept yet: still read, as on DynamoDB.
    expect((await db.getItem({ TableName: 'Sessions', Key: { user: S('u0'), id: N(0) } })).Item).toBeDefined();
    const changes: EngineChange[] = [];
    db.subscribe((change) => changes.push(change));
    // ids 0, 2, 4, 6, 8 expired (exp < now); 10 expires at exactly now: not yet.
    expect(await db.sweepExpiredItems()).toBe(5);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ type: 'writeItems', by: 'ttl' });
    const left = await db.scan({ TableName: 'Sessions' });
    expect(left.Count).toBe(35);
    const index = await db.query({
      TableName: 'Sessions',
      IndexName: 'byKind',
      KeyConditionExpression: 'kind = :k',
      ExpressionAttributeValues: { ':k': S('k') },
    });
    expect(index.Count).toBe(35);
    expect(await db.sweepExpiredItems()).toBe(0);
  });

  it('in slices, resumes where the last slice stopped and covers the whole table', async () => {
    const clock = { now: NOW_S };
    const db = await sessions(clock, 101);
    clock.now = NOW_S + 1000;
    let deleted = 0;
    // 101 items in slices of 10: eleven sweeps look at every item once.
    for (let i = 0; i < 11; i++) deleted += await db.sweepExpiredItems({ maxItemsPerTable: 10 });
    expect(deleted).toBe(51);
    expect((await db.scan({ TableName: 'Sessions', Select: 'COUNT' })).Count).toBe(50);
  });

  it('leaves tables without TTL, or with TTL disabled, alone', async () => {
    const clock = { now: NOW_S };
    const db = await sessions(clock, 10);
    await db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: false } });
    await db.createTable(tableInput('Plain', [['id', 'S']]));
    await db.putItem({ TableName: 'Plain', Item: { id: S('a'), exp: N(NOW_S - 1) } });
    clock.now = NOW_S + 100;
    expect(await db.sweepExpiredItems()).toBe(0);
    expect((await db.scan({ TableName: 'Sessions', Select: 'COUNT' })).Count).toBe(10);
  });

  it('a sliced sweep of a re-created table starts over', async () => {
    const clock = { now: NOW_S };
    const db = await sessions(clock, 30);
    clock.now = NOW_S + 1000;
    await db.sweepExpiredItems({ maxItemsPerTable: 5 });
    await db.deleteTable({ TableName: 'Sessions' });
    await db.createTable(
      tableInput('Sessions', [
        ['user', 'S'],
        ['id', 'N'],
      ]),
    );
    await db.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } });
    await db.putItem({ TableName: 'Sessions', Item: { user: S('a'), id: N(1), exp: N(NOW_S) } });
    expect(await db.sweepExpiredItems({ maxItemsPerTable: 5 })).toBe(1);
  });
});
