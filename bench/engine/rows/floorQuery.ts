import { createRandom } from '../../benchUtils';
import { PAGE, PARTITION, QUERIES, SMALL, WARMUP_QUERIES } from '../config';
import { startFloorServer } from '../floorServer';
import { sdkClient, type BenchSide } from '../sides';
import { percentile, sortKey } from '../workload';
import { rawQuery } from './rawQuery';

export interface Latencies {
  readonly p50: number;
  readonly p90: number;
}

/**
 * The page Queries against the floor server (answering with one page of this
 * side's own reply, read once over raw HTTP, through a fresh SDK client set up
 * as the side's is), interleaved call by call with the same Queries against
 * the side itself: round by round the two alternate which goes first, so
 * both see the same machine load, JIT state and garbage. Measured one after
 * the other instead, the two figures drifted apart by more than the gap
 * being measured on a loaded machine.
 */
export async function queryPagesFloor(side: BenchSide, TableName: string): Promise<{ side: Latencies; floor: Latencies }> {
  const body = JSON.stringify({ TableName, ...pageQuery(0) });
  const reply = await rawQuery(side.url as string, body);
  const floor = await startFloorServer(JSON.stringify(reply));
  const floorClient = sdkClient(floor.url);
  try {
    const random = createRandom(SMALL + 13);
    const sideTimes: number[] = [];
    const floorTimes: number[] = [];
    for (let round = 0; round < WARMUP_QUERIES + QUERIES; round++) {
      const input = { TableName, ...pageQuery(Math.floor(random() * (SMALL - PAGE))) };
      for (const which of round % 2 === 0 ? (['side', 'floor'] as const) : (['floor', 'side'] as const)) {
        const start = performance.now();
        const output = await (which === 'side' ? side.db : floorClient).query(input);
        const ms = performance.now() - start;
        if (output.Count !== PAGE) throw new Error(`${side.name} (${which}): expected a ${PAGE}-item page, got ${output.Count}`);
        if (round >= WARMUP_QUERIES) (which === 'side' ? sideTimes : floorTimes).push(ms);
      }
    }
    return { side: latencies(sideTimes), floor: latencies(floorTimes) };
  } finally {
    floorClient.destroy();
    await floor.stop();
  }
}

function pageQuery(from: number) {
  return {
    KeyConditionExpression: 'leaderboardId = :p AND rankKey BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':p': { S: PARTITION }, ':a': { S: sortKey(from) }, ':b': { S: sortKey(from + PAGE - 1) } },
  };
}

function latencies(times: number[]): Latencies {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9) };
}
