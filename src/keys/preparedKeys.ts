import { compareUtf8 } from './compareUtf8';

/**
 * Keys prepared for many comparisons: {@link compareUtf8}'s order, with the
 * one question that makes it slower than `<` — does the string hold a code
 * unit where UTF-16 and UTF-8 order disagree? — answered once per key (when
 * it is written) instead of once per comparison.
 *
 * Why `<` is exact for a "plain" key (no code unit ≥ 0xD800: no surrogates,
 * nothing in U+E000..U+FFFF), even against any other string:
 *
 * 1. `<` on strings compares UTF-16 code units left to right; at the first
 *    differing index i it orders by the two units there, and when one string
 *    is a prefix of the other the shorter one is first.
 * 2. compareUtf8 walks the same units and, at the same index i, returns
 *    `x - y` unchanged unless *both* units are ≥ 0xD800 (only then does it
 *    move surrogates above U+E000..U+FFFF); its prefix rule is the same.
 * 3. If `a` is plain, its unit at i is < 0xD800, so the fix-up never applies:
 *    compareUtf8(a, b) has the sign of `<` for every `b`. Symmetrically for a
 *    plain `b`. So one plain key of the two is enough.
 * 4. compareUtf8 is UTF-8 byte order (see compareUtf8.ts; property-tested
 *    against TextEncoder): so is `<` when either key is plain.
 *
 * Most real keys are plain (ASCII, Latin, CJK are all below U+D800): they
 * compare with the engine's native string comparison.
 */

/**
 * True when no code unit of `text` is ≥ 0xD800 (no surrogate, nothing in
 * U+E000..U+FFFF): then `<` orders it against any string exactly as
 * compareUtf8 does (see the proof above). Decide it once per key.
 *
 * @example
 * isPlainKey("SEASON#2026-SPRING") // true
 * isPlainKey("€ 10")               // true (U+20AC)
 * isPlainKey("𝄞")                  // false (a surrogate pair)
 */
export function isPlainKey(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0xd800) return false;
  return true;
}

/**
 * compareUtf8(a, b), given each string's {@link isPlainKey} flag: `<` when
 * either is plain, compareUtf8 otherwise. Same contract as compareUtf8 (the
 * flags must be right: a wrong `true` gives UTF-16 order).
 *
 * @example
 * comparePreparedUtf8("10", true, "9", true) < 0 // true: "1" (0x31) < "9"
 */
export function comparePreparedUtf8(a: string, aPlain: boolean, b: string, bPlain: boolean): number {
  // `===` for the second leg: as exact as `>` once `<` is false, and it answers at once when the lengths differ.
  if (aPlain || bPlain) return a < b ? -1 : a === b ? 0 : 1;
  return compareUtf8(a, b);
}

/** A string key with its {@link isPlainKey} flag, computed once. */
export interface PreparedKey {
  readonly text: string;
  readonly plain: boolean;
}

/**
 * The prepared form of a key.
 *
 * @example
 * prepareKey("p_71681") // { text: "p_71681", plain: true }
 */
export function prepareKey(text: string): PreparedKey {
  return { text, plain: isPlainKey(text) };
}

/**
 * compareUtf8 on prepared keys (see {@link comparePreparedUtf8}).
 *
 * @example
 * ["9", "10"].map(prepareKey).sort(comparePreparedKeys) // [{ text: "10", … }, { text: "9", … }]
 */
export function comparePreparedKeys(a: PreparedKey, b: PreparedKey): number {
  return comparePreparedUtf8(a.text, a.plain, b.text, b.plain);
}

/**
 * `(key) => compareUtf8(target, key)`, with the target's flag decided once:
 * a search target compared with many keys (a binary search, a page's bounds)
 * needs only its own flag to use `<` (proof step 3). Pass `plain` when the
 * flag is already known (a stored key's).
 *
 * @example
 * const probe = utf8ProbeOf("0000000500");
 * probe("0000000499") > 0 // true
 */
export function utf8ProbeOf(target: string, plain = isPlainKey(target)): (key: string) => number {
  if (plain) return (key) => (target < key ? -1 : target === key ? 0 : 1);
  return (key) => compareUtf8(target, key);
}
