import type { QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../expressions';
import { compareUtf8 } from '../keys';
import { B, createEngine, expectError, keySchema, N, S, tableInput, valuesOf } from './engine.fixtures';
import type { LocalDynamoDB } from './localDynamoDB.types';

/*
 * Query: order, key conditions, paging, indexes, Select, capacity.
 *
 * Where DynamoDB Local 3.3.1 differs (verified here), the engine follows DynamoDB:
 * - it applies the 1 MB page limit after the FilterExpression (DynamoDB: to the data read, before the filter);
 * - it measures an index page with whole items even for KEYS_ONLY / INCLUDE indexes (DynamoDB: index entries);
 * - an empty Query costs 0 capacity units (DynamoDB: the minimum read, 0.5 or 1);
 * - it says "Exclusive Start Key must have same size as table's key schema" for a malformed ExclusiveStartKey;
 * - GSI and LSI entries with equal index keys come back in an internal order; DynamoDB promises no order,
 *   Keylab orders them by table key;
 * - when Limit stops a page on the inclusive bound of the key condition (`sk <= :c` ending at c,
 *   `BETWEEN :a AND :c` ending at c, `sk >= :a` read backwards ending at a) or on the one item of a
 *   hash-only table, it returns no LastEvaluatedKey, and it refuses an ExclusiveStartKey on that bound
 *   ("The provided starting key does not match the range key predicate"). DynamoDB documents that a page
 *   stopped by Limit carries a LastEvaluatedKey; Keylab returns one (the next page is then empty), except
 *   on a hash-only table, whose partition holds one item, like DynamoDB Local.
 * A randomized comparison against DynamoDB Local (2,273 pages of Query over S/N/B keys, LSI, Limit, filters,
 * both directions) found no other difference.
 */

const T = 'Scores';
let db: LocalDynamoDB;

async function createScores(sortKeyType: 'S' | 'N' | 'B') {
  db = createEngine();
  await db.createTable(
    tableInput(T, [
      ['pk', 'S'],
      ['sk', sortKeyType],
    ]),
  );
}

function queryInput(extra: Partial<QueryCommandInput> = {}, values: Record<string, unknown> = {}): QueryCommandInput {
  return {
    TableName: T,
    KeyConditionExpression: 'pk = :p',
    ...extra,
    ExpressionAttributeValues: { ':p': S('p'), ...(values as Record<string, never>) },
  };
}

describe('order', () => {
  it('returns S keys in UTF-8 byte order: astral characters after U+FFFF (as DynamoDB Local does)', async () => {
    await createScores('S');
    const keys = ['9', '10', '240', '1500', 'z', 'ä', '€', '\uFFFF', '𝄞', 'Z', '#', 'a#b', 'ab', '\uE000', '😀', 'a'];
    for (const sk of keys) await db.putItem({ TableName: T, Item: { pk: S('p'), sk: S(sk) } });
    const { Items } = await db.query(queryInput());
    const expected = ['#', '10', '1500', '240', '9', 'Z', 'a', 'a#b', 'ab', 'z', 'ä', '€', '\uE000', '\uFFFF', '𝄞', '😀'];
    expect(valuesOf(Items, 'sk')).toEqual(expected);
    expect(expected).toEqual([...keys].sort(compareUtf8));
    const reversed = await db.query(queryInput({ ScanIndexForward: false }));
    expect(valuesOf(reversed.Items, 'sk')).toEqual([...expected].reverse());
  });

  it('returns N keys numerically: negatives, exponents, 38 digits', async () => {
    await createScores('N');
    const keys = [
      '10',
      '9',
      '-1.5',
      '1e3',
      '-1E10',
      '0',
      '0.001',
      '-0.0010',
      '1e-130',
      '-1e-130',
      '9.9999999999999999999999999999999999999E+125',
      '-9.9999999999999999999999999999999999999E+125',
      '12345678901234567890123456789012345678',
      '12345678901234567890123456789012345677',
    ];
    for (const sk of keys) await db.putItem({ TableName: T, Item: { pk: S('p'), sk: N(sk) } });
    const { Items } = await db.query(queryInput());
    expect(valuesOf(Items, 'sk')).toEqual([
      '-' + '9'.repeat(38) + '0'.repeat(88),
      '-10000000000',
      '-1.5',
      '-0.001',
      '-0.' + '0'.repeat(129) + '1',
      '0',
      '0.' + '0'.repeat(129) + '1',
      '0.001',
      '9',
      '10',
      '1000',
      '12345678901234567890123456789012345677',
      '12345678901234567890123456789012345678',
      '9'.repeat(38) + '0'.repeat(88),
    ]);
  });

  it('treats 1000 and 1e3 as one key', async () => {
    await createScores('N');
    await db.putItem({ TableName: T, Item: { pk: S('p'), sk: N('1000'), v: S('first') } });
    await db.putItem({ TableName: T, Item: { pk: S('p'), sk: N('1e3'), v: S('second') } });
    const { Items } = await db.query(queryInput());
    expect(Items).toEqual([{ pk: S('p'), sk: N('1000'), v: S('second') }]);
  });

  it('returns B keys as unsigned bytes, a prefix first', async () => {
    await createScores('B');
    const keys = [[0xff], [0x80], [0x7f], [0x00, 0x00], [0x00], [0xff, 0x00], [0x01, 0xff]];
    for (const sk of keys) await db.putItem({ TableName: T, Item: { pk: S('p'), sk: B(...sk) } });
    const { Items } = await db.query(queryInput());
    expect(valuesOf(Items, 'sk')).toEqual(['00', '0000', '01ff', '7f', '80', 'ff', 'ff00']);
  });

  it('keeps partitions of S "1" and N 1 apart and finds a partition whatever the number spelling', async () => {
    db = createEngine();
    await db.createTable(
      tableInput('Nums', [
        ['pk', 'N'],
        ['sk', 'S'],
      ]),
    );
    await db.putItem({ TableName: 'Nums', Item: { pk: N('100'), sk: S('a') } });
    const { Items } = await db.query({ TableName: 'Nums', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': N('1.00e2') } });
    expect(Items).toEqual([{ pk: N('100'), sk: S('a') }]);
  });
});

describe('key conditions', () => {
  beforeEach(async () => {
    await createScores('S');
    for (const sk of ['a', 'ab', 'abc', 'abd', 'b', 'ba', 'c']) await db.putItem({ TableName: T, Item: { pk: S('p'), sk: S(sk) } });
    await db.putItem({ TableName: T, Item: { pk: S('q'), sk: S('a') } });
  });

  const cases: [string, Record<string, unknown>, string[]][] = [
    ['sk = :a', { ':a': S('ab') }, ['ab']],
    ['sk < :a', { ':a': S('ab') }, ['a']],
    ['sk <= :a', { ':a': S('ab') }, ['a', 'ab']],
    ['sk > :a', { ':a': S('abd') }, ['b', 'ba', 'c']],
    ['sk >= :a', { ':a': S('abd') }, ['abd', 'b', 'ba', 'c']],
    ['sk BETWEEN :a AND :b', { ':a': S('ab'), ':b': S('b') }, ['ab', 'abc', 'abd', 'b']],
    ['sk between :a and :b', { ':a': S('aa'), ':b': S('az') }, ['ab', 'abc', 'abd']],
    ['begins_with(sk, :a)', { ':a': S('ab') }, ['ab', 'abc', 'abd']],
    ['begins_with(sk, :a)', { ':a': S('b') }, ['b', 'ba']],
    ['begins_with(sk, :a)', { ':a': S('zz') }, []],
    [':a > sk', { ':a': S('ab') }, ['a']],
    ['sk = :a', { ':a': S('zz') }, []],
  ];

  it.each(cases)('%s %j, both directions', async (condition, values, expected) => {
    const forward = await db.query(queryInput({ KeyConditionExpression: `pk = :p AND ${condition}` }, values));
    expect(valuesOf(forward.Items, 'sk')).toEqual(expected);
    const backward = await db.query(queryInput({ KeyConditionExpression: `${condition} AND pk = :p`, ScanIndexForward: false }, values));
    expect(valuesOf(backward.Items, 'sk')).toEqual([...expected].reverse());
  });

  it('returns an empty page for a missing partition', async () => {
    const { Items, Count, ScannedCount, LastEvaluatedKey } = await db.query(queryInput({}, { ':p': S('nope') }));
    expect([Items, Count, ScannedCount, LastEvaluatedKey]).toEqual([[], 0, 0, undefined]);
  });

  it('begins_with on binary keys compares bytes', async () => {
    await createScores('B');
    for (const sk of [[0x01], [0x01, 0xff], [0x01, 0xff, 0x00], [0x02], [0xff]]) await db.putItem({ TableName: T, Item: { pk: S('p'), sk: B(...sk) } });
    const { Items } = await db.query(queryInput({ KeyConditionExpression: 'pk = :p AND begins_with(sk, :b)' }, { ':b': B(0x01, 0xff) }));
    expect(valuesOf(Items, 'sk')).toEqual(['01ff', '01ff00']);
    const back = await db.query(queryInput({ KeyConditionExpression: 'pk = :p AND begins_with(sk, :b)', ScanIndexForward: false }, { ':b': B(0x01) }));
    expect(valuesOf(back.Items, 'sk')).toEqual(['01ff00', '01ff', '01']);
  });
});

describe('paging', () => {
  beforeEach(async () => {
    await createScores('N');
    for (let i = 0; i < 10; i++) await db.putItem({ TableName: T, Item: { pk: S('p'), sk: N(i), x: S(`x${i}`) } });
  });

  it('counts Limit before the filter and returns the last evaluated key (verified on DynamoDB Local)', async () => {
    const page = await db.query(queryInput({ Limit: 3, FilterExpression: 'x = :x' }, { ':x': S('x1') }));
    expect(page).toMatchObject({ Count: 1, ScannedCount: 3, LastEvaluatedKey: { pk: S('p'), sk: N(2) } });
    expect(valuesOf(page.Items, 'sk')).toEqual(['1']);
  });

  it('returns LastEvaluatedKey when Limit is reached even on the last item, and none after', async () => {
    expect((await db.query(queryInput({ Limit: 10, Select: 'COUNT' }))).LastEvaluatedKey).toEqual({ pk: S('p'), sk: N(9) });
    const all = await db.query(queryInput({ Limit: 11, Select: 'COUNT' }));
    expect(all).toMatchObject({ Count: 10, ScannedCount: 10 });
    expect(all.LastEvaluatedKey).toBeUndefined();
    expect(all.Items).toBeUndefined();
  });

  it('pages through a partition forwards and backwards with ExclusiveStartKey', async () => {
    for (const ScanIndexForward of [true, false]) {
      const seen: string[] = [];
      let ExclusiveStartKey: Item | undefined;
      do {
        const page = await db.query(queryInput({ Limit: 3, ScanIndexForward, ExclusiveStartKey }));
        seen.push(...(valuesOf(page.Items, 'sk') as string[]));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      const expected = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
      expect(seen).toEqual(ScanIndexForward ? expected : expected.reverse());
    }
  });

  it('resumes after an ExclusiveStartKey that does not exist', async () => {
    const page = await db.query(queryInput({ Limit: 2, ExclusiveStartKey: { pk: S('p'), sk: N('4.5') } }));
    expect(valuesOf(page.Items, 'sk')).toEqual(['5', '6']);
    const back = await db.query(queryInput({ Limit: 2, ScanIndexForward: false, ExclusiveStartKey: { pk: S('p'), sk: N('4.5') } }));
    expect(valuesOf(back.Items, 'sk')).toEqual(['4', '3']);
    const between = await db.query(
      queryInput({ KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', ExclusiveStartKey: { pk: S('p'), sk: N(5) } }, { ':a': N(2), ':b': N(7) }),
    );
    expect(valuesOf(between.Items, 'sk')).toEqual(['6', '7']);
  });

  it.each([
    [{ pk: S('q'), sk: N(4) }, 'The provided starting key is outside query boundaries based on provided conditions'],
    [{ pk: S('p') }, 'The provided starting key is invalid: The provided key element does not match the schema'],
    [{ pk: S('p'), sk: N(1), z: S('a') }, 'The provided starting key is invalid: The provided key element does not match the schema'],
    [{ pk: S('p'), sk: S('1') }, 'The provided starting key is invalid: The provided key element does not match the schema'],
    [{ pk: S('p'), sk: { SS: [] } }, 'The provided starting key is invalid: One or more parameter values were invalid: An string set  may not be empty'],
  ])('refuses ExclusiveStartKey %j', async (ExclusiveStartKey, message) => {
    await expectError(db.query(queryInput({ ExclusiveStartKey })), 'ValidationException', message);
  });

  it('refuses an ExclusiveStartKey outside the sort-key condition (as DynamoDB Local does)', async () => {
    await expectError(
      db.query(queryInput({ KeyConditionExpression: 'pk = :p AND sk > :s', ExclusiveStartKey: { pk: S('p'), sk: N(1) } }, { ':s': N(5) })),
      'ValidationException',
      'The provided starting key does not match the range key predicate',
    );
  });

  it('refuses Limit 0', async () => {
    await expectError(
      db.query(queryInput({ Limit: 0 })),
      'ValidationException',
      "1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
    );
  });

  it('does not return LastEvaluatedKey for Limit 1 on a hash-only table (as DynamoDB Local)', async () => {
    await db.createTable(tableInput('HashOnly', [['pk', 'S']]));
    await db.putItem({ TableName: 'HashOnly', Item: { pk: S('p') } });
    const page = await db.query({ TableName: 'HashOnly', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': S('p') }, Limit: 1 });
    expect(page).toMatchObject({ Count: 1, ScannedCount: 1 });
    expect(page.LastEvaluatedKey).toBeUndefined();
  });
});

describe('the 1 MB page', () => {
  beforeEach(async () => {
    db = createEngine();
    await db.createTable({
      ...tableInput(
        T,
        [
          ['pk', 'S'],
          ['sk', 'N'],
        ],
        { extraDefinitions: [['g', 'S']] },
      ),
      GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: keySchema('g', 'sk'), Projection: { ProjectionType: 'KEYS_ONLY' } }],
    });
    // Each item is about 100 KB (100,009–100,010 bytes): ten fit under 1 MB, the eleventh crosses it.
    await db.loadItems(
      T,
      Array.from({ length: 30 }, (_, i) => ({ pk: S('p'), sk: N(i), g: S('G'), x: S('x'.repeat(100_000 - (i >= 10 ? 1 : 0))) })),
    );
  });

  it('stops after the item that crosses 1 MB, measured before filter and projection', async () => {
    const page = await db.query(queryInput({ ReturnConsumedCapacity: 'TOTAL' }));
    expect(page).toMatchObject({ Count: 11, ScannedCount: 11, LastEvaluatedKey: { pk: S('p'), sk: N(10) } });
    // 11 items of ~100 KB: 1,100,164 bytes → 269 × 4 KB → 134.5 units eventually consistent (as on DynamoDB Local).
    expect(page.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 134.5 });
    const filtered = await db.query(queryInput({ FilterExpression: 'x = :n' }, { ':n': S('n') }));
    expect(filtered).toMatchObject({ Count: 0, ScannedCount: 11, LastEvaluatedKey: { pk: S('p'), sk: N(10) } });
    const projected = await db.query(queryInput({ ProjectionExpression: 'sk' }));
    expect(projected).toMatchObject({ Count: 11, LastEvaluatedKey: { pk: S('p'), sk: N(10) } });
  });

  it('reads every item over three pages', async () => {
    let ExclusiveStartKey: Item | undefined;
    const counts: number[] = [];
    do {
      const page = await db.query(queryInput({ ExclusiveStartKey, Select: 'COUNT' }));
      counts.push(page.Count as number);
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    expect(counts).toEqual([11, 11, 8]);
  });

  it('measures an index page by the index entries (KEYS_ONLY: all 30 fit)', async () => {
    const page = await db.query({ TableName: T, IndexName: 'gsi', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': S('G') } });
    expect(page.Count).toBe(30);
    expect(page.LastEvaluatedKey).toBeUndefined();
  });
});

describe('secondary indexes', () => {
  beforeEach(async () => {
    db = createEngine();
    await db.createTable({
      ...tableInput(
        T,
        [
          ['pk', 'S'],
          ['sk', 'N'],
        ],
        {
          extraDefinitions: [
            ['l', 'S'],
            ['g', 'S'],
            ['gs', 'N'],
          ],
        },
      ),
      LocalSecondaryIndexes: [{ IndexName: 'lsi', KeySchema: keySchema('pk', 'l'), Projection: { ProjectionType: 'KEYS_ONLY' } }],
      GlobalSecondaryIndexes: [
        { IndexName: 'gsi', KeySchema: keySchema('g', 'gs'), Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['x'] } },
        { IndexName: 'gsi2', KeySchema: keySchema('g'), Projection: { ProjectionType: 'ALL' } },
      ],
    });
    for (let i = 0; i < 10; i++) {
      const item: Item = { pk: S('p'), sk: N(i), l: S(`L${9 - i}`), g: S(i % 2 ? 'odd' : 'even'), gs: N(i % 3), x: S(`x${i}`), y: S(`y${i}`) };
      if (i === 4) delete item.g; // not in the GSIs: sparse
      await db.putItem({ TableName: T, Item: item });
    }
  });

  const onGsi = (extra: Partial<QueryCommandInput> = {}) =>
    db.query({ TableName: T, IndexName: 'gsi', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': S('even') }, ...extra });

  it('orders an LSI by its sort key and pages with table key + LSI key', async () => {
    const page = await db.query(queryInput({ IndexName: 'lsi', Limit: 2 }));
    expect(page.Items).toEqual([
      { pk: S('p'), sk: N(9), l: S('L0') },
      { pk: S('p'), sk: N(8), l: S('L1') },
    ]);
    expect(page.LastEvaluatedKey).toEqual({ pk: S('p'), sk: N(8), l: S('L1') });
    const next = await db.query(queryInput({ IndexName: 'lsi', Limit: 2, ExclusiveStartKey: page.LastEvaluatedKey }));
    expect(valuesOf(next.Items, 'l')).toEqual(['L2', 'L3']);
    await expectError(
      db.query(queryInput({ IndexName: 'lsi', ExclusiveStartKey: { pk: S('p'), sk: N(9) } })),
      'ValidationException',
      'The provided starting key is invalid',
    );
  });

  it('fetches non-projected attributes from the table for an LSI', async () => {
    const all = await db.query(queryInput({ IndexName: 'lsi', Limit: 1, Select: 'ALL_ATTRIBUTES' }));
    expect(all.Items?.[0]).toMatchObject({ y: S('y9'), x: S('x9') });
    const some = await db.query(queryInput({ IndexName: 'lsi', Limit: 1, ProjectionExpression: 'y' }));
    expect(some.Items).toEqual([{ y: S('y9') }]);
  });

  it('queries a sparse GSI with its projection, ordered by GSI key then table key', async () => {
    const page = await onGsi({ Limit: 2 });
    expect(page.Items).toEqual([
      { pk: S('p'), sk: N(0), g: S('even'), gs: N(0), x: S('x0') },
      { pk: S('p'), sk: N(6), g: S('even'), gs: N(0), x: S('x6') },
    ]);
    expect(page.LastEvaluatedKey).toEqual({ pk: S('p'), sk: N(6), g: S('even'), gs: N(0) });
    const rest = await onGsi({ ExclusiveStartKey: page.LastEvaluatedKey });
    // sk 4 has no g: it is not in the index.
    expect(valuesOf(rest.Items, 'sk')).toEqual(['2', '8']);
  });

  it('keeps GSI entries with duplicate keys, ordered by table key in both directions', async () => {
    await db.putItem({ TableName: T, Item: { pk: S('a'), sk: N(100), g: S('odd') } });
    const { Items } = await db.query({ TableName: T, IndexName: 'gsi2', KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': S('odd') } });
    expect(Items?.map((item) => `${item.pk?.S}/${item.sk?.N}`)).toEqual(['a/100', 'p/1', 'p/3', 'p/5', 'p/7', 'p/9']);
    const back = await db.query({
      TableName: T,
      IndexName: 'gsi2',
      ScanIndexForward: false,
      Limit: 2,
      KeyConditionExpression: 'g = :g',
      ExpressionAttributeValues: { ':g': S('odd') },
    });
    expect(back.LastEvaluatedKey).toEqual({ pk: S('p'), sk: N(7), g: S('odd') });
  });

  it('moves entries when an index key changes and drops them when it is removed', async () => {
    await db.updateItem({ TableName: T, Key: { pk: S('p'), sk: N(0) }, UpdateExpression: 'SET g = :o', ExpressionAttributeValues: { ':o': S('odd') } });
    await db.updateItem({ TableName: T, Key: { pk: S('p'), sk: N(2) }, UpdateExpression: 'REMOVE gs' });
    await db.deleteItem({ TableName: T, Key: { pk: S('p'), sk: N(6) } });
    expect(valuesOf((await onGsi()).Items, 'sk')).toEqual(['8']);
    const { Table } = await db.describeTable({ TableName: T });
    expect(Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.ItemCount])).toEqual([
      ['gsi', 7],
      ['gsi2', 8],
    ]);
  });

  it.each([
    [{ ConsistentRead: true }, 'Consistent reads are not supported on global secondary indexes'],
    [
      { Select: 'ALL_ATTRIBUTES' as const },
      'One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index gsi because its projection type is not ALL',
    ],
    [{ ProjectionExpression: 'y' }, 'One or more parameter values were invalid: Global secondary index gsi does not project [y]'],
    [{ Select: 'SPECIFIC_ATTRIBUTES' as const }, 'Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES'],
    [{ IndexName: 'nope' }, 'The table does not have the specified index: nope'],
    [{ ExclusiveStartKey: { g: S('even'), gs: N(0) } }, 'The provided starting key is invalid'],
  ])('refuses %j on a GSI (verified on DynamoDB Local)', async (extra, message) => {
    await expectError(onGsi(extra), 'ValidationException', message);
  });

  it('filters on GSI-projected attributes and table keys, not on the index keys', async () => {
    const page = await onGsi({ FilterExpression: 'pk = :p AND x <> :x', ExpressionAttributeValues: { ':g': S('even'), ':p': S('p'), ':x': S('x0') } });
    expect(valuesOf(page.Items, 'sk')).toEqual(['6', '2', '8']);
    await expectError(
      onGsi({ FilterExpression: 'gs = :z', ExpressionAttributeValues: { ':g': S('even'), ':z': N(0) } }),
      'ValidationException',
      'Filter Expression can only contain non-primary key attributes: Primary key attribute: gs',
    );
    await expectError(
      onGsi({ FilterExpression: 'y = :y', ExpressionAttributeValues: { ':g': S('even'), ':y': S('y') } }),
      'ValidationException',
      'One or more parameter values were invalid: Secondary index gsi does not project one or more filter attributes: [y]',
    );
  });

  it('charges reads to the index with ReturnConsumedCapacity INDEXES', async () => {
    const page = await onGsi({ ReturnConsumedCapacity: 'INDEXES' });
    expect(page.ConsumedCapacity).toEqual({
      TableName: T,
      CapacityUnits: 0.5,
      Table: { CapacityUnits: 0 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 0.5 } },
    });
  });
});

describe('Select, projection and filters on a table', () => {
  beforeEach(async () => {
    await createScores('N');
    for (let i = 0; i < 3; i++) await db.putItem({ TableName: T, Item: { pk: S('p'), sk: N(i), x: S(`x${i}`), m: { M: { a: N(i) } } } });
  });

  it.each([
    [{ Select: 'ALL_ATTRIBUTES' as const, ProjectionExpression: 'x' }, 'Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES'],
    [{ Select: 'COUNT' as const, ProjectionExpression: 'x' }, 'Cannot specify the ProjectionExpression when choosing to get only the Count'],
    [{ Select: 'ALL_PROJECTED_ATTRIBUTES' as const }, 'ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName'],
    [{ FilterExpression: 'sk > :z' }, 'Filter Expression can only contain non-primary key attributes: Primary key attribute: sk'],
    // ExpressionAttributeValues (':p') without any expression are named first (dynalite's recording; DynamoDB Local agrees).
    [
      { KeyConditionExpression: undefined },
      'ExpressionAttributeValues can only be specified when using expressions: FilterExpression and KeyConditionExpression are null',
    ],
    [
      { KeyConditionExpression: undefined, FilterExpression: 'x = :p' },
      'Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.',
    ],
    [
      { KeyConditions: {} },
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}',
    ],
  ])('refuses %j', async (extra, message) => {
    const values = 'FilterExpression' in extra ? { ':z': N(0) } : {};
    await expectError(db.query(queryInput(extra, values)), 'ValidationException', message);
  });

  it('projects, counts and filters', async () => {
    const projected = await db.query(queryInput({ ProjectionExpression: 'x, m.a', Select: 'SPECIFIC_ATTRIBUTES' }));
    expect(projected.Items?.[1]).toEqual({ x: S('x1'), m: { M: { a: N(1) } } });
    const counted = await db.query(queryInput({ Select: 'COUNT', FilterExpression: 'm.a >= :one' }, { ':one': N(1) }));
    expect(counted).toMatchObject({ Count: 2, ScannedCount: 3 });
    expect(counted.Items).toBeUndefined();
  });

  it('charges the minimum read for an empty query (DynamoDB Local charges 0)', async () => {
    const page = await db.query(queryInput({ ReturnConsumedCapacity: 'TOTAL', ConsistentRead: true }, { ':p': S('none') }));
    expect(page.ConsumedCapacity).toEqual({ TableName: T, CapacityUnits: 1 });
  });
});
