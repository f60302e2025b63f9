import type { KeyAttributeDesign } from '../design.types';
import { splitMessageText } from '../messageText';
import { describeReviewDate } from '../decisions/decisions';
import type { ReviewInline, ReviewLine, ReviewStamp } from './reviewDocument.types';

/** Small constructors of the document model's inline runs, shared by the section builders. */

/** Prose: line breaks and runs of whitespace fold into one space (a description's lines read as one paragraph in either rendering). */
export const text = (value: string): ReviewInline => ({ kind: 'text', text: value.replace(/[\t\r\n ]+/g, ' ') });
export const strong = (value: string): ReviewInline => ({ kind: 'strong', text: value });
export const code = (value: string): ReviewInline => ({ kind: 'code', text: value });

/**
 * One of the app's messages (a finding, a suggestion, a pattern's reason): its words as prose, the
 * code it quotes between backticks as code runs, so Markdown gets code spans and the view `<code>`.
 */
export const message = (value: string): ReviewLine => splitMessageText(value).map((span) => (span.kind === 'code' ? code(span.text) : text(span.text)));

/** A key's attributes as one cell: `` `PK` (S) ``, a multi-attribute key each listed left to right; `—` for none. */
export function keyAttributesLine(attributes: readonly KeyAttributeDesign[]): ReviewLine {
  if (attributes.length === 0) return [text('—')];
  return attributes.flatMap((attribute, index) => [...(index > 0 ? [text(', ')] : []), code(attribute.name), text(` (${attribute.type})`)]);
}

/** Thousands separators for byte counts and limits (`1,024`), without the locale's say. */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** At most this many rows of an item collection or a result go into the document: it is read, not a data dump. */
export const MAX_LISTED_ROWS = 100;

/** "… and 20 more" after a list cut at MAX_LISTED_ROWS (nothing when it was not cut). */
export function moreRows(total: number, what: string): readonly { readonly kind: 'paragraph'; readonly content: ReviewLine }[] {
  return total > MAX_LISTED_ROWS ? [{ kind: 'paragraph', content: [text(`The first ${MAX_LISTED_ROWS} of ${groupDigits(total)} ${what} are listed.`)] }] : [];
}

/**
 * The stamp at the document's top, the same in both renderings:
 * `Design: Leaderboard · Revision 3 · Generated 2026-12-05 09:40 UTC`.
 */
export function stampLine(stamp: ReviewStamp): ReviewLine {
  return [
    strong('Design:'),
    text(` ${stamp.designName || 'Untitled design'} · `),
    strong('Revision'),
    text(` ${groupDigits(stamp.revision)} · `),
    strong('Generated'),
    text(` ${describeReviewDate(stamp.generatedAt)}`),
  ];
}
