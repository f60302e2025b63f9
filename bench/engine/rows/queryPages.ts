import { createRandom } from '../../benchUtils';
import { PAGE, PARTITION, QUERIES, WARMUP_QUERIES } from '../config';
import type { BenchSide } from '../sides';
import { percentile, sortKey } from '../workload';

/** 1,000 Queries of a 100-item BETWEEN page at random positions, one at a time; latencies in ms. */
export async function queryPages(side: BenchSide, TableName: string, count: number): Promise<{ p50: number; p90: number }> {
  const random = createRandom(count + 7);
  const run = async () => {
    const from = Math.floor(random() * (count - PAGE));
    const start = performance.now();
    const output = await side.db.query({
      TableName,
      KeyConditionExpression: 'leaderboardId = :p AND rankKey BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': { S: PARTITION }, ':a': { S: sortKey(from) }, ':b': { S: sortKey(from + PAGE - 1) } },
    });
    const ms = performance.now() - start;
    if (output.Count !== PAGE) throw new Error(`${side.name}: expected a ${PAGE}-item page, got ${output.Count}`);
    return ms;
  };
  for (let i = 0; i < WARMUP_QUERIES; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9) };
}
