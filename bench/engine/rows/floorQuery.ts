import { PAGE, PARTITION, SMALL } from '../config';
import { startFloorServer } from '../floorServer';
import { sdkClient, type BenchSide } from '../sides';
import { sortKey } from '../workload';
import { queryPages } from './queryPages';
import { rawQuery } from './rawQuery';

/**
 * The page Queries against the floor server, answering with one page of this
 * side's own reply (read once over raw HTTP), with a fresh SDK client set up
 * as the side's is.
 */
export async function queryPagesFloor(side: BenchSide, TableName: string): Promise<{ p50: number; p90: number }> {
  const body = JSON.stringify({
    TableName,
    KeyConditionExpression: 'leaderboardId = :p AND rankKey BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':p': { S: PARTITION }, ':a': { S: sortKey(0) }, ':b': { S: sortKey(PAGE - 1) } },
  });
  const reply = await rawQuery(side.url as string, body);
  const floor = await startFloorServer(JSON.stringify(reply));
  const client = sdkClient(floor.url);
  try {
    return await queryPages({ ...side, name: `${side.name} floor`, db: client }, TableName, SMALL);
  } finally {
    client.destroy();
    await floor.stop();
  }
}
