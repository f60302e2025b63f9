/**
 * Engine benchmark (`npm run bench:engine`): the same workload, in one run,
 * against
 *   (a) Keylab's engine in this process (its SDK-shaped methods, no wire);
 *   (b) the engine's DynamoDB endpoint over HTTP (`npm run endpoint`'s
 *       script in its own Node process on a free port; an AWS SDK client
 *       with keep-alive);
 *   (c) DynamoDB Local 3.3.1 over HTTP (the vendored jar, `-inMemory`; the
 *       same SDK client setup).
 *
 * Workload, one partition (`SEASON#2026-SPRING`), ~110-byte items:
 *   - load 100,000 items with BatchWriteItem (25 a call, 4 calls in flight over HTTP), keys in random order;
 *   - 1,000 Queries of a 100-item `BETWEEN` page at random positions: p50 / p90;
 *   - paginate the whole 100k partition (1 MB pages);
 *   - load 1,000,000 items and run the 1,000 Queries again (in-process, also
 *     after loading the same items through the engine's bulk path,
 *     `loadItems`, as the sample generator does). DynamoDB Local
 *     gets a time budget for that load (KEYLAB_BENCH_DDBL_BUDGET_S, default
 *     120 s); past it the load stops and its 1M figure is extrapolated from
 *     the rate so far, labelled as such, and its 1M queries are not run.
 *
 * Targets: in-process page Query p50 under 50 µs at 1M items; the endpoint at
 * least 1.5× faster than DynamoDB Local on every row both measured. A report,
 * not a test: it exits 0 and prints PASS / MISS.
 */
import os from 'node:os';
import { collectGarbage, enableGarbageCollection, formatInt } from './benchUtils';
import { BATCH, HTTP_CONCURRENCY, PAGE, PARTITION, QUERIES } from './engine/config';
import { measure } from './engine/measure';
import { printReport } from './engine/report';
import { emptyResult, type SideResult } from './engine/results';
import { startEndpoint, startInProcess, startLocal, type BenchSide } from './engine/sides';

// The parts live in bench/engine/: config.ts (sizes, targets, env vars), sides.ts, workload.ts (items, load),
// rows/*.ts (one workload row each), measure.ts (the order they run in), results.ts and report.ts (the table).
async function main(): Promise<void> {
  enableGarbageCollection();
  console.log(`bench:engine — Node ${process.version}, ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}`);
  console.log(
    `one partition ${PARTITION}; BatchWriteItem ×${BATCH}, ${HTTP_CONCURRENCY} in flight over HTTP; ${formatInt(QUERIES)} Queries of a ${PAGE}-item BETWEEN page\n`,
  );
  const starts: [string, () => Promise<BenchSide>][] = [
    ['in-process', startInProcess],
    ['endpoint', startEndpoint],
    ['DynamoDB Local', startLocal],
  ];
  const results = new Map<string, SideResult | string>();
  for (const [label, start] of starts) {
    let side: BenchSide | undefined;
    try {
      side = await start();
    } catch (error) {
      // E.g. the endpoint or Java missing: the column says why.
      results.set(label, `n/a (${(error as Error).message.split('\n')[0]})`);
      console.log(`  ${label}: could not start — ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    const result = emptyResult();
    results.set(label, result);
    try {
      await measure(side, result);
    } catch (error) {
      console.log(`  ${label}: failed — ${(error as Error).message.split('\n')[0]} (figures before it are kept)`);
    } finally {
      await side?.stop().catch(() => undefined);
      collectGarbage();
    }
  }

  printReport(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
