/**
 * The engine's contract: the same scripted scenarios run against Keylab's
 * engine (see contract/sides.ts: in-process or its HTTP endpoint) and against
 * the real DynamoDB Local, and every answer is compared — Items and their
 * order, Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity where it is
 * deterministic, table descriptions, and error names and messages.
 *
 * DynamoDB is the ground truth: where DynamoDB Local differs from documented
 * DynamoDB, a named normaliser in contract/normalize.ts maps that one
 * difference away, with a comment citing it. Scan order is by partition hash
 * (a different hash on each side), so Scans are compared as sets, with their
 * page sizes.
 */
import type { AttributeValue, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DynamoDBDataSource } from '../src/engine';
import { compileKeyTemplate, parseKeyTemplate } from '../src/keys';
import { Contract } from './contract/contract';
import { B, keyNames, keyOf, keySchemaInfo, N, putRequests, S, tableSpec, type KeyAttribute, type KeyType, type TableSpec } from './contract/fixtures';
import { batchGetResponsesAsSets, inclusiveBoundLastEvaluatedKey, indexNameInMessage, indexTieOrder, scanAsSet, type Normalizer } from './contract/normalize';
import { queryAllPages, scanAllPages } from './contract/paging';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './contract/sides';
import { uniqueTableName } from './dynamodbLocal';
import { withSharedLocalLock } from './contract/sharedLocalLock';
import { expectOk } from '../src/errors/testing';

type Item = Record<string, AttributeValue>;

let engineSide: Side;
let localSide: Side;
let contract: Contract;
const created: string[] = [];

beforeAll(async () => {
  engineSide = await startEngineSide();
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
});

afterAll(async () => {
  for (const TableName of created) await localSide?.db.deleteTable({ TableName }).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
});

/** Creates the table on both sides, comparing CreateTable's output. */
async function createTable(spec: TableSpec): Promise<void> {
  created.push(spec.name);
  await contract.sameResult(`CreateTable ${spec.name}`, (db) => db.createTable(spec.input));
}

/** Writes items on both sides with BatchWriteItem (not compared: setup). */
async function load(spec: TableSpec, items: readonly Item[]): Promise<void> {
  await contract.onBoth(async (db) => {
    for (const RequestItems of putRequests(items)) {
      const output = await db.batchWriteItem({ RequestItems: { [spec.name]: RequestItems } });
      expect(output.UnprocessedItems ?? {}).toEqual({});
    }
  });
}

/** Every page of a Query, compared, with the normalisers a table Query needs. */
async function sameQueryPages(label: string, spec: TableSpec, input: Omit<QueryCommandInput, 'TableName'>, ...normalizers: Normalizer[]) {
  return contract.same(
    label,
    (db) => queryAllPages(db, { TableName: spec.name, ...input }),
    inclusiveBoundLastEvaluatedKey(keySchemaInfo(spec.keys)),
    ...normalizers,
  );
}

const sortKeysOf = (outcome: unknown, name: string): unknown[] =>
  ((outcome as { ok: true; value: { pages: { Items?: Item[] }[] } }).value.pages.flatMap((page) => page.Items ?? []) as Item[]).map((item) => {
    const value = item[name];
    return value?.S ?? value?.N ?? value?.B;
  });

// --- Tables ------------------------------------------------------------------

describe('tables', () => {
  it('CreateTable, DescribeTable, DeleteTable and their errors', async () => {
    const spec = tableSpec(
      'lifecycle',
      [
        ['pk', 'S'],
        ['sk', 'N'],
      ],
      {
        gsis: [
          {
            name: 'byG',
            keys: [
              ['g', 'S'],
              ['sk', 'N'],
            ],
            projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['x', 'y'] },
          },
        ],
        lsis: [
          {
            name: 'byL',
            keys: [
              ['pk', 'S'],
              ['l', 'B'],
            ],
            projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
      },
    );
    await createTable(spec);
    await contract.sameError('CreateTable again', (db) => db.createTable(spec.input));
    await contract.sameResult('DescribeTable (empty)', (db) => db.describeTable({ TableName: spec.name }));
    await load(spec, [
      { pk: S('a'), sk: N(1), g: S('G'), l: B(1, 2), x: S('xx'), z: N('1.50') },
      { pk: S('a'), sk: N(2), l: B(0) },
      { pk: S('b'), sk: N(-1), g: S('G'), y: { L: [S('y'), N(2)] } },
    ]);
    await contract.sameResult('DescribeTable (3 items, counts and sizes)', (db) => db.describeTable({ TableName: spec.name }));
    await contract.sameResult('DeleteTable', (db) => db.deleteTable({ TableName: spec.name }));
    for (const [label, run] of [
      ['DescribeTable', (db: DynamoDBDataSource) => db.describeTable({ TableName: spec.name })],
      ['DeleteTable', (db: DynamoDBDataSource) => db.deleteTable({ TableName: spec.name })],
      ['GetItem', (db: DynamoDBDataSource) => db.getItem({ TableName: spec.name, Key: { pk: S('a'), sk: N(1) } })],
      ['PutItem', (db: DynamoDBDataSource) => db.putItem({ TableName: spec.name, Item: { pk: S('a'), sk: N(1) } })],
      ['Query', (db: DynamoDBDataSource) => db.query({ TableName: spec.name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('a') } })],
      ['Scan', (db: DynamoDBDataSource) => db.scan({ TableName: spec.name })],
    ] as const) {
      const error = await contract.sameError(`${label} on a deleted table`, run);
      expect(error.name).toBe('ResourceNotFoundException');
    }
  });

  it('ListTables pages through names in order with Limit and ExclusiveStartTableName', async () => {
    // Names that sort after every other test's tables ("z…"): the shared DynamoDB Local holds those too,
    // and a listing that starts at our prefix then sees only ours. The drop-in files run this same test in
    // parallel with the same kind of names, so it holds a lock across them and deletes its tables before
    // letting go. (No two names that differ only in case: DynamoDB Local 3.3.1 fails CreateTable of "x-B"
    // next to "x-b" with InternalFailure; DynamoDB's names are case-sensitive, and so are the engine's.)
    await withSharedLocalLock(inject('dynamodbLocalEndpoint'), 'list-tables', async () => {
      const prefix = `zzzz-contract-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const names = ['b', 'a', 'C', '0', 'a.b', 'a_b', 'a-b'].map((suffix) => `${prefix}-${suffix}`);
      try {
        await listTablesScenario(prefix, names);
      } finally {
        for (const TableName of names) await localSide.db.deleteTable({ TableName }).catch(() => undefined);
      }
    });
  });

  async function listTablesScenario(prefix: string, names: readonly string[]): Promise<void> {
    for (const name of names) await createTable(tableSpec('list', [['pk', 'S']], { name }));
    for (const Limit of [1, 2, 3, 7, 8, 100]) {
      await contract.sameResult(`ListTables Limit ${Limit}`, async (db) => {
        const pages: unknown[] = [];
        let ExclusiveStartTableName: string | undefined = prefix;
        do {
          const page = await db.listTables({ Limit, ExclusiveStartTableName });
          pages.push(page);
          ExclusiveStartTableName = page.LastEvaluatedTableName;
        } while (ExclusiveStartTableName && pages.length < 20);
        return pages;
      });
    }
    await contract.sameResult('ListTables after a name that does not exist', (db) => db.listTables({ ExclusiveStartTableName: `${prefix}-a0`, Limit: 2 }));
    for (const Limit of [0, 101]) await contract.sameError(`ListTables Limit ${Limit}`, (db) => db.listTables({ Limit }));
    await contract.sameError('ListTables after a name too short to be a table', (db) => db.listTables({ ExclusiveStartTableName: 'ab' }));
  }

  it('refuses invalid CreateTable requests with the same errors', async () => {
    const name = uniqueTableName('contract-bad');
    const base = tableSpec(
      'bad',
      [
        ['pk', 'S'],
        ['sk', 'S'],
      ],
      { name },
    ).input;
    const defs = [...(base.AttributeDefinitions ?? []), { AttributeName: 'g', AttributeType: 'S' }];
    const gsi = (projection: Record<string, unknown>) => [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: projection }];
    const lsi = (IndexName: string, hash: string, range?: string) => ({
      IndexName,
      KeySchema: [{ AttributeName: hash, KeyType: 'HASH' }, ...(range ? [{ AttributeName: range, KeyType: 'RANGE' }] : [])],
      Projection: { ProjectionType: 'ALL' },
    });
    const cases: [string, Record<string, unknown>][] = [
      [
        'LSI on a hash-only table',
        {
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'l', AttributeType: 'S' },
          ],
          LocalSecondaryIndexes: [lsi('lsi', 'pk', 'l')],
        },
      ],
      [
        'a GSI with an undefined attribute',
        { GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: [{ AttributeName: 'nope', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }] },
      ],
      [
        'two indexes with one name',
        {
          AttributeDefinitions: defs,
          GlobalSecondaryIndexes: ['idx', 'idx'].map((IndexName) => ({
            IndexName,
            KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
            Projection: { ProjectionType: 'ALL' },
          })),
        },
      ],
      ['INCLUDE without NonKeyAttributes', { AttributeDefinitions: defs, GlobalSecondaryIndexes: gsi({ ProjectionType: 'INCLUDE' }) }],
      [
        'KEYS_ONLY with NonKeyAttributes',
        { AttributeDefinitions: defs, GlobalSecondaryIndexes: gsi({ ProjectionType: 'KEYS_ONLY', NonKeyAttributes: ['x'] }) },
      ],
      ['a duplicate NonKeyAttribute', { AttributeDefinitions: defs, GlobalSecondaryIndexes: gsi({ ProjectionType: 'INCLUDE', NonKeyAttributes: ['x', 'x'] }) }],
      ['no ProjectionType', { AttributeDefinitions: defs, GlobalSecondaryIndexes: gsi({}) }],
      ['an empty GSI list', { GlobalSecondaryIndexes: [] }],
      ['an LSI on another hash key', { AttributeDefinitions: defs, LocalSecondaryIndexes: [lsi('lsi', 'g', 'sk')] }],
      ['an LSI without a range key', { LocalSecondaryIndexes: [lsi('lsi', 'pk')] }],
      [
        'six LSIs',
        {
          AttributeDefinitions: [...(base.AttributeDefinitions ?? []), ...[0, 1, 2, 3, 4, 5].map((i) => ({ AttributeName: `l${i}`, AttributeType: 'S' }))],
          LocalSecondaryIndexes: [0, 1, 2, 3, 4, 5].map((i) => lsi(`lsi${i}`, 'pk', `l${i}`)),
        },
      ],
      ['an unused attribute definition', { AttributeDefinitions: defs }],
      ['a duplicate attribute definition', { AttributeDefinitions: [...(base.AttributeDefinitions ?? []), { AttributeName: 'pk', AttributeType: 'S' }] }],
      [
        'a key type that is not S, N or B',
        {
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'BOOL' },
            { AttributeName: 'sk', AttributeType: 'S' },
          ],
        },
      ],
      ['no HASH key', { KeySchema: [{ AttributeName: 'sk', KeyType: 'RANGE' }] }],
      [
        'RANGE before HASH',
        {
          KeySchema: [
            { AttributeName: 'sk', KeyType: 'RANGE' },
            { AttributeName: 'pk', KeyType: 'HASH' },
          ],
        },
      ],
      [
        'HASH and RANGE on one attribute',
        {
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'pk', KeyType: 'RANGE' },
          ],
        },
      ],
      ['an undefined range key', { AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] }],
      ['three key elements', { KeySchema: [...(base.KeySchema ?? []), { AttributeName: 'x', KeyType: 'RANGE' }] }],
      ['PROVISIONED without throughput', { BillingMode: 'PROVISIONED' }],
      ['a short table name', { TableName: 'ab' }],
      ['a table name with a bad character', { TableName: 'a$bc' }],
      [
        'a short index name',
        {
          AttributeDefinitions: defs,
          GlobalSecondaryIndexes: [{ IndexName: 'ix', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
        },
      ],
    ];
    for (const [label, change] of cases) {
      await contract.sameError(`CreateTable with ${label}`, (db) => db.createTable({ ...base, ...change }));
    }
    // src/engine/tables.test.ts: DynamoDB refuses throughput on an on-demand table; DynamoDB Local accepts it
    // (and reports 0/0). Not a normalisation: both documented answers are asserted.
    const withThroughput = { ...base, ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } };
    const { engine, local } = await contract.compare((db) => db.createTable(withThroughput));
    created.push(base.TableName as string);
    expect(engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message:
        'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
    });
    expect(local).toHaveProperty('ok', true);
  });
});

// --- Key schemas -----------------------------------------------------------------

/** Edge values of each key type, as given (not normalised) — several are equal after normalisation on purpose. */
const EDGE_VALUES: Record<KeyType, AttributeValue[]> = {
  S: [
    'a',
    'A',
    'Z',
    'z',
    '#',
    '9',
    '10',
    '1500',
    '240',
    'ä',
    '€',
    '\uFFFF',
    '\u{1D11E}',
    '\u{10FFFF}',
    'a#b',
    'ab',
    'a#',
    'A#1',
    ' ',
    '\u0000x',
    'x'.repeat(1024),
  ].map(S),
  N: [
    '0',
    '-0',
    '1',
    '1.0',
    '1e3',
    '1000',
    '-1',
    '-0.5',
    '0.1',
    '1E-130',
    '-1E-130',
    '9.9999999999999999999999999999999999999E+125',
    '-9.9999999999999999999999999999999999999E+125',
    '12345678901234567890123456789012345678',
    '-12345678901234567890123456789012345678',
    '0.00000000000000000000000000000000000001',
    '100.50',
    '2e1',
    '19',
  ].map(N),
  B: [[0], [0, 0], [0xff], [0x7f], [0x80], [1, 2], [1], [0xff, 0xff, 0xff], [0x23], Array.from({ length: 1024 }, (_, i) => i & 0xff)].map((bytes) =>
    B(...bytes),
  ),
};

describe.each([
  ['S', false],
  ['N', false],
  ['B', false],
  ['S', true],
  ['N', true],
  ['B', true],
] as const)('key schema %s%s', (type, withSortKey) => {
  const label = withSortKey ? `hash ${type} + range ${type}` : `hash-only ${type}`;
  it(`${label}: writes, reads, queries and scans edge keys`, async () => {
    const keys: KeyAttribute[] = withSortKey
      ? [
          ['pk', type],
          ['sk', type],
        ]
      : [['pk', type]];
    const spec = tableSpec(`schema-${type}`, keys);
    await createTable(spec);
    const values = EDGE_VALUES[type];
    const partitions = withSortKey ? values.slice(0, 3) : values;
    const items: Item[] = [];
    for (const [i, pk] of partitions.entries()) {
      if (!withSortKey) items.push({ pk, n: N(i) });
      else for (const [j, sk] of values.entries()) items.push({ pk, sk, n: N(i * 100 + j) });
    }
    // One at a time with PutItem (values equal after normalisation overwrite each other, in order).
    for (const item of items.slice(0, 40)) {
      await contract.sameResult('PutItem ALL_OLD', (db) =>
        db.putItem({ TableName: spec.name, Item: item, ReturnValues: 'ALL_OLD', ReturnConsumedCapacity: 'TOTAL' }),
      );
    }
    await contract.onBoth(async (db) => {
      for (const item of items.slice(40)) await db.putItem({ TableName: spec.name, Item: item });
    });
    for (const item of items.slice(0, 30)) {
      await contract.sameResult('GetItem', (db) =>
        db.getItem({ TableName: spec.name, Key: keyOf(item, keys), ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL' }),
      );
    }
    await contract.sameResult('DescribeTable', (db) => db.describeTable({ TableName: spec.name }));
    if (withSortKey) {
      for (const pk of partitions) {
        for (const ScanIndexForward of [true, false]) {
          for (const Limit of [undefined, 4]) {
            await sameQueryPages(`Query ${JSON.stringify(pk)} forward=${ScanIndexForward} Limit=${Limit}`, spec, {
              KeyConditionExpression: 'pk = :p',
              ExpressionAttributeValues: { ':p': pk },
              ScanIndexForward,
              Limit,
              ReturnConsumedCapacity: 'TOTAL',
            });
          }
        }
      }
    } else {
      for (const pk of partitions.slice(0, 6)) {
        for (const Limit of [undefined, 1]) {
          await sameQueryPages(`Query hash-only ${JSON.stringify(pk)} Limit=${Limit}`, spec, {
            KeyConditionExpression: 'pk = :p',
            ExpressionAttributeValues: { ':p': pk },
            Limit,
          });
        }
      }
    }
    for (const Limit of [undefined, 7]) {
      await contract.same(`Scan Limit=${Limit}`, (db) => scanAllPages(db, { TableName: spec.name, Limit }), scanAsSet(keyNames(keys)));
    }
    for (const item of items.filter((_, i) => i % 3 === 0)) {
      await contract.sameResult('DeleteItem ALL_OLD', (db) => db.deleteItem({ TableName: spec.name, Key: keyOf(item, keys), ReturnValues: 'ALL_OLD' }));
    }
    await contract.same('Scan after deletes', (db) => scanAllPages(db, { TableName: spec.name }), scanAsSet(keyNames(keys)));
    await contract.sameResult('DescribeTable after deletes', (db) => db.describeTable({ TableName: spec.name }));
  });
});

// --- The article's examples ----------------------------------------------------------

describe("the article's examples", () => {
  const leaderboard = tableSpec('Leaderboard', [
    ['leaderboardId', 'S'],
    ['rankKey', 'S'],
  ]);
  const SEASON = 'SEASON#2026-SPRING';
  const SCORES = ['10', '1500', '240', '9'];

  beforeAll(async () => {
    await createTable(leaderboard);
  });

  /** A key from the key builder's template code (src/keys), as the app would write it. */
  function encodeWith(template: string, score: string): string {
    const parsed = parseKeyTemplate(template);
    expectOk(parsed, `bad template ${template}`);
    const encoded = compileKeyTemplate(parsed.value).encode({ score });
    expectOk(encoded, `cannot encode ${score} with ${template}`);
    return encoded.value;
  }

  async function rankKeysFor(collection: string, rankKeys: string[], ScanIndexForward = true): Promise<string[]> {
    await load(
      leaderboard,
      rankKeys.map((rankKey, i) => ({ leaderboardId: S(collection), rankKey: S(rankKey), score: N(SCORES[i] as string) })),
    );
    const outcome = await sameQueryPages(`Leaderboard ${collection}`, leaderboard, {
      KeyConditionExpression: 'leaderboardId = :id',
      ExpressionAttributeValues: { ':id': S(collection) },
      ScanIndexForward,
    });
    return sortKeysOf(outcome, 'score') as string[];
  }

  it('raw scores stored as strings come back in byte order: 10, 1500, 240, 9', async () => {
    expect(await rankKeysFor(SEASON, SCORES)).toEqual(['10', '1500', '240', '9']);
  });

  it('{score:int(10)} keys come back 9, 10, 240, 1500', async () => {
    const keys = SCORES.map((score) => encodeWith('{score:int(10)}', score));
    expect(await rankKeysFor(`${SEASON}#padded`, keys)).toEqual(['9', '10', '240', '1500']);
  });

  it('{score:int(10,desc)} keys come back 1500, 240, 10, 9', async () => {
    const keys = SCORES.map((score) => encodeWith('{score:int(10,desc)}', score));
    expect(keys[1]).toBe('9999998499');
    expect(await rankKeysFor(`${SEASON}#inverted`, keys)).toEqual(['1500', '240', '10', '9']);
  });

  it('AuditLog: one actor’s events of 2026-06-23, both directions, paged', async () => {
    const audit = tableSpec('AuditLog', [
      ['PK', 'S'],
      ['SK', 'S'],
    ]);
    await createTable(audit);
    const events: Item[] = [];
    for (const actor of ['ACTOR#u_8814', 'ACTOR#u_0042']) {
      for (let hour = 0; hour < 72; hour += 5) {
        const at = new Date(Date.UTC(2026, 5, 22, hour, (hour * 7) % 60, hour % 60)).toISOString().replace('.000Z', 'Z');
        events.push({ PK: S(actor), SK: S(`EVT#${at}`), action: S(hour % 2 ? 'login' : 'update') });
      }
    }
    // Bounds that are themselves events: an inclusive bound is hit exactly.
    events.push({ PK: S('ACTOR#u_8814'), SK: S('EVT#2026-06-23T00:00:00Z'), action: S('midnight') });
    events.push({ PK: S('ACTOR#u_8814'), SK: S('EVT#2026-06-23T23:59:59Z'), action: S('last second') });
    events.push({ PK: S('ACTOR#u_8814'), SK: S('PROFILE'), action: S('not an event') });
    await load(audit, events);
    const condition = {
      KeyConditionExpression: 'PK = :actor AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':actor': S('ACTOR#u_8814'), ':from': S('EVT#2026-06-23T00:00:00Z'), ':to': S('EVT#2026-06-23T23:59:59Z') },
    };
    const forward = sortKeysOf(await sameQueryPages('AuditLog BETWEEN', audit, condition), 'SK') as string[];
    expect(forward[0]).toBe('EVT#2026-06-23T00:00:00Z');
    expect(forward.at(-1)).toBe('EVT#2026-06-23T23:59:59Z');
    expect(forward.every((sk) => sk.startsWith('EVT#2026-06-23T'))).toBe(true);
    const backward = sortKeysOf(await sameQueryPages('AuditLog BETWEEN backwards', audit, { ...condition, ScanIndexForward: false }), 'SK');
    expect(backward).toEqual([...forward].reverse());
    for (const Limit of [1, 2, 3, forward.length, forward.length + 1]) {
      for (const ScanIndexForward of [true, false]) {
        await sameQueryPages(`AuditLog BETWEEN Limit=${Limit} forward=${ScanIndexForward}`, audit, { ...condition, Limit, ScanIndexForward });
      }
    }
  });
});

// --- Key conditions ---------------------------------------------------------------------

/** Sort-key values for the key-condition grid, with values between them to probe with. */
const GRID: Record<KeyType, { stored: AttributeValue[]; probes: AttributeValue[]; prefixes: AttributeValue[] }> = {
  S: {
    stored: ['#', '1', '10', '1500', '240', '9', 'A', 'EVT#1', 'EVT#2', 'EVT#20', 'EVT$', 'a', 'ab', 'b', 'ä', '€', '\uFFFF', '\u{1F600}'].map(S),
    probes: ['!', '10', '2', 'EVT#2', 'EVT#3', 'ab', 'aa', '\uFFFF', '\u{10FFFF}', '\u{1F600}'].map(S),
    prefixes: ['EVT#', 'EVT#2', 'a', '1', '\uFFFF', 'zzz', '\u{1F600}'].map(S),
  },
  N: {
    stored: ['-1e10', '-100', '-1.5', '-1', '0', '0.001', '1', '1.5', '9', '10', '99.99', '100', '1e10', '12345678901234567890123456789012345678'].map(N),
    probes: ['-1e11', '-1.5', '-1.2', '0', '5', '10', '100.0', '1E10', '1e40'].map(N),
    prefixes: [],
  },
  B: {
    stored: [[0], [0, 0], [0, 1], [1], [1, 0], [0x23], [0x7f], [0x80], [0x80, 0], [0xfe], [0xff], [0xff, 0]].map((bytes) => B(...bytes)),
    probes: [[0], [0, 0, 0], [0x50], [0x80], [0x80, 0], [0xff], [0xff, 0xff]].map((bytes) => B(...bytes)),
    prefixes: [[0], [0x80], [0xff], [0x12]].map((bytes) => B(...bytes)),
  },
};

describe.each(['S', 'N', 'B'] as const)('key conditions on a %s sort key', (type) => {
  it('every operator, both directions, with Limit, paged to the end', async () => {
    const spec = tableSpec(`conditions-${type}`, [
      ['pk', 'S'],
      ['sk', type],
    ]);
    await createTable(spec);
    const { stored, probes, prefixes } = GRID[type];
    const items: Item[] = [];
    for (const pk of ['o', 'p', 'q']) for (const [i, sk] of stored.entries()) items.push({ pk: S(pk), sk, i: N(i) });
    await load(spec, items);
    const conditions: [string, Record<string, AttributeValue>][] = [];
    for (const operator of ['=', '<', '<=', '>', '>=']) for (const value of probes) conditions.push([`sk ${operator} :v`, { ':v': value }]);
    for (let i = 0; i < probes.length; i++) {
      for (let j = i; j < probes.length; j += 2)
        conditions.push(['sk BETWEEN :lo AND :hi', { ':lo': probes[i] as AttributeValue, ':hi': probes[j] as AttributeValue }]);
    }
    for (const prefix of prefixes) conditions.push(['begins_with(sk, :v)', { ':v': prefix }]);
    conditions.push([':v <= sk', { ':v': probes[2] as AttributeValue }]);
    let index = 0;
    for (const [sortCondition, values] of conditions) {
      // Every condition both ways; Limit varies along the grid so each operator meets several limits.
      const limits = [undefined, [1, 2, 3, 5][index++ % 4]];
      for (const ScanIndexForward of [true, false]) {
        for (const Limit of limits) {
          await sameQueryPages(`${sortCondition} ${JSON.stringify(values)} forward=${ScanIndexForward} Limit=${Limit}`, spec, {
            KeyConditionExpression: `pk = :p AND ${sortCondition}`,
            ExpressionAttributeValues: { ':p': S('p'), ...values },
            ScanIndexForward,
            Limit,
          });
        }
      }
    }
  });
});

// --- Paging: ExclusiveStartKey, Limit and filters, Select, projections ---------------------

describe('paging, filters, Select and projections', () => {
  const spec = tableSpec('paging', [
    ['pk', 'S'],
    ['sk', 'N'],
  ]);

  beforeAll(async () => {
    await createTable(spec);
    const items: Item[] = [];
    for (const pk of ['p', 'q']) {
      for (let i = 0; i < 30; i += 2) {
        items.push({
          pk: S(pk),
          sk: N(i),
          kind: S(i % 3 === 0 ? 'fizz' : 'plain'),
          n: N(i * 1.5),
          tags: { SS: [`t${i % 4}`, 'all'] },
          doc: { M: { a: { L: [N(i), S('x'), { M: { deep: S(`d${i}`) } }] }, b: { BOOL: i % 4 === 0 } } },
          ...(i % 5 === 0 ? { optional: S('here') } : {}),
        });
      }
    }
    await load(spec, items);
  });

  it('resumes after an ExclusiveStartKey that does not exist, in both directions', async () => {
    for (const sk of ['-5', '0', '3', '13', '28', '29', '1e3']) {
      for (const ScanIndexForward of [true, false]) {
        for (const Limit of [undefined, 2]) {
          await sameQueryPages(`ExclusiveStartKey sk=${sk} forward=${ScanIndexForward} Limit=${Limit}`, spec, {
            KeyConditionExpression: 'pk = :p',
            ExpressionAttributeValues: { ':p': S('p') },
            ExclusiveStartKey: { pk: S('p'), sk: N(sk) },
            ScanIndexForward,
            Limit,
          });
        }
      }
    }
    await sameQueryPages('ExclusiveStartKey inside a BETWEEN range', spec, {
      KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': S('p'), ':a': N(4), ':b': N(20) },
      ExclusiveStartKey: { pk: S('p'), sk: N(7) },
      Limit: 3,
    });
  });

  it('refuses ExclusiveStartKeys outside the query or not matching the key schema', async () => {
    const query =
      (ExclusiveStartKey: Item, extra: Partial<QueryCommandInput> = {}) =>
      (db: DynamoDBDataSource) =>
        db.query({ TableName: spec.name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('p') }, ExclusiveStartKey, ...extra });
    await contract.sameError('ExclusiveStartKey in another partition', query({ pk: S('q'), sk: N(4) }));
    await contract.sameError(
      'ExclusiveStartKey outside the sort-key condition',
      query({ pk: S('p'), sk: N(40) }, { KeyConditionExpression: 'pk = :p AND sk < :s', ExpressionAttributeValues: { ':p': S('p'), ':s': N(10) } }),
    );
    await contract.sameError('ExclusiveStartKey without the sort key', query({ pk: S('p') }));
    await contract.sameError('ExclusiveStartKey with an extra attribute', query({ pk: S('p'), sk: N(4), x: S('x') }));
    await contract.sameError('ExclusiveStartKey of the wrong type', query({ pk: S('p'), sk: S('4') }));
    // src/engine/query.test.ts: DynamoDB Local refuses an ExclusiveStartKey on the inclusive bound of the condition
    // ("The provided starting key does not match the range key predicate"); the engine returns the (empty) rest,
    // since it returns such a key as LastEvaluatedKey (DynamoDB documents one whenever Limit stops a page).
    const { engine, local } = await contract.compare(
      query({ pk: S('p'), sk: N(10) }, { KeyConditionExpression: 'pk = :p AND sk <= :s', ExpressionAttributeValues: { ':p': S('p'), ':s': N(10) } }),
    );
    expect(local).toEqual({ ok: false, name: 'ValidationException', message: 'The provided starting key does not match the range key predicate' });
    expect(engine).toEqual({ ok: true, value: { Count: 0, Items: [], ScannedCount: 0 } });
  });

  it('counts Limit before the FilterExpression: Count after it, ScannedCount before it', async () => {
    const filters: [string, Record<string, AttributeValue>, Record<string, string>?][] = [
      ['kind = :k', { ':k': S('fizz') }],
      ['attribute_exists(optional)', {}],
      ['n > :n AND contains(tags, :t)', { ':n': N(10), ':t': S('t2') }],
      ['#d.a[2].deep = :d OR size(#d.a) > :three', { ':d': S('d6'), ':three': N(3) }, { '#d': 'doc' }],
      ['kind = :never', { ':never': S('never') }],
    ];
    for (const [FilterExpression, values, names] of filters) {
      for (const Limit of [undefined, 1, 4, 15]) {
        for (const ScanIndexForward of [true, false]) {
          await sameQueryPages(`filter ${FilterExpression} Limit=${Limit} forward=${ScanIndexForward}`, spec, {
            KeyConditionExpression: 'pk = :p AND sk >= :lo',
            FilterExpression,
            ExpressionAttributeValues: { ':p': S('p'), ':lo': N(4), ...values },
            ...(names ? { ExpressionAttributeNames: names } : {}),
            Limit,
            ScanIndexForward,
            ReturnConsumedCapacity: 'TOTAL',
          });
        }
      }
      await contract.same(
        `Scan filter ${FilterExpression}`,
        (db) =>
          scanAllPages(db, {
            TableName: spec.name,
            FilterExpression,
            ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
            ...(names ? { ExpressionAttributeNames: names } : {}),
            Limit: 7,
          }),
        scanAsSet(keyNames(spec.keys)),
      );
    }
    await contract.sameError('a Query filter on the sort key', (db) =>
      db.query({
        TableName: spec.name,
        KeyConditionExpression: 'pk = :p',
        FilterExpression: 'sk > :s',
        ExpressionAttributeValues: { ':p': S('p'), ':s': N(1) },
      }),
    );
  });

  it('Select COUNT, SPECIFIC_ATTRIBUTES, ALL_ATTRIBUTES and ProjectionExpression', async () => {
    const base = { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('p') } as Record<string, AttributeValue> };
    for (const Limit of [undefined, 4]) {
      await sameQueryPages(`Select COUNT Limit=${Limit}`, spec, { ...base, Select: 'COUNT', Limit });
      await sameQueryPages(`Select COUNT with a filter Limit=${Limit}`, spec, {
        ...base,
        Select: 'COUNT',
        Limit,
        FilterExpression: 'kind = :k',
        ExpressionAttributeValues: { ':p': S('p'), ':k': S('fizz') },
      });
    }
    const projections: [string, Record<string, string>?][] = [
      ['kind, n'],
      ['sk, #d.a[2].deep, #d.b, tags, nope', { '#d': 'doc' }],
      ['#d.a[0], #d.a[5], optional', { '#d': 'doc' }],
      ['pk'],
    ];
    for (const [ProjectionExpression, ExpressionAttributeNames] of projections) {
      for (const Select of [undefined, 'SPECIFIC_ATTRIBUTES'] as const) {
        await sameQueryPages(`ProjectionExpression ${ProjectionExpression} Select=${Select}`, spec, {
          ...base,
          ProjectionExpression,
          ExpressionAttributeNames,
          Select,
          Limit: 6,
        });
      }
      await contract.same(
        `Scan ProjectionExpression ${ProjectionExpression}`,
        (db) => scanAllPages(db, { TableName: spec.name, ProjectionExpression, ExpressionAttributeNames }),
        scanAsSet(keyNames(spec.keys)),
      );
      await contract.sameResult(`GetItem ProjectionExpression ${ProjectionExpression}`, (db) =>
        db.getItem({ TableName: spec.name, Key: { pk: S('p'), sk: N(6) }, ProjectionExpression, ExpressionAttributeNames }),
      );
    }
    await sameQueryPages('Select ALL_ATTRIBUTES', spec, { ...base, Select: 'ALL_ATTRIBUTES', Limit: 20 });
    const refused: [string, Partial<QueryCommandInput>][] = [
      ['SPECIFIC_ATTRIBUTES without a projection', { Select: 'SPECIFIC_ATTRIBUTES' }],
      ['COUNT with a projection', { Select: 'COUNT', ProjectionExpression: 'kind' }],
      ['ALL_ATTRIBUTES with a projection', { Select: 'ALL_ATTRIBUTES', ProjectionExpression: 'kind' }],
      ['ALL_PROJECTED_ATTRIBUTES on a table', { Select: 'ALL_PROJECTED_ATTRIBUTES' }],
      ['an unknown Select', { Select: 'EVERYTHING' as never }],
      ['Limit 0', { Limit: 0 }],
      ['an overlapping projection', { ProjectionExpression: '#d.a, #d.a[0]', ExpressionAttributeNames: { '#d': 'doc' } }],
      ['a reserved word', { ProjectionExpression: 'name' }],
      ['no key condition', { KeyConditionExpression: undefined, ExpressionAttributeValues: undefined }],
      ['values but no expression', { KeyConditionExpression: undefined }],
      ['a condition on the sort key only', { KeyConditionExpression: 'sk = :p' }],
      [
        'begins_with on a number sort key',
        { KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)', ExpressionAttributeValues: { ':p': S('p'), ':s': N(1) } },
      ],
      ['a sort-key value of the wrong type', { KeyConditionExpression: 'pk = :p AND sk = :s', ExpressionAttributeValues: { ':p': S('p'), ':s': S('1') } }],
      [
        'a BETWEEN whose bounds are reversed',
        { KeyConditionExpression: 'pk = :p AND sk BETWEEN :b AND :a', ExpressionAttributeValues: { ':p': S('p'), ':a': N(1), ':b': N(9) } },
      ],
      ['OR in the key condition', { KeyConditionExpression: 'pk = :p OR sk = :s', ExpressionAttributeValues: { ':p': S('p'), ':s': N(1) } }],
      ['an index that does not exist', { IndexName: 'nope' }],
    ];
    for (const [label, change] of refused) {
      await contract.sameError(`Query with ${label}`, (db) => db.query({ TableName: spec.name, ...base, ...change } as QueryCommandInput));
    }
  });

  it('stops a page after the item that crosses 1 MB', async () => {
    const big = tableSpec('megabyte', [
      ['pk', 'S'],
      ['sk', 'N'],
    ]);
    await createTable(big);
    const filler = 'x'.repeat(100_000);
    await contract.onBoth(async (db) => {
      for (let i = 0; i < 23; i++) await db.putItem({ TableName: big.name, Item: { pk: S('p'), sk: N(i), x: S(filler), odd: { BOOL: i % 2 === 1 } } });
    });
    const project = { ProjectionExpression: 'pk, sk' };
    for (const ScanIndexForward of [true, false]) {
      await sameQueryPages(`1 MB pages forward=${ScanIndexForward}`, big, {
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': S('p') },
        ScanIndexForward,
        ReturnConsumedCapacity: 'TOTAL',
        ...project,
      });
    }
    await contract.same('1 MB Scan pages', (db) => scanAllPages(db, { TableName: big.name, ...project }), scanAsSet(keyNames(big.keys)));
  });
});

// --- Indexes ---------------------------------------------------------------------------

describe('secondary indexes', () => {
  const spec = tableSpec(
    'indexes',
    [
      ['pk', 'S'],
      ['sk', 'N'],
    ],
    {
      gsis: [
        {
          name: 'byStatusAll',
          keys: [
            ['status', 'S'],
            ['score', 'N'],
          ],
          projection: { ProjectionType: 'ALL' },
        },
        {
          name: 'byStatusKeys',
          keys: [
            ['status', 'S'],
            ['score', 'N'],
          ],
          projection: { ProjectionType: 'KEYS_ONLY' },
        },
        { name: 'byTagInclude', keys: [['tag', 'B']], projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['note', 'score'] } },
      ],
      lsis: [
        {
          name: 'byRank',
          keys: [
            ['pk', 'S'],
            ['rank', 'S'],
          ],
          projection: { ProjectionType: 'KEYS_ONLY' },
        },
        {
          name: 'byRankInclude',
          keys: [
            ['pk', 'S'],
            ['rank', 'S'],
          ],
          projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['note'] },
        },
      ],
    },
  );
  const tableKeys = keyNames(spec.keys);

  beforeAll(async () => {
    await createTable(spec);
    const items: Item[] = [];
    for (const pk of ['a', 'b', 'c']) {
      for (let i = 0; i < 14; i++) {
        const item: Item = { pk: S(pk), sk: N(i), note: S(`${pk}${i}`), extra: N(i * 2) };
        // Sparse: status on 2 of 3 items, tag on every other one, rank on most; many duplicate index keys.
        if (i % 3 !== 2) item.status = S(i % 2 ? 'ACTIVE' : 'BANNED');
        if (i % 3 !== 2) item.score = N((i * 7) % 5);
        if (i % 2 === 0) item.tag = B(i % 4, 0xff);
        if (i % 5 !== 4) item.rank = S(`r${(i * 3) % 7}`);
        items.push(item);
      }
    }
    await load(spec, items);
  });

  const gsiQuery = (IndexName: string, condition: string, values: Record<string, AttributeValue>, extra: Partial<QueryCommandInput> = {}) => ({
    IndexName,
    KeyConditionExpression: condition,
    ExpressionAttributeValues: values,
    ...extra,
  });

  it('queries sparse GSIs with duplicate keys, every projection, paged with index keys in LastEvaluatedKey', async () => {
    const cases: [string, string[], Omit<QueryCommandInput, 'TableName'>, (number | undefined)[]][] = [
      [
        'ALL, hash only',
        ['status', 'score'],
        gsiQuery('byStatusAll', '#s = :s', { ':s': S('ACTIVE') }, { ExpressionAttributeNames: { '#s': 'status' } }),
        [undefined, 1, 4],
      ],
      [
        'ALL, range condition',
        ['status', 'score'],
        gsiQuery(
          'byStatusAll',
          '#s = :s AND score BETWEEN :a AND :b',
          { ':s': S('BANNED'), ':a': N(1), ':b': N(3) },
          { ExpressionAttributeNames: { '#s': 'status' } },
        ),
        [undefined, 1, 4],
      ],
      [
        'KEYS_ONLY',
        ['status', 'score'],
        gsiQuery('byStatusKeys', '#s = :s AND score >= :a', { ':s': S('ACTIVE'), ':a': N(2) }, { ExpressionAttributeNames: { '#s': 'status' } }),
        [undefined, 1, 4],
      ],
      ['INCLUDE, binary hash key', ['tag'], gsiQuery('byTagInclude', 'tag = :t', { ':t': B(0, 0xff) }), [undefined, 1, 4]],
      // Every entry of this index partition ties: with Limit, which entries a page filters depends on the tie order.
      [
        'INCLUDE, filter on a projected attribute',
        ['tag'],
        gsiQuery('byTagInclude', 'tag = :t', { ':t': B(2, 0xff), ':n': S('b') }, { FilterExpression: 'begins_with(note, :n)' }),
        [undefined],
      ],
      ['LSI KEYS_ONLY', ['pk', 'rank'], gsiQuery('byRank', 'pk = :p', { ':p': S('b') }), [undefined, 1, 4]],
      [
        'LSI KEYS_ONLY, ALL_ATTRIBUTES fetched from the table',
        ['pk', 'rank'],
        gsiQuery('byRank', 'pk = :p AND #r > :r', { ':p': S('a'), ':r': S('r2') }, { Select: 'ALL_ATTRIBUTES', ExpressionAttributeNames: { '#r': 'rank' } }),
        [undefined, 1, 4],
      ],
      [
        'LSI INCLUDE, projection of a table-only attribute',
        ['pk', 'rank'],
        gsiQuery(
          'byRankInclude',
          'pk = :p AND begins_with(#r, :r)',
          { ':p': S('c'), ':r': S('r') },
          { ProjectionExpression: 'pk, sk, #r, note, extra', ExpressionAttributeNames: { '#r': 'rank' } },
        ),
        [undefined, 1, 4],
      ],
      [
        'Select COUNT on a GSI',
        ['status', 'score'],
        gsiQuery('byStatusKeys', '#s = :s', { ':s': S('BANNED') }, { Select: 'COUNT', ExpressionAttributeNames: { '#s': 'status' } }),
        [undefined, 1, 4],
      ],
    ];
    for (const [label, indexKeys, input, limits] of cases) {
      for (const ScanIndexForward of [true, false]) {
        for (const Limit of limits) {
          await contract.same(
            `${label} forward=${ScanIndexForward} Limit=${Limit}`,
            (db) => queryAllPages(db, { TableName: spec.name, ...input, ScanIndexForward, Limit, ReturnConsumedCapacity: 'INDEXES' }),
            // Items with equal index keys come back in no guaranteed order (semantics §1).
            indexTieOrder(indexKeys, tableKeys),
            // A page's capacity depends on which tied entries it held; capacity is compared without ties below.
            capacityNotCompared,
          );
        }
      }
    }
  });

  it('charges index reads to the index (ReturnConsumedCapacity INDEXES)', async () => {
    for (const IndexName of ['byStatusAll', 'byStatusKeys', 'byRank']) {
      const condition = IndexName === 'byRank' ? 'pk = :v' : '#s = :v';
      await contract.sameResult(`capacity of ${IndexName}`, (db) =>
        db.query({
          TableName: spec.name,
          IndexName,
          KeyConditionExpression: condition,
          ExpressionAttributeValues: { ':v': S(IndexName === 'byRank' ? 'a' : 'ACTIVE') },
          ...(IndexName === 'byRank' ? {} : { ExpressionAttributeNames: { '#s': 'status' } }),
          ReturnConsumedCapacity: 'INDEXES',
          Select: 'COUNT',
        }),
      );
    }
  });

  it('scans indexes (as sets), and refuses what an index cannot do', async () => {
    for (const IndexName of ['byStatusAll', 'byStatusKeys', 'byTagInclude', 'byRank']) {
      for (const Limit of [undefined, 5]) {
        await contract.same(`Scan ${IndexName} Limit=${Limit}`, (db) => scanAllPages(db, { TableName: spec.name, IndexName, Limit }), scanAsSet(tableKeys));
      }
    }
    const refused: [string, Partial<QueryCommandInput>][] = [
      ['ConsistentRead on a GSI', { ConsistentRead: true }],
      ['ALL_ATTRIBUTES on a KEYS_ONLY GSI', { Select: 'ALL_ATTRIBUTES' }],
      ['a projection of an attribute the GSI lacks', { ProjectionExpression: 'note' }],
      ['a filter on an attribute the GSI lacks', { FilterExpression: 'note = :n', ExpressionAttributeValues: { ':s': S('ACTIVE'), ':n': S('x') } }],
      ['a filter on the index key', { FilterExpression: 'score = :n', ExpressionAttributeValues: { ':s': S('ACTIVE'), ':n': N(1) } }],
      ['a condition on the table key', { KeyConditionExpression: 'pk = :s' }],
    ];
    for (const [label, change] of refused) {
      await contract.sameError(`GSI Query with ${label}`, (db) =>
        db.query({
          TableName: spec.name,
          IndexName: 'byStatusKeys',
          KeyConditionExpression: '#s = :s',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': S('ACTIVE') },
          ...change,
        } as QueryCommandInput),
      );
    }
    for (const [IndexName, FilterExpression] of [
      ['byRank', 'note = :n'],
      ['byRankInclude', 'extra = :n OR note = :n'],
      ['byStatusKeys', 'note = :n OR zz = :n'],
    ]) {
      // An LSI fetches unprojected attributes to return them, but a Query may not filter on them (as on a GSI).
      await contract.sameError(`a Query filter on attributes ${IndexName} does not project`, (db) =>
        db.query({
          TableName: spec.name,
          IndexName,
          KeyConditionExpression: IndexName === 'byStatusKeys' ? '#s = :p' : 'pk = :p',
          ...(IndexName === 'byStatusKeys' ? { ExpressionAttributeNames: { '#s': 'status' } } : {}),
          FilterExpression,
          ExpressionAttributeValues: { ':p': S(IndexName === 'byStatusKeys' ? 'ACTIVE' : 'a'), ':n': N(1) },
        }),
      );
    }
    // A GSI Scan may filter on attributes the GSI does not project (a Query may not). The engine evaluates the
    // filter on the index entry, where they are absent, as DynamoDB's index entries hold only projected attributes;
    // DynamoDB Local 3.3.1 evaluates it on the whole item as it was when the index row was last written. Both asserted.
    const unprojected = await contract.compare(
      (db) => scanAllPages(db, { TableName: spec.name, IndexName: 'byStatusKeys', FilterExpression: 'attribute_exists(note)' }),
      [scanAsSet(tableKeys)],
    );
    expect(unprojected.engine).toMatchObject({ ok: true, value: { count: 0 } });
    expect(unprojected.local).toMatchObject({ ok: true, value: { count: 30 } });
    await contract.sameError('a GSI ExclusiveStartKey without the index keys', (db) =>
      db.query({
        TableName: spec.name,
        IndexName: 'byTagInclude',
        KeyConditionExpression: 'tag = :t',
        ExpressionAttributeValues: { ':t': B(0, 0xff) },
        ExclusiveStartKey: { pk: S('a'), sk: N(0) },
      }),
    );
  });

  it("charges an index write only when the item's index entry changes", async () => {
    const capacity = tableSpec('indexcapacity', [['pk', 'S']], {
      gsis: [
        {
          name: 'byGH',
          keys: [
            ['g', 'S'],
            ['h', 'S'],
          ],
          projection: { ProjectionType: 'ALL' },
        },
        { name: 'byGInclude', keys: [['g', 'S']], projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['x'] } },
      ],
    });
    await createTable(capacity);
    const TableName = capacity.name;
    const Key = { pk: S('a') };
    const cap = { ReturnConsumedCapacity: 'INDEXES' as const };
    const item = { ...Key, g: S('G'), h: S('H'), x: S('1'), y: S('1') };
    const update = (UpdateExpression: string, values?: Record<string, AttributeValue>) => (db: DynamoDBDataSource) =>
      db.updateItem({ TableName, Key, UpdateExpression, ...(values ? { ExpressionAttributeValues: values } : {}), ...cap });
    const steps: [string, (db: DynamoDBDataSource) => Promise<unknown>][] = [
      ['a put into both indexes', (db) => db.putItem({ TableName, Item: item, ...cap })],
      // Nothing projected changes: no index write, on an ALL index too (Developer Guide, GSI writes).
      ['the same put again', (db) => db.putItem({ TableName, Item: item, ...cap })],
      ['an update that removes a missing attribute', update('REMOVE zz')],
      ['an update that sets y to its own value', update('SET y = :v', { ':v': S('1') })],
      ['an update of y (projected by ALL only)', update('SET y = :v', { ':v': S('2') })],
      ['an update of x (projected by both)', update('SET x = :v', { ':v': S('2') })],
      ['an update that moves the entry (h)', update('SET h = :v', { ':v': S('H2') })],
      ['an update that takes it out of byGH', update('REMOVE h')],
      ['a delete', (db) => db.deleteItem({ TableName, Key, ...cap })],
    ];
    for (const [label, run] of steps) await contract.sameResult(label, run);
    // DynamoDB Local 3.3.1 charges a PutItem for an index the item is in neither before nor after when the old item
    // had one of its key attributes and the new one the other; DynamoDB doesn't ("not present in the index before or
    // after… no additional write cost"), nor does the engine. Both asserted.
    await contract.onBoth((db) => db.putItem({ TableName, Item: { pk: S('b'), h: S('H') } }));
    const outside = await contract.compare((db) => db.putItem({ TableName, Item: { pk: S('b'), g: S('G') }, ...cap }));
    expect(outside.engine).toMatchObject({
      ok: true,
      value: { ConsumedCapacity: { CapacityUnits: 2, GlobalSecondaryIndexes: { byGInclude: { CapacityUnits: 1 } } } },
    });
    expect(outside.local).toMatchObject({
      ok: true,
      value: { ConsumedCapacity: { CapacityUnits: 3, GlobalSecondaryIndexes: { byGH: { CapacityUnits: 1 }, byGInclude: { CapacityUnits: 1 } } } },
    });
  });

  // Open difference (engine), reported: DynamoDB Local lists the filter attributes an index does not project sorted
  // ("[note, zz]", Java's Collections.sort); the engine lists them in expression order ("[zz, note]"). DynamoDB's
  // order is undocumented. An expected failure: when the engine sorts them, this starts passing — make it an it().
  it.fails('names unprojected filter attributes sorted, as DynamoDB Local does (open difference)', async () => {
    await contract.sameError('a Query filter on two attributes byStatusKeys does not project', (db) =>
      db.query({
        TableName: spec.name,
        IndexName: 'byStatusKeys',
        KeyConditionExpression: '#s = :p',
        ExpressionAttributeNames: { '#s': 'status' },
        FilterExpression: 'zz = :n OR note = :n',
        ExpressionAttributeValues: { ':p': S('ACTIVE'), ':n': N(1) },
      }),
    );
  });

  it('moves, adds and drops index entries as items change', async () => {
    const key = { pk: S('a'), sk: N(0) };
    const updates: [string, Record<string, AttributeValue>?][] = [
      ['SET #s = :v', { ':v': S('ACTIVE') }],
      ['REMOVE score'],
      ['SET score = :v', { ':v': N(4) }],
      ['SET tag = :v, #r = :r', { ':v': B(9), ':r': S('r0') }],
      ['REMOVE tag, #r, #s'],
    ];
    for (const [UpdateExpression, values] of updates) {
      const names: Record<string, string> = {};
      if (UpdateExpression.includes('#s')) names['#s'] = 'status';
      if (UpdateExpression.includes('#r')) names['#r'] = 'rank';
      await contract.sameResult(`UpdateItem ${UpdateExpression}`, (db) =>
        db.updateItem({
          TableName: spec.name,
          Key: key,
          UpdateExpression,
          ...(values ? { ExpressionAttributeValues: values } : {}),
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ReturnValues: 'ALL_NEW',
          ReturnConsumedCapacity: 'INDEXES',
        }),
      );
      for (const IndexName of ['byStatusAll', 'byTagInclude', 'byRank']) {
        await contract.same(`Scan ${IndexName} after ${UpdateExpression}`, (db) => scanAllPages(db, { TableName: spec.name, IndexName }), scanAsSet(tableKeys));
      }
      await contract.sameResult(`DescribeTable after ${UpdateExpression}`, (db) => db.describeTable({ TableName: spec.name }));
    }
    await contract.sameError('an index key of the wrong type', (db) => db.putItem({ TableName: spec.name, Item: { ...key, status: N(1) } }));
    // status is the hash key of two GSIs: which one DynamoDB names is its internal order.
    await contract.sameError('an empty index key', (db) => db.putItem({ TableName: spec.name, Item: { ...key, status: S('') } }), indexNameInMessage);
    // UpdateItem giving an LSI sort key a value of the wrong type: DynamoDB refuses it as it refuses it from PutItem
    // (the engine does, naming the index); DynamoDB Local 3.3.1 refuses it from PutItem but stores it from UpdateItem,
    // index entry and all. Both asserted.
    const lsiType = await contract.compare((db) =>
      db.updateItem({
        TableName: spec.name,
        Key: { pk: S('c'), sk: N(99) },
        UpdateExpression: 'SET #r = :v',
        ExpressionAttributeNames: { '#r': 'rank' },
        ExpressionAttributeValues: { ':v': N(1) },
      }),
    );
    expect(lsiType.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: Type mismatch for Index Key rank Expected: S Actual: N IndexName: byRank',
    });
    expect(lsiType.local).toHaveProperty('ok', true);
    await contract.onBoth((db) => db.deleteItem({ TableName: spec.name, Key: { pk: S('c'), sk: N(99) } }).then(() => undefined));
    await contract.sameError(
      'an LSI key of the wrong type by PutItem',
      (db) => db.putItem({ TableName: spec.name, Item: { pk: S('c'), sk: N(99), rank: N(1) } }),
      indexNameInMessage,
    );
    await contract.sameError('an empty index key by UpdateItem', (db) =>
      db.updateItem({ TableName: spec.name, Key: key, UpdateExpression: 'SET tag = :v', ExpressionAttributeValues: { ':v': { B: new Uint8Array(0) } } }),
    );
  });
});

/**
 * Capacity per page of an index Query with tied index keys depends on which
 * tied entries a page holds (semantics §1): not compared there; capacity is
 * compared on the same reads without ties.
 */
const capacityNotCompared: Normalizer = (comparison) => {
  const strip = (outcome: typeof comparison.engine) => {
    if (!outcome.ok) return outcome;
    const value = outcome.value as { pages: Record<string, unknown>[] };
    return { ok: true as const, value: { pages: value.pages.map(({ ConsumedCapacity: _capacity, ...page }) => page) } };
  };
  return { ...comparison, engine: strip(comparison.engine), local: strip(comparison.local) };
};

// --- Scan with segments --------------------------------------------------------------------

describe('parallel Scan', () => {
  it('the segments of a parallel Scan together return every item once (compared as a set)', async () => {
    const spec = tableSpec('segments', [
      ['pk', 'N'],
      ['sk', 'S'],
    ]);
    await createTable(spec);
    const items: Item[] = [];
    for (let p = 0; p < 40; p++) for (let s = 0; s < 3; s++) items.push({ pk: N(p * 37 - 500), sk: S(`s${s}`), odd: { BOOL: p % 2 === 1 } });
    await load(spec, items);
    for (const TotalSegments of [1, 2, 3, 7]) {
      for (const Limit of [undefined, 4]) {
        // Which partition falls in which segment depends on each side's hash: only the union is comparable.
        await contract.same(
          `TotalSegments=${TotalSegments} Limit=${Limit}`,
          async (db) => {
            const pages = [];
            for (let Segment = 0; Segment < TotalSegments; Segment++) {
              const segment = await scanAllPages(db, {
                TableName: spec.name,
                Segment,
                TotalSegments,
                Limit,
                FilterExpression: 'odd = :t',
                ExpressionAttributeValues: { ':t': { BOOL: true } },
              });
              pages.push(...segment.pages.map((page) => ({ ...page, ScannedCount: undefined })));
            }
            return { pages };
          },
          scanAsSet(keyNames(spec.keys)),
          segmentPageCountsNotCompared,
        );
      }
    }
    const refused: [string, Record<string, unknown>][] = [
      ['Segment without TotalSegments', { Segment: 1 }],
      ['TotalSegments without Segment', { TotalSegments: 2 }],
      ['Segment ≥ TotalSegments', { Segment: 2, TotalSegments: 2 }],
      ['TotalSegments over 1,000,000', { Segment: 0, TotalSegments: 1_000_001 }],
      ['a negative Segment', { Segment: -1, TotalSegments: 2 }],
    ];
    for (const [label, change] of refused) await contract.sameError(`Scan with ${label}`, (db) => db.scan({ TableName: spec.name, ...change }));
  });
});

/**
 * With segments, how many pages each segment needs depends on how many
 * partitions each side's hash put in it: only the union of items and the
 * total Count are compared.
 */
const segmentPageCountsNotCompared: Normalizer = (comparison) => {
  const strip = (outcome: typeof comparison.engine) => {
    if (!outcome.ok) return outcome;
    const { pages: _pages, scannedCounts: _counts, ...rest } = outcome.value as Record<string, unknown>;
    return { ok: true as const, value: rest };
  };
  return { ...comparison, engine: strip(comparison.engine), local: strip(comparison.local) };
};

// --- Writes -------------------------------------------------------------------------------

describe('writes: conditions, ReturnValues, UpdateItem', () => {
  const spec = tableSpec(
    'writes',
    [
      ['pk', 'S'],
      ['sk', 'N'],
    ],
    { gsis: [{ name: 'byG', keys: [['g', 'S']], projection: { ProjectionType: 'KEYS_ONLY' } }] },
  );
  const key = { pk: S('a'), sk: N(1) };

  beforeAll(async () => {
    await createTable(spec);
  });

  it('PutItem and DeleteItem with conditions and ReturnValues', async () => {
    const put =
      (extra: Record<string, unknown>, item: Item = key) =>
      (db: DynamoDBDataSource) =>
        db.putItem({ TableName: spec.name, Item: item, ...extra });
    await contract.sameResult(
      'put if absent',
      put({ ConditionExpression: 'attribute_not_exists(pk)', ReturnValues: 'ALL_OLD', ReturnConsumedCapacity: 'INDEXES' }, { ...key, x: N(1), g: S('G') }),
    );
    await contract.sameError('put if absent, again', put({ ConditionExpression: 'attribute_not_exists(pk)' }));
    await contract.sameError(
      'put if absent, again, ALL_OLD on failure',
      put({ ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
    );
    await contract.sameResult(
      'put if x = 1',
      put(
        { ConditionExpression: 'x = :one', ExpressionAttributeValues: { ':one': N('1.0') }, ReturnValues: 'ALL_OLD', ReturnConsumedCapacity: 'TOTAL' },
        { ...key, x: N(2), big: S('b'.repeat(3000)) },
      ),
    );
    await contract.sameError('put if x = 1, which no longer holds', put({ ConditionExpression: 'x = :one', ExpressionAttributeValues: { ':one': N(1) } }));
    for (const ReturnValues of ['ALL_NEW', 'UPDATED_OLD', 'UPDATED_NEW', 'BOGUS']) {
      await contract.sameError(`PutItem ReturnValues ${ReturnValues}`, put({ ReturnValues }));
      await contract.sameError(`DeleteItem ReturnValues ${ReturnValues}`, (db) => db.deleteItem({ TableName: spec.name, Key: key, ReturnValues } as never));
    }
    await contract.sameError('ReturnValuesOnConditionCheckFailure BOGUS', put({ ReturnValuesOnConditionCheckFailure: 'BOGUS' }));
    // DynamoDB refuses an unknown ReturnConsumedCapacity with a member constraint error (the engine does);
    // DynamoDB Local 3.3.1 accepts it and writes. Both answers asserted.
    const bogusCapacity = await contract.compare(put({ ReturnConsumedCapacity: 'BOGUS' }));
    expect(bogusCapacity.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message:
        "1 validation error detected: Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
    });
    expect(bogusCapacity.local).toHaveProperty('ok', true);
    await contract.onBoth((db) => db.putItem({ TableName: spec.name, Item: { ...key, x: N(2), big: S('b'.repeat(3000)) } }));
    await contract.sameError('an invalid condition', put({ ConditionExpression: 'x = ' }));
    await contract.sameError(
      'a condition with an unused value',
      put({ ConditionExpression: 'attribute_exists(x)', ExpressionAttributeValues: { ':unused': N(1) } }),
    );
    await contract.sameError('delete if missing', (db) =>
      db.deleteItem({ TableName: spec.name, Key: key, ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
    );
    await contract.sameError('delete a missing item if it exists', (db) =>
      db.deleteItem({
        TableName: spec.name,
        Key: { pk: S('zz'), sk: N(1) },
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    await contract.sameResult('delete if big exists', (db) =>
      db.deleteItem({
        TableName: spec.name,
        Key: key,
        ConditionExpression: 'attribute_exists(big) AND size(big) > :n',
        ExpressionAttributeValues: { ':n': N(100) },
        ReturnValues: 'ALL_OLD',
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    await contract.sameResult('delete a missing item, TOTAL', (db) =>
      db.deleteItem({ TableName: spec.name, Key: key, ReturnValues: 'ALL_OLD', ReturnConsumedCapacity: 'TOTAL' }),
    );
    await contract.sameResult('GetItem of the deleted item', (db) => db.getItem({ TableName: spec.name, Key: key, ReturnConsumedCapacity: 'TOTAL' }));
  });

  it('UpdateItem: SET, REMOVE, ADD, DELETE, created items, ReturnValues, conditions and errors', async () => {
    const update =
      (UpdateExpression: string | undefined, values?: Record<string, AttributeValue>, extra: Record<string, unknown> = {}) =>
      (db: DynamoDBDataSource) =>
        db.updateItem({
          TableName: spec.name,
          Key: { pk: S('u'), sk: N(1) },
          ...(UpdateExpression ? { UpdateExpression } : {}),
          ...(values ? { ExpressionAttributeValues: values } : {}),
          ...extra,
        });
    const steps: [string, Record<string, AttributeValue> | undefined, Record<string, unknown>][] = [
      [undefined as never, undefined, { ReturnValues: 'ALL_NEW' }],
      [
        'SET a = :a, n = :n, l = :l, m = :m',
        { ':a': S('A'), ':n': N('1.50'), ':l': { L: [N(1), S('x')] }, ':m': { M: { k: { SS: ['p', 'q'] } } } },
        { ReturnValues: 'ALL_NEW', ReturnConsumedCapacity: 'INDEXES' },
      ],
      [
        'SET n = n + :d, l = list_append(l, :more), m.k2 = if_not_exists(m.k2, :d)',
        { ':d': N('0.25'), ':more': { L: [{ NULL: true }] } },
        { ReturnValues: 'UPDATED_NEW' },
      ],
      ['ADD c :one, m.k :s, ns :ns', { ':one': N(1), ':s': { SS: ['r'] }, ':ns': { NS: ['1', '2.0'] } }, { ReturnValues: 'UPDATED_OLD' }],
      ['ADD c :one DELETE m.k :s, ns :ns', { ':one': N(-3), ':s': { SS: ['p', 'zz'] }, ':ns': { NS: ['1', '2'] } }, { ReturnValues: 'ALL_OLD' }],
      ['REMOVE a, l[0], nothere', undefined, { ReturnValues: 'UPDATED_OLD' }],
      [
        'SET g = :g',
        { ':g': S('G') },
        { ReturnValues: 'ALL_NEW', ReturnConsumedCapacity: 'INDEXES', ConditionExpression: 'attribute_exists(n) AND NOT contains(m.k, :g)' },
      ],
      ['SET n = :big', { ':big': N('99999999999999999999999999999999999999') }, { ReturnValues: 'UPDATED_NEW' }],
    ];
    for (const [expression, values, extra] of steps) await contract.sameResult(`UpdateItem ${expression}`, update(expression, values, extra));
    await contract.sameResult('GetItem after the updates', (db) => db.getItem({ TableName: spec.name, Key: { pk: S('u'), sk: N(1) }, ConsistentRead: true }));
    const refused: [string, string, Record<string, AttributeValue> | undefined, Record<string, unknown>?][] = [
      [
        'a failed condition',
        'SET a = :a',
        { ':a': S('x') },
        { ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' },
      ],
      ['a key attribute', 'SET sk = :v', { ':v': N(2) }],
      ['removing a key attribute', 'REMOVE pk', undefined],
      ['an index key of the wrong type', 'SET g = :v', { ':v': N(1) }],
      ['an empty index key', 'SET g = :v', { ':v': S('') }],
      ['arithmetic on a string', 'SET g = g + :v', { ':v': N(1) }],
      ['arithmetic past 38 digits', 'SET n = n + :v', { ':v': N('1e-10') }],
      ['ADD to a list', 'ADD l :v', { ':v': N(1) }],
      ['two updates of one path', 'SET a = :v, a = :v', { ':v': N(1) }],
      ['overlapping paths', 'SET m.k = :v REMOVE m', { ':v': N(1) }],
      ['an undefined value', 'SET a = :nope', { ':v': N(1) }],
      ['a growth over 400 KB', 'SET big = :v', { ':v': S('x'.repeat(409_600)) }],
      ['ReturnValues BOGUS', 'SET a = :v', { ':v': N(1) }, { ReturnValues: 'BOGUS' }],
    ];
    for (const [label, expression, values, extra] of refused) {
      await contract.sameError(`UpdateItem refuses ${label}`, update(expression, values, extra));
    }
    await contract.sameResult('GetItem after refused updates', (db) =>
      db.getItem({ TableName: spec.name, Key: { pk: S('u'), sk: N(1) }, ConsistentRead: true }),
    );
    await contract.sameError('UpdateItem of a missing item with a condition', (db) =>
      db.updateItem({
        TableName: spec.name,
        Key: { pk: S('none'), sk: N(1) },
        UpdateExpression: 'SET a = :a',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':a': S('a') },
      }),
    );
  });

  it('refuses bad Key parameters on GetItem, DeleteItem and UpdateItem', async () => {
    const keys: [string, Item][] = [
      ['a missing sort key', { pk: S('a') }],
      ['an extra attribute', { ...key, z: S('z') }],
      ['a key of the wrong type', { pk: S('a'), sk: S('1') }],
      ['an empty string key', { pk: S(''), sk: N(1) }],
      ['a partition key over 2048 bytes', { pk: S('€'.repeat(683)), sk: N(1) }],
    ];
    for (const [label, Key] of keys) {
      await contract.sameError(`GetItem with ${label}`, (db) => db.getItem({ TableName: spec.name, Key }));
      await contract.sameError(`DeleteItem with ${label}`, (db) => db.deleteItem({ TableName: spec.name, Key }));
      await contract.sameError(`UpdateItem with ${label}`, (db) =>
        db.updateItem({ TableName: spec.name, Key, UpdateExpression: 'SET x = :x', ExpressionAttributeValues: { ':x': S('x') } }),
      );
    }
  });
});

// --- Batches ----------------------------------------------------------------------------------

describe('BatchWriteItem and BatchGetItem', () => {
  const spec = tableSpec(
    'batch',
    [
      ['pk', 'S'],
      ['sk', 'N'],
    ],
    { gsis: [{ name: 'byG', keys: [['g', 'S']], projection: { ProjectionType: 'ALL' } }] },
  );
  const other = tableSpec('batch-other', [['id', 'B']]);
  const put = (pk: string, sk: number | string, extra: Item = {}) => ({ PutRequest: { Item: { pk: S(pk), sk: N(sk), ...extra } } });
  const del = (pk: string, sk: number | string) => ({ DeleteRequest: { Key: { pk: S(pk), sk: N(sk) } } });

  beforeAll(async () => {
    await createTable(spec);
    await createTable(other);
  });

  it('writes up to 25 requests over several tables; refuses 26, duplicates and bad requests', async () => {
    const batch =
      (RequestItems: Record<string, unknown[]>, extra: Record<string, unknown> = {}) =>
      (db: DynamoDBDataSource) =>
        db.batchWriteItem({ RequestItems, ...extra } as never);
    await contract.sameResult(
      '25 requests over two tables',
      batch(
        {
          [spec.name]: [
            ...Array.from({ length: 20 }, (_, i) => put('a', i, i % 2 ? { g: S('G'), x: S('x'.repeat(i * 100)) } : {})),
            del('a', 99),
            del('zz', 1),
          ],
          [other.name]: [
            { PutRequest: { Item: { id: B(1), v: { BS: [Uint8Array.of(1), Uint8Array.of(2)] } } } },
            { PutRequest: { Item: { id: B(0xff) } } },
            { DeleteRequest: { Key: { id: B(7) } } },
          ],
        },
        { ReturnConsumedCapacity: 'INDEXES' },
      ),
      localBatchDeleteOfMissingItemCapacity,
    );
    await contract.same('Scan after the batch', (db) => scanAllPages(db, { TableName: spec.name }), scanAsSet(keyNames(spec.keys)));
    const refused: [string, Record<string, unknown[]>][] = [
      ['26 requests', { [spec.name]: Array.from({ length: 26 }, (_, i) => put('b', i)) }],
      [
        '26 requests over two tables',
        {
          [spec.name]: Array.from({ length: 13 }, (_, i) => put('b', i)),
          [other.name]: Array.from({ length: 13 }, (_, i) => ({ PutRequest: { Item: { id: B(i) } } })),
        },
      ],
      ['two puts of one key', { [spec.name]: [put('b', 1), put('b', 1, { x: S('x') })] }],
      ['two puts of one key spelled differently', { [spec.name]: [put('b', 1), put('b', '1.0')] }],
      ['a put and a delete of one key', { [spec.name]: [put('b', 1), del('b', 1)] }],
      ['two deletes of one key', { [spec.name]: [del('b', 1), del('b', 1)] }],
      ['an empty list for a table', { [spec.name]: [] }],
      ['a put missing its sort key', { [spec.name]: [{ PutRequest: { Item: { pk: S('b') } } }] }],
      ['a delete with a bad key', { [spec.name]: [{ DeleteRequest: { Key: { pk: S('b') } } }] }],
      ['a put over 400 KB', { [spec.name]: [put('b', 1, { x: S('x'.repeat(409_600)) })] }],
      ['a missing table', { [uniqueTableName('contract-missing')]: [put('b', 1)] }],
      ['an empty string key', { [spec.name]: [put('', 1)] }],
    ];
    for (const [label, RequestItems] of refused) await contract.sameError(`BatchWriteItem with ${label}`, batch(RequestItems));
    await contract.sameError('BatchWriteItem with no tables', batch({}));
    await contract.same('Scan after refused batches', (db) => scanAllPages(db, { TableName: spec.name }), scanAsSet(keyNames(spec.keys)));
  });

  it('reads up to 100 keys over several tables; refuses 101 and duplicates', async () => {
    const get =
      (RequestItems: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (db: DynamoDBDataSource) =>
        db.batchGetItem({ RequestItems, ...extra } as never);
    const keysOf = (pk: string, count: number, start = 0) => Array.from({ length: count }, (_, i) => ({ pk: S(pk), sk: N(start + i) }));
    const responses = batchGetResponsesAsSets(['pk', 'sk', 'id']);
    await contract.sameResult(
      'found and missing keys, projection, consistent',
      get({
        [spec.name]: { Keys: keysOf('a', 30), ProjectionExpression: 'sk, g, nope', ConsistentRead: true },
        [other.name]: { Keys: [{ id: B(1) }, { id: B(2) }] },
      }),
      responses,
    );
    await contract.sameResult(
      '100 keys',
      get({ [spec.name]: { Keys: keysOf('a', 97) }, [other.name]: { Keys: [{ id: B(1) }, { id: B(0xff) }, { id: B(3) }] } }),
      responses,
    );
    await contract.sameResult('capacity of found keys', get({ [spec.name]: { Keys: keysOf('a', 20) } }, { ReturnConsumedCapacity: 'TOTAL' }), responses);
    const refused: [string, Record<string, unknown>][] = [
      ['101 keys', { [spec.name]: { Keys: keysOf('a', 101) } }],
      ['101 keys over two tables', { [spec.name]: { Keys: keysOf('a', 100) }, [other.name]: { Keys: [{ id: B(1) }] } }],
      ['duplicate keys', { [spec.name]: { Keys: [...keysOf('a', 2), { pk: S('a'), sk: N(1) }] } }],
      ['a key without its sort key', { [spec.name]: { Keys: [{ pk: S('a') }] } }],
      ['no keys', { [spec.name]: { Keys: [] } }],
      ['a missing table', { [uniqueTableName('contract-missing')]: { Keys: [{ pk: S('a'), sk: N(1) }] } }],
      ['a bad projection', { [spec.name]: { Keys: keysOf('a', 1), ProjectionExpression: 'a,' } }],
    ];
    for (const [label, RequestItems] of refused) await contract.sameError(`BatchGetItem with ${label}`, get(RequestItems));
    // Two spellings of one number key are one key: DynamoDB Local 3.3.1 refuses them as duplicates in
    // BatchWriteItem but not in BatchGetItem, where it returns the item twice. The engine refuses both, as
    // DynamoDB keys are compared normalised (semantics §1: "1000 and 1e3 are the same key").
    const spelled = await contract.compare(
      get({
        [spec.name]: {
          Keys: [
            { pk: S('a'), sk: N(1) },
            { pk: S('a'), sk: N('1e0') },
          ],
        },
      }),
    );
    expect(spelled.engine).toEqual({ ok: false, name: 'ValidationException', message: 'Provided list of item keys contains duplicates' });
    expect(spelled.local).toHaveProperty('ok', true);
  });
});

/**
 * src/engine/batch.test.ts: DynamoDB Local charges a BatchWriteItem delete of a
 * missing item 2 write units; DynamoDB charges a delete of a missing item 1
 * (like DeleteItem), as the engine does. DynamoDB Local's per-table figure
 * is reduced by one unit per such delete in the request.
 */
const localBatchDeleteOfMissingItemCapacity: Normalizer = (comparison) => {
  const call = comparison.localCalls[0];
  if (!comparison.local.ok || call?.operation !== 'batchWriteItem') return comparison;
  // Which deletes hit missing items: those the engine's own answer could not know; the scenario names them.
  const missingDeletes: Record<string, number> = {};
  for (const [table, requests] of Object.entries((call.input as { RequestItems: Record<string, { DeleteRequest?: { Key: Item } }[]> }).RequestItems)) {
    missingDeletes[table] = requests.filter((request) => request.DeleteRequest && MISSING_DELETE_KEYS.has(JSON.stringify(request.DeleteRequest.Key))).length;
  }
  const output = comparison.local.value as { ConsumedCapacity?: { TableName: string; CapacityUnits: number; Table?: { CapacityUnits: number } }[] };
  if (!output.ConsumedCapacity) return comparison;
  const ConsumedCapacity = output.ConsumedCapacity.map((capacity) => {
    const extra = missingDeletes[capacity.TableName] ?? 0;
    return {
      ...capacity,
      CapacityUnits: capacity.CapacityUnits - extra,
      ...(capacity.Table ? { Table: { CapacityUnits: capacity.Table.CapacityUnits - extra } } : {}),
    };
  });
  return { ...comparison, local: { ok: true, value: { ...output, ConsumedCapacity } } };
};

/** The DeleteRequest keys the batch scenario knows to be missing (as JSON of the request's Key). */
const MISSING_DELETE_KEYS = new Set([{ pk: S('a'), sk: N(99) }, { pk: S('zz'), sk: N(1) }, { id: B(7) }].map((key) => JSON.stringify(key)));

// --- Values and limits ------------------------------------------------------------------------

describe('values and limits', () => {
  const spec = tableSpec('values', [
    ['pk', 'S'],
    ['sk', 'B'],
  ]);
  const key = { pk: S('v'), sk: B(1) };

  beforeAll(async () => {
    await createTable(spec);
  });

  it('item size: 400 KB exactly is stored, one byte more is refused', async () => {
    // pk(2+1) + sk(2+1) + x(1+n) = 409,600
    const x = 'x'.repeat(409_600 - 3 - 3 - 1);
    await contract.sameResult('PutItem of 409,600 bytes', (db) =>
      db.putItem({ TableName: spec.name, Item: { ...key, x: S(x) }, ReturnConsumedCapacity: 'TOTAL' }),
    );
    await contract.sameError('PutItem of 409,601 bytes', (db) => db.putItem({ TableName: spec.name, Item: { ...key, x: S(`${x}y`) } }));
    await contract.sameError('UpdateItem to 409,601 bytes', (db) =>
      db.updateItem({ TableName: spec.name, Key: key, UpdateExpression: 'SET y = :e', ExpressionAttributeValues: { ':e': S('') } }),
    );
    await contract.sameResult('UpdateItem within 409,600 bytes', (db) =>
      db.updateItem({
        TableName: spec.name,
        Key: key,
        UpdateExpression: 'SET x = :x',
        ExpressionAttributeValues: { ':x': S(x.slice(1)) },
        ReturnValues: 'UPDATED_OLD',
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    await contract.sameResult('GetItem of a 400 KB item', (db) =>
      db.getItem({ TableName: spec.name, Key: key, ProjectionExpression: 'pk', ReturnConsumedCapacity: 'TOTAL', ConsistentRead: true }),
    );
    // Multi-byte characters and attribute names count in UTF-8 bytes.
    const euro = '€'.repeat(Math.floor((409_600 - 3 - 3 - 3) / 3));
    await contract.sameResult('PutItem counted in UTF-8 bytes', (db) => db.putItem({ TableName: spec.name, Item: { ...key, é: S(euro) } }));
    await contract.sameError('PutItem one UTF-8 character over', (db) => db.putItem({ TableName: spec.name, Item: { ...key, é: S(`${euro}€`) } }));
  });

  it('key sizes and empty keys', async () => {
    const b = (length: number) => ({ B: new Uint8Array(length).fill(0xab) });
    const cases: [string, Item][] = [
      ['a 2048-byte partition key', { pk: S('p'.repeat(2048)), sk: B(1) }],
      ['a 2048-byte partition key of 4-byte characters', { pk: S('\u{1F600}'.repeat(512)), sk: B(1) }],
      ['a 1024-byte binary sort key', { pk: S('p'), sk: b(1024) }],
      ['a 2049-byte partition key', { pk: S('p'.repeat(2049)), sk: B(1) }],
      ['a 1025-byte binary sort key', { pk: S('p'), sk: b(1025) }],
      ['an empty partition key', { pk: S(''), sk: B(1) }],
      ['an empty binary sort key', { pk: S('p'), sk: { B: new Uint8Array(0) } }],
      [
        'empty values outside the key',
        { pk: S('e'), sk: B(1), s: S(''), b: { B: new Uint8Array(0) }, l: { L: [] }, m: { M: {} }, nested: { M: { s: S('') } } },
      ],
    ];
    for (const [label, Item] of cases) await contract.same(`PutItem with ${label}`, (db) => db.putItem({ TableName: spec.name, Item }));
    await contract.sameResult('GetItem of empty values', (db) => db.getItem({ TableName: spec.name, Key: { pk: S('e'), sk: B(1) } }));
    const sortSpec = tableSpec('sortsize', [
      ['pk', 'S'],
      ['sk', 'S'],
    ]);
    await createTable(sortSpec);
    for (const [label, sk] of [
      ['1024 bytes', 'ß'.repeat(512)],
      ['1025 bytes', `${'ß'.repeat(512)}x`],
      ['empty', ''],
    ] as const) {
      await contract.same(`a string sort key of ${label}`, (db) => db.putItem({ TableName: sortSpec.name, Item: { pk: S('p'), sk: S(sk) } }));
    }
  });

  it('numbers: normalisation and limits', async () => {
    const numbers = [
      '1.50',
      '001',
      '-0',
      '0.0',
      '1E+2',
      '1e-2',
      '-1.0e-5',
      '12345678901234567890123456789012345678',
      '1234567890123456789012345678901234567800000',
      '0.000012345678901234567890123456789012345678',
      '9.9999999999999999999999999999999999999E+125',
      '1E-130',
      '-1E-130',
      '1E+125',
      // Refused: too many digits, overflow, underflow, not a number.
      '123456789012345678901234567890123456789',
      '1E+126',
      '1E-131',
      '12abc',
      '',
      ' 1',
      '0x10',
      'Infinity',
      'NaN',
      '1e',
      '.5',
      '5.',
      '+5',
    ];
    for (const [i, n] of numbers.entries()) {
      const item = { pk: S('n'), sk: B(i), n: N(n), ns: { NS: [n, '7'] }, m: { M: { deep: { L: [N(n)] } } } };
      const outcome = await contract.same(`PutItem number ${JSON.stringify(n)}`, (db) => db.putItem({ TableName: spec.name, Item: item }));
      if (outcome.ok)
        await contract.sameResult(`GetItem number ${JSON.stringify(n)}`, (db) => db.getItem({ TableName: spec.name, Key: { pk: S('n'), sk: B(i) } }));
    }
    const sets: [string, AttributeValue][] = [
      ['NS 1 and 1.0', { NS: ['1', '1.0'] }],
      ['SS a, a', { SS: ['a', 'a'] }],
      ['BS duplicates', { BS: [Uint8Array.of(1), Uint8Array.of(1)] }],
      ['empty SS', { SS: [] }],
      ['empty NS', { NS: [] }],
      ['empty BS', { BS: [] }],
      ['NULL false', { NULL: false }],
      ['an empty AttributeValue', {} as AttributeValue],
    ];
    for (const [label, value] of sets) {
      await contract.sameError(`PutItem with ${label}`, (db) => db.putItem({ TableName: spec.name, Item: { ...key, x: value } }));
    }
    const numberKeys = tableSpec('numberkeys', [
      ['pk', 'N'],
      ['sk', 'N'],
    ]);
    await createTable(numberKeys);
    for (const n of ['1', '1.0', '1e0', '10e-1', '-0', '0']) {
      await contract.sameResult(`PutItem number key ${n}`, (db) =>
        db.putItem({ TableName: numberKeys.name, Item: { pk: N(n), sk: N(n), v: S(n) }, ReturnValues: 'ALL_OLD' }),
      );
    }
    await sameQueryPages('Query number keys', numberKeys, { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': N('1.000') } });
  });

  it('refuses requests on tables that do not exist, for every operation', async () => {
    const TableName = uniqueTableName('contract-nope');
    const runs: [string, (db: DynamoDBDataSource) => Promise<unknown>][] = [
      ['UpdateItem', (db) => db.updateItem({ TableName, Key: { pk: S('a') }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': S('a') } })],
      ['DeleteItem', (db) => db.deleteItem({ TableName, Key: { pk: S('a') } })],
      ['BatchGetItem', (db) => db.batchGetItem({ RequestItems: { [TableName]: { Keys: [{ pk: S('a') }] } } })],
      ['Query on an index', (db) => db.query({ TableName, IndexName: 'idx', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('a') } })],
    ];
    for (const [label, run] of runs) {
      const error = await contract.sameError(`${label} on a missing table`, run);
      expect(error.name).toBe('ResourceNotFoundException');
    }
  });
});
