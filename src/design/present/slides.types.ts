import type { FindingDecisionKind, KeyAttributeType } from '../design.types';
import type { ReviewCode, ReviewEvidence, ReviewSeverity } from '../review';
import type { PatternResultItem, PatternVerdict } from '../accessPatterns';
import type { ReadDirection } from '../../keys';

/**
 * Presentation mode's slides: a design told to a room, one view at a time.
 * Pure data built from the design (and, when given, the access patterns'
 * run results and the review findings), so the UI only lays them out.
 * Every text here is untrusted design data: the UI renders it as text.
 */

/** Where a key differs from its neighbour in the list, so the slide can mark that character. */
export interface KeyDifference {
  /** The key part (attribute of a multi-attribute key) holding the first difference. */
  readonly part: number;
  /** 0-based UTF-8 byte offset of the first differing byte within that part. */
  readonly byte: number;
  /** The UTF-16 range, within the part's text, of the character holding that byte (start === end: the key ended there). */
  readonly start: number;
  readonly end: number;
}

/** A key as a slide shows it: its parts' text (one for a single-attribute key). */
export interface SlideKey {
  readonly parts: readonly string[];
  /**
   * The first byte where this key differs from its neighbour (the row above;
   * for the first row, the row below). Absent for a lone key, an equal
   * neighbour, or a difference in a number (N) or binary (B) part, which
   * DynamoDB does not compare by these characters.
   */
  readonly difference?: KeyDifference;
}

export interface SlideKeyRow {
  /** 1-based place in this list. */
  readonly position: number;
  readonly key: SlideKey;
  /** Whose key it is (an entity name), when the list mixes them. */
  readonly label?: string;
  /** Where the intended order (or, in an item collection, the naive keys) would put the row instead, when that differs. */
  readonly shouldBe?: number;
  /** In an item collection: the row's 1-based place in its entity's intended order there, and whether DynamoDB's order keeps it. */
  readonly intended?: IntendedPlace;
}

/** A row's place among its entity's rows in the order its people mean (src/keys rankByIntendedOrder). */
export interface IntendedPlace {
  readonly rank: number;
  readonly outOfPlace: boolean;
}

/** A list of keys capped to what a projector shows readably: the first rows, and how many more there are. */
export interface SlideKeyList {
  readonly rows: readonly SlideKeyRow[];
  /** Rows left out after the shown ones (the slide says "… n more"). */
  readonly moreCount: number;
}

export interface TableSummary {
  readonly name: string;
  /** `PK (S), SK (S)`. */
  readonly keySchema: string;
  readonly indexes: readonly string[];
  readonly entityCount: number;
  readonly accessPatternCount: number;
}

export interface TitleSlide {
  readonly kind: 'title';
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly tables: readonly TableSummary[];
}

/** One entity's samples under its sort-key template: as typed (naive) beside as encoded. */
export interface EntityOrderSlide {
  readonly kind: 'entityOrder';
  readonly id: string;
  readonly title: string;
  readonly table: string;
  readonly entity: string;
  readonly keyAttribute: string;
  readonly template: string;
  readonly direction: ReadDirection;
  readonly naive: SlideKeyList;
  readonly encoded: SlideKeyList;
  /** Naive rows out of their intended place. */
  readonly naiveOutOfPlace: number;
  readonly encodedOutOfPlace: number;
  /** Samples left out (their values don't encode, or they repeat another sample's key). */
  readonly excludedCount: number;
}

/** One partition of the table or an index: every entity's items together, in DynamoDB's order. */
export interface ItemCollectionSlide {
  readonly kind: 'itemCollection';
  readonly id: string;
  readonly title: string;
  readonly table: string;
  readonly index?: string;
  /** `PK = CUSTOMER#c1`, one per partition attribute. */
  readonly partition: readonly { readonly attribute: string; readonly text: string }[];
  readonly sortAttributes: readonly string[];
  /** Each row's `shouldBe` is where the naive keys would put it; `intended`, its place in its entity's intended order. */
  readonly rows: SlideKeyList;
  /** Rows the naive keys would put elsewhere than DynamoDB's order of the encoded keys. */
  readonly outOfPlaceCount: number;
  /** Rows DynamoDB's order keeps outside their entity's intended order (the entity order slide's count, for this partition). */
  readonly intendedOutOfPlaceCount: number;
  /** The same for the naive keys' order. */
  readonly naiveIntendedOutOfPlaceCount: number;
  /** Rows whose intended order is known (their entity's sort-key template has fields); 0: the slide claims no intended order. */
  readonly judgedCount: number;
  readonly itemCount: number;
  readonly partitionCount: number;
}

export interface RequestValue {
  readonly placeholder: string;
  readonly type: string;
  readonly text: string;
}

/** The Query an access pattern sends, for a slide. */
export interface SlideRequest {
  readonly tableName: string;
  readonly indexName?: string;
  readonly keyConditionExpression: string;
  readonly names: readonly { readonly placeholder: string; readonly name: string }[];
  readonly values: readonly RequestValue[];
  readonly scanIndexForward: boolean;
  readonly limit?: number;
  readonly filterExpression?: string;
  readonly projectionExpression?: string;
}

/** What a run of the pattern gave (the state layer's PatternRunOutcome fits). */
export interface PatternOutcomeInput extends PatternVerdict {
  readonly items: readonly PatternResultItem[];
}

export interface AccessPatternSlide {
  readonly kind: 'accessPattern';
  readonly id: string;
  readonly title: string;
  readonly table: string;
  readonly description: string;
  readonly patternId: string;
  /** Undefined when the pattern is not a Query: `problems` says why. */
  readonly request?: SlideRequest;
  readonly problems: readonly string[];
  /** The key attributes the result rows show. */
  readonly resultAttributes: readonly string[];
  /** Undefined until the patterns have run. */
  readonly result?: {
    readonly verdict: 'passes' | 'fails';
    readonly reasons: readonly string[];
    readonly rows: SlideKeyList;
    readonly itemCount: number;
  };
}

export interface SlideFinding {
  readonly code: ReviewCode;
  readonly severity: ReviewSeverity;
  /** `Order · SK · at`: what the finding is about. */
  readonly subject: string;
  readonly message: string;
  readonly evidence: readonly ReviewEvidence[];
  readonly suggestion: string;
  /** The review meeting's decision on it, if any. */
  readonly decision?: { readonly kind: FindingDecisionKind; readonly comment: string; readonly decidedBy: string };
}

/** The review findings, a few per slide (their sentences need room). */
export interface FindingsSlide {
  readonly kind: 'findings';
  readonly id: string;
  readonly title: string;
  readonly findings: readonly SlideFinding[];
  /** 1-based page of the findings, and how many pages (1 / 1 with no findings). */
  readonly page: number;
  readonly pageCount: number;
  readonly total: number;
  readonly counts: Readonly<Record<ReviewSeverity, number>>;
}

export type Slide = TitleSlide | EntityOrderSlide | ItemCollectionSlide | AccessPatternSlide | FindingsSlide;

/** A key to mark, as its typed parts. */
export interface TypedKey {
  readonly parts: readonly { readonly type: KeyAttributeType; readonly text: string }[];
}
