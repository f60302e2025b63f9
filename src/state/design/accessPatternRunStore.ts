import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PatternReason, TableDesign } from '../../design';
import { engineMessage, type AccessPatternsRun } from '../../check/runAccessPatterns.types';

export type { AccessPatternsRun, PatternDataSource, PatternRunOutcome, RunAccessPatternsOptions } from '../../check/runAccessPatterns.types';
export { engineMessage };

/*
 * The Access patterns region's store. The run itself (src/check/runAccessPatterns.ts:
 * the request builder and, through it, the engine) is imported on the first
 * run, so the Design tab's first chunk stays without it.
 */

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
        const { runAccessPatterns } = await import('../../check/runAccessPatterns');
        const run = await runAccessPatterns(table);
        if (token === latest) set({ lastRun: run, ranFor: table, running: false });
      } catch (error) {
        // Only a failure to load the run's code gets here (runAccessPatterns reports an engine that won't load itself): every pattern says it could not run.
        if (token !== latest) return;
        const reason: PatternReason = { code: 'notRunnable', message: `Keylab could not load the code that runs access patterns: ${engineMessage(error)}` };
        const outcomes = Object.fromEntries(table.accessPatterns.map((pattern) => [pattern.id, { verdict: 'fails' as const, reasons: [reason], items: [] }]));
        set({ lastRun: { outcomes, sampleProblems: [] }, ranFor: table, running: false });
      }
    },
    clear: () => {
      latest++;
      set({ lastRun: undefined, ranFor: undefined, running: false });
    },
  }));
}
