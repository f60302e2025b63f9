/**
 * What the codecs report when a value or a stored key doesn't fit: a finding
 * with a stable dotted code and a message that says what is wrong and how to
 * fix it. This folder imports nothing from outside itself (it is also the
 * source of the exported key-design module), so its codes are listed here;
 * src/keys/keyFinding.ts checks them against the registry in src/errors.
 */

/** Every code a field codec or a compiled template can report. */
export const KEY_CODEC_FINDING_CODES = [
  'keys.missingValue',
  'keys.notANumber',
  'keys.notWholeNumber',
  'keys.negativeUnsigned',
  'keys.padOverflow',
  'keys.tooManyFractionDigits',
  'keys.invalidDate',
  'keys.notIsoDate',
  'keys.precisionLoss',
  'keys.delimiterInValue',
  'keys.invalidUnicode',
  'keys.emptyKey',
  'keys.sortKeyTooLong',
  'keys.partitionKeyTooLong',
  'keys.decodeMismatch',
] as const;

export type CodecFindingCode = (typeof KEY_CODEC_FINDING_CODES)[number];

/**
 * One problem with a value or a key; `field` names the template field whose
 * value caused it.
 *
 * @example
 * { code: "keys.padOverflow", field: "score",
 *   message: "score 12345678901 has 11 digits, but int(10) holds at most 10 (9999999999). …" }
 */
export interface CodecFinding {
  readonly code: CodecFindingCode;
  readonly message: string;
  readonly field?: string;
}

/** A value, or the findings that prevented it. */
export type Result<T, Finding> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly findings: readonly Finding[] };

/** What encoding or decoding a key gives. */
export type CodecResult<T> = Result<T, CodecFinding>;

/** Wraps a value as a successful result. */
export function succeed<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** Wraps findings as a failed result. */
export function fail<Finding>(...findings: Finding[]): { readonly ok: false; readonly findings: readonly Finding[] } {
  return { ok: false, findings };
}
