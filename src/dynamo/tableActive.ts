import type { DescribeTableCommandInput, TableDescription } from '@aws-sdk/client-dynamodb';

/** What waiting for a table needs of a data source or SDK client. */
export interface DescribesTables {
  describeTable(input: DescribeTableCommandInput): Promise<{ Table?: TableDescription | undefined }>;
}

export interface WaitUntilActiveOptions {
  /** Default: a timer. Tests pass their own. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Between two DescribeTable calls. Default 1000 ms. */
  readonly pollMs?: number;
  /** DescribeTable calls before giving up. Default 600. */
  readonly attempts?: number;
}

/** A table and its GSIs ACTIVE (none CREATING, UPDATING, backfilling or DELETING). */
export function isTableActive(table: TableDescription | undefined): boolean {
  return (
    table?.TableStatus === 'ACTIVE' &&
    (table.GlobalSecondaryIndexes ?? []).every((index) => (index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE') && index.Backfilling !== true)
  );
}

/**
 * Polls DescribeTable until the table and its indexes are ACTIVE, as after
 * CreateTable or UpdateTable: DynamoDB takes a while, DynamoDB Local with
 * `-delayTransientStatuses` and Keylab's engine with `transientStatusMs` too;
 * without a delay the first call finds it ACTIVE. Resolves true once ACTIVE,
 * false when `attempts` calls did not see it so (the caller says what to do).
 * A DescribeTable error (e.g. not visible yet) rejects.
 *
 * @example
 * await source.createTable(input);
 * if (!(await waitUntilTableActive(source, 'Scores'))) throw new Error('Scores is not ACTIVE yet');
 */
export async function waitUntilTableActive(source: DescribesTables, tableName: string, options: WaitUntilActiveOptions = {}): Promise<boolean> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = options.attempts ?? 600;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (isTableActive((await source.describeTable({ TableName: tableName })).Table)) return true;
    if (attempt < attempts - 1) await sleep(options.pollMs ?? 1000);
  }
  return false;
}
