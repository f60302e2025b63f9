import type { Item, KeySchemaInfo } from '../../expressions';

/** The one item type (src/expressions), re-exported for the explorer's callers. */
export type { Item };

/** An error from the data source, kept with where it belongs. */
export interface ExplorerError {
  readonly name: string;
  readonly message: string;
}

/** A table's or index's keys and the other facts DescribeTable gives. */
export interface IndexSummary {
  readonly name: string;
  readonly kind: 'local' | 'global';
  readonly keys: KeySchemaInfo;
  readonly projection: string;
  readonly itemCount?: number;
  /** IndexStatus (CREATING, ACTIVE, …) and Backfilling, for a GSI added to the table. */
  readonly status?: string;
  readonly backfilling?: boolean;
}

/** DescribeTable's StreamSpecification and LatestStreamArn. */
export interface StreamSummary {
  readonly enabled: boolean;
  readonly viewType?: string;
  readonly latestArn?: string;
}

export interface TableSummary {
  readonly name: string;
  readonly keys: KeySchemaInfo;
  readonly indexes: readonly IndexSummary[];
  readonly itemCount?: number;
  readonly sizeBytes?: number;
  readonly status?: string;
  readonly arn?: string;
  readonly stream?: StreamSummary;
  /** DeletionProtectionEnabled: DeleteTable is refused while it is on. */
  readonly deletionProtection?: boolean;
}

/** The keys of the table or of the chosen index. */
export function keysOf(table: TableSummary, indexName: string): KeySchemaInfo {
  return table.indexes.find((index) => index.name === indexName)?.keys ?? table.keys;
}

export function toExplorerError(error: unknown): ExplorerError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/**
 * Run tickets shared by the slices: every run / table switch increments one,
 * and a response only lands while its ticket is current, so a slow request
 * can never overwrite newer results.
 */
export interface ExplorerTickets {
  run: number;
  table: number;
}
