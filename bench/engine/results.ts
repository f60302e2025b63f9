/** What a side measured (one figure per row) and how a figure prints. */
import { formatInt } from '../benchUtils';

/** A loaded figure: measured, extrapolated from part of the load, or not run. */
export type Figure = { kind: 'ms'; ms: number; note?: string } | { kind: 'extrapolated'; ms: number; loaded: number } | { kind: 'n/a'; why: string };

export interface SideResult {
  /** In-process only: the engine's bulk-load path (loadItems, what the sample generator uses) and Queries after it. */
  bulkLoad1M?: Figure;
  bulkQuery1MP50?: Figure;
  bulkQuery1MP90?: Figure;
  /** HTTP sides only: the same Queries as raw HTTP requests, without the SDK's (de)serialisation. */
  rawQuery100kP50?: Figure;
  rawQuery100kP90?: Figure;
  /** HTTP sides only: the same SDK Queries against a server answering with this side's page, serialized once (floorServer.ts). */
  floorQuery100kP50?: Figure;
  floorQuery100kP90?: Figure;
  /** HTTP sides only: the side's own Query p50 in the floor's interleaved loop (the floor target compares these two). */
  floorPairQuery100kP50?: Figure;
  load100k: Figure;
  query100kP50: Figure;
  query100kP90: Figure;
  paginate100k: Figure;
  load1M: Figure;
  query1MP50: Figure;
  query1MP90: Figure;
  /** TRANSACTIONS TransactWriteItems of TRANSACTION_ACTIONS actions each. */
  transactions?: Figure;
  /** A GSI added over GSI_ITEMS items: until DescribeTable says ACTIVE and a Query on it answers. */
  addIndex100k?: Figure;
  /** QUERIES PartiQL SELECTs of a PAGE-item page (ExecuteStatement), one at a time. */
  partiqlSelects?: Figure;
}

/** A side's figures before anything ran. */
export function emptyResult(): SideResult {
  const none: Figure = { kind: 'n/a', why: 'not run' };
  return { load100k: none, query100kP50: none, query100kP90: none, paginate100k: none, load1M: none, query1MP50: none, query1MP90: none };
}

export function formatLatency(ms: number): string {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatFigure(figure: Figure | undefined): string {
  if (!figure) return 'n/a';
  if (figure.kind === 'n/a') return `n/a (${figure.why})`;
  if (figure.kind === 'extrapolated') return `~${formatLatency(figure.ms)} (extrapolated from ${formatInt(figure.loaded)})`;
  return formatLatency(figure.ms);
}

export function msOf(figure: Figure | undefined): number | undefined {
  return figure && figure.kind !== 'n/a' ? figure.ms : undefined;
}
