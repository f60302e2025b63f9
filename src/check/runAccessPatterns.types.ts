import type { CreateTableCommandInput, DeleteTableCommandInput, PutItemCommandInput, QueryCommandInput, QueryCommandOutput } from '@aws-sdk/client-dynamodb';
import type { PatternReason, PatternResultItem } from '../design';

/** One pattern's run: its verdict, why, and what the Query returned. */
export interface PatternRunOutcome {
  readonly verdict: 'passes' | 'fails';
  readonly reasons: readonly PatternReason[];
  /** The returned items with the entity each was written as (empty when the pattern could not run). */
  readonly items: readonly PatternResultItem[];
}

export interface AccessPatternsRun {
  /** By pattern id. */
  readonly outcomes: Readonly<Record<string, PatternRunOutcome>>;
  /** Samples that could not be written (bad field values, two samples with one key), said per sample. */
  readonly sampleProblems: readonly string[];
}

/**
 * The few DynamoDB calls a pattern run makes, shaped as the SDK's aggregated
 * `DynamoDB` client (which already is one) and the built-in engine have them.
 * `deleteTable`, when there, removes the table the run created once it is done.
 */
export interface PatternDataSource {
  createTable(input: CreateTableCommandInput): Promise<unknown>;
  putItem(input: PutItemCommandInput): Promise<unknown>;
  query(input: QueryCommandInput): Promise<Pick<QueryCommandOutput, 'Items' | 'LastEvaluatedKey'>>;
  deleteTable?(input: DeleteTableCommandInput): Promise<unknown>;
}

export interface RunAccessPatternsOptions {
  /**
   * Where the table is created, the samples written and the patterns queried
   * (default: a fresh built-in engine). A table of the design's name must not
   * exist there yet: the run creates it and, when the source has
   * `deleteTable`, deletes it afterwards.
   */
  readonly dataSource?: PatternDataSource;
  /** Said before the error when the data source refuses a call (default "The built-in engine"). */
  readonly sourceName?: string;
}

/** The message an engine error carries (its name first when it has one, as DynamoDB reports it). */
export function engineMessage(error: unknown): string {
  if (error instanceof Error) return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  return String(error);
}
