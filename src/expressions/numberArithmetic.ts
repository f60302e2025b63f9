/**
 * DynamoDB number (N) arithmetic for expressions: `SET a = b + :c` and
 * `ADD counter :n`. Numeric comparison is `compareDynamoNumbers` (src/keys),
 * the one N order.
 *
 * Numbers never pass through JS `number`: sums are exact (big.js), then held to
 * DynamoDB's limits — at most 38 significant digits and a magnitude between
 * 1E-130 and 9.99…E+125. DynamoDB never rounds a result: a sum that needs a
 * 39th digit is refused.
 */
import Big from 'big.js';
import { formatDynamoNumber, isNormalizedNumberText, MAX_SIGNIFICANT_DIGITS, parseDynamoNumber, type DynamoNumber } from '../keys';
import { validationError, type DynamoDBError } from './errors';

/** The message `parseDynamoNumber` gives for a magnitude of 1E126 or more; DynamoDB's text. */
export const NUMBER_OVERFLOW_MESSAGE = 'Number overflow. Attempting to store a number with magnitude larger than supported range';
/** The message `parseDynamoNumber` gives for a non-zero magnitude below 1E-130; DynamoDB's text. */
export const NUMBER_UNDERFLOW_MESSAGE = 'Number underflow. Attempting to store a number with magnitude smaller than supported range';

const MIN_MAGNITUDE_EXPONENT = -130;
const MAX_MAGNITUDE_EXPONENT = 125;

/**
 * `a + b`, exactly, as DynamoDB computes `SET x = a + b` and `ADD x :n`; the
 * result is normalised (`1.50 + 1` → `2.5`).
 *
 * Throws a ValidationException when the exact result does not fit DynamoDB's
 * number type: more than 38 significant digits, or a magnitude of 1E126 or
 * more, gives {@link NUMBER_OVERFLOW_MESSAGE} (real DynamoDB uses the
 * overflow text for a too-precise result too, e.g. `1e50 + 1`; DynamoDB Local
 * says `DynamoDB only supports precision up to 38 digits` instead); a
 * non-zero magnitude below 1E-130 gives {@link NUMBER_UNDERFLOW_MESSAGE}.
 *
 * @example
 * addNumbers("0.1", "0.2")   // "0.3"
 * addNumbers("1E+37", "1")   // "10000000000000000000000000000000000001"
 * addNumbers("1E+38", "1")   // throws ValidationException (39 significant digits)
 */
export function addNumbers(a: string, b: string): string {
  return toDynamoNumberText(toBig(a).plus(toBig(b)));
}

/**
 * `a - b`, exactly, with the same limits and errors as {@link addNumbers}.
 *
 * @example
 * subtractNumbers("1", "3.25")          // "-2.25"
 * subtractNumbers("1.1E-130", "1E-130") // throws ValidationException (underflow)
 */
export function subtractNumbers(a: string, b: string): string {
  return toDynamoNumberText(toBig(a).minus(toBig(b)));
}

/**
 * The normalised spelling of a DynamoDB number (`001.10` → `1.1`, `1e3` →
 * `1000`, `-0` → `0`); already-normalised text is returned as is, without
 * allocating. Throws a ValidationException with `parseDynamoNumber`'s
 * message for text DynamoDB would reject.
 *
 * @example
 * canonicalizeNumber("1.50") // "1.5"
 * canonicalizeNumber("42")   // "42" (the same string)
 */
export function canonicalizeNumber(text: string): string {
  // A normalised spelling of at most 38 characters is within DynamoDB's range too.
  if (text.length <= MAX_SIGNIFICANT_DIGITS && isNormalizedNumberText(text)) return text;
  const parsed = parseDynamoNumber(text);
  if (!parsed.ok) throw validationError(parsed.message);
  return formatDynamoNumber(parsed.number);
}

/**
 * The bytes a number takes in DynamoDB's item size: numbers are stored as a
 * one-byte exponent plus base-100 digit pairs aligned on the decimal
 * exponent, plus a terminator byte for negatives; zero takes one byte.
 * Measured on DynamoDB Local against the 400 KB item limit (and identical to
 * dynalite's rule, recorded against live DynamoDB): `5`, `12`, `100`, `0.5`
 * → 2; `1.2`, `123`, `1234` → 3; `-5` → 3; a 38-digit integer → 20.
 *
 * @example
 * numberByteSize("0")    // 1
 * numberByteSize("1.2")  // 3
 * numberByteSize("-5")   // 3
 */
export function numberByteSize(text: string): number {
  // Loading a data directory sizes every number of every item; the file's numbers are
  // normalised, so their digits and exponent can be read off the text without a parse.
  // A normalised spelling of at most 38 characters is within DynamoDB's range too.
  if (text.length <= MAX_SIGNIFICANT_DIGITS && isNormalizedNumberText(text)) return normalizedNumberByteSize(text);
  const parsed = parseDynamoNumber(text);
  if (!parsed.ok) throw new RangeError(parsed.message);
  const { sign, digits, pointPosition } = parsed.number;
  if (sign === 0) return 1;
  return digitPairsByteSize(digits.length, pointPosition - 1, sign < 0);
}

/** {@link numberByteSize} of text `isNormalizedNumberText` accepts (`-12.5`, `0.05`, `100`, `0`). */
function normalizedNumberByteSize(text: string): number {
  const length = text.length;
  const negative = text.charCodeAt(0) === 0x2d;
  const start = negative ? 1 : 0;
  if (text.charCodeAt(start) === 0x30) {
    if (length === 1) return 1; // "0", the only zero spelling that is normalised
    // "0.00ddd": the first significant digit follows the zeros after the point.
    let first = start + 2;
    while (text.charCodeAt(first) === 0x30) first++;
    return digitPairsByteSize(length - first, start + 1 - first, negative);
  }
  const point = text.indexOf('.', start);
  if (point !== -1) return digitPairsByteSize(length - start - 1, point - start - 1, negative);
  // An integer's trailing zeros are not significant digits: "100" is one digit.
  let end = length;
  while (text.charCodeAt(end - 1) === 0x30) end--;
  return digitPairsByteSize(end - start, length - start - 1, negative);
}

/** The bytes of a non-zero number with `count` significant digits whose leading digit has decimal `exponent`. */
function digitPairsByteSize(count: number, exponent: number, negative: boolean): number {
  const misaligned = (count & 1) === 0 && (exponent & 1) === 0 ? 1 : 0;
  return 1 + Math.ceil(count / 2) + misaligned + (negative ? 1 : 0);
}

function toBig(text: string): Big {
  const parsed = parseDynamoNumber(text);
  if (!parsed.ok) throw validationError(parsed.message);
  const { sign, digits, pointPosition } = parsed.number;
  if (sign === 0) return new Big(0);
  return new Big(`${sign < 0 ? '-' : ''}0.${digits}e${pointPosition}`);
}

function toDynamoNumberText(value: Big): string {
  const number = fromBig(value);
  const error = checkRange(number);
  if (error) throw error;
  return formatDynamoNumber(number);
}

function fromBig(value: Big): DynamoNumber {
  const coefficient = value.c;
  let last = coefficient.length;
  while (last > 0 && coefficient[last - 1] === 0) last--;
  let first = 0;
  while (first < last && coefficient[first] === 0) first++;
  if (first === last) return { sign: 0, digits: '', pointPosition: 0 };
  let digits = '';
  for (let i = first; i < last; i++) digits += String(coefficient[i]);
  // big.js: value = c[0].c[1]c[2]… × 10^e, so the point sits e + 1 digits after c[0].
  return { sign: value.s < 0 ? -1 : 1, digits, pointPosition: value.e + 1 - first };
}

function checkRange(number: DynamoNumber): DynamoDBError | undefined {
  if (number.sign === 0) return undefined;
  const exponent = number.pointPosition - 1;
  if (number.digits.length > MAX_SIGNIFICANT_DIGITS || exponent > MAX_MAGNITUDE_EXPONENT) return validationError(NUMBER_OVERFLOW_MESSAGE);
  if (exponent < MIN_MAGNITUDE_EXPONENT) return validationError(NUMBER_UNDERFLOW_MESSAGE);
  return undefined;
}
