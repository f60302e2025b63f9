import { parseWholeNumber, type WholeNumberProblem } from '../keys';

/**
 * Counts the user types (Limit, Generate items' count, field widths): the
 * key core's one whole-number reader (digits, optionally grouped as
 * 1,000,000), then a bounds check on the exact digits, so nothing is rounded
 * the way `Number("99999999999999999999")` is and no exponent passes the way
 * `Number("1e3")` does.
 */

/** The largest 32-bit signed integer: DynamoDB's `Limit` (and most counts it takes) are Java ints. */
export const MAX_INT32 = 2_147_483_647;

export type CountResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly message: string; readonly reason: 'notWhole'; readonly problem: WholeNumberProblem }
  /** Out of bounds: `digits` is the number as read (no separators or leading zeros). */
  | { readonly ok: false; readonly message: string; readonly reason: 'tooSmall' | 'tooLarge'; readonly digits: string };

/**
 * Reads `text` as a whole number between `min` and `max` (inclusive), both
 * safe integers. Surrounding spaces are ignored and digit groups may be
 * separated by `,`, `_` or spaces (see parseWholeNumber); a sign, a decimal
 * point, an exponent or any other character make it `notWhole`. Messages
 * name `label`, say what is wrong and how to fix the input.
 *
 * @example
 * parseCount("25", { label: "Count", min: 1, max: 1000 })    // { ok: true, value: 25 }
 * parseCount("1,000", { label: "Count", min: 1, max: 1000 }) // { ok: true, value: 1000 }
 * parseCount("1e3", { label: "Count", min: 1, max: 1000 })   // { ok: false, reason: "notWhole", message: '… "1e3" has an exponent: write the digits, 1000.' }
 * parseCount("99999999999999999999", { label: "Limit", min: 1, max: MAX_INT32 }) // { ok: false, reason: "tooLarge", … }
 */
export function parseCount(text: string, options: { readonly label: string; readonly min: number; readonly max: number }): CountResult {
  const { label, min, max } = options;
  const range = `from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  const read = parseWholeNumber(text, { label, expected: `a whole number ${range}` });
  if (!read.ok) return { ok: false, reason: 'notWhole', problem: read.problem, message: read.message };
  const { digits } = read;
  // Compared as BigInt: exact for any number of digits, where Number() would round.
  const value = BigInt(digits);
  if (value > BigInt(max))
    return { ok: false, reason: 'tooLarge', digits, message: `${label} can be at most ${max.toLocaleString('en-US')}; ${digits} is larger.` };
  if (value < BigInt(min))
    return { ok: false, reason: 'tooSmall', digits, message: `${label} must be at least ${min.toLocaleString('en-US')}; ${digits} is smaller.` };
  return { ok: true, value: Number(value) };
}
