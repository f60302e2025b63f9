import type { PatternResultItem } from '../accessPatterns';
import type { ReviewedFinding } from '../review';

/**
 * The review document as a model: sections of paragraphs, tables, lists and
 * code, built once from the design (buildReviewDocument) and rendered twice —
 * as Markdown (renderReviewMarkdown, for a pull request or a wiki) and as the
 * app's printable HTML view. Every text in it is plain, unescaped text (much
 * of it the design's own, untrusted): each renderer escapes it for its output.
 */

/** A run of text: prose, emphasised app wording, or code (a key, a template, an expression) shown monospace. */
export type ReviewInline =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'strong'; readonly text: string } | { readonly kind: 'code'; readonly text: string };

/** A line of inline runs. */
export type ReviewLine = readonly ReviewInline[];

export type ReviewBlock =
  | { readonly kind: 'paragraph'; readonly content: ReviewLine }
  /** A heading inside a section (a table's, an entity's or a pattern's name). */
  | { readonly kind: 'subheading'; readonly content: ReviewLine }
  | { readonly kind: 'list'; readonly items: readonly ReviewLine[] }
  /** A table: one header per column, each row one cell per column. */
  | { readonly kind: 'table'; readonly label: string; readonly columns: readonly string[]; readonly rows: readonly (readonly ReviewLine[])[] }
  /** A code block (`language` for the Markdown fence's info string). */
  | { readonly kind: 'code'; readonly language?: string; readonly text: string };

export interface ReviewSection {
  /** A stable id per section kind (`tables`, `findings`), for anchors and tests. */
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly ReviewBlock[];
}

/** What the document is of and when it was made: printed at its top. */
export interface ReviewStamp {
  readonly designName: string;
  /** The design's revision (`revision ?? 1`). */
  readonly revision: number;
  /** When the document was generated, ISO 8601 (the `now` it was built with). */
  readonly generatedAt: string;
}

export interface ReviewDocument {
  /** The design's name. */
  readonly title: string;
  readonly stamp: ReviewStamp;
  /** The design's description (may be empty). */
  readonly description: string;
  readonly sections: readonly ReviewSection[];
}

/** One access pattern's run, as the state layer passes it in (structurally a PatternRunOutcome). */
export interface ReviewPatternResult {
  readonly verdict?: 'passes' | 'fails';
  readonly reasons?: readonly { readonly message: string }[];
  readonly items: readonly PatternResultItem[];
}

/** Run results by table name, then pattern id; a table or pattern that is missing was not run. */
export type ReviewPatternResults = Readonly<Record<string, Readonly<Record<string, ReviewPatternResult>>>>;

export interface ReviewDocumentOptions {
  /** When the document is generated (stamped at its top); passed in so building it stays pure. */
  readonly now: Date;
  /** The design's current findings (reviewDesign), decided ones included. */
  readonly findings: readonly ReviewedFinding[];
  readonly patternResults?: ReviewPatternResults;
  /** The table whose item collection is shown (default: the first). */
  readonly table?: string;
}
