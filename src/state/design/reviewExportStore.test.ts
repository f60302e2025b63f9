import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type Design } from '../../design';
import { createAccessPatternRunStore } from './runAccessPatterns';
import { createReviewExportStore } from './reviewExportStore';

/** The date the review documents here are generated on (fixed: the document is pure). */
const REVIEW_NOW = new Date('2026-12-05T09:40:00.000Z');

function storeWithDownloads() {
  const downloads: { fileName: string; text: string; mediaType: string }[] = [];
  const runs = createAccessPatternRunStore();
  const store = createReviewExportStore({
    runs,
    download: (fileName, text, mediaType) => downloads.push({ fileName, text, mediaType }),
    now: () => REVIEW_NOW,
  });
  return { store, runs, downloads };
}

describe('the review export store (Export review and Print, without React)', () => {
  it('Export review runs the patterns not run yet, downloads <design>.review.md with their results and says so', async () => {
    const { store, runs, downloads } = storeWithDownloads();
    const exporting = store.getState().exportMarkdown(LEADERBOARD_DESIGN);
    expect(store.getState().markdown).toEqual({ busy: true, status: 'Running the access patterns for the review…', failed: false });
    await exporting;
    expect(store.getState().markdown).toEqual({ busy: false, status: 'Downloaded Leaderboard.review.md.', failed: false });
    expect(downloads.map(({ fileName, mediaType }) => [fileName, mediaType])).toEqual([['Leaderboard.review.md', 'text/markdown']]);
    expect(downloads[0]?.text).toContain('2026-12-05');
    expect(downloads[0]?.text).toContain('| 1 | `Run` | `SEASON#2026-SUMMER` | `0000002300#0000001719705600#p_7781` |');
    expect(downloads[0]?.text).not.toContain('not run');
    // Run through the Access patterns region's store, so the region shows the same results.
    expect(runs.getState().ranFor).toBe(LEADERBOARD_DESIGN.tables[0]);
  });

  it('a download that fails leaves the export not busy, with a status saying why', async () => {
    const runs = createAccessPatternRunStore();
    const store = createReviewExportStore({
      runs,
      download: () => {
        throw new Error('The disk is full.');
      },
    });
    await store.getState().exportMarkdown(LEADERBOARD_DESIGN);
    expect(store.getState().markdown).toEqual({ busy: false, status: 'The review could not be written: The disk is full.', failed: true });
    // The panel left the page: its status line goes with it; Print's is another's.
    store.getState().clearStatus('markdown');
    expect(store.getState().markdown).toEqual({ busy: false, status: undefined, failed: false });
  });

  it('a status still being worked on is kept when its panel leaves', async () => {
    const { store } = storeWithDownloads();
    const exporting = store.getState().exportMarkdown(LEADERBOARD_DESIGN);
    store.getState().clearStatus('markdown');
    expect(store.getState().markdown.busy).toBe(true);
    await exporting;
    expect(store.getState().markdown.status).toBe('Downloaded Leaderboard.review.md.');
  });

  it('Print collects every table’s results for the design, inside the commit the panel passes', async () => {
    const { store, downloads } = storeWithDownloads();
    let committed = 0;
    const ready = await store.getState().prepareForPrint(LEADERBOARD_DESIGN, (apply) => {
      committed++;
      apply();
    });
    expect(ready).toBe(true);
    expect(committed).toBe(1);
    const { collected, print } = store.getState();
    expect(print).toEqual({ busy: false, status: undefined, failed: false });
    expect(collected?.design).toBe(LEADERBOARD_DESIGN);
    expect(collected?.results.Leaderboard?.['top-scores']?.verdict).toBe('passes');
    expect(downloads).toEqual([]);
  });

  it('Print says why the results could not be collected, and reports it was not ready', async () => {
    const { store } = storeWithDownloads();
    const broken = { ...LEADERBOARD_DESIGN, tables: null } as unknown as Design;
    expect(await store.getState().prepareForPrint(broken)).toBe(false);
    expect(store.getState().print.failed).toBe(true);
    expect(store.getState().print.status).toMatch(/^The review could not be prepared: /);
    expect(store.getState().collected).toBeUndefined();
  });
});
