import type { AttributeValue, TableDescription } from '@aws-sdk/client-dynamodb';
import { buildSampleItem, jsonItemToItem, toCreateTableInput, type Design, type JsonItem, type TableDesign } from '../../design';
import type { DynamoDBDataSource } from '../../engine';
import { backoffDelay, isRetryableError, sleepFor } from '../../dynamo';
import { tableSchemaDifferences } from './tableSchemaDifferences';

/**
 * Load into a table: a design's tables created in a data source (the
 * built-in table, DynamoDB Local, AWS) and its sample items written there
 * with conditional writes, so nothing already in the table is overwritten
 * and a second run (or one after a failure) only writes what is missing.
 */

/** What happened to one design table. */
export interface LoadedTable {
  readonly name: string;
  /** created: by this load; existing: already there with the design's schema; skipped: not written to. */
  readonly outcome: 'created' | 'existing' | 'skipped';
  /** Why a table was skipped (a different schema, CreateTable refused it, it never became ACTIVE). */
  readonly reason?: string;
}

/** One sample item, named the way the report lists it. */
export interface LoadedItemRef {
  readonly table: string;
  readonly entity: string;
  readonly sampleId: string;
  /** The item's table key as text: `PK = CUSTOMER#c1, SK = ORDER#2026-06-23T10:00:00Z#o_17` (B as base64). */
  readonly key: string;
}

export interface LoadReport {
  readonly tables: readonly LoadedTable[];
  /** Items written by this load. */
  readonly written: readonly LoadedItemRef[];
  /** Items whose key was already in the table: left as they were. */
  readonly alreadyExisted: readonly LoadedItemRef[];
  /** Writes DynamoDB refused, with its message. */
  readonly failed: readonly (LoadedItemRef & { readonly message: string })[];
  /** Samples whose keys could not be built from their field values (never sent). */
  readonly unencodable: readonly { readonly table: string; readonly entity: string; readonly sampleId: string; readonly problems: readonly string[] }[];
}

export interface LoadProgress {
  /** Sample items handled so far (written, already there, failed or not encodable), across tables. */
  readonly done: number;
  readonly total: number;
  /** What is happening now, in words ("Creating table Shop…"). */
  readonly step: string;
}

export interface LoadDesignOptions {
  /** Only these design tables (default: all). */
  readonly tables?: readonly string[];
  readonly onProgress?: (progress: LoadProgress) => void;
  /** Waits between retries and ACTIVE polls (tests pass a fast one). Default: setTimeout. */
  readonly sleep?: (milliseconds: number) => Promise<void>;
  /** 0 ≤ random() < 1, for the backoff's jitter (default Math.random). */
  readonly random?: () => number;
  /** How long to wait for a new table to become ACTIVE. Default 5 minutes (AWS can take a while with GSIs). */
  readonly activeTimeoutMs?: number;
}

/** Throttled (or 5xx) calls are retried this many times, under src/dynamo's full-jitter backoff. */
const THROTTLE_RETRIES = 6;
const ACTIVE_POLL_MS = 500;

/** How this run waits: its sleep, and the random source of the retries' jitter. */
interface Pace {
  readonly sleep: (milliseconds: number) => Promise<void>;
  readonly random?: () => number;
}

/**
 * Creates each design table in `source` (or checks the existing one has the
 * same schema) and writes every entity's sample items with
 * `attribute_not_exists(<partition key>)`, never overwriting. Never throws
 * for DynamoDB's answers: every outcome is in the report.
 *
 * @example
 * const report = await loadDesignIntoTable(builtInSource, SHOP_DESIGN, { onProgress: (p) => show(p.step) });
 * report.written.length       // 8 on the first run
 * report.alreadyExisted.length // 8 on the second
 */
export async function loadDesignIntoTable(source: DynamoDBDataSource, design: Design, options: LoadDesignOptions = {}): Promise<LoadReport> {
  const sleep = options.sleep ?? sleepFor;
  const pace: Pace = { sleep, ...(options.random ? { random: options.random } : {}) };
  const chosen = design.tables.filter((table) => !options.tables || options.tables.includes(table.name));
  const total = chosen.reduce((sum, table) => sum + table.entities.reduce((count, entity) => count + entity.samples.length, 0), 0);
  const report = {
    tables: [] as LoadedTable[],
    written: [] as LoadedItemRef[],
    alreadyExisted: [] as LoadedItemRef[],
    failed: [] as (LoadedItemRef & { message: string })[],
    unencodable: [] as LoadReport['unencodable'][number][],
  };
  let done = 0;
  const progress = (step: string) => options.onProgress?.({ done, total, step });

  for (const table of chosen) {
    progress(`Creating table ${table.name}…`);
    const ready = await ensureTable(source, table, pace, options.activeTimeoutMs ?? 300_000);
    report.tables.push(ready);
    const samples = table.entities.flatMap((entity) => entity.samples.map((sample) => ({ entity, sample })));
    if (ready.outcome === 'skipped') {
      done += samples.length;
      progress(`Skipped table ${table.name}.`);
      continue;
    }
    const partitionKey = table.partitionKey.name;
    for (const { entity, sample } of samples) {
      const built = buildSampleItem(table, entity, sample);
      const missing = built.ok ? missingTableKeys(table, built.item) : [];
      if (!built.ok || missing.length > 0) {
        const problems = built.ok
          ? missing.map((name) => `${entity.name} has no template for the table's key ${name}`)
          : built.problems.map((problem) => `${problem.attribute}: ${problem.message}`);
        report.unencodable.push({ table: table.name, entity: entity.name, sampleId: sample.id, problems });
      } else {
        const ref: LoadedItemRef = { table: table.name, entity: entity.name, sampleId: sample.id, key: keyText(table, built.item) };
        const outcome = await putIfAbsent(source, table.name, partitionKey, jsonItemToItem(built.item), pace);
        if (outcome === 'written') report.written.push(ref);
        else if (outcome === 'existed') report.alreadyExisted.push(ref);
        else report.failed.push({ ...ref, message: outcome.message });
      }
      done++;
      progress(`Writing items to ${table.name}…`);
    }
  }
  progress('Done.');
  return report;
}

function missingTableKeys(table: TableDesign, item: JsonItem): string[] {
  return [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])]
    .filter((attribute) => item[attribute.name] === undefined)
    .map((attribute) => attribute.name);
}

function keyText(table: TableDesign, item: JsonItem): string {
  return [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])]
    .map((attribute) => `${attribute.name} = ${Object.values(item[attribute.name] ?? {})[0] as string}`)
    .join(', ');
}

async function ensureTable(source: DynamoDBDataSource, table: TableDesign, pace: Pace, activeTimeoutMs: number): Promise<LoadedTable> {
  const input = toCreateTableInput(table);
  let outcome: 'created' | 'existing' = 'created';
  try {
    await withThrottleRetries(() => source.createTable(input), pace);
  } catch (error) {
    if (nameOf(error) !== 'ResourceInUseException') return { name: table.name, outcome: 'skipped', reason: `CreateTable failed: ${describeError(error)}` };
    outcome = 'existing';
  }
  // Created or not, the table must be ACTIVE (and, if it was there, keyed as the design says) before writing.
  const started = Date.now();
  for (;;) {
    let description: TableDescription | undefined;
    try {
      description = (await withThrottleRetries(() => source.describeTable({ TableName: table.name }), pace)).Table;
    } catch (error) {
      return { name: table.name, outcome: 'skipped', reason: `DescribeTable failed: ${describeError(error)}` };
    }
    if (!description) return { name: table.name, outcome: 'skipped', reason: 'DescribeTable returned no description.' };
    if (outcome === 'existing') {
      const differences = tableSchemaDifferences(input, description);
      if (differences.length > 0)
        return {
          name: table.name,
          outcome: 'skipped',
          reason: `A table named ${table.name} already exists with a different schema (${differences.join('; ')}); nothing was written to it. Delete or rename that table, or rename the design's table.`,
        };
    }
    const indexesActive = (description.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === undefined || index.IndexStatus === 'ACTIVE');
    if (description.TableStatus === 'ACTIVE' && indexesActive) return { name: table.name, outcome };
    if (description.TableStatus === 'DELETING')
      return { name: table.name, outcome: 'skipped', reason: `Table ${table.name} is being deleted; load again once it is gone.` };
    if (Date.now() - started > activeTimeoutMs)
      return {
        name: table.name,
        outcome: 'skipped',
        reason: `Table ${table.name} did not become ACTIVE within ${Math.round(activeTimeoutMs / 1000)} s; load again to write its items.`,
      };
    await pace.sleep(ACTIVE_POLL_MS);
  }
}

async function putIfAbsent(
  source: DynamoDBDataSource,
  tableName: string,
  partitionKey: string,
  item: Record<string, AttributeValue>,
  pace: Pace,
): Promise<'written' | 'existed' | { readonly message: string }> {
  try {
    await withThrottleRetries(
      () =>
        source.putItem({
          TableName: tableName,
          Item: item,
          ConditionExpression: 'attribute_not_exists(#pk)',
          ExpressionAttributeNames: { '#pk': partitionKey },
        }),
      pace,
    );
    return 'written';
  } catch (error) {
    if (nameOf(error) === 'ConditionalCheckFailedException') return 'existed';
    return { message: describeError(error) };
  }
}

async function withThrottleRetries<T>(send: () => Promise<T>, pace: Pace): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!isRetryableError(error) || attempt >= THROTTLE_RETRIES) throw error;
      await pace.sleep(backoffDelay(attempt + 1, pace));
    }
  }
}

function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** The report as text, one section per outcome (what the UI shows and a user can copy). */
export function formatLoadReport(report: LoadReport): string {
  const lines: string[] = [];
  const created = report.tables.filter((table) => table.outcome === 'created').map((table) => table.name);
  const existing = report.tables.filter((table) => table.outcome === 'existing').map((table) => table.name);
  if (created.length > 0) lines.push(`Tables created: ${created.join(', ')}`);
  if (existing.length > 0) lines.push(`Tables already there (same schema): ${existing.join(', ')}`);
  for (const table of report.tables.filter((entry) => entry.outcome === 'skipped')) lines.push(`Table skipped: ${table.name}: ${table.reason ?? ''}`);
  lines.push(`Items written: ${report.written.length}`);
  lines.push(`Items already existed (kept as they were): ${report.alreadyExisted.length}`);
  for (const item of report.alreadyExisted) lines.push(`  ${item.table}: ${item.key} (${item.entity} ${item.sampleId})`);
  lines.push(`Items failed: ${report.failed.length}`);
  for (const item of report.failed) lines.push(`  ${item.table}: ${item.key} (${item.entity} ${item.sampleId}): ${item.message}`);
  if (report.unencodable.length > 0) {
    lines.push(`Samples whose keys don't encode (not written): ${report.unencodable.length}`);
    for (const sample of report.unencodable) lines.push(`  ${sample.table}: ${sample.entity} ${sample.sampleId}: ${sample.problems.join('; ')}`);
  }
  return lines.join('\n');
}

/** How many items a load would write per table, for the confirmation ("Create table Shop and write 8 items"). */
export function describeLoadPlan(design: Design, tables?: readonly string[]): string {
  const chosen = design.tables.filter((table) => !tables || tables.includes(table.name));
  const items = chosen.reduce((sum, table) => sum + table.entities.reduce((count, entity) => count + entity.samples.length, 0), 0);
  const names = chosen.map((table) => table.name);
  const tableWords = names.length === 1 ? `table ${names[0]}` : `tables ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Create ${tableWords} and write ${items} item${items === 1 ? '' : 's'}`;
}
