import { REVIEW_RULES } from '../../../design/review';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type Design, type ReviewFinding, type ReviewRule, type StoredKeys } from '../../../design';
import type { DesignStore } from '../designStore';
import { acceptanceNoteProblem, createDesignReviewer, withAcceptanceNote, withAcceptedFinding, withoutAcceptedFinding, type DesignReview } from './designReview';

/**
 * The Design review region's store: the memoised review of a design and the
 * reviewer's actions, which are edits of the design in the designs store
 * (acceptances live in `design.acceptedFindings`, so they are saved, exported
 * and shared with it). It keeps no state of its own beyond the rules.
 */
export interface DesignReviewState {
  readonly rules: readonly ReviewRule[];
}

/** What an action that can be refused returns. */
export type ReviewActionResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface DesignReviewActions {
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
}

/**
 * @example
 * const review = createDesignReviewStore({ designs });
 * const [first] = review.getState().reviewOf(design).findings;
 * review.getState().acceptFinding(designId, first, "one score per player by design");
 */
export function createDesignReviewStore({ designs, rules = REVIEW_RULES }: DesignReviewStoreOptions): DesignReviewStore {
  const reviewer = createDesignReviewer(rules);
  const update = (designId: string, change: (design: Design) => Design) => designs.getState().updateDesign(designId, change);
  return createStore<DesignReviewState & DesignReviewActions>()(() => ({
    rules,
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
