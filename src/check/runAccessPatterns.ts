import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  buildPatternRequest,
  buildSampleItem,
  judgePatternResult,
  toCreateTableInput,
  itemToJsonItem,
  jsonItemToItem,
  keySchemaOf,
  type AccessPatternDesign,
  type JsonItem,
  type PatternResultItem,
  type PatternRunResult,
  type QueryRequestModel,
  type TableDesign,
} from '../design';
import {
  engineMessage,
  type AccessPatternsRun,
  type PatternDataSource,
  type PatternRunOutcome,
  type RunAccessPatternsOptions,
} from './runAccessPatterns.types';

/**
 * Runs a table's access patterns over its samples: a fresh in-memory engine
 * (loaded on first use, so the Design tab's first bundle stays without it)
 * or the data source it is given, the table created from the design's
 * CreateTable input, every sample written, each pattern's Query sent and its
 * result judged. The Design tab's Access patterns region and `keylab check`
 * both run it.
 */

export {
  engineMessage,
  type AccessPatternsRun,
  type PatternDataSource,
  type PatternRunOutcome,
  type RunAccessPatternsOptions,
} from './runAccessPatterns.types';

/**
 * Runs every access pattern of `table` over its samples on a new built-in
 * engine, or on `options.dataSource` (an SDK `DynamoDB` client against
 * DynamoDB Local, say).
 *
 * @example
 * const run = await runAccessPatterns(SHOP_DESIGN.tables[0])
 * run.outcomes["customer-orders"].verdict // "passes"
 */
export async function runAccessPatterns(table: TableDesign, options: RunAccessPatternsOptions = {}): Promise<AccessPatternsRun> {
  const sourceName = options.sourceName ?? 'The built-in engine';
  let engine: PatternDataSource;
  if (options.dataSource) engine = options.dataSource;
  else {
    try {
      engine = (await import('../engine')).createLocalDynamoDB();
    } catch (error) {
      return { outcomes: outcomesOfError(table, `The built-in engine could not be loaded: ${engineMessage(error)}`), sampleProblems: [] };
    }
  }

  try {
    await engine.createTable(toCreateTableInput(table));
  } catch (error) {
    const message = `${sourceName} can't create table ${table.name}: ${engineMessage(error)}`;
    return { outcomes: outcomesOfError(table, message), sampleProblems: [] };
  }
  const run = await runOnTable(engine, table, sourceName);
  // Only a table this run created is deleted (the built-in engine is dropped with it); a failure to is said, not swallowed.
  if (!options.dataSource?.deleteTable) return run;
  try {
    await options.dataSource.deleteTable({ TableName: table.name });
    return run;
  } catch (error) {
    return { ...run, sampleProblems: [...run.sampleProblems, `${sourceName} could not delete table ${table.name} after the run: ${engineMessage(error)}`] };
  }
}

/** Writes the samples into the created table and runs and judges each pattern. */
async function runOnTable(engine: PatternDataSource, table: TableDesign, sourceName: string): Promise<AccessPatternsRun> {
  const outcomes: Record<string, PatternRunOutcome> = {};

  const tableKeys = [table.partitionKey.name, ...(table.sortKey ? [table.sortKey.name] : [])];
  const keyOf = (item: JsonItem) => JSON.stringify(tableKeys.map((name) => item[name] ?? null));
  const entityByKey = new Map<string, string>();
  const sampleProblems: string[] = [];
  for (const entity of table.entities) {
    for (const sample of entity.samples) {
      const built = buildSampleItem(table, entity, sample);
      if (!built.ok) {
        sampleProblems.push(`${entity.name} sample ${sample.id}: ${built.problems.map((problem) => `${problem.attribute}: ${problem.message}`).join(' ')}`);
        continue;
      }
      const key = keyOf(built.item);
      const earlier = entityByKey.get(key);
      if (earlier !== undefined) {
        // Never a silent overwrite: the second item with one key is left out, and said.
        sampleProblems.push(`${entity.name} sample ${sample.id} has the same table key as a ${earlier} sample, so it was not written.`);
        continue;
      }
      try {
        await engine.putItem({ TableName: table.name, Item: jsonItemToItem(built.item) });
        entityByKey.set(key, entity.name);
      } catch (error) {
        sampleProblems.push(`${entity.name} sample ${sample.id}: ${engineMessage(error)}`);
      }
    }
  }

  /** Every item a request returns, in order: one page when it has a Limit (as the application reads it), else every page. */
  const query = async (request: QueryRequestModel): Promise<PatternResultItem[]> => {
    const items: PatternResultItem[] = [];
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await engine.query({ ...request, ...(startKey ? { ExclusiveStartKey: startKey } : {}) });
      for (const stored of page.Items ?? []) {
        const item = itemToJsonItem(stored);
        items.push({ entity: entityByKey.get(keyOf(item)), item });
      }
      startKey = request.Limit === undefined ? page.LastEvaluatedKey : undefined;
    } while (startKey);
    return items;
  };

  for (const pattern of table.accessPatterns) {
    const built = buildPatternRequest(table, identifiable(table, pattern));
    let run: PatternRunResult = { items: [] };
    if (built.ok) {
      try {
        const items = await query(built.request);
        // The true first N are judged among everything the Query reaches: the same request without its Limit.
        const { Limit, ...unlimited } = built.request;
        const reachable = pattern.expected.orderBy && Limit !== undefined ? await query(unlimited) : undefined;
        run = { items, ...(reachable ? { reachable } : {}) };
      } catch (error) {
        run = { error: `${sourceName} rejected the Query: ${engineMessage(error)}` };
      }
    }
    outcomes[pattern.id] = { ...judgePatternResult(table, pattern, run), items: 'items' in run ? run.items : [] };
  }
  return { outcomes, sampleProblems };
}

/**
 * The pattern with its projection (if any) widened by the key attributes of
 * the table and of the index it reads: a projection changes which attributes
 * come back, never which items or in what order, and without the keys no
 * returned item could be told apart from another sample or named.
 */
function identifiable(table: TableDesign, pattern: AccessPatternDesign): AccessPatternDesign {
  if (pattern.projection.length === 0) return pattern;
  const schema = keySchemaOf(table, pattern.index);
  const keys = [table.partitionKey, ...(table.sortKey ? [table.sortKey] : []), ...(schema ? [...schema.partition, ...schema.sort] : [])].map(
    (attribute) => attribute.name,
  );
  return { ...pattern, projection: [...new Set([...pattern.projection, ...keys])] };
}

/** Every pattern's outcome when none could run (each still says first what keeps it from being a Query). */
function outcomesOfError(table: TableDesign, message: string): Record<string, PatternRunOutcome> {
  return Object.fromEntries(table.accessPatterns.map((pattern) => [pattern.id, { ...judgePatternResult(table, pattern, { error: message }), items: [] }]));
}
