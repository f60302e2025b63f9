/** In-process only: the same 1M items through the engine's bulk path (loadItems), then the page Queries. */
import { collectGarbage } from '../../benchUtils';
import { LARGE } from '../config';
import { formatLatency, type SideResult } from '../results';
import type { BenchSide } from '../sides';
import { createTable, itemOf, shuffled, type Item } from '../workload';
import { queryPages } from './queryPages';

export async function measureBulkLoad1M(side: BenchSide, result: SideResult, log: (text: string) => void): Promise<void> {
  if (!side.loadItems) return;
  // The same 1M items, random order, through the bulk path: partitions built in one sort, so entries that are
  // neighbours in key order are neighbours in memory too — unlike after 1M random-order puts.
  const bulk = `bench-bulk-${Date.now()}`;
  await createTable(side.db, bulk);
  const order = shuffled(LARGE, LARGE);
  const items: Item[] = new Array<Item>(LARGE);
  for (let i = 0; i < LARGE; i++) items[i] = itemOf(order[i] as number);
  const start = performance.now();
  await side.loadItems(bulk, items);
  result.bulkLoad1M = { kind: 'ms', ms: performance.now() - start };
  const bulkQueries = await queryPages(side, bulk, LARGE);
  result.bulkQuery1MP50 = { kind: 'ms', ms: bulkQueries.p50 };
  result.bulkQuery1MP90 = { kind: 'ms', ms: bulkQueries.p90 };
  log(`bulk-loaded 1M in ${formatLatency(result.bulkLoad1M.ms)}; Query p50 ${formatLatency(bulkQueries.p50)}, p90 ${formatLatency(bulkQueries.p90)}`);
  await side.db.deleteTable({ TableName: bulk });
  collectGarbage();
}
