import { parseDecimal, parseTimestamp, type FieldFormat } from './codecs';
import { compareUtf8 } from './compareUtf8';
import { compareParsedNumbers } from './dynamoNumber';

/**
 * The intended order of two values of one field — what the encoded key is
 * supposed to reproduce. Numbers compare numerically, timestamps
 * chronologically, strings by UTF-8 bytes; `int(W,desc)` reverses the order.
 * Both values must encode without findings.
 *
 * @example
 * compareFieldValues({ kind: "int", width: 10, descending: false }, "9", "10") < 0 // true
 */
export function compareFieldValues(format: FieldFormat, a: string, b: string): number {
  switch (format.kind) {
    case 'string':
      return compareUtf8(a, b);
    case 'iso':
      return compareInstants(a, b);
    case 'epoch':
      return compareNumbers(toEpochNumber(a, format.unit), toEpochNumber(b, format.unit));
    case 'int':
      return format.descending ? compareNumbers(b, a) : compareNumbers(a, b);
    case 'sint':
    case 'dec':
      return compareNumbers(a, b);
  }
}

/** Numeric order without DynamoDB's 38-digit limit: an int(40) field holds 40-digit values. */
function compareNumbers(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) throw new RangeError(`compareFieldValues: not numbers: ${a}, ${b}`);
  return compareParsedNumbers(x, y);
}

function compareInstants(a: string, b: string): number {
  const x = parseTimestamp(a, '');
  const y = parseTimestamp(b, '');
  if ('code' in x || 'code' in y) throw new RangeError(`compareFieldValues: not timestamps: ${a}, ${b}`);
  return x.epochMs - y.epochMs;
}

/**
 * An epoch field's value as a number in the field's unit: ISO input is converted to epoch
 * seconds or milliseconds, digits stay as they are. Comparing as numbers (not as instants) keeps
 * epoch values beyond the year 9999 or above 2^53 comparable, exactly as the padded digits sort.
 */
function toEpochNumber(value: string, unit: 's' | 'ms'): string {
  if (!/^\d{4}-/.test(value)) return value;
  const instant = parseTimestamp(value, '');
  if ('code' in instant) throw new RangeError(`compareFieldValues: not a timestamp: ${value}`);
  return String(unit === 's' ? instant.epochMs / 1000 : instant.epochMs);
}
