/**
 * UpdateTimeToLive, DescribeTimeToLive and the tag operations, compared with
 * the real DynamoDB Local as the contract suite does; DynamoDB Local's TTL
 * message differences are mapped away by contract/ttlNormalizers.ts (README).
 *
 * DynamoDB Local's TTL deletion cannot be driven, so the sweep is checked
 * against an honest oracle instead: the same items on both sides, the
 * engine's sweep at a driven time, and on DynamoDB Local the items its own
 * Scan filter finds expired at that time deleted by hand; the two tables must
 * then be equal. DynamoDB Local does not implement tagging at all, so the
 * tag operations are asserted against DynamoDB's documented behaviour, with
 * DynamoDB Local's refusal recorded beside them.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../src/engine';
import { Contract } from './contract/contract';
import { N, S, tableSpec } from './contract/fixtures';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './contract/sides';
import { TTL_NORMALIZERS } from './contract/ttlNormalizers';
import { finalItems, sweepByHand } from './contract/ttlSweepOracle';
import { uniqueTableName } from './dynamodbLocal';

let engineSide: Side;
let localSide: Side;
let contract: Contract;

const sessions = tableSpec(uniqueTableName('ttlSessions'), [
  ['pk', 'S'],
  ['sk', 'N'],
]);

beforeAll(async () => {
  engineSide = await startEngineSide();
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
  await contract.sameResult('CreateTable', (db) => db.createTable(sessions.input));
});

afterAll(async () => {
  await contract?.onBoth((db) => db.deleteTable({ TableName: sessions.name }).then(() => undefined)).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
});

const ttl =
  (AttributeName: string | undefined, Enabled: boolean | undefined, TableName = sessions.name) =>
  (db: DynamoDBDataSource) =>
    db.updateTimeToLive({ TableName, TimeToLiveSpecification: { AttributeName, Enabled } as never });
const describeTtl = (db: DynamoDBDataSource) => db.describeTimeToLive({ TableName: sessions.name });

describe('UpdateTimeToLive / DescribeTimeToLive', () => {
  it('agrees on every setting change and refusal', async () => {
    await contract.sameResult('fresh', describeTtl);
    await contract.sameError('disable when never enabled', ttl('exp', false), ...TTL_NORMALIZERS);
    await contract.sameResult('enable', ttl('exp', true));
    await contract.sameResult('enabled', describeTtl);
    await contract.sameError('enable again', ttl('exp', true), ...TTL_NORMALIZERS);
    await contract.sameError('enable another attribute', ttl('other', true), ...TTL_NORMALIZERS);
    await contract.sameError('disable another attribute', ttl('other', false), ...TTL_NORMALIZERS);
    await contract.sameResult('disable', ttl('exp', false));
    await contract.sameResult('disabled: no attribute named', describeTtl);
    await contract.sameError('disable again', ttl('exp', false), ...TTL_NORMALIZERS);
    await contract.sameResult('enable another attribute once disabled', ttl('expiresAt', true));
    await contract.sameResult('moved', describeTtl);
    await contract.sameResult('a key attribute is accepted', async (db) => {
      await db.updateTimeToLive({ TableName: sessions.name, TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: false } });
      return db.updateTimeToLive({ TableName: sessions.name, TimeToLiveSpecification: { AttributeName: 'sk', Enabled: true } });
    });
    await contract.sameResult('back off', ttl('sk', false));
  });

  it('agrees on request errors (messages mapped where DynamoDB Local words them differently)', async () => {
    await contract.sameError('no specification', (db) => db.updateTimeToLive({ TableName: sessions.name } as never), ...TTL_NORMALIZERS);
    await contract.sameError('no attribute name', ttl(undefined, true), ...TTL_NORMALIZERS);
    await contract.sameError('no Enabled', ttl('exp', undefined), ...TTL_NORMALIZERS);
    await contract.sameError('an empty attribute name', ttl('', true), ...TTL_NORMALIZERS);
    await contract.sameError('a 256-character attribute name', ttl('x'.repeat(256), true), ...TTL_NORMALIZERS);
    await contract.sameError('a bad table name', ttl('exp', true, 'a;'), ...TTL_NORMALIZERS);
    await contract.sameError('a missing table', ttl('exp', true, uniqueTableName('ttlMissing')), ...TTL_NORMALIZERS);
    await contract.sameError('describe a missing table', (db) => db.describeTimeToLive({ TableName: uniqueTableName('ttlMissing') }), ...TTL_NORMALIZERS);
  });
});

describe('the TTL sweep (driven clock) against DynamoDB Local swept by hand', () => {
  it('leaves exactly the items DynamoDB would keep', async () => {
    // The driven "now" is at least ten years ahead of the real clock: DynamoDB Local runs its own TTL
    // deletes on real time, and a fixed now that real time caught up with let it delete items before
    // the sweep by hand (seen on 2026-12-02 with a now of 1.8e9). Rounded to 1e8, so a value can also
    // be written with an exponent.
    const nowSeconds = Math.ceil((Date.now() / 1000 + 10 * 365 * 86400) / 1e8) * 1e8;
    const spec = tableSpec(uniqueTableName('ttlSweep'), [
      ['pk', 'S'],
      ['sk', 'N'],
    ]);
    const name = spec.name;
    const values: (AttributeValue | undefined)[] = [
      N(nowSeconds - 1),
      N(nowSeconds),
      N(nowSeconds + 1),
      N(`${nowSeconds - 1}.999`),
      N(`${(nowSeconds - 1e8) / 1e9}e9`),
      N(nowSeconds - 5 * 365 * 86400),
      N(nowSeconds - 5 * 365 * 86400 - 1),
      N(-1),
      N(nowSeconds * 1000),
      S(String(nowSeconds - 10)),
      { NS: [String(nowSeconds - 10)] },
      undefined,
    ];
    const items = values.map((exp, i) => ({ pk: S(`p${i % 3}`), sk: N(i), ...(exp ? { exp } : {}) }));
    const engine = createLocalDynamoDB({ clock: () => nowSeconds * 1000 });
    const local = localSide.db;
    for (const db of [engine, local]) {
      await db.createTable(spec.input);
      await db.updateTimeToLive({ TableName: name, TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } });
      for (const Item of items) await db.putItem({ TableName: name, Item });
    }
    try {
      const swept = await engine.sweepExpiredItems();
      const byHand = await sweepByHand(local, name, ['pk', 'sk'], 'exp', nowSeconds);
      expect(swept).toBe(byHand);
      expect(swept).toBe(4);
      expect(await finalItems(engine, name)).toEqual(await finalItems(local, name));
    } finally {
      await local.deleteTable({ TableName: name });
    }
  });
});

describe('tags', () => {
  it('DynamoDB Local does not implement them; the engine does, by table ARN', async () => {
    const arn = `arn:aws:dynamodb:ddblocal:000000000000:table/${sessions.name}`;
    const { engine, local } = await contract.compare((db) => db.listTagsOfResource({ ResourceArn: arn }));
    expect(local).toEqual({ ok: false, name: 'UnknownOperationException', message: 'Tagging is not currently supported in DynamoDB Local.' });
    expect(engine).toEqual({ ok: true, value: { Tags: [] } });
    const db = engineSide.db;
    await db.tagResource({
      ResourceArn: arn,
      Tags: [
        { Key: 'team', Value: 'auth' },
        { Key: 'env', Value: 'dev' },
      ],
    });
    await db.untagResource({ ResourceArn: arn, TagKeys: ['env'] });
    expect((await db.listTagsOfResource({ ResourceArn: arn })).Tags).toEqual([{ Key: 'team', Value: 'auth' }]);
    await expect(db.listTagsOfResource({ ResourceArn: `${arn}/index/x` })).rejects.toMatchObject({
      name: 'ValidationException',
      message: `Invalid TableArn: Invalid ResourceArn provided as input ${arn}/index/x`,
    });
  });
});
