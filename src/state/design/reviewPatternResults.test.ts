import { reviewMarkdown } from '../../design/reviewDocument';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, SHOP_DESIGN, type Design } from '../../design';
import { collectReviewResults, currentReviewResults } from './reviewPatternResults';
import { createAccessPatternRunStore } from './runAccessPatterns';

/** The date the review documents here are generated on (fixed: the document is pure). */
const REVIEW_NOW = new Date('2026-12-05T09:40:00.000Z');

describe('the access-pattern results of a review document', () => {
  it('runs the patterns through the store when they were not run yet, so the Access patterns region shows them too', async () => {
    const runs = createAccessPatternRunStore();
    expect(currentReviewResults(LEADERBOARD_DESIGN, runs.getState())).toEqual({});
    const results = await collectReviewResults(LEADERBOARD_DESIGN, runs);
    expect(runs.getState().ranFor).toBe(LEADERBOARD_DESIGN.tables[0]);
    expect(results.Leaderboard?.['top-scores']?.verdict).toBe('passes');
    expect(results.Leaderboard?.['player-runs']?.items.map(({ item }) => item.ts)).toEqual([{ N: '1719745200' }, { N: '1719723600' }]);
    const text = reviewMarkdown(LEADERBOARD_DESIGN, { now: REVIEW_NOW, findings: [], patternResults: results });
    expect(text).toContain('| 1 | `Run` | `SEASON#2026-SUMMER` | `0000002300#0000001719705600#p_7781` |');
    expect(text).not.toContain('not run');
  });

  it('reuses the last run of the table as it is now, and leaves out a run of an earlier version', async () => {
    const runs = createAccessPatternRunStore();
    await runs.getState().run(LEADERBOARD_DESIGN.tables[0]!);
    const lastRun = runs.getState().lastRun;
    expect((await collectReviewResults(LEADERBOARD_DESIGN, runs)).Leaderboard).toBe(lastRun?.outcomes);
    expect(runs.getState().lastRun).toBe(lastRun);

    const edited: Design = { ...LEADERBOARD_DESIGN, tables: [{ ...LEADERBOARD_DESIGN.tables[0]!, description: 'edited' }] };
    expect(currentReviewResults(edited, runs.getState())).toEqual({});
  });

  it('runs a table the store is not showing on its own engine, leaving the store’s run as it is', async () => {
    const runs = createAccessPatternRunStore();
    const twoTables: Design = { ...LEADERBOARD_DESIGN, tables: [...LEADERBOARD_DESIGN.tables, ...SHOP_DESIGN.tables] };
    await runs.getState().run(twoTables.tables[0]!);
    const lastRun = runs.getState().lastRun;
    const results = await collectReviewResults(twoTables, runs);
    expect(Object.keys(results)).toEqual(['Leaderboard', 'Shop']);
    expect(results.Shop?.['customer-orders']?.verdict).toBe('passes');
    expect(runs.getState().lastRun).toBe(lastRun);
  });
});
