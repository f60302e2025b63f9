/**
 * DynamoDB's number (N) type: decimal strings with up to 38 significant digits
 * and a magnitude between 1E-130 and 9.99…E+125, compared numerically and
 * stored normalised (`00042` → `42`, `1.50` → `1.5`, `1e3` → `1000`, `-0` → `0`).
 *
 * Numbers never pass through JS `number`: a 38-digit value does not fit in a
 * double, and `0.1 + 0.2` is not what DynamoDB stores.
 */

import { formatDynamoNumber, parseDynamoNumber, type DynamoNumber } from './codecs';

/**
 * Normalises a number string as DynamoDB stores it, or returns `undefined`
 * when DynamoDB would reject it.
 *
 * @example
 * normalizeDynamoNumber("00042") // "42"
 * normalizeDynamoNumber("1e3")   // "1000"
 * normalizeDynamoNumber("-0")    // "0"
 */
export function normalizeDynamoNumber(text: string): string | undefined {
  const parsed = parseDynamoNumber(text);
  return parsed.ok ? formatDynamoNumber(parsed.number) : undefined;
}

/**
 * Compares two parsed numbers numerically. Contract: negative when `a < b`,
 * zero when equal (so `1000` and `1e3` are the same key), positive when `a > b`.
 */
export function compareParsedNumbers(a: DynamoNumber, b: DynamoNumber): number {
  if (a.sign !== b.sign) return a.sign - b.sign;
  if (a.sign === 0) return 0;
  let magnitude: number;
  if (a.pointPosition !== b.pointPosition) magnitude = a.pointPosition - b.pointPosition;
  else magnitude = compareDigitStrings(a.digits, b.digits);
  return a.sign > 0 ? magnitude : -magnitude;
}

/** Digit strings compared digit by digit, a prefix first (0.15 < 0.151). */
function compareDigitStrings(a: string, b: string): number {
  const length = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < length; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * Compares two DynamoDB number strings numerically: the one N order, used for
 * N keys, conditions (`<`, `BETWEEN`, `=`), set membership and client-side sorts.
 *
 * Contract: negative when `a < b`, zero when equal (`"1"` equals `"1.0"` and
 * `"1e0"`, so `1000` and `1e3` are the same key), positive when `a > b`.
 * Stored numbers are normalised plain decimals (`-12.5`, `0.001`), and two of
 * those compare without parsing or allocating; any other spelling (`1e3`,
 * `+5`, `10.0`) is normalised first (cached: these are the literal values of an
 * expression, met once per item of a Scan). Both strings must be numbers
 * DynamoDB accepts — the engine validates numbers on write — so the fast path
 * does not re-check the 38-digit limit, and text that is not a number throws
 * (RangeError, a bug).
 *
 * @example
 * ["10", "9", "1e3", "-2.5"].sort(compareDynamoNumbers) // ["-2.5", "9", "10", "1e3"]
 * compareDynamoNumbers("-0.5", "-0.25") < 0              // true
 * compareDynamoNumbers("1e3", "1000")                    // 0
 */
export function compareDynamoNumbers(a: string, b: string): number {
  if (a === b) return 0;
  let pointA = normalizedPointIndex(a);
  let pointB = normalizedPointIndex(b);
  if (pointA < 0) {
    a = normalizedSpelling(a);
    pointA = normalizedPointIndex(a);
  }
  if (pointB < 0) {
    b = normalizedSpelling(b);
    pointB = normalizedPointIndex(b);
  }
  return comparePlainDecimals(a, pointA, b, pointB);
}

/**
 * Whether `text` is already in DynamoDB's normalised spelling — optional `-`,
 * no leading zeros, no trailing fraction zeros, no exponent, zero as `0` —
 * without allocating. Says nothing about DynamoDB's limits (38 digits, range).
 *
 * @example
 * isNormalizedNumberText("-12.5") // true
 * isNormalizedNumberText("1.50")  // false
 * isNormalizedNumberText("1e3")   // false
 */
export function isNormalizedNumberText(text: string): boolean {
  return normalizedPointIndex(text) >= 0;
}

/**
 * Normalised spellings of the non-normalised numbers seen lately. Bounded;
 * cleared when full.
 */
const normalizedSpellings = new Map<string, string>();
const NORMALIZED_SPELLINGS_LIMIT = 256;

function normalizedSpelling(text: string): string {
  let normalized = normalizedSpellings.get(text);
  if (normalized === undefined) {
    const parsed = parseDynamoNumber(text);
    if (!parsed.ok) throw new RangeError(parsed.message);
    normalized = formatDynamoNumber(parsed.number);
    if (normalizedSpellings.size >= NORMALIZED_SPELLINGS_LIMIT) normalizedSpellings.clear();
    normalizedSpellings.set(text, normalized);
  }
  return normalized;
}

/**
 * The index of the decimal point (or `text.length` when there is none) if
 * `text` is a number in DynamoDB's normalised spelling, else -1.
 * Allocation-free.
 */
function normalizedPointIndex(text: string): number {
  const length = text.length;
  const start = text.charCodeAt(0) === 0x2d ? 1 : 0;
  if (start === length) return -1;
  const first = text.charCodeAt(start);
  if (first < 0x30 || first > 0x39) return -1;
  if (first === 0x30) {
    if (length === start + 1) return start === 0 ? length : -1; // "0" yes, "-0" no
    if (text.charCodeAt(start + 1) !== 0x2e) return -1; // "05"
  }
  let point = -1;
  for (let i = start + 1; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) {
      if (point !== -1) return -1;
      point = i;
    } else if (c < 0x30 || c > 0x39) return -1;
  }
  if (point === -1) return length;
  if (point === length - 1 || text.charCodeAt(length - 1) === 0x30) return -1; // "5." or "0.50"
  return point;
}

/** Compares two normalised plain decimals given their point indexes. */
function comparePlainDecimals(a: string, pointA: number, b: string, pointB: number): number {
  const negativeA = a.charCodeAt(0) === 0x2d;
  const negativeB = b.charCodeAt(0) === 0x2d;
  const signA = negativeA ? -1 : a === '0' ? 0 : 1;
  const signB = negativeB ? -1 : b === '0' ? 0 : 1;
  if (signA !== signB) return signA - signB;
  if (signA === 0) return 0;
  let startA = negativeA ? 1 : 0;
  let startB = negativeB ? 1 : 0;
  // "0.xyz": the integer part is no digits at all, for counting purposes.
  if (a.charCodeAt(startA) === 0x30) startA += 2;
  if (b.charCodeAt(startB) === 0x30) startB += 2;
  const integerDigitsA = pointA > startA ? pointA - startA : 0;
  const integerDigitsB = pointB > startB ? pointB - startB : 0;
  let magnitude = integerDigitsA - integerDigitsB;
  if (magnitude === 0) {
    // Same number of integer digits: the digit sequences (points skipped) align.
    let i = startA;
    let j = startB;
    for (;;) {
      if (i === pointA) i++;
      if (j === pointB) j++;
      const endA = i >= a.length;
      const endB = j >= b.length;
      if (endA || endB) {
        magnitude = endA === endB ? 0 : endA ? -1 : 1;
        break;
      }
      const d = a.charCodeAt(i) - b.charCodeAt(j);
      if (d !== 0) {
        magnitude = d;
        break;
      }
      i++;
      j++;
    }
  }
  return signA > 0 ? magnitude : -magnitude;
}
