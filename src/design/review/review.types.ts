import type { Design, FindingDecisionDesign } from '../design.types';

/**
 * The design review: findings about a design's key order, sizes and access
 * patterns, each with a stable code, what goes wrong shown with the design's
 * own samples, and the fix. Rules live in ./rules, one file per rule.
 */

/**
 * Every review code, one per rule: the dotted, stable names findings carry,
 * that an accepted finding is kept under, and that the README documents.
 * A code is never renamed (saved designs and share links hold accepted ones).
 */
export const REVIEW_CODES = [
  'review.numberInStringField',
  'review.dateNotIso',
  'review.mixedTimestampPrecision',
  'review.widthTooNarrow',
  'review.mixedWidths',
  'review.noTiebreaker',
  'review.randomSortKey',
  'review.invertedWhereFlagSuffices',
  'review.beginsWithInsideField',
  'review.prefixOverlap',
  'review.delimiterInValue',
  'review.caseOrder',
  'review.nonAsciiOrder',
  'review.keyTooLong',
  'review.hotPartition',
  'review.lowCardinalityPartitionKey',
  'review.itemCollectionLimit',
  'review.itemSize',
  'review.scanPattern',
  'review.unservedPattern',
  'review.multiAttributeGsiKey',
  'review.gsiProjection',
] as const;

export type ReviewCode = (typeof REVIEW_CODES)[number];

/** error: the design loses or misorders data; warning: it will, under a condition the finding names; note: worth a look. */
export type ReviewSeverity = 'error' | 'warning' | 'note';

/** What a finding is about, in the design's own names. */
export interface ReviewSubject {
  readonly table: string;
  readonly entity?: string;
  /** The index whose key it is about (undefined: the table's key). */
  readonly index?: string;
  /** The key attribute (`SK`, `GSI1PK`). */
  readonly keyAttribute?: string;
  /** The template field (`score`). */
  readonly field?: string;
  /** An access pattern's id. */
  readonly pattern?: string;
}

/**
 * One line of what goes wrong, from the design's own samples: the two keys
 * that sort wrongly, the item that gets overwritten. `text` is shown as is
 * (monospace, never as HTML).
 */
export interface ReviewEvidence {
  /** What the line is: "sorts first", "sorts second", "written first, then replaced by". */
  readonly label: string;
  readonly text: string;
}

/** A one-click fix: a pure change of the design ("Use `{score:int(10)}`"). */
export interface ReviewFix {
  /** The button's label. */
  readonly label: string;
  readonly apply: (design: Design) => Design;
}

export interface ReviewFinding {
  /**
   * Stable across recomputation and edits elsewhere in the design: the code
   * and the subject (`review.widthTooNarrow|Leaderboard|Score|SK|score`).
   * An accepted finding is stored under it.
   */
  readonly id: string;
  readonly code: ReviewCode;
  readonly severity: ReviewSeverity;
  readonly subject: ReviewSubject;
  /** What goes wrong, in one or two sentences that quote the design. */
  readonly message: string;
  /** The design's own samples showing it (may be empty when no sample shows it yet). */
  readonly evidence: readonly ReviewEvidence[];
  /** How to fix it, in words (always), and as a button where one exists. */
  readonly suggestion: string;
  readonly fix?: ReviewFix;
}

/** A finding with the review meeting's decision on it (accepted, won't fix, fix later), if any. */
export interface ReviewedFinding extends ReviewFinding {
  readonly decision?: FindingDecisionDesign;
}

/**
 * Keys already stored in a table (loaded in the explorer), for rules that
 * compare the design with the data (`review.mixedWidths`).
 */
export interface StoredKeys {
  readonly table: string;
  readonly keyAttribute: string;
  readonly keys: readonly string[];
}

/** What a review runs over. */
export interface ReviewInput {
  readonly design: Design;
  readonly storedKeys?: readonly StoredKeys[];
}

/** One rule: a code, its documentation, and the check. */
export interface ReviewRule {
  readonly code: ReviewCode;
  /** The severity most of its findings have (a finding may say otherwise). */
  readonly severity: ReviewSeverity;
  /** A short title for lists and the README ("Numbers in a string field"). */
  readonly title: string;
  /** Why it matters, for the README: one or two sentences. */
  readonly why: string;
  /** Never throws on any design that passed parseDesignDocument (property-tested). */
  check(context: import('./reviewContext').ReviewContext): readonly ReviewFinding[];
}
