/**
 * Parallel Scan segments, on Keylab's endpoint and on DynamoDB Local.
 *
 * Where the two agree, both are checked: a segment is a contiguous slice of the whole-table Scan
 * order (segments 0…n−1 read one after the other give exactly the whole Scan, each item once, in
 * the same order), also when each segment is paged with Limit.
 *
 * Which items a segment holds follows DynamoDB's hash of the partition key (MD5 of `Outliers` and
 * the key's bytes, src/engine/storage/partitionKey.ts); the engine side is checked against real
 * DynamoDB's answers as dynalite's test/scan.js records them. DynamoDB Local differs (3.3.x, seen
 * here): it slices its own internal order, so with TotalSegments 4096 its segments 0, 1 and 4 hold
 * none of the keys DynamoDB puts there — real DynamoDB wins, and that check runs on the engine only.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DynamoDBDataSource } from '../src/engine';
import { N, putRequests, S } from './contract/fixtures';
import { useDifferentialSides } from './contract/differentialHarness';
import { scanAllPages } from './contract/paging';
import { uniqueTableName } from './dynamodbLocal';

type Item = Record<string, AttributeValue>;

const sides = useDifferentialSides();

/** Keys whose Scan order and segments dynalite's test/scan.js records for real DynamoDB, plus more of each type. */
const STRING_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'aardman', 'hello', 'zapf', 'äáöü', '3635', '228', '1668', '3435'];
const NUMBER_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-0.09', '999.9', '0.012345', '-999.9', '251', '2388', '1e3', '-12.5'];

interface TableCase {
  readonly label: string;
  readonly pkType: 'S' | 'N';
  readonly sorted: boolean;
  readonly items: Item[];
}

const CASES: TableCase[] = [
  { label: 'S partition key', pkType: 'S', sorted: false, items: STRING_KEYS.map((pk) => ({ pk: S(pk) })) },
  { label: 'N partition key', pkType: 'N', sorted: false, items: NUMBER_KEYS.map((pk) => ({ pk: N(pk) })) },
  {
    label: 'S partition key with a sort key (3 items a partition)',
    pkType: 'S',
    sorted: true,
    items: STRING_KEYS.slice(0, 12).flatMap((pk) => ['10', '2', '1'].map((sk) => ({ pk: S(pk), sk: N(sk) }))),
  },
];

async function createTable(db: DynamoDBDataSource, name: string, table: TableCase): Promise<void> {
  await db.createTable({
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: table.pkType },
      ...(table.sorted ? [{ AttributeName: 'sk', AttributeType: 'N' as const }] : []),
    ],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, ...(table.sorted ? [{ AttributeName: 'sk', KeyType: 'RANGE' as const }] : [])],
  });
  for (const chunk of putRequests(table.items)) await db.batchWriteItem({ RequestItems: { [name]: chunk } });
}

const idOf = (item: Item) => `${item.pk?.S ?? item.pk?.N}/${item.sk?.N ?? ''}`;

async function scanIds(db: DynamoDBDataSource, name: string, input: { Segment?: number; TotalSegments?: number; Limit?: number } = {}): Promise<string[]> {
  const { pages } = await scanAllPages(db, { TableName: name, ...input });
  return pages.flatMap((page) => (page.Items ?? []).map(idOf));
}

describe.each(CASES)('$label', (table) => {
  it('segments 0…n−1 read in turn give the whole Scan, in its order, on both sides (paged and not)', async () => {
    for (const side of [sides.engine, sides.local]) {
      const name = uniqueTableName('segments');
      await createTable(side.db, name, table);
      const whole = await scanIds(side.db, name);
      expect(whole.length, side.name).toBe(table.items.length);
      for (const TotalSegments of [1, 2, 3, 4, 7]) {
        for (const Limit of [undefined, 2]) {
          const concatenated: string[] = [];
          for (let Segment = 0; Segment < TotalSegments; Segment++) concatenated.push(...(await scanIds(side.db, name, { Segment, TotalSegments, Limit })));
          expect(concatenated, `${side.name}: TotalSegments ${TotalSegments}, Limit ${Limit}`).toEqual(whole);
        }
      }
      await side.db.deleteTable({ TableName: name });
    }
  });
});

describe('segments hold what they hold on DynamoDB (engine side; DynamoDB Local differs)', () => {
  it.each([
    ['S', STRING_KEYS, 0, ['3635', '228']],
    ['S', STRING_KEYS, 1, ['1668']],
    ['S', STRING_KEYS, 4, ['3435']],
    ['N', NUMBER_KEYS, 1, ['251']],
    ['N', NUMBER_KEYS, 4095, ['2388']],
  ] as const)('%s keys: segment %i of 4096 holds %j', async (pkType, keys, Segment, expected) => {
    const db = sides.engine.db;
    const name = uniqueTableName('segments4096');
    const table = CASES.find((entry) => entry.pkType === pkType && !entry.sorted) as TableCase;
    await createTable(db, name, table);
    expect(keys.length).toBe(table.items.length);
    expect(await scanIds(db, name, { Segment, TotalSegments: 4096 })).toEqual(expected.map((key) => `${key}/`));
    await db.deleteTable({ TableName: name });
  });

  it('scans in the order DynamoDB does (dynalite test/scan.js, "should return items in string / number hash order")', async () => {
    const db = sides.engine.db;
    for (const [pkType, order] of [
      ['S', ['2', '8', '9', '1', '6', 'hello', '0', '5', '4', 'äáöü', 'aardman', '7', '3', 'zapf']],
      ['N', ['7', '999.9', '8', '3', '2', '-999.9', '9', '4', '-0.09', '6', '1', '0', '0.012345', '5']],
    ] as const) {
      const name = uniqueTableName('scanorder');
      await createTable(db, name, { label: pkType, pkType, sorted: false, items: order.map((pk) => ({ pk: pkType === 'S' ? S(pk) : N(pk) })) });
      expect(await scanIds(db, name)).toEqual(order.map((key) => `${key}/`));
      await db.deleteTable({ TableName: name });
    }
  });
});
