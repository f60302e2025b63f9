import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  buildPatternRequest,
  buildSampleItem,
  judgePatternResult,
  toCreateTableInput,
  itemToJsonItem,
  jsonItemToItem,
  type JsonItem,
  type PatternReason,
  type PatternResultItem,
  type PatternRunResult,
  type TableDesign,
} from '../../design';

/**
 * Runs a table's access patterns over its samples: a fresh in-memory engine
 * (loaded on first use, so the Design tab's first bundle stays without it),
 * the table created from the design's CreateTable input, every sample
 * written, each pattern's Query sent and its result judged.
 */

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

/** The message an engine error carries (its name first when it has one, as DynamoDB reports it). */
function engineMessage(error: unknown): string {
  if (error instanceof Error) return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  return String(error);
}

/**
 * Runs every access pattern of `table` over its samples on a new built-in engine.
 *
 * @example
 * const run = await runAccessPatterns(SHOP_DESIGN.tables[0])
 * run.outcomes["customer-orders"].verdict // "passes"
 */
export async function runAccessPatterns(table: TableDesign): Promise<AccessPatternsRun> {
  const { createLocalDynamoDB } = await import('../../engine');
  const engine = createLocalDynamoDB();
  const outcomes: Record<string, PatternRunOutcome> = {};

  try {
    await engine.createTable(toCreateTableInput(table));
  } catch (error) {
    const message = `The built-in engine can't create table ${table.name}: ${engineMessage(error)}`;
    return { outcomes: outcomesOfError(table, message), sampleProblems: [] };
  }

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

  for (const pattern of table.accessPatterns) {
    const built = buildPatternRequest(table, pattern);
    let run: PatternRunResult = { items: [] };
    if (built.ok) {
      try {
        const items: PatternResultItem[] = [];
        let startKey: Record<string, AttributeValue> | undefined;
        // A Limit is one page, as the application reads it; without one, every page.
        do {
          const page = await engine.query({ ...built.request, ...(startKey ? { ExclusiveStartKey: startKey } : {}) });
          for (const stored of page.Items ?? []) {
            const item = itemToJsonItem(stored);
            items.push({ entity: entityByKey.get(keyOf(item)), item });
          }
          startKey = built.request.Limit === undefined ? page.LastEvaluatedKey : undefined;
        } while (startKey);
        run = { items };
      } catch (error) {
        run = { error: `The built-in engine rejected the Query: ${engineMessage(error)}` };
      }
    }
    outcomes[pattern.id] = { ...judgePatternResult(table, pattern, run), items: 'items' in run ? run.items : [] };
  }
  return { outcomes, sampleProblems };
}

/** Every pattern's outcome when none could run (each still says first what keeps it from being a Query). */
function outcomesOfError(table: TableDesign, message: string): Record<string, PatternRunOutcome> {
  return Object.fromEntries(table.accessPatterns.map((pattern) => [pattern.id, { ...judgePatternResult(table, pattern, { error: message }), items: [] }]));
}

export interface AccessPatternRunState {
  /** The last run's outcomes, or undefined before the first. */
  readonly lastRun: AccessPatternsRun | undefined;
  /** The table the last run was of: results are stale once the open table is another object (any edit replaces it). */
  readonly ranFor: TableDesign | undefined;
  readonly running: boolean;
}

export interface AccessPatternRunActions {
  /** Runs the table's patterns; a run started later wins over one still going. */
  run(table: TableDesign): Promise<void>;
  clear(): void;
}

export type AccessPatternRunStore = StoreApi<AccessPatternRunState & AccessPatternRunActions>;

/** The Access patterns region's store: the last run's outcomes per pattern id and a running flag. */
export function createAccessPatternRunStore(): AccessPatternRunStore {
  let latest = 0;
  return createStore<AccessPatternRunState & AccessPatternRunActions>()((set) => ({
    lastRun: undefined,
    ranFor: undefined,
    running: false,
    run: async (table) => {
      const token = ++latest;
      set({ running: true });
      try {
        const run = await runAccessPatterns(table);
        if (token === latest) set({ lastRun: run, ranFor: table, running: false });
      } catch (error) {
        // Only a failure to load the engine gets here: every pattern says it could not run.
        if (token !== latest) return;
        const outcomes = outcomesOfError(table, `The built-in engine could not be loaded: ${engineMessage(error)}`);
        set({ lastRun: { outcomes, sampleProblems: [] }, ranFor: table, running: false });
      }
    },
    clear: () => {
      latest++;
      set({ lastRun: undefined, ranFor: undefined, running: false });
    },
  }));
}
