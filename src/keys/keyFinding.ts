/**
 * User mistakes in key designs and key values are data, not exceptions: each
 * is a finding with a dotted code (stable, for tests and docs) and a message
 * that says what is wrong and how to fix it.
 */

/** Every finding the key core can report. */
export type KeyFindingCode =
  // Template text
  | 'template.empty'
  | 'template.syntax'
  | 'template.unknownType'
  | 'template.badArguments'
  | 'template.duplicateField'
  | 'template.ambiguousField'
  // Field values
  | 'keys.missingValue'
  | 'keys.notANumber'
  | 'keys.notWholeNumber'
  | 'keys.negativeUnsigned'
  | 'keys.padOverflow'
  | 'keys.tooManyFractionDigits'
  | 'keys.invalidDate'
  | 'keys.notIsoDate'
  | 'keys.precisionLoss'
  | 'keys.delimiterInValue'
  | 'keys.invalidUnicode'
  // Whole keys
  | 'keys.emptyKey'
  | 'keys.sortKeyTooLong'
  | 'keys.partitionKeyTooLong'
  | 'keys.decodeMismatch'
  | 'keys.duplicateKey'
  // Sample orders: values whose text order is not the order they mean
  | 'keys.numbersAsText'
  | 'keys.datesAsText'
  // Width advisor
  | 'advisor.badLargestValue'
  | 'advisor.badHeadroom';

/**
 * One problem, located: `field` names the template field whose value caused
 * it; `span` is the character range in the template text for template errors.
 *
 * @example
 * { code: "keys.padOverflow", field: "score",
 *   message: "score 12345678901 has 11 digits, but int(10) holds at most 10 (9999999999). …" }
 */
export interface KeyFinding {
  readonly code: KeyFindingCode;
  readonly message: string;
  readonly field?: string;
  readonly span?: { readonly start: number; readonly end: number };
}

/** A result that is either a value or the findings that prevented it. */
export type KeyResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly findings: readonly KeyFinding[] };

/** Wraps a value as a successful {@link KeyResult}. */
export function succeed<T>(value: T): KeyResult<T> {
  return { ok: true, value };
}

/** Wraps findings as a failed {@link KeyResult}. */
export function fail<T>(...findings: KeyFinding[]): KeyResult<T> {
  return { ok: false, findings };
}
