import { REVIEW_RULES } from '../../../design/review';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Design, type ReviewFinding, type ReviewRule, type StoredKeys } from '../../../design';
import type { DesignStore } from '../designStore';
import { acceptanceNoteProblem, createDesignReviewer, withAcceptanceNote, withAcceptedFinding, withoutAcceptedFinding, type DesignReview } from './designReview';
import { createBrowserReviewScheduler, REVIEW_SLICE_MS, type ReviewScheduler } from './reviewScheduler';

/**
 * The Design tab's review store: the open design's review, shared by every
 * region that shows findings (Design review, Review document, Export review),
 * and the reviewer's actions, which are edits of the design in the designs
 * store (acceptances live in `design.acceptedFindings`, so they are saved,
 * exported and shared with it).
 *
 * A review is requested per design revision (`requestReview`) and runs after
 * the frame that shows the edit, in slices; a newer request supersedes it, so
 * typing never queues reviews. Until it settles, `pending` says which design
 * is being reviewed and `settled` still holds the review before.
 */
export interface DesignReviewState {
  readonly rules: readonly ReviewRule[];
  /** The latest finished review (the design it is of may be older than the one pending). */
  readonly settled: SettledReview | undefined;
  /** The design waiting for its review; undefined when `settled` is of the latest request. */
  readonly pending: ReviewRequest | undefined;
}

/** What a review is of: a design revision (by object identity) and the stored keys it was compared with. */
export interface ReviewRequest {
  readonly designId: string;
  readonly design: Design;
  readonly storedKeys: readonly StoredKeys[] | undefined;
}

export interface SettledReview extends ReviewRequest {
  readonly review: DesignReview;
}

/** What an action that can be refused returns. */
export type ReviewActionResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface DesignReviewActions {
  /**
   * Asks for the review of this design revision: settled at once when it is
   * known (an acceptance, a design seen before), else run after the next paint,
   * superseding any review still pending.
   */
  requestReview(designId: string, design: Design, storedKeys?: readonly StoredKeys[]): void;
  /** The review of this revision if it needs no rule run (memoised), else undefined: what a render may read. */
  knownReviewOf(design: Design, storedKeys?: readonly StoredKeys[]): DesignReview | undefined;
  /** The review of `design` (memoised per design object and storedKeys list: cheap per keystroke). */
  reviewOf(design: Design, storedKeys?: readonly StoredKeys[]): DesignReview;
  /** Accepts a finding with a note (refused when the note is empty). */
  acceptFinding(designId: string, finding: Pick<ReviewFinding, 'id' | 'code'>, note: string): ReviewActionResult;
  unacceptFinding(designId: string, findingId: string): void;
  editAcceptanceNote(designId: string, findingId: string, note: string): ReviewActionResult;
  /** Applies the finding's one-click fix to the design; a fix that throws changes nothing and says so. */
  applyFix(designId: string, finding: ReviewFinding): ReviewActionResult;
}

export type DesignReviewStore = StoreApi<DesignReviewState & DesignReviewActions>;

export interface DesignReviewStoreOptions {
  readonly designs: DesignStore;
  /** Every rule unless told (tests pass their own). */
  readonly rules?: readonly ReviewRule[];
  /** When requested reviews run (the browser's frames unless told; tests pass their own). */
  readonly scheduler?: ReviewScheduler;
}

/**
 * @example
 * const review = createDesignReviewStore({ designs });
 * const [first] = review.getState().reviewOf(design).findings;
 * review.getState().acceptFinding(designId, first, "one score per player by design");
 */
export function createDesignReviewStore({ designs, rules = REVIEW_RULES, scheduler = createBrowserReviewScheduler() }: DesignReviewStoreOptions): DesignReviewStore {
  const reviewer = createDesignReviewer(rules);
  const update = (designId: string, change: (design: Design) => Design) => designs.getState().updateDesign(designId, change);
  /** Cancels the pending review's next slice (or its start). */
  let cancelRunning: (() => void) | undefined;
  const supersede = () => {
    cancelRunning?.();
    cancelRunning = undefined;
  };
  const isRequest = (request: ReviewRequest | undefined, design: Design, storedKeys: readonly StoredKeys[] | undefined) => request?.design === design && request.storedKeys === storedKeys;
  return createStore<DesignReviewState & DesignReviewActions>()((set, get) => ({
    rules,
    settled: undefined,
    pending: undefined,
    requestReview: (designId, design, storedKeys) => {
      const { settled, pending } = get();
      if (isRequest(pending, design, storedKeys)) return;
      // A render behind the designs store (a deferred one) asks for a revision already replaced: the latest one's review goes on.
      const latest = designs.getState().designs.find((saved) => saved.id === designId)?.design;
      if (latest !== undefined && latest !== design) return;
      if (isRequest(settled, design, storedKeys) && settled?.designId === designId) {
        if (pending) {
          supersede();
          set({ pending: undefined });
        }
        return;
      }
      supersede();
      const known = reviewer.known(design, storedKeys);
      if (known) {
        set({ settled: { designId, design, storedKeys, review: known }, pending: undefined });
        return;
      }
      const request: ReviewRequest = { designId, design, storedKeys };
      set({ pending: request });
      const steps = reviewer.reviewSteps(design, storedKeys);
      const slice = () => {
        const stop = scheduler.now() + REVIEW_SLICE_MS;
        for (;;) {
          let step: IteratorResult<void, DesignReview>;
          try {
            step = steps.next();
          } catch (error) {
            // Not the design's fault (the rules report their own errors as findings): nothing stays pending, and the error shows.
            cancelRunning = undefined;
            set({ pending: undefined });
            throw error;
          }
          if (step.done) {
            cancelRunning = undefined;
            set({ settled: { ...request, review: step.value }, pending: undefined });
            return;
          }
          if (scheduler.now() >= stop) break;
        }
        cancelRunning = scheduler.nextSlice(slice);
      };
      cancelRunning = scheduler.afterPaint(slice);
    },
    knownReviewOf: (design, storedKeys) => reviewer.known(design, storedKeys),
    reviewOf: (design, storedKeys) => reviewer.review(design, storedKeys),
    acceptFinding: (designId, finding, note) => {
      const problem = acceptanceNoteProblem(note);
      if (problem) return { ok: false, message: problem };
      update(designId, (design) => withAcceptedFinding(design, finding, note));
      return { ok: true };
    },
    unacceptFinding: (designId, findingId) => update(designId, (design) => withoutAcceptedFinding(design, findingId)),
    editAcceptanceNote: (designId, findingId, note) => {
      const problem = acceptanceNoteProblem(note);
      if (problem) return { ok: false, message: problem };
      update(designId, (design) => withAcceptanceNote(design, findingId, note));
      return { ok: true };
    },
    applyFix: (designId, finding) => {
      const fix = finding.fix;
      if (!fix) return { ok: false, message: `The finding ${finding.code} has no one-click fix: ${finding.suggestion}` };
      // Run the fix first, outside the store update: a throwing fix must not leave a half-applied state.
      const current = designs.getState().designs.find((saved) => saved.id === designId)?.design;
      if (!current) return { ok: false, message: 'The design is no longer in the Designs list.' };
      let fixed: Design;
      try {
        fixed = fix.apply(current);
      } catch (error) {
        return { ok: false, message: `“${fix.label}” could not be applied (${error instanceof Error ? error.message : String(error)}); the design is unchanged.` };
      }
      update(designId, (design) => (design === current ? fixed : fix.apply(design)));
      return { ok: true };
    },
  }));
}
