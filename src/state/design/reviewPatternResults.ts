import type { Design, ReviewPatternResults } from '../../design';
import { runAccessPatterns, type AccessPatternRunState, type AccessPatternRunStore } from './runAccessPatterns';

/**
 * The access-pattern results a review document shows: the Access patterns
 * region's last run where it is of the design's table as it is now, and a run
 * of the built-in engine for every other table that has patterns.
 */

/**
 * The results already at hand, without running anything: the last run's, if
 * it is of one of the design's tables as they are now (an edit replaces the
 * table object, so older results are left out).
 */
export function currentReviewResults(design: Design, state: Pick<AccessPatternRunState, 'lastRun' | 'ranFor'>): ReviewPatternResults {
  const table = design.tables.find((candidate) => candidate === state.ranFor);
  return table && state.lastRun ? { [table.name]: state.lastRun.outcomes } : {};
}

/**
 * Every table's results, running the patterns not run on the current design
 * yet. A table the Access patterns region shows (the store's last run was of
 * a table of that name, or there was none) is run through the store, so the
 * region shows the same results; any other on its own engine.
 *
 * @example
 * await collectReviewResults(LEADERBOARD_DESIGN, stores.accessPatternRuns) // { Leaderboard: { "top-scores": { verdict: "passes", … } } }
 */
export async function collectReviewResults(design: Design, runs: AccessPatternRunStore): Promise<ReviewPatternResults> {
  const results: Record<string, ReviewPatternResults[string]> = { ...currentReviewResults(design, runs.getState()) };
  for (const table of design.tables) {
    if (results[table.name] || table.accessPatterns.length === 0) continue;
    const { ranFor } = runs.getState();
    if (ranFor === undefined || ranFor.name === table.name) {
      await runs.getState().run(table);
      const { lastRun, ranFor: ran } = runs.getState();
      // Another run may have finished in between (the user pressed Run again): use this one's results only.
      if (ran === table && lastRun) {
        results[table.name] = lastRun.outcomes;
        continue;
      }
    }
    results[table.name] = (await runAccessPatterns(table)).outcomes;
  }
  return results;
}
