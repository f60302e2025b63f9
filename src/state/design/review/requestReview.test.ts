import { describe, expect, it } from 'vitest';
import { reviewDesign, type ReviewRule } from '../../../design/review';
import { LEADERBOARD_DESIGN, type Design } from '../../../design';
import { createDesignStore } from '../designStore';
import { createDesignReviewStore } from './designReviewStore';
import type { ReviewScheduler } from './reviewScheduler';

/** A scheduler run by hand: `paint()` runs what waits for the frame, `runAll()` everything; each clock read is 10 ms later (one step per slice). */
function manualScheduler() {
  const tasks: { run: () => void; cancelled: boolean; afterPaint: boolean }[] = [];
  let time = 0;
  const queue = (afterPaint: boolean) => (run: () => void) => {
    const task = { run, cancelled: false, afterPaint };
    tasks.push(task);
    return () => {
      task.cancelled = true;
    };
  };
  const scheduler: ReviewScheduler = { afterPaint: queue(true), nextSlice: queue(false), now: () => (time += 10) };
  const runOne = () => {
    const task = tasks.shift();
    if (task && !task.cancelled) task.run();
    return task !== undefined;
  };
  return {
    scheduler,
    waiting: () => tasks.filter((task) => !task.cancelled).length,
    runOne,
    runAll: () => {
      while (runOne());
    },
  };
}

/** A rule with one note per entity, counting its runs. */
function countingRule() {
  let runs = 0;
  const rule: ReviewRule = {
    code: 'review.gsiProjection',
    severity: 'note',
    title: 'A note per entity',
    why: 'test rule',
    check: (context) => {
      runs++;
      return context.entities().map(({ table, entity }) => context.finding('review.gsiProjection', 'note', { table: table.name, entity: entity.name }, { message: entity.keys.SK ?? '', evidence: [], suggestion: 's' }));
    },
  };
  return { rule, runs: () => runs };
}

function setup() {
  const designs = createDesignStore();
  const id = designs.getState().addDesign(LEADERBOARD_DESIGN);
  const { rule, runs } = countingRule();
  const manual = manualScheduler();
  const review = createDesignReviewStore({ designs, rules: [rule], scheduler: manual.scheduler });
  const design = () => designs.getState().designs.find((saved) => saved.id === id)!.design;
  /** A keystroke in the first entity's SK template. */
  const type = (text: string) =>
    designs.getState().updateDesign(id, (current) => ({
      ...current,
      tables: current.tables.map((table, index) => (index === 0 ? { ...table, entities: table.entities.map((entity, e) => (e === 0 ? { ...entity, keys: { ...entity.keys, SK: `${entity.keys.SK ?? ''}${text}` } } : entity)) } : table)),
    }));
  return { designs, id, review, design, type, runs, manual, rule };
}

describe('requestReview: one review per design revision, after the paint, superseded by a newer one', () => {
  it('runs no rule while the keystroke is handled; after the paint the review settles, exactly reviewDesign’s', () => {
    const { review, id, design, runs, manual, rule } = setup();
    review.getState().requestReview(id, design());
    expect(runs()).toBe(0);
    expect(review.getState().pending?.design).toBe(design());
    expect(review.getState().settled).toBeUndefined();
    manual.runAll();
    expect(runs()).toBe(1);
    expect(review.getState().pending).toBeUndefined();
    expect(review.getState().settled?.design).toBe(design());
    expect(review.getState().settled?.review.findings).toEqual(reviewDesign({ design: design() }, [rule]));
  });

  it('typing supersedes the pending review: only the latest revision is reviewed, and nothing queues', () => {
    const { review, id, design, type, runs, manual } = setup();
    for (const text of ['a', 'b', 'c']) {
      type(text);
      review.getState().requestReview(id, design());
    }
    expect(manual.waiting()).toBe(1);
    manual.runAll();
    expect(runs()).toBe(1);
    expect(review.getState().settled?.design).toBe(design());
    expect(review.getState().settled?.review.findings[0]?.message).toMatch(/abc$/);
  });

  it('a keystroke between two slices of a review drops it for the new revision', () => {
    const { review, id, design, type, runs, manual } = setup();
    review.getState().requestReview(id, design());
    manual.runOne(); // the first slice: one step (each clock read is 10 ms on)
    expect(review.getState().pending).toBeDefined();
    type('x');
    review.getState().requestReview(id, design());
    manual.runAll();
    expect(runs()).toBe(1);
    expect(review.getState().settled?.design).toBe(design());
  });

  it('ignores a request for a revision the designs store has replaced (a render behind typing), so the latest is never dropped', () => {
    const { review, id, design, type, manual } = setup();
    const before = design();
    type('x');
    review.getState().requestReview(id, design());
    review.getState().requestReview(id, before);
    manual.runAll();
    expect(review.getState().settled?.design).toBe(design());
  });

  it('settles at once for a revision whose tables were reviewed (an acceptance, a rename), without running the rules', () => {
    const { review, id, design, designs, runs, manual } = setup();
    review.getState().requestReview(id, design());
    manual.runAll();
    designs.getState().updateDesign(id, (current): Design => ({ ...current, name: 'Renamed' }));
    review.getState().requestReview(id, design());
    expect(review.getState().pending).toBeUndefined();
    expect(review.getState().settled?.design).toBe(design());
    expect(review.getState().knownReviewOf(design())).toBe(review.getState().settled?.review);
    expect(runs()).toBe(1);
  });

  it('reviews the design another request opened (an import) even while one is pending', () => {
    const { review, id, design, designs, manual } = setup();
    review.getState().requestReview(id, design());
    const imported = designs.getState().addDesign({ ...LEADERBOARD_DESIGN, name: 'Imported' });
    const importedDesign = designs.getState().designs.find((saved) => saved.id === imported)!.design;
    review.getState().requestReview(imported, importedDesign);
    manual.runAll();
    expect(review.getState().settled?.designId).toBe(imported);
    expect(review.getState().settled?.design).toBe(importedDesign);
  });
});
