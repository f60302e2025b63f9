/** The order the rows run in, on one side; each row is a module of ./rows. */
import { collectGarbage, formatInt } from '../benchUtils';
import { GSI_ONLY, PAGE, QUERIES, SMALL, TRANSACTION_ACTIONS, TRANSACTIONS } from './config';
import { formatLatency, type SideResult } from './results';
import { measureAddIndex } from './rows/addIndex';
import { measureBulkLoad1M } from './rows/bulkLoad1M';
import { queryPagesFloor } from './rows/floorQuery';
import { measureLoad1M } from './rows/load1M';
import { paginate } from './rows/paginate';
import { partiqlSelects } from './rows/partiqlSelects';
import { queryPages } from './rows/queryPages';
import { queryPagesRaw } from './rows/rawQuery';
import { transactions } from './rows/transactions';
import type { BenchSide } from './sides';
import { createTable, load } from './workload';

/**
 * Which rows run: KEYLAB_BENCH_ENGINE_ROWS=floor,partiql runs only the named
 * ones (load100k always runs: the others read its table). Names: query, raw,
 * floor, paginate, partiql, transactions, addIndex, load1M, bulkLoad1M.
 * Unset: every row.
 */
const ROW_FILTER = process.env.KEYLAB_BENCH_ENGINE_ROWS?.split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '');
const runs = (row: string) => ROW_FILTER === undefined || ROW_FILTER.includes(row);

/** Runs the workload, filling `result` as it goes (a failure keeps the figures measured before it). */
export async function measure(side: BenchSide, result: SideResult): Promise<void> {
  const log = (text: string) => console.log(`  ${side.name}: ${text}`);
  if (GSI_ONLY) return measureAddIndex(side, result, log);
  const small = `bench-small-${Date.now()}`;
  await createTable(side.db, small);
  const smallLoad = await load(side, small, SMALL, Infinity);
  result.load100k = { kind: 'ms', ms: smallLoad.ms };
  log(`loaded ${formatInt(SMALL)} items in ${(smallLoad.ms / 1000).toFixed(2)} s`);
  if (runs('query')) {
    const smallQueries = await queryPages(side, small, SMALL);
    result.query100kP50 = { kind: 'ms', ms: smallQueries.p50 };
    result.query100kP90 = { kind: 'ms', ms: smallQueries.p90 };
    log(`Query p50 ${formatLatency(smallQueries.p50)}, p90 ${formatLatency(smallQueries.p90)} (100k)`);
  }
  if (side.url && runs('raw')) {
    const raw = await queryPagesRaw(side.url, small, SMALL);
    result.rawQuery100kP50 = { kind: 'ms', ms: raw.p50 };
    result.rawQuery100kP90 = { kind: 'ms', ms: raw.p90 };
    log(`raw HTTP Query p50 ${formatLatency(raw.p50)}, p90 ${formatLatency(raw.p90)} (100k, no SDK)`);
  }
  if (side.url && runs('floor')) {
    const floor = await queryPagesFloor(side, small);
    result.floorQuery100kP50 = { kind: 'ms', ms: floor.floor.p50 };
    result.floorQuery100kP90 = { kind: 'ms', ms: floor.floor.p90 };
    result.floorPairQuery100kP50 = { kind: 'ms', ms: floor.side.p50 };
    log(
      `floor (this page pre-serialized) Query p50 ${formatLatency(floor.floor.p50)}, p90 ${formatLatency(floor.floor.p90)}; ` +
        `interleaved with it, this side's p50 ${formatLatency(floor.side.p50)}, p90 ${formatLatency(floor.side.p90)}`,
    );
  }
  if (runs('paginate')) {
    const paginateMs = await paginate(side, small, SMALL);
    result.paginate100k = { kind: 'ms', ms: paginateMs };
    log(`paginated 100k in ${paginateMs.toFixed(0)} ms`);
  }
  if (runs('partiql')) {
    const partiqlMs = await partiqlSelects(side, small, SMALL);
    result.partiqlSelects = { kind: 'ms', ms: partiqlMs };
    log(`${formatInt(QUERIES)} PartiQL SELECTs of a ${PAGE}-item page in ${partiqlMs.toFixed(0)} ms`);
  }
  await side.db.deleteTable({ TableName: small });
  if (runs('transactions')) {
    const transactional = `bench-transactions-${Date.now()}`;
    await createTable(side.db, transactional);
    const transactionsMs = await transactions(side, transactional);
    result.transactions = { kind: 'ms', ms: transactionsMs };
    log(`${formatInt(TRANSACTIONS)} TransactWriteItems of ${TRANSACTION_ACTIONS} actions in ${formatLatency(transactionsMs)}`);
    await side.db.deleteTable({ TableName: transactional });
  }
  collectGarbage();
  if (runs('addIndex')) await measureAddIndex(side, result, log);
  if (runs('load1M')) await measureLoad1M(side, result, log);
  if (runs('bulkLoad1M')) await measureBulkLoad1M(side, result, log);
}
