/**
 * Multi-attribute GSI keys (up to four HASH and four RANGE attributes, each
 * with its own type), compared with the real DynamoDB Local (3.3.1 implements
 * them) as the contract suite does (contract/contract.ts): CreateTable and
 * its refusals, DescribeTable, writes of mixed types, items missing a key
 * attribute (not in the index), Query with equality on every partition
 * attribute and on a sort prefix then one range condition, every refusal,
 * paging with Limit both ways, ExclusiveStartKey checks, and Scan of the index.
 */
import type { AttributeValue, CreateTableCommandInput, KeySchemaElement, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueTableName } from './dynamodbLocal';
import { Contract } from './contract/contract';
import { B, N, S } from './contract/fixtures';
import { indexTieOrder, messageDifference, scanAsSet } from './contract/normalize';
import { queryAllPages, scanAllPages } from './contract/paging';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './contract/sides';

let engineSide: Side;
let localSide: Side;
let contract: Contract;

const H = (AttributeName: string): KeySchemaElement => ({ AttributeName, KeyType: 'HASH' });
const R = (AttributeName: string): KeySchemaElement => ({ AttributeName, KeyType: 'RANGE' });
const TYPES: Record<string, 'S' | 'N' | 'B'> = { pk: 'S', sk: 'N', tenant: 'S', area: 'N', round: 'S', score: 'N', tag: 'B', day: 'S', spare: 'S' };

function tableInput(
  TableName: string,
  indexes: { name: string; keys: KeySchemaElement[]; projection?: 'ALL' | 'KEYS_ONLY' }[],
  tableKeys = [H('pk'), R('sk')],
): CreateTableCommandInput {
  const used = new Set([...tableKeys, ...indexes.flatMap((index) => index.keys)].map((key) => key.AttributeName as string));
  return {
    TableName,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: tableKeys,
    AttributeDefinitions: [...used].map((AttributeName) => ({ AttributeName, AttributeType: TYPES[AttributeName] ?? 'S' })),
    GlobalSecondaryIndexes: indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: index.keys,
      Projection: { ProjectionType: index.projection ?? 'ALL' },
    })),
  };
}

/** tenant + area → round, score, tag: two HASH and three RANGE attributes of three types. */
const MATCHES = uniqueTableName('multiGsi');
const BY_MATCH = 'byMatch';
/** tenant → day, score: one HASH, two RANGE. */
const BY_DAY = 'byDay';
const TABLE_KEYS = ['pk', 'sk'];

/**
 * DynamoDB Local words an empty key value in an index Query as it does for a
 * write (`A value specified for a secondary index key is not supported. …
 * IndexName: …, IndexKey: …`); the engine keeps the message it gives for
 * every Query (`… Key: <name>`, DynamoDB's for a table, keyConditions.test.ts).
 */
const emptyIndexKeyInQuery = messageDifference(
  'an empty key value in an index Query',
  /^One or more parameter values are not valid\. A value specified for a secondary index key is not supported\. The AttributeValue for a key attribute cannot contain an empty (string|binary) value\. IndexName: [^ ,]+, IndexKey: [^ ]+$/,
  /^One or more parameter values are not valid\. The AttributeValue for a key attribute cannot contain an empty (string|binary) value\. Key: [^ ]+$/,
  ['query'],
);

interface Match {
  readonly id: number;
  readonly tenant?: string;
  readonly area?: number;
  readonly round?: string;
  readonly score?: number | string;
  readonly tag?: number[];
  readonly day?: string;
}

function matchItem(match: Match): Record<string, AttributeValue> {
  const item: Record<string, AttributeValue> = { pk: S(`m${String(match.id).padStart(3, '0')}`), sk: N(match.id % 3) };
  if (match.tenant !== undefined) item.tenant = S(match.tenant);
  if (match.area !== undefined) item.area = N(match.area);
  if (match.round !== undefined) item.round = S(match.round);
  if (match.score !== undefined) item.score = N(match.score);
  if (match.tag !== undefined) item.tag = B(...match.tag);
  if (match.day !== undefined) item.day = S(match.day);
  return item;
}

/** Rounds whose UTF-8 order differs from UTF-16 order and from locale order; scores that sort differently as text. */
const ROUNDS = ['final', 'Semi', 'é-round', '\u{1F600}', 'semi', '\uFFFD'];
const SCORES = [-5, 0, 2.5, 10, 9, 100];
const TAGS = [[0], [255], [1, 2], [1]];

function allMatches(): Match[] {
  const matches: Match[] = [];
  let id = 0;
  for (const round of ROUNDS) {
    for (const score of SCORES) {
      const tag = TAGS[id % TAGS.length] as number[];
      matches.push({ id: id++, tenant: 'acme', area: 1, round, score, tag, day: `2026-0${(id % 9) + 1}` });
    }
  }
  // Another partition of byMatch (same tenant, another area), and ties on every index key.
  matches.push({ id: id++, tenant: 'acme', area: 2, round: 'final', score: 1, tag: [0], day: '2026-01' });
  matches.push({ id: id++, tenant: 'acme', area: 1, round: 'final', score: 9, tag: [1, 2], day: '2026-01' });
  // Missing one key attribute each: not in byMatch (some still in byDay).
  matches.push({ id: id++, tenant: 'acme', area: 1, round: 'final', score: 1, day: '2026-02' });
  matches.push({ id: id++, tenant: 'acme', round: 'final', score: 1, tag: [0] });
  matches.push({ id, area: 1, round: 'final', score: 1, tag: [0] });
  return matches;
}

beforeAll(async () => {
  engineSide = await startEngineSide();
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
  const input = tableInput(MATCHES, [
    { name: BY_MATCH, keys: [H('tenant'), H('area'), R('round'), R('score'), R('tag')], projection: 'KEYS_ONLY' },
    { name: BY_DAY, keys: [H('tenant'), R('day'), R('score')] },
  ]);
  await contract.sameResult('CreateTable with multi-attribute GSIs', (db) => db.createTable(input));
  await contract.onBoth(async (db) => {
    for (const match of allMatches()) await db.putItem({ TableName: MATCHES, Item: matchItem(match) });
  });
});

afterAll(async () => {
  await contract?.onBoth((db) => db.deleteTable({ TableName: MATCHES }).then(() => undefined)).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
});

const acme1 = { ':t': S('acme'), ':r': N(1) };

function query(KeyConditionExpression: string, values: Record<string, AttributeValue>, extra: Partial<QueryCommandInput> = {}): QueryCommandInput {
  return { TableName: MATCHES, IndexName: BY_MATCH, KeyConditionExpression, ExpressionAttributeValues: values, ...extra };
}

describe('CreateTable and DescribeTable', () => {
  it('describes every key attribute of a multi-attribute GSI, HASH then RANGE', async () => {
    const described = (await contract.sameResult('DescribeTable', (db) => db.describeTable({ TableName: MATCHES }))) as {
      Table: { GlobalSecondaryIndexes: { IndexName: string; KeySchema: KeySchemaElement[] }[] };
    };
    const byMatch = described.Table.GlobalSecondaryIndexes.find((index) => index.IndexName === BY_MATCH);
    expect(byMatch?.KeySchema.map((key) => `${key.KeyType}:${key.AttributeName}`)).toEqual([
      'HASH:tenant',
      'HASH:area',
      'RANGE:round',
      'RANGE:score',
      'RANGE:tag',
    ]);
  });

  it('accepts four HASH and four RANGE attributes, and refuses what breaks the rules', async () => {
    const cases: [string, KeySchemaElement[]][] = [
      ['4 HASH + 4 RANGE', [H('tenant'), H('area'), H('round'), H('spare'), R('score'), R('tag'), R('day'), R('sk')]],
      ['two HASH, no RANGE', [H('tenant'), H('area')]],
      ['5 HASH', [H('tenant'), H('area'), H('round'), H('spare'), H('day')]],
      ['5 RANGE', [H('tenant'), R('area'), R('round'), R('spare'), R('day'), R('score')]],
      ['9 elements', [H('tenant'), H('area'), H('round'), H('spare'), R('score'), R('tag'), R('day'), R('sk'), R('pk')]],
      ['HASH after RANGE', [H('tenant'), R('round'), H('area')]],
      ['RANGE first', [R('round'), H('area'), H('tenant')]],
      ['a name twice', [H('tenant'), H('area'), R('tenant')]],
      ['an undefined attribute', [H('tenant'), H('area'), R('nowhere')]],
    ];
    for (const [label, keys] of cases) {
      const name = uniqueTableName('multiGsiCreate');
      const input = tableInput(name, [{ name: 'gsi', keys: keys.filter((key) => key.AttributeName !== 'nowhere') }]);
      (input.GlobalSecondaryIndexes?.[0] as { KeySchema: KeySchemaElement[] }).KeySchema = keys;
      const outcome = await contract.same(`CreateTable: ${label}`, (db) => db.createTable(input));
      if (outcome.ok) await contract.onBoth((db) => db.deleteTable({ TableName: name }).then(() => undefined));
    }
  });
});

describe('Query', () => {
  const sameQuery = (label: string, input: QueryCommandInput) => contract.sameResult(label, (db) => db.query(input));

  it('reads a partition in the order of every sort attribute, each by its type, both ways', async () => {
    const forward = (await sameQuery('whole partition', query('tenant = :t AND area = :r', acme1))) as { Items: Record<string, { S?: string }>[] };
    expect(forward.Items.length).toBe(ROUNDS.length * SCORES.length + 1);
    await sameQuery('whole partition, descending', query('area = :r AND tenant = :t', acme1, { ScanIndexForward: false }));
    await sameQuery('another partition', query('tenant = :t AND area = :r', { ':t': S('acme'), ':r': N(2) }));
    await sameQuery('a missing partition', query('tenant = :t AND area = :r', { ':t': S('acme'), ':r': N(3) }));
  });

  it('constrains the sort attributes left to right: equality on a prefix, one condition on the last', async () => {
    const cases: [string, string, Record<string, AttributeValue>][] = [
      ['round =', 'AND #round = :a', { ':a': S('semi') }],
      ['round >', 'AND #round > :a', { ':a': S('semi') }],
      ['round <=', 'AND #round <= :a', { ':a': S('semi') }],
      ['round begins_with', 'AND begins_with(#round, :a)', { ':a': S('S') }],
      ['round BETWEEN', 'AND #round BETWEEN :a AND :b', { ':a': S('Semi'), ':b': S('\u{1F600}') }],
      ['round =, score =', 'AND #round = :a AND score = :b', { ':a': S('final'), ':b': N(9) }],
      ['round =, score <', 'AND #round = :a AND score < :b', { ':a': S('final'), ':b': N(9) }],
      ['round =, score >=', 'AND #round = :a AND score >= :b', { ':a': S('é-round'), ':b': N(2.5) }],
      ['round =, score BETWEEN', 'AND #round = :a AND score BETWEEN :b AND :c', { ':a': S('final'), ':b': N(0), ':c': N(10) }],
      ['round =, score =, tag >', 'AND #round = :a AND score = :b AND tag > :c', { ':a': S('final'), ':b': N(9), ':c': B(1) }],
      ['round =, score =, tag begins_with', 'AND #round = :a AND score = :b AND begins_with(tag, :c)', { ':a': S('final'), ':b': N(9), ':c': B(1) }],
      ['all equal', 'AND #round = :a AND score = :b AND tag = :c', { ':a': S('final'), ':b': N(9), ':c': B(1, 2) }],
    ];
    for (const [label, sortCondition, values] of cases) {
      for (const ScanIndexForward of [true, false]) {
        await sameQuery(
          `${label} ${ScanIndexForward ? 'ascending' : 'descending'}`,
          query(`tenant = :t AND area = :r ${sortCondition}`, { ...acme1, ...values }, { ScanIndexForward, ExpressionAttributeNames: { '#round': 'round' } }),
        );
      }
    }
    // Items with equal index keys come in no documented order (DynamoDB Local's is not the table key's): indexTieOrder.
    await contract.sameResult(
      'one HASH, two RANGE',
      (db) =>
        queryAllPages(db, {
          TableName: MATCHES,
          IndexName: BY_DAY,
          KeyConditionExpression: 'tenant = :t AND #day = :d AND score > :s',
          ExpressionAttributeNames: { '#day': 'day' },
          ExpressionAttributeValues: { ':t': S('acme'), ':d': S('2026-01'), ':s': N(0) },
        }),
      indexTieOrder(['tenant', 'day', 'score'], TABLE_KEYS),
    );
  });

  it('pages with Limit, both ways, and resumes from every LastEvaluatedKey', async () => {
    for (const Limit of [1, 5, 7]) {
      for (const ScanIndexForward of [true, false]) {
        const label = `Limit ${Limit} ${ScanIndexForward ? 'ascending' : 'descending'}`;
        await contract.sameResult(`${label}: whole partition`, (db) =>
          queryAllPages(db, query('tenant = :t AND area = :r', acme1, { Limit, ScanIndexForward })),
        );
        await contract.sameResult(`${label}: prefix and range`, (db) =>
          queryAllPages(
            db,
            query(
              'tenant = :t AND area = :r AND #round = :a AND score > :b',
              { ...acme1, ':a': S('final'), ':b': N(0) },
              { Limit, ScanIndexForward, ExpressionAttributeNames: { '#round': 'round' } },
            ),
          ),
        );
      }
    }
  });

  it("refuses conditions that break the rules, with DynamoDB Local 3.3.1's messages", async () => {
    const cases: [string, string, Record<string, AttributeValue>][] = [
      ['a partition attribute missing', 'tenant = :t', { ':t': S('acme') }],
      ['both partition attributes missing', '#round = :a', { ':a': S('x') }],
      ['a range on a partition attribute', 'tenant = :t AND area > :r', acme1],
      ['begins_with on a partition attribute', 'begins_with(tenant, :t) AND area = :r', acme1],
      ['a sort attribute skipped', 'tenant = :t AND area = :r AND score = :b', { ...acme1, ':b': N(1) }],
      ['two sort attributes skipped', 'tenant = :t AND area = :r AND tag = :c', { ...acme1, ':c': B(1) }],
      ['a range before the last condition', 'tenant = :t AND area = :r AND #round > :a AND score = :b', { ...acme1, ':a': S('x'), ':b': N(1) }],
      ['two ranges', 'tenant = :t AND area = :r AND #round >= :a AND score < :b', { ...acme1, ':a': S('x'), ':b': N(1) }],
      ['an attribute outside the key', 'tenant = :t AND area = :r AND #day = :a', { ...acme1, ':a': S('x') }],
      [
        'more conditions than key attributes',
        'tenant = :t AND area = :r AND #round = :a AND score = :b AND tag = :c AND #day = :a',
        { ...acme1, ':a': S('x'), ':b': N(1), ':c': B(1) },
      ],
      ['a value of the wrong type', 'tenant = :t AND area = :r AND score = :b', { ...acme1, ':b': S('1') }],
      ['a partition value of the wrong type', 'tenant = :t AND area = :b', { ':t': S('acme'), ':b': S('1') }],
      ['begins_with on a number', 'tenant = :t AND area = :r AND #round = :a AND begins_with(score, :b)', { ...acme1, ':a': S('x'), ':b': N(1) }],
      ['an empty string', 'tenant = :t AND area = :r AND #round = :a', { ...acme1, ':a': S('') }],
      [
        'an empty binary prefix',
        'tenant = :t AND area = :r AND #round = :a AND score = :b AND begins_with(tag, :c)',
        { ...acme1, ':a': S('x'), ':b': N(1), ':c': B() },
      ],
      ['the same attribute twice', 'tenant = :t AND area = :r AND tenant = :t', acme1],
    ];
    for (const [label, condition, values] of cases) {
      const input = query(condition, values);
      if (condition.includes('#round') || condition.includes('#day'))
        input.ExpressionAttributeNames = {
          ...(condition.includes('#round') ? { '#round': 'round' } : {}),
          ...(condition.includes('#day') ? { '#day': 'day' } : {}),
        };
      await contract.sameError(label, (db) => db.query(input), emptyIndexKeyInQuery);
    }
    await contract.sameError('a filter on an index key attribute', (db) =>
      db.query(
        query('tenant = :t AND area = :r', { ...acme1, ':a': S('x') }, { FilterExpression: '#round = :a', ExpressionAttributeNames: { '#round': 'round' } }),
      ),
    );
  });

  it('checks an ExclusiveStartKey against every key attribute and the conditions', async () => {
    const start = (extra: Record<string, AttributeValue>) => ({
      pk: S('m001'),
      sk: N(1),
      tenant: S('acme'),
      area: N(1),
      round: S('final'),
      score: N(0),
      tag: B(1),
      ...extra,
    });
    await contract.sameResult('a start key that is no item', (db) =>
      db.query(query('tenant = :t AND area = :r', acme1, { Limit: 3, ExclusiveStartKey: start({ pk: S('zzz') }) })),
    );
    const { tag: _tag, ...withoutTag } = start({});
    await contract.sameError('a start key without a sort attribute', (db) =>
      db.query(query('tenant = :t AND area = :r', acme1, { ExclusiveStartKey: withoutTag })),
    );
    await contract.sameError('a start key in another partition', (db) =>
      db.query(query('tenant = :t AND area = :r', acme1, { ExclusiveStartKey: start({ area: N(2) }) })),
    );
    await contract.sameError('a start key outside the equality prefix', (db) =>
      db.query(
        query(
          'tenant = :t AND area = :r AND #round = :a',
          { ...acme1, ':a': S('semi') },
          { ExclusiveStartKey: start({}), ExpressionAttributeNames: { '#round': 'round' } },
        ),
      ),
    );
    await contract.sameError('a start key outside the range', (db) =>
      db.query(
        query(
          'tenant = :t AND area = :r AND #round = :a AND score > :b',
          { ...acme1, ':a': S('final'), ':b': N(50) },
          { ExclusiveStartKey: start({}), ExpressionAttributeNames: { '#round': 'round' } },
        ),
      ),
    );
  });
});

describe('the index', () => {
  it('holds only the items with every key attribute, and a Scan of it pages through them', async () => {
    for (const Limit of [undefined, 4]) {
      await contract.same(
        `Scan ${BY_MATCH}, Limit ${Limit}`,
        (db) => scanAllPages(db, { TableName: MATCHES, IndexName: BY_MATCH, ...(Limit ? { Limit } : {}) }),
        scanAsSet(TABLE_KEYS),
      );
    }
    await contract.same(`Scan ${BY_DAY}`, (db) => scanAllPages(db, { TableName: MATCHES, IndexName: BY_DAY }), scanAsSet(TABLE_KEYS));
  });

  it('follows writes that move, add and remove items', async () => {
    await contract.onBoth(async (db) => {
      await db.updateItem({
        TableName: MATCHES,
        Key: { pk: S('m000'), sk: N(0) },
        UpdateExpression: 'SET score = :s',
        ExpressionAttributeValues: { ':s': N(1000) },
      });
      await db.updateItem({ TableName: MATCHES, Key: { pk: S('m001'), sk: N(1) }, UpdateExpression: 'REMOVE tag' });
      await db.deleteItem({ TableName: MATCHES, Key: { pk: S('m002'), sk: N(2) } });
      await db.putItem({ TableName: MATCHES, Item: matchItem({ id: 500, tenant: 'acme', area: 1, round: 'final', score: -1, tag: [7] }) });
    });
    await contract.sameResult('the partition after the writes', (db) => queryAllPages(db, query('tenant = :t AND area = :r', acme1, { Limit: 9 })));
  });

  it('refuses writes whose key attributes are of the wrong type, empty, or too large together', async () => {
    const put = (extra: Record<string, AttributeValue>) => ({ TableName: MATCHES, Item: { pk: S('bad'), sk: N(0), ...extra } });
    await contract.sameError('a partition attribute of the wrong type', (db) => db.putItem(put({ tenant: S('acme'), area: S('1') })));
    await contract.sameError('an empty sort attribute', (db) => db.putItem(put({ round: S('') })));
    await contract.sameError('sort attributes over 1024 bytes together', (db) =>
      db.putItem(put({ round: S('r'.repeat(600)), tag: { B: new Uint8Array(500) } })),
    );
    await contract.sameError('sort attributes over 1024 bytes with a number', (db) =>
      db.putItem(put({ round: S('r'.repeat(1020)), score: N('12345678901234567890') })),
    );
    await contract.sameResult('sort attributes of exactly 1024 bytes', (db) => db.putItem(put({ round: S('r'.repeat(524)), tag: { B: new Uint8Array(500) } })));
  });
});
