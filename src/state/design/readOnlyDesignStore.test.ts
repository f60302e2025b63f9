import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type Design } from '../../design';
import { designOf, createDesignStore } from './designStore';
import { createReadOnlyDesignStore, READ_ONLY_DESIGN_ID } from './readOnlyDesignStore';
import { createDesignReviewStore } from './review/designReviewStore';
import { createReviewerNameStore } from './review/reviewerName';

const leaderboard = designOf(LEADERBOARD_DESIGN);
/** The Leaderboard with a score written as typed and no tiebreaker: an error and a warning to review. */
const shared: Design = {
  ...leaderboard,
  name: 'Season ladder (shared)',
  tables: leaderboard.tables.map((table) => ({
    ...table,
    entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, rankKey: '{score}#{ts:epoch(16)}' } })),
  })),
};

describe('createReadOnlyDesignStore', () => {
  it('holds the one design it is given, open, under an id no saved design has', () => {
    const store = createReadOnlyDesignStore(shared, '2026-12-05T10:00:00.000Z');
    expect(store.getState().designs).toEqual([{ id: READ_ONLY_DESIGN_ID, design: shared, updatedAt: '2026-12-05T10:00:00.000Z' }]);
    expect(store.getState().openDesignId).toBe(READ_ONLY_DESIGN_ID);
    expect(store.getState().loaded).toBe(true);
    expect(
      createDesignStore()
        .getState()
        .designs.map((saved) => saved.id),
    ).not.toContain(READ_ONLY_DESIGN_ID);
  });

  it('refuses every change: the design stays as the link carried it', () => {
    const store = createReadOnlyDesignStore(shared);
    const before = store.getState();
    const actions = before;
    actions.updateDesign(READ_ONLY_DESIGN_ID, (design) => ({ ...design, name: 'changed' }));
    actions.renameDesign(READ_ONLY_DESIGN_ID, 'renamed');
    actions.createDesign('New');
    actions.addDesign({ ...shared, name: 'Added' });
    actions.duplicateDesign(READ_ONLY_DESIGN_ID);
    actions.resetExample('example-leaderboard');
    actions.deleteDesign(READ_ONLY_DESIGN_ID);
    expect(store.getState()).toBe(before);
    expect(store.getState().designs[0]?.design).toBe(shared);
  });

  it('a review store over it reviews the shared design, and its decisions and sign-offs reach neither it nor the saved designs', () => {
    const app = createDesignStore();
    const appBefore = app.getState().designs;
    const store = createReadOnlyDesignStore(shared);
    const reviewerName = createReviewerNameStore();
    reviewerName.getState().setName('Ada');
    const review = createDesignReviewStore({ designs: store, reviewerName });
    const findings = review.getState().reviewOf(shared).findings;
    expect(findings.length).toBeGreaterThan(0);
    const first = findings[0]!;
    expect(review.getState().decideFinding(READ_ONLY_DESIGN_ID, first, 'wontFix', 'fine for this design').ok).toBe(true);
    expect(review.getState().signOff(READ_ONLY_DESIGN_ID).ok).toBe(true);
    expect(store.getState().designs[0]?.design).toBe(shared);
    expect(app.getState().designs).toBe(appBefore);
  });
});
