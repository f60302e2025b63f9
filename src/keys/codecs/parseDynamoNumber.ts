/**
 * Reading DynamoDB's number (N) syntax into a normalised decimal, and printing
 * it back: `sign × 0.DIGITS × 10^pointPosition`, never through JS `number`
 * (a 38-digit value does not fit in a double). Comparison lives beside it in
 * src/keys/dynamoNumber.ts; the codecs need only parsing and printing.
 */

/** The largest number of significant digits DynamoDB stores. */
export const MAX_SIGNIFICANT_DIGITS = 38;
/** Smallest allowed decimal exponent of a non-zero magnitude: 1E-130. */
const MIN_MAGNITUDE_EXPONENT = -130;
/** Magnitudes must stay below 1E+126. */
const MAX_MAGNITUDE_EXPONENT = 125;

/**
 * A parsed, normalised DynamoDB number: `sign × 0.DIGITS × 10^pointPosition`.
 * `digits` has no leading or trailing zeros; zero is `{ sign: 0, digits: "", pointPosition: 0 }`.
 *
 * @example
 * parseDynamoNumber("-1.5E2") // { ok: true, number: { sign: -1, digits: "15", pointPosition: 3 } }
 */
export interface DynamoNumber {
  readonly sign: -1 | 0 | 1;
  readonly digits: string;
  readonly pointPosition: number;
}

export type DynamoNumberResult = { readonly ok: true; readonly number: DynamoNumber } | { readonly ok: false; readonly message: string };

const NUMBER_SYNTAX = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parses a number the way DynamoDB accepts it, with DynamoDB's own messages
 * for values it rejects.
 *
 * @example
 * parseDynamoNumber("00042")   // ok, digits "42", pointPosition 2
 * parseDynamoNumber("12abc")   // { ok: false, message: "The parameter cannot be converted to a numeric value: 12abc" }
 */
export function parseDynamoNumber(text: string): DynamoNumberResult {
  const number = text.length <= 1000 ? parseDecimal(text) : undefined;
  if (!number) {
    return { ok: false, message: `The parameter cannot be converted to a numeric value: ${text}` };
  }
  if (number.sign === 0) return { ok: true, number };
  if (number.digits.length > MAX_SIGNIFICANT_DIGITS) {
    return { ok: false, message: 'Attempting to store more than 38 significant digits in a Number' };
  }
  // The magnitude is 0.DIGITS × 10^pointPosition, so its leading digit has exponent pointPosition - 1.
  if (number.pointPosition - 1 > MAX_MAGNITUDE_EXPONENT) {
    return { ok: false, message: 'Number overflow. Attempting to store a number with magnitude larger than supported range' };
  }
  if (number.pointPosition - 1 < MIN_MAGNITUDE_EXPONENT) {
    return { ok: false, message: 'Number underflow. Attempting to store a number with magnitude smaller than supported range' };
  }
  return { ok: true, number };
}

/**
 * Reads decimal text (DynamoDB's number syntax) into the normalised form
 * without DynamoDB's limits on digits and magnitude, or `undefined` when the
 * text is not a number. For values that are not stored as N, such as the
 * digits of a padded key field, which may be longer than 38 digits.
 *
 * @example
 * parseDecimal("1" + "0".repeat(40) + "1") // { sign: 1, digits: "10…01" (42 digits), pointPosition: 42 }
 */
export function parseDecimal(text: string): DynamoNumber | undefined {
  const match = NUMBER_SYNTAX.exec(text);
  const [, signText = '', intPart = '', fracPart = '', exponentText] = match ?? [];
  if (!match || intPart.length + fracPart.length === 0) return undefined;
  const allDigits = intPart + fracPart;
  let first = 0;
  while (first < allDigits.length && allDigits.charCodeAt(first) === 0x30) first++;
  if (first === allDigits.length) return ZERO;
  let last = allDigits.length;
  while (allDigits.charCodeAt(last - 1) === 0x30) last--;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  return { sign: signText === '-' ? -1 : 1, digits: allDigits.slice(first, last), pointPosition: intPart.length - first + exponent };
}

const ZERO: DynamoNumber = { sign: 0, digits: '', pointPosition: 0 };

/**
 * Prints a parsed number in plain decimal notation, the normalised form
 * DynamoDB returns (`1.5E2` → `150`, `0.50` → `0.5`).
 *
 * @example
 * formatDynamoNumber({ sign: -1, digits: "15", pointPosition: 3 }) // "-150"
 */
export function formatDynamoNumber(number: DynamoNumber): string {
  if (number.sign === 0) return '0';
  const { digits, pointPosition } = number;
  let body: string;
  if (pointPosition <= 0) body = '0.' + '0'.repeat(-pointPosition) + digits;
  else if (pointPosition >= digits.length) body = digits + '0'.repeat(pointPosition - digits.length);
  else body = digits.slice(0, pointPosition) + '.' + digits.slice(pointPosition);
  return number.sign < 0 ? '-' + body : body;
}
