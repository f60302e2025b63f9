/**
 * One parser for every count the user types (Limit, Generate items' count, …):
 * whole decimal digits only, read exactly. `Number("99999999999999999999")`
 * rounds and `Number("1e3")` accepts an exponent; this reads the digits as
 * text, so nothing is rounded and nothing but digits passes.
 */

/** The largest 32-bit signed integer: DynamoDB's `Limit` (and most counts it takes) are Java ints. */
export const MAX_INT32 = 2_147_483_647;

export type CountResult = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string; readonly reason: 'notWhole' | 'tooSmall' | 'tooLarge' };

/**
 * Reads `text` as a whole number between `min` and `max` (inclusive), both
 * safe integers. Surrounding spaces are ignored; a sign, a decimal point, an
 * exponent, digit separators or any other character make it `notWhole`.
 * Messages name `label` and say how to fix the input.
 *
 * @example
 * parseCount("25", { label: "Count", min: 1, max: 1000 })   // { ok: true, value: 25 }
 * parseCount("1e3", { label: "Count", min: 1, max: 1000 })  // { ok: false, reason: "notWhole", … }
 * parseCount("99999999999999999999", { label: "Limit", min: 1, max: MAX_INT32 }) // { ok: false, reason: "tooLarge", … }
 */
export function parseCount(text: string, options: { readonly label: string; readonly min: number; readonly max: number }): CountResult {
  const { label, min, max } = options;
  const digits = text.trim();
  const range = `${min.toLocaleString('en-US')} … ${max.toLocaleString('en-US')}`;
  if (!/^[0-9]+$/.test(digits)) {
    const shown = digits.length > 40 ? `${digits.slice(0, 40)}…` : digits;
    return { ok: false, reason: 'notWhole', message: `${label} must be a whole number (digits only) from ${range}; "${shown}" is not.` };
  }
  const significant = digits.replace(/^0+(?=.)/, '');
  // Compared as text first: a number of more digits than max is larger, whatever Number() would round it to.
  const maxText = String(max);
  if (significant.length > maxText.length || (significant.length === maxText.length && significant > maxText)) {
    return { ok: false, reason: 'tooLarge', message: `${label} can be at most ${max.toLocaleString('en-US')}; ${significant} is larger.` };
  }
  const value = Number(significant);
  if (value > max) return { ok: false, reason: 'tooLarge', message: `${label} can be at most ${max.toLocaleString('en-US')}; ${significant} is larger.` };
  if (value < min) return { ok: false, reason: 'tooSmall', message: `${label} must be at least ${min.toLocaleString('en-US')}; ${significant} is smaller.` };
  return { ok: true, value };
}
