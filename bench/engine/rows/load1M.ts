/** 1M items loaded with BatchWriteItem (within the side's budget, else extrapolated), then the page Queries at 1M. */
import { collectGarbage, formatInt } from '../../benchUtils';
import { LARGE } from '../config';
import { formatLatency, type SideResult } from '../results';
import type { BenchSide } from '../sides';
import { createTable, load } from '../workload';
import { queryPages } from './queryPages';

export async function measureLoad1M(side: BenchSide, result: SideResult, log: (text: string) => void): Promise<void> {
  const large = `bench-large-${Date.now()}`;
  await createTable(side.db, large);
  const largeLoad = await load(side, large, LARGE, side.loadBudgetMs);
  if (largeLoad.loaded < LARGE) {
    // Linear extrapolation from the rate so far: a floor, since inserts into a bigger table don't get cheaper.
    result.load1M = { kind: 'extrapolated', ms: (largeLoad.ms * LARGE) / largeLoad.loaded, loaded: largeLoad.loaded };
    result.query1MP50 = result.query1MP90 = { kind: 'n/a', why: `only ${formatInt(largeLoad.loaded)} loaded` };
    log(`stopped the 1M load after ${(largeLoad.ms / 1000).toFixed(0)} s at ${formatInt(largeLoad.loaded)} items (budget); extrapolated`);
  } else {
    result.load1M = { kind: 'ms', ms: largeLoad.ms };
    log(`loaded ${formatInt(LARGE)} items in ${(largeLoad.ms / 1000).toFixed(2)} s`);
    const largeQueries = await queryPages(side, large, LARGE);
    result.query1MP50 = { kind: 'ms', ms: largeQueries.p50 };
    result.query1MP90 = { kind: 'ms', ms: largeQueries.p90 };
    log(`Query p50 ${formatLatency(largeQueries.p50)}, p90 ${formatLatency(largeQueries.p90)} (1M)`);
  }
  await side.db.deleteTable({ TableName: large });
  collectGarbage();
}
