/**
 * One parser for counts typed by the user (items to generate, and any other
 * "how many"): whole decimal numbers only. `1e3`, `0x10`, `1.5`, `+5`, an
 * emoji or an empty box are refused with a sentence saying what to type,
 * never read as 1000 or NaN. Digit groups may be separated by `,`, `_` or
 * spaces (`100,000`), as the width advisor's Largest value allows.
 */

export type CountResult = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

export interface CountRange {
  /** What the number is, for the message ("Items to generate"). */
  readonly what: string;
  readonly min: number;
  readonly max: number;
}

const GROUPED_DIGITS = /^\d+(?:[,_ ]\d+)*$/;

/**
 * @example
 * parseCount('100,000', { what: 'Items to generate', min: 1, max: 1_000_000 }) // { ok: true, value: 100000 }
 * parseCount('1e3', { what: 'Items to generate', min: 1, max: 1_000_000 }).ok  // false
 */
export function parseCount(text: string, range: CountRange): CountResult {
  const trimmed = text.trim();
  const bounds = `${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}`;
  if (trimmed === '') return { ok: false, message: `${range.what}: enter a whole number from ${bounds}.` };
  if (!GROUPED_DIGITS.test(trimmed)) {
    return { ok: false, message: `${range.what} "${text}" is not a whole number: type digits only (no exponent, sign or decimal point), from ${bounds}.` };
  }
  const digits = trimmed.replace(/[,_ ]/g, '').replace(/^0+(?=\d)/, '');
  // Compared as digits first, so a 30-digit entry is "too large", not a rounded double.
  const value = digits.length > 15 ? Number.POSITIVE_INFINITY : Number(digits);
  if (value < range.min || value > range.max) {
    return { ok: false, message: `${range.what} must be from ${bounds}; got ${digits.length > 15 ? `a ${digits.length}-digit number` : value.toLocaleString('en-US')}.` };
  }
  return { ok: true, value };
}
