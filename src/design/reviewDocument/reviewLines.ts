import type { KeyAttributeDesign } from '../design.types';
import type { ReviewInline, ReviewLine } from './reviewDocument.types';

/** Small constructors of the document model's inline runs, shared by the section builders. */

export const text = (value: string): ReviewInline => ({ kind: 'text', text: value });
export const strong = (value: string): ReviewInline => ({ kind: 'strong', text: value });
export const code = (value: string): ReviewInline => ({ kind: 'code', text: value });

/** A key's attributes as one cell: `` `PK` (S) ``, a multi-attribute key each listed left to right; `—` for none. */
export function keyAttributesLine(attributes: readonly KeyAttributeDesign[]): ReviewLine {
  if (attributes.length === 0) return [text('—')];
  return attributes.flatMap((attribute, index) => [...(index > 0 ? [text(', ')] : []), code(attribute.name), text(` (${attribute.type})`)]);
}

/** Thousands separators for byte counts and limits (`1,024`), without the locale's say. */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
