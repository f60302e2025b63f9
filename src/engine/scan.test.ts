import type { ScanCommandInput } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../expressions';
import { createEngine, expectError, keySchema, N, S, tableInput } from './engine.fixtures';
import type { LocalDynamoDB } from './localDynamoDB.types';
import { hashPartitionKey } from './storage/partitionKey';

/*
 * Scan: order by partition hash (deterministic, not sorted), paging, parallel segments.
 *
 * DynamoDB Local 3.3.1 differs (verified here): it words Segment errors as constraint violations
 * ("Value '2' at 'segment' failed to satisfy constraint: Member must have value less than or equal to 1")
 * and an ExclusiveStartKey from another segment as "Exclusive start key must lie within the segment";
 * DynamoDB's messages (dynalite's recordings) are used. Like DynamoDB Local, a Scan of a GSI may filter on
 * attributes the index does not project (a Query may not).
 */

const T = 'Things';
let db: LocalDynamoDB;

const id = (item: Item) => `${item.pk?.S}/${item.sk?.N}`;

async function scanAll(input: Partial<ScanCommandInput> = {}): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await db.scan({ TableName: T, ...input, ExclusiveStartKey });
    ids.push(...(page.Items ?? []).map(id));
    ExclusiveStartKey = page.LastEvaluatedKey;
    pages++;
  } while (ExclusiveStartKey);
  return { ids, pages };
}

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
    GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: keySchema('g'), Projection: { ProjectionType: 'KEYS_ONLY' } }],
  });
  const items: Item[] = [];
  for (let p = 0; p < 40; p++) for (let s = 0; s < 3; s++) items.push({ pk: S(`p${p}`), sk: N(s), ...(s === 1 ? { g: S(`g${p % 7}`) } : {}) });
  await db.loadItems(T, items);
});

describe('Scan', () => {
  it('orders partitions by their hash, and items in a partition by sort key', async () => {
    const { Items } = await db.scan({ TableName: T });
    const partitions = [...new Set((Items ?? []).map((item) => item.pk?.S as string))];
    const hashes = partitions.map((pk) => hashPartitionKey({ S: pk }));
    expect(hashes).toEqual([...hashes].sort((a, b) => a - b));
    expect(partitions).not.toEqual([...partitions].sort());
    for (const pk of partitions) {
      expect((Items ?? []).filter((item) => item.pk?.S === pk).map((item) => item.sk?.N)).toEqual(['0', '1', '2']);
    }
  });

  it('pages with Limit and resumes after ExclusiveStartKey, reading every item once', async () => {
    const { ids, pages } = await scanAll({ Limit: 7 });
    // 120 items, 7 a page: 17 full pages and one of 1 item.
    expect(pages).toBe(18);
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual((await db.scan({ TableName: T })).Items?.map(id));
  });

  it('resumes after an ExclusiveStartKey whose item or partition no longer exists', async () => {
    const { Items } = await db.scan({ TableName: T });
    const all = (Items ?? []).map(id);
    const third = (Items ?? [])[2] as Item;
    await db.deleteItem({ TableName: T, Key: { pk: third.pk, sk: third.sk } as Item });
    const page = await db.scan({ TableName: T, Limit: 1, ExclusiveStartKey: { pk: third.pk, sk: third.sk } as Item });
    expect(page.Items?.map(id)).toEqual([all[3]]);
    for (const sk of [0, 1]) await db.deleteItem({ TableName: T, Key: { pk: third.pk, sk: N(sk) } as Item });
    const next = await db.scan({ TableName: T, Limit: 1, ExclusiveStartKey: { pk: third.pk, sk: N(0) } as Item });
    expect(next.Items?.map(id)).toEqual([all[3]]);
  });

  it('covers every item exactly once with a parallel scan, for any number of segments (property)', async () => {
    const everything = (await scanAll()).ids.sort();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), async (TotalSegments, Limit) => {
        const ids: string[] = [];
        for (let Segment = 0; Segment < TotalSegments; Segment++) ids.push(...(await scanAll({ Segment, TotalSegments, Limit })).ids);
        expect(ids.sort()).toEqual(everything);
      }),
      { numRuns: 15 },
    );
  });

  it('lets a GSI Scan filter on attributes the index does not project (as DynamoDB Local)', async () => {
    await db.updateItem({ TableName: T, Key: { pk: S('p1'), sk: N(1) }, UpdateExpression: 'SET zz = :z', ExpressionAttributeValues: { ':z': S('z') } });
    const page = await db.scan({ TableName: T, IndexName: 'gsi', FilterExpression: 'attribute_exists(zz)' });
    expect(page).toMatchObject({ Count: 0, ScannedCount: 40 });
    await expectError(
      db.scan({ TableName: T, IndexName: 'gsi', ProjectionExpression: 'zz' }),
      'ValidationException',
      'One or more parameter values were invalid: Global secondary index gsi does not project [zz]',
    );
  });

  it('scans an index, with its own keys in LastEvaluatedKey', async () => {
    const page = await db.scan({ TableName: T, IndexName: 'gsi', Limit: 2 });
    expect(page.Count).toBe(2);
    expect(Object.keys(page.LastEvaluatedKey ?? {}).sort()).toEqual(['g', 'pk', 'sk']);
    const { ids } = await scanAll({ IndexName: 'gsi', Limit: 3 });
    expect(ids.length).toBe(40);
    await expectError(
      db.scan({ TableName: T, IndexName: 'gsi', ConsistentRead: true }),
      'ValidationException',
      'Consistent reads are not supported on global secondary indexes',
    );
  });

  it('filters on any attribute (key attributes too), counting before the filter', async () => {
    const page = await db.scan({ TableName: T, FilterExpression: 'sk = :one', ExpressionAttributeValues: { ':one': N(1) } });
    expect(page).toMatchObject({ Count: 40, ScannedCount: 120 });
    expect(page.LastEvaluatedKey).toBeUndefined();
  });

  it.each([
    [{ Segment: 1 }, 'The TotalSegments parameter is required but was not present in the request when Segment parameter is present'],
    [{ TotalSegments: 2 }, 'The Segment parameter is required but was not present in the request when parameter TotalSegments is present'],
    [
      { Segment: 2, TotalSegments: 2 },
      'The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 2 is not less than TotalSegments: 2',
    ],
    [
      { Segment: 0, TotalSegments: 1_000_001 },
      "1 validation error detected: Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000",
    ],
    [{ ExclusiveStartKey: { pk: S('p1') } }, 'The provided starting key is invalid: The provided key element does not match the schema'],
    // Sic: "Querying" in a Scan too (verified on DynamoDB Local).
    [{ Select: 'ALL_PROJECTED_ATTRIBUTES' as const }, 'ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName'],
  ])('refuses %j', async (extra, message) => {
    await expectError(db.scan({ TableName: T, ...extra }), 'ValidationException', message);
  });

  it('refuses an ExclusiveStartKey from another segment', async () => {
    const first = await db.scan({ TableName: T, Segment: 0, TotalSegments: 4, Limit: 1 });
    await expectError(
      db.scan({ TableName: T, Segment: 1, TotalSegments: 4, ExclusiveStartKey: first.LastEvaluatedKey }),
      'ValidationException',
      'The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: 4 Segment: 1',
    );
  });
});
