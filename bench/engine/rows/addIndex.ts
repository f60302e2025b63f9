import { collectGarbage, formatInt } from '../../benchUtils';
import { GSI_ITEMS, PAGE } from '../config';
import { formatLatency, type SideResult } from '../results';
import type { BenchSide } from '../sides';
import { createTable, load } from '../workload';

/**
 * UpdateTable adds a GSI (region + rankKey) over the table's items; the time
 * until DescribeTable, polled every 50 ms as an app or waiter would, shows it
 * ACTIVE and a Query on it returns a full page.
 */
export async function addIndex(side: BenchSide, TableName: string): Promise<number> {
  const start = performance.now();
  await side.db.updateTable({
    TableName,
    AttributeDefinitions: [
      { AttributeName: 'region', AttributeType: 'S' },
      { AttributeName: 'rankKey', AttributeType: 'S' },
    ],
    GlobalSecondaryIndexUpdates: [
      {
        Create: {
          IndexName: 'byRegion',
          KeySchema: [
            { AttributeName: 'region', KeyType: 'HASH' },
            { AttributeName: 'rankKey', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      },
    ],
  });
  for (;;) {
    const { Table } = await side.db.describeTable({ TableName });
    if (Table?.TableStatus === 'ACTIVE' && (Table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const expected = Math.min(PAGE, Math.ceil(GSI_ITEMS / 3));
  const page = await side.db.query({
    TableName,
    IndexName: 'byRegion',
    KeyConditionExpression: '#r = :r',
    ExpressionAttributeNames: { '#r': 'region' },
    ExpressionAttributeValues: { ':r': { S: 'eu-west-1' } },
    Limit: PAGE,
  });
  if (page.Count !== expected) throw new Error(`${side.name}: the new index answered ${page.Count} items, expected ${expected}`);
  return performance.now() - start;
}

export async function measureAddIndex(side: BenchSide, result: SideResult, log: (text: string) => void): Promise<void> {
  const indexed = `bench-gsi-${Date.now()}`;
  await createTable(side.db, indexed);
  await load(side, indexed, GSI_ITEMS, Infinity);
  const ms = await addIndex(side, indexed);
  result.addIndex100k = { kind: 'ms', ms };
  log(`a GSI added over ${formatInt(GSI_ITEMS)} items: ACTIVE and queried after ${formatLatency(ms)}`);
  await side.db.deleteTable({ TableName: indexed });
  collectGarbage();
}
