/**
 * A key template: literal text plus field placeholders, e.g.
 * `{score:int(10)}#{ts:epoch(16)}#{playerId}`. The text form is part of the
 * product (share links, docs), so it round-trips: `printKeyTemplate(parseKeyTemplate(t))`
 * gives `t` back in canonical form.
 */

/** How one field's value becomes sortable text. */
export type FieldFormat =
  /** `{name}`: the value as is. */
  | { readonly kind: 'string' }
  /** `{n:int(10)}` / `{n:int(10,desc)}`: unsigned whole number, zero-padded; `desc` stores `(10^width − 1) − value`. */
  | { readonly kind: 'int'; readonly width: number; readonly descending: boolean }
  /** `{n:sint(10)}`: signed whole number, a sign slot plus `width` digits, negatives complemented. */
  | { readonly kind: 'sint'; readonly width: number }
  /** `{n:dec(8,2)}`: unsigned fixed-point decimal, `integerDigits` padded, `fractionDigits` after the point. */
  | { readonly kind: 'dec'; readonly integerDigits: number; readonly fractionDigits: number }
  /** `{t:iso}` / `{t:iso(ms)}`: ISO-8601 UTC timestamp at second or millisecond precision. */
  | { readonly kind: 'iso'; readonly precision: 's' | 'ms' }
  /** `{t:epoch(16)}` / `{t:epochms(13)}`: epoch seconds or milliseconds, zero-padded. */
  | { readonly kind: 'epoch'; readonly unit: 's' | 'ms'; readonly width: number };

export type FieldKind = FieldFormat['kind'];

/** A run of literal text in a key, such as a `#` delimiter or an `EVT#` prefix. */
export interface LiteralSegment {
  readonly kind: 'literal';
  readonly text: string;
}

/** A placeholder filled from a field value. */
export interface FieldSegment {
  readonly kind: 'field';
  readonly name: string;
  readonly format: FieldFormat;
}

export type TemplateSegment = LiteralSegment | FieldSegment;

/** A parsed key template. */
export interface KeyTemplate {
  readonly segments: readonly TemplateSegment[];
}

/** Field values by field name, as text (numbers never pass through JS `number`). */
export type FieldValues = Readonly<Record<string, string | undefined>>;

declare const encodedKeyBrand: unique symbol;
/** A key produced by the encoder: a raw string can't pass as one by accident. */
export type EncodedKey = string & { readonly [encodedKeyBrand]: true };

/** Which key attribute a template builds; the two have different size limits. */
export type KeyRole = 'partition' | 'sort';
