/** The side-by-side table and the target lines, from every side's figures. */
import { formatInt, renderTable } from '../benchUtils';
import {
  DDBL_BUDGET_MS,
  GSI_ITEMS,
  PAGE,
  QUERIES,
  ROW_TARGETS,
  TARGET_ENDPOINT_SPEEDUP,
  TARGET_FLOOR_RATIO,
  TARGET_QUERY_P50_US,
  TRANSACTION_ACTIONS,
  TRANSACTIONS,
} from './config';
import { formatFigure, formatLatency, msOf, type Figure, type SideResult } from './results';

/** Prints the table and targets; `results` maps a side's label to its figures, or to why it could not start. */
export function printReport(results: ReadonlyMap<string, SideResult | string>): void {
  /** Rows checked against the endpoint target: the SDK rows (the raw-HTTP rows only show where the time goes). */
  const informational = new Set<keyof SideResult>(['rawQuery100kP50', 'rawQuery100kP90', 'floorQuery100kP50', 'floorQuery100kP90', 'floorPairQuery100kP50']);
  const rows: [string, keyof SideResult][] = [
    ['load 100k (BatchWriteItem)', 'load100k'],
    ['Query 100-item page, p50 (100k)', 'query100kP50'],
    ['Query 100-item page, p90 (100k)', 'query100kP90'],
    ['  same, raw HTTP without the SDK, p50', 'rawQuery100kP50'],
    ['  same, raw HTTP without the SDK, p90', 'rawQuery100kP90'],
    ['  floor: SDK + HTTP + JSON only (reply pre-serialized), p50', 'floorQuery100kP50'],
    ['  floor: same, p90', 'floorQuery100kP90'],
    ['  this side, interleaved call by call with the floor, p50', 'floorPairQuery100kP50'],
    ['paginate the 100k partition', 'paginate100k'],
    [`${formatInt(QUERIES)} PartiQL SELECTs of a ${PAGE}-item page`, 'partiqlSelects'],
    [`TransactWriteItems: ${formatInt(TRANSACTIONS)} transactions of ${TRANSACTION_ACTIONS} actions`, 'transactions'],
    [`a GSI added over ${formatInt(GSI_ITEMS)} items (UpdateTable until ACTIVE and queried)`, 'addIndex100k'],
    ['load 1M (BatchWriteItem)', 'load1M'],
    ['Query 100-item page, p50 (1M)', 'query1MP50'],
    ['Query 100-item page, p90 (1M)', 'query1MP90'],
    ['load 1M (loadItems bulk path)', 'bulkLoad1M'],
    ['Query 100-item page, p50 (1M bulk-loaded)', 'bulkQuery1MP50'],
    ['Query 100-item page, p90 (1M bulk-loaded)', 'bulkQuery1MP90'],
  ];
  const figure = (label: string, key: keyof SideResult): Figure | undefined => {
    const result = results.get(label);
    return typeof result === 'object' ? result[key] : undefined;
  };
  const cell = (label: string, key: keyof SideResult) => {
    const result = results.get(label);
    return typeof result === 'string' ? result : formatFigure(figure(label, key));
  };
  let speedupMisses = 0;
  let speedupChecks = 0;
  const table = [
    [
      'workload',
      'in-process',
      'endpoint (HTTP)',
      'DynamoDB Local (HTTP)',
      'Local ÷ endpoint',
      'Local ÷ in-process',
      `endpoint ≥ ${TARGET_ENDPOINT_SPEEDUP}× faster`,
    ],
  ];
  for (const [name, key] of rows) {
    const inProcess = msOf(figure('in-process', key));
    const endpoint = msOf(figure('endpoint', key));
    const local = msOf(figure('DynamoDB Local', key));
    const extrapolated = figure('DynamoDB Local', key)?.kind === 'extrapolated';
    const speedup = endpoint !== undefined && local !== undefined ? local / endpoint : undefined;
    let verdict = informational.has(key) && speedup !== undefined ? '(info)' : '—';
    if (speedup !== undefined && !informational.has(key)) {
      speedupChecks++;
      const pass = speedup >= (ROW_TARGETS[key] ?? TARGET_ENDPOINT_SPEEDUP);
      if (!pass) speedupMisses++;
      verdict = `${pass ? 'PASS' : 'MISS'}${ROW_TARGETS[key] ? ` (target ${ROW_TARGETS[key]}×)` : ''}${extrapolated ? ' (vs extrapolation)' : ''}`;
    }
    table.push([
      name,
      cell('in-process', key),
      cell('endpoint', key),
      cell('DynamoDB Local', key),
      speedup !== undefined ? `${speedup.toFixed(1)}×` : '—',
      inProcess !== undefined && local !== undefined ? `${(local / inProcess).toFixed(0)}×` : '—',
      verdict,
    ]);
  }
  console.log(`\n${renderTable(table)}\n`);
  const p50 = msOf(figure('in-process', 'query1MP50'));
  const p50Pass = p50 !== undefined && p50 * 1000 < TARGET_QUERY_P50_US;
  const bulkP50 = msOf(figure('in-process', 'bulkQuery1MP50'));
  const bulkPass = bulkP50 !== undefined && bulkP50 * 1000 < TARGET_QUERY_P50_US;
  console.log(
    `target: in-process page Query p50 at 1M < ${TARGET_QUERY_P50_US} µs: ${p50 !== undefined ? formatLatency(p50) : 'n/a'} after 1M BatchWriteItem puts — ${p50Pass ? 'PASS' : 'MISS'}; ` +
      `${bulkP50 !== undefined ? formatLatency(bulkP50) : 'n/a'} after the bulk load — ${bulkPass ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `target: endpoint ≥ ${TARGET_ENDPOINT_SPEEDUP}× faster than DynamoDB Local on every row: ${speedupChecks - speedupMisses}/${speedupChecks} rows — ${speedupMisses === 0 && speedupChecks > 0 ? 'PASS' : 'MISS'}`,
  );
  // The endpoint's p50 from the floor's own interleaved loop: the two ran under the same load.
  const endpointQuery = msOf(figure('endpoint', 'floorPairQuery100kP50'));
  const endpointFloor = msOf(figure('endpoint', 'floorQuery100kP50'));
  const floorRatio = endpointQuery !== undefined && endpointFloor !== undefined ? endpointQuery / endpointFloor : undefined;
  console.log(
    `target: endpoint 100-item Query p50 within ${TARGET_FLOOR_RATIO}× of the floor's (same SDK client setup, a server with the page pre-serialized, calls interleaved): ` +
      (floorRatio === undefined
        ? 'n/a'
        : `${formatLatency(endpointQuery as number)} ÷ ${formatLatency(endpointFloor as number)} = ${floorRatio.toFixed(2)}× — ${floorRatio <= TARGET_FLOOR_RATIO ? 'PASS' : 'MISS'}`),
  );
  console.log("(the browser engine's 1M load + IndexedDB target is measured separately.)");
  console.log(
    `notes: the endpoint runs as \`npm run endpoint\` does, in its own Node process; DynamoDB Local in its own JVM; the SDK clients in this process. ` +
      `Its 1M load gets ${DDBL_BUDGET_MS / 1000} s (KEYLAB_BENCH_DDBL_BUDGET_S); an extrapolated figure assumes the rate so far holds, which favours it.`,
  );
}
