import type { CreateTableCommandInput, WriteRequest } from '@aws-sdk/client-dynamodb';
import { backoff, isRetryableError, unprocessedWrites, waitUntilTableActive, type BackoffOptions } from '../../dynamo';
import type { Item } from '../../expressions';
import type { DynamoDBDataSource } from '../localDynamoDB.types';
import { AUDIT_LOG_TABLE, AUDIT_LOG_TABLE_INPUT, auditLogItems } from './auditLogSample';
import { LEADERBOARD_TABLE, LEADERBOARD_TABLE_INPUT, leaderboardItems } from './leaderboardSample';

/** One sample table: how to create it and what to put in it. */
export interface SampleTable {
  readonly input: CreateTableCommandInput;
  readonly items: () => Item[];
}

/** The sample tables, in creation order. */
export const SAMPLE_TABLES: readonly SampleTable[] = [
  { input: LEADERBOARD_TABLE_INPUT, items: leaderboardItems },
  { input: AUDIT_LOG_TABLE_INPUT, items: auditLogItems },
];

/** The sample tables' names. */
export const SAMPLE_TABLE_NAMES: readonly string[] = [LEADERBOARD_TABLE, AUDIT_LOG_TABLE];

/** BatchWriteItem's limit. */
const BATCH_SIZE = 25;
/** Tries per batch (throttled, or items left unprocessed) before the load fails saying so. */
const MAX_ATTEMPTS = 12;

/**
 * Creates the sample tables `Leaderboard` and `AuditLog` with their items.
 * Only data-source methods are used (CreateTable, BatchWriteItem), so the
 * same samples seed the built-in engine or DynamoDB Local. Rejects like
 * CreateTable does if a table exists (ResourceInUseException); `only`
 * limits it to some of the tables. Items a real endpoint leaves unprocessed
 * (or a throttled batch) are sent again under src/dynamo's backoff. Each
 * table is written once DescribeTable says it is ACTIVE (a source with a
 * transient-status delay keeps it CREATING a while).
 *
 * @example
 * await createSampleTables(engine); // ["Leaderboard", "AuditLog"]
 */
export async function createSampleTables(
  source: DynamoDBDataSource,
  only: readonly string[] = SAMPLE_TABLE_NAMES,
  backoffOptions: BackoffOptions = {},
): Promise<string[]> {
  const created: string[] = [];
  for (const sample of SAMPLE_TABLES) {
    const name = sample.input.TableName as string;
    if (!only.includes(name)) continue;
    await source.createTable(sample.input);
    // A new table takes items once ACTIVE (at once without a transient-status delay).
    if (!(await waitUntilTableActive(source, name, { pollMs: 250, ...(backoffOptions.sleep ? { sleep: backoffOptions.sleep } : {}) }))) {
      throw new Error(`Sample table ${name} was created but is not ACTIVE yet: load the samples again once it is.`);
    }
    await writeAll(source, name, sample.items(), backoffOptions);
    created.push(name);
  }
  return created;
}

/** Options of {@link ensureSampleTables}. */
export interface EnsureSampleTablesOptions {
  /**
   * Whether this is the first run — from the persistence adapter's
   * `load()` result. Default: the source has no tables at all.
   */
  readonly firstRun?: boolean;
}

/**
 * Creates the sample tables on the first run only. "First run" is the
 * persistence store's, not the engine's: a new (or cleared) IndexedDB
 * database or data directory, until the app calls `markInitialized()`. So a
 * user who deletes a sample table does not get it back on the next reload;
 * clearing the stored tables brings the samples back. Within a first run
 * this is idempotent: a sample table that exists already (setup was
 * interrupted after creating it) is left as it is. Returns the tables created.
 *
 * @example
 * const { firstRun } = await persistence.load(engine);
 * await ensureSampleTables(engine, { firstRun });
 * if (firstRun) await persistence.markInitialized();
 */
export async function ensureSampleTables(source: DynamoDBDataSource, options: EnsureSampleTablesOptions = {}): Promise<string[]> {
  const existing = new Set(await listAllTables(source));
  const firstRun = options.firstRun ?? existing.size === 0;
  if (!firstRun) return [];
  return createSampleTables(
    source,
    SAMPLE_TABLE_NAMES.filter((name) => !existing.has(name)),
  );
}

async function listAllTables(source: DynamoDBDataSource): Promise<string[]> {
  const names: string[] = [];
  let ExclusiveStartTableName: string | undefined;
  do {
    const page = await source.listTables({ ExclusiveStartTableName });
    names.push(...(page.TableNames ?? []));
    ExclusiveStartTableName = page.LastEvaluatedTableName;
  } while (ExclusiveStartTableName);
  return names;
}

/** Writes items in batches of 25, resending (after a backoff) what a real endpoint left unprocessed or throttled. */
async function writeAll(source: DynamoDBDataSource, tableName: string, items: readonly Item[], backoffOptions: BackoffOptions): Promise<void> {
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    let requests: readonly WriteRequest[] = items.slice(start, start + BATCH_SIZE).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > MAX_ATTEMPTS)
        throw new Error(
          `${requests.length} sample items of ${tableName} were still unprocessed after ${MAX_ATTEMPTS} attempts (DynamoDB kept throttling): delete the table and load the samples again later.`,
        );
      if (attempt > 1) await backoff(attempt - 1, backoffOptions);
      try {
        requests = unprocessedWrites(await source.batchWriteItem({ RequestItems: { [tableName]: [...requests] } }), tableName);
      } catch (error) {
        if (!isRetryableError(error)) throw error;
      }
    }
  }
}
