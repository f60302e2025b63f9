import { REVIEW_RULES } from '../../../design/review';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  decideFinding,
  decisionProblem,
  signOff,
  signOffProblem,
  withdrawDecision,
  withdrawSignOff,
  type Design,
  type FindingDecisionKind,
  type ReviewFinding,
  type ReviewRule,
  type StoredKeys,
} from '../../../design';
import type { DesignStore } from '../designStore';
import { createDesignReviewer, type DesignReview } from './designReview';
import { createReviewerNameStore, type ReviewerNameStore } from './reviewerName';

/**
 * The Design review region's store: the memoised review of a design and the
 * reviewer's actions, which are edits of the design in the designs store
 * (decisions and sign-offs live in `design.decisions` and `design.signOffs`,
 * so they are saved, exported and shared with it). It keeps no state of its
 * own beyond the rules; the reviewer's name is in the reviewer-name store.
 */
export interface DesignReviewState {
  readonly rules: readonly ReviewRule[];
}

/** What an action that can be refused returns. */
export type ReviewActionResult = { readonly ok: true } | { readonly ok: false; readonly message: string };

export interface DesignReviewActions {
  /** The review of `design` (memoised per design object and storedKeys list: cheap per keystroke). */
  reviewOf(design: Design, storedKeys?: readonly StoredKeys[]): DesignReview;
  /**
   * Records a decision on a finding (accept, won't fix, fix later) with a
   * comment, under the reviewer's name, dated now; replaces an earlier one.
   * Refused, with why, when the comment or the name is empty.
   */
  decideFinding(designId: string, finding: Pick<ReviewFinding, 'id' | 'code'>, kind: FindingDecisionKind, comment: string): ReviewActionResult;
  /** Reopens a finding (or removes a decision whose finding is gone). */
  withdrawDecision(designId: string, findingId: string): void;
  /** Signs the design off under the reviewer's name, for its current revision and fingerprint (refused without a name). */
  signOff(designId: string): ReviewActionResult;
  withdrawSignOff(designId: string, reviewer: string): void;
  /** Applies the finding's one-click fix to the design; a fix that throws changes nothing and says so. */
  applyFix(designId: string, finding: ReviewFinding): ReviewActionResult;
}

export type DesignReviewStore = StoreApi<DesignReviewState & DesignReviewActions>;

export interface DesignReviewStoreOptions {
  readonly designs: DesignStore;
  /** Every rule unless told (tests pass their own). */
  readonly rules?: readonly ReviewRule[];
  /** Who decides and signs off (default: a name kept nowhere). */
  readonly reviewerName?: ReviewerNameStore;
  /** The clock decisions and sign-offs are dated by (default: the system's). */
  readonly now?: () => Date;
}

/**
 * @example
 * const review = createDesignReviewStore({ designs });
 * const [first] = review.getState().reviewOf(design).findings;
 * review.getState().decideFinding(designId, first, "wontFix", "one score per player by design");
 */
export function createDesignReviewStore({
  designs,
  rules = REVIEW_RULES,
  reviewerName = createReviewerNameStore(),
  now = () => new Date(),
}: DesignReviewStoreOptions): DesignReviewStore {
  const reviewer = createDesignReviewer(rules);
  const update = (designId: string, change: (design: Design) => Design) => designs.getState().updateDesign(designId, change);
  return createStore<DesignReviewState & DesignReviewActions>()(() => ({
    rules,
    reviewOf: (design, storedKeys) => reviewer.review(design, storedKeys),
    decideFinding: (designId, finding, kind, comment) => {
      const decidedBy = reviewerName.getState().name;
      const problem = decisionProblem({ comment, decidedBy });
      if (problem) return { ok: false, message: problem };
      const at = now();
      update(designId, (design) => decideFinding(design, finding, { kind, comment, decidedBy }, at));
      return { ok: true };
    },
    withdrawDecision: (designId, findingId) => update(designId, (design) => withdrawDecision(design, findingId)),
    signOff: (designId) => {
      const reviewer = reviewerName.getState().name;
      const problem = signOffProblem(reviewer);
      if (problem) return { ok: false, message: problem };
      const at = now();
      update(designId, (design) => signOff(design, reviewer, at));
      return { ok: true };
    },
    withdrawSignOff: (designId, reviewer) => update(designId, (design) => withdrawSignOff(design, reviewer)),
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
        return {
          ok: false,
          message: `“${fix.label}” could not be applied (${error instanceof Error ? error.message : String(error)}); the design is unchanged.`,
        };
      }
      update(designId, (design) => (design === current ? fixed : fix.apply(design)));
      return { ok: true };
    },
  }));
}
