import type { CodecFinding } from './codecFinding';
import type { FieldFormat } from './keyTemplate.types';
import { formatDynamoNumber, parseDynamoNumber } from './parseDynamoNumber';
import { printFormatSuffix } from './printFormatSuffix';
import { formatIsoTimestamp, parseTimestamp } from './timestamps';
import { findLoneSurrogate } from './utf8';

/**
 * Segment codecs: each field format turns a value into sortable text and back.
 *
 * Contract, for every fixed-width format: all encoded values of one field have
 * the same length and consist of ASCII, so comparing encoded text by UTF-8
 * bytes (src/keys compareUtf8) orders the values exactly as
 * compareFieldValues (src/keys/compareFieldValues.ts) does (descending for `int(W,desc)`), and
 * `decodeField(encodeField(v))` is `v` in canonical form.
 *
 * Hot path: `encodeField` returns a string or a finding (no wrapper object),
 * because it runs once per segment for every key of a million-key demo.
 */

/**
 * The exact length of a field's encoded text, or `undefined` for a string
 * field, whose length varies.
 *
 * @example
 * fieldWidth({ kind: "dec", integerDigits: 8, fractionDigits: 2 }) // 11 ("00001234.50")
 */
export function fieldWidth(format: FieldFormat): number | undefined {
  switch (format.kind) {
    case 'string':
      return undefined;
    case 'int':
    case 'epoch':
      return format.width;
    case 'sint':
      return format.width + 1;
    case 'dec':
      return format.integerDigits + (format.fractionDigits > 0 ? 1 + format.fractionDigits : 0);
    case 'iso':
      return format.precision === 'ms' ? 24 : 20;
  }
}

/**
 * Encodes one field value.
 *
 * @param delimiter the literal text that follows this field in the template,
 *   which a string value must not contain (the key could not be read back,
 *   and the value would sort as if it ended early).
 * @example
 * encodeField({ kind: "int", width: 10, descending: true }, "1500", "score") // "9999998499"
 * encodeField({ kind: "int", width: 2, descending: false }, "150", "score")  // finding keys.padOverflow
 */
export function encodeField(format: FieldFormat, value: string | undefined, field: string, delimiter?: string): string | CodecFinding {
  if (value === undefined || value === '') {
    return { code: 'keys.missingValue', field, message: `${field} has no value: every field of the key needs one.` };
  }
  switch (format.kind) {
    case 'string':
      return encodeString(value, field, delimiter);
    case 'int': {
      const digits = parseWholeNumber(value, field, format, false);
      if (typeof digits !== 'string') return digits;
      if (!format.descending) return padDigits(digits, format.width, value, field, format);
      // Complemented straight from the unpadded digits (the padding zeros become nines): no padded copy per key.
      return widthOverflow(digits, format.width, value, field, format) ?? complementDigits(digits, format.width);
    }
    case 'sint': {
      const digits = parseWholeNumber(value, field, format, true);
      if (typeof digits !== 'string') return digits;
      const negative = digits.charCodeAt(0) === 0x2d;
      const magnitude = negative ? digits.slice(1) : digits;
      if (negative) return widthOverflow(magnitude, format.width, value, field, format) ?? '-' + complementDigits(magnitude, format.width);
      const padded = padDigits(magnitude, format.width, value, field, format);
      return typeof padded === 'string' ? '0' + padded : padded;
    }
    case 'dec':
      return encodeDecimal(format, value, field);
    case 'iso': {
      const instant = parseTimestamp(value, field);
      if ('code' in instant) return instant;
      if (format.precision === 's' && instant.epochMs % 1000 !== 0) {
        return precisionLoss(field, value, 'milliseconds', 'iso', `{${field}:iso(ms)}`);
      }
      if (instant.subMillisecond) return precisionLoss(field, value, 'digits below a millisecond', printFormatSuffix(format).slice(1), 'a millisecond value');
      return formatIsoTimestamp(instant.epochMs, format.precision);
    }
    case 'epoch': {
      let digits: string | CodecFinding;
      if (startsWithYear(value)) {
        const instant = parseTimestamp(value, field);
        if ('code' in instant) return instant;
        if (instant.epochMs < 0) return negativeValue(field, value, format);
        if ((format.unit === 's' && instant.epochMs % 1000 !== 0) || instant.subMillisecond) {
          return precisionLoss(
            field,
            value,
            format.unit === 's' ? 'milliseconds' : 'digits below a millisecond',
            printFormatSuffix(format).slice(1),
            format.unit === 's' ? `{${field}:epochms(13)}` : 'a millisecond value',
          );
        }
        digits = String(format.unit === 's' ? instant.epochMs / 1000 : instant.epochMs);
      } else {
        digits = parseWholeNumber(value, field, format, false);
      }
      if (typeof digits !== 'string') return digits;
      return padDigits(digits, format.width, value, field, format);
    }
  }
}

/**
 * Decodes a field's encoded text back to its value in canonical form.
 *
 * @example
 * decodeField({ kind: "int", width: 10, descending: true }, "9999998499", "score") // "1500"
 * decodeField({ kind: "sint", width: 4 }, "-9849", "delta")                        // "-150"
 */
export function decodeField(format: FieldFormat, text: string, field: string): string | CodecFinding {
  // No closure per call (a million keys decode per demo), no regex for the digit runs.
  const width = fieldWidth(format);
  if (width !== undefined && text.length !== width) return decodeMismatch(format, text, field);
  switch (format.kind) {
    case 'string':
      // The encoder refuses empty values, so an empty string field means another template wrote the key.
      return text === '' ? decodeMismatch(format, text, field) : text;
    case 'int':
    case 'epoch': {
      if (!isAllDigits(text)) return decodeMismatch(format, text, field);
      return stripLeadingZeros(format.kind === 'int' && format.descending ? complementDigits(text) : text);
    }
    case 'sint': {
      const sign = text[0];
      const digits = text.slice(1);
      if ((sign !== '-' && sign !== '0') || !isAllDigits(digits)) return decodeMismatch(format, text, field);
      if (sign === '0') return stripLeadingZeros(digits);
      const magnitude = stripLeadingZeros(complementDigits(digits));
      return magnitude === '0' ? decodeMismatch(format, text, field) : '-' + magnitude;
    }
    case 'dec': {
      const integerPart = text.slice(0, format.integerDigits);
      const rest = text.slice(format.integerDigits);
      if (!isAllDigits(integerPart) || (format.fractionDigits > 0 && !/^\.\d+$/.test(rest))) return decodeMismatch(format, text, field);
      const fraction = rest.slice(1).replace(/0+$/, '');
      return stripLeadingZeros(integerPart) + (fraction ? '.' + fraction : '');
    }
    case 'iso': {
      const instant = parseTimestamp(text, field);
      if ('code' in instant || formatIsoTimestamp(instant.epochMs, format.precision) !== text) return decodeMismatch(format, text, field);
      return text;
    }
  }
}

function decodeMismatch(format: FieldFormat, text: string, field: string): CodecFinding {
  return {
    code: 'keys.decodeMismatch',
    field,
    message: `"${text}" is not a valid ${printFormatSuffix(format).slice(1) || 'string'} value for ${field}: the stored key was not written with this template.`,
  };
}

function encodeString(value: string, field: string, delimiter: string | undefined): string | CodecFinding {
  const lone = findLoneSurrogate(value);
  if (lone >= 0) {
    return {
      code: 'keys.invalidUnicode',
      field,
      message: `${field} contains an unpaired surrogate (\\u${value.charCodeAt(lone).toString(16).toUpperCase()}) at position ${lone + 1}, which UTF-8 cannot store: remove it.`,
    };
  }
  if (delimiter && value.includes(delimiter)) {
    return {
      code: 'keys.delimiterInValue',
      field,
      message: `${field} "${value}" contains the delimiter "${delimiter}" that follows it in the key: the key could not be read back and would sort as if ${field} ended early. Remove "${delimiter}" from the value or choose a delimiter that values never contain.`,
    };
  }
  // A value ending in the start of a longer delimiter ("x#" before "##") makes the delimiter appear
  // early in the key ("x###…"): reading the key back would end the field before the value's last characters.
  if (delimiter && delimiter.length > 1 && (value + delimiter).indexOf(delimiter) < value.length) {
    const overlap = value.slice((value + delimiter).indexOf(delimiter));
    return {
      code: 'keys.delimiterInValue',
      field,
      message: `${field} "${value}" ends with "${overlap}", the start of the delimiter "${delimiter}" that follows it in the key: the key could not be read back and would sort as if ${field} ended early. Remove "${overlap}" from the end of the value or choose a delimiter that values never contain.`,
    };
  }
  return value;
}

/**
 * The value as plain digits without leading zeros ("-" in front for a
 * negative `sint`), or why it can't be a whole number of this field.
 */
function parseWholeNumber(value: string, field: string, format: FieldFormat, signed: boolean): string | CodecFinding {
  if (isAllDigits(value)) return stripLeadingZeros(value);
  const label = printFormatSuffix(format).slice(1);
  const parsed = parseDynamoNumber(value);
  if (!parsed.ok) {
    return { code: 'keys.notANumber', field, message: `${field} "${value}" is not a number: ${label} needs plain digits, e.g. 1500.` };
  }
  const { sign, digits, pointPosition } = parsed.number;
  if (sign !== 0 && pointPosition < digits.length) {
    return {
      code: 'keys.notWholeNumber',
      field,
      message: `${field} ${value} is not a whole number, and ${label} stores whole numbers only: round it, or use {${field}:dec(10,${Math.min(digits.length - pointPosition, MAX_SUGGESTED_FRACTION)})} for decimals.`,
    };
  }
  if (sign < 0 && !signed) return negativeValue(field, value, format);
  const magnitude = sign === 0 ? '0' : digits + '0'.repeat(pointPosition - digits.length);
  return sign < 0 ? '-' + magnitude : magnitude;
}

const MAX_SUGGESTED_FRACTION = 6;

function negativeValue(field: string, value: string, format: FieldFormat): CodecFinding {
  const width = 'width' in format ? format.width : 10;
  return {
    code: 'keys.negativeUnsigned',
    field,
    message: `${field} ${value} is negative, but ${printFormatSuffix(format).slice(1)} holds only whole numbers ≥ 0: use {${field}:sint(${width})} for values that can be negative.`,
  };
}

function padDigits(digits: string, width: number, value: string, field: string, format: FieldFormat): string | CodecFinding {
  const overflow = widthOverflow(digits, width, value, field, format);
  if (overflow) return overflow;
  return digits.length === width ? digits : zeros(width - digits.length) + digits;
}

/** The finding for digits that don't fit in `width` (see padDigits), or undefined when they fit. */
function widthOverflow(digits: string, width: number, value: string, field: string, format: FieldFormat): CodecFinding | undefined {
  if (digits.length > width) {
    const label = printFormatSuffix(format).slice(1);
    const wider = label.replace(/\(\d+/, `(${digits.length}`);
    return {
      code: 'keys.padOverflow',
      field,
      message: `${field} ${value} has ${digits.length} digits, but ${label} holds at most ${width} (${'9'.repeat(Math.min(width, 40))}${width > 40 ? '…' : ''}). Padding would let it through ${digits.length} characters long and it would sort by its first digit, out of numeric order: widen the field to ${wider} or more (changing a width later means rewriting every key).`,
    };
  }
  return undefined;
}

/** `'0'.repeat(count)`, the common widths made once: padding runs for every numeric field of every key. */
function zeros(count: number): string {
  return count < ZEROS.length ? (ZEROS[count] as string) : '0'.repeat(count);
}

const ZEROS = Array.from({ length: 41 }, (_, count) => '0'.repeat(count));

/** `/^\d{4}-/.test(value)` (a date, not epoch digits) without a regex per epoch field. */
function startsWithYear(value: string): boolean {
  if (value.length < 5 || value.charCodeAt(4) !== 0x2d) return false;
  for (let i = 0; i < 4; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x30 || unit > 0x39) return false;
  }
  return true;
}

/** True for a non-empty run of ASCII digits (what `/^\d+$/` tests, without the regex per field). */
function isAllDigits(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x30 || unit > 0x39) return false;
  }
  return true;
}

function encodeDecimal(format: Extract<FieldFormat, { kind: 'dec' }>, value: string, field: string): string | CodecFinding {
  const label = printFormatSuffix(format).slice(1);
  let match = PLAIN_DECIMAL.exec(value);
  if (!match) {
    // Other spellings DynamoDB accepts (1e3, .5, -0) are read through their normalised form, as int reads them.
    const parsed = parseDynamoNumber(value);
    if (parsed.ok && parsed.number.sign < 0) {
      return {
        code: 'keys.negativeUnsigned',
        field,
        message: `${field} ${value} is negative, but ${label} holds only values ≥ 0: store an offset (value + a constant) or split the sign into its own segment.`,
      };
    }
    if (parsed.ok) match = PLAIN_DECIMAL.exec(formatDynamoNumber(parsed.number));
    if (!match) {
      return {
        code: 'keys.notANumber',
        field,
        message: `${field} "${value}" is not a decimal number: ${label} needs digits with an optional fraction, e.g. 1234.50.`,
      };
    }
  }
  const [, integerText = '', fractionText = ''] = match;
  const fraction = fractionText.replace(/0+$/, '');
  if (fraction.length > format.fractionDigits) {
    return {
      code: 'keys.tooManyFractionDigits',
      field,
      message: `${field} ${value} has ${fraction.length} digits after the point, but ${label} keeps ${format.fractionDigits}: rounding would change the value. Use {${field}:dec(${format.integerDigits},${fraction.length})}.`,
    };
  }
  const integerPart = padDigits(stripLeadingZeros(integerText), format.integerDigits, value, field, format);
  if (typeof integerPart !== 'string') return integerPart;
  return format.fractionDigits === 0 ? integerPart : integerPart + '.' + fraction.padEnd(format.fractionDigits, '0');
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

function precisionLoss(field: string, value: string, lost: string, label: string, suggestion: string): CodecFinding {
  return {
    code: 'keys.precisionLoss',
    field,
    message: `${field} ${value} has ${lost}, which ${label} would drop, so two different instants could share a key: use ${suggestion}, or drop the ${lost} from the value.`,
  };
}

/**
 * (10^width − 1) − v for the digits of v (at most `width` of them): each digit
 * d becomes 9 − d, and each missing leading zero becomes a 9. Exact at any
 * width, no BigInt.
 */
function complementDigits(digits: string, width = digits.length): string {
  // Three digits per step from a table, after the nines of the padding: a third of the
  // concatenations of a digit-by-digit build (this runs for every desc field of every key).
  const padding = width - digits.length;
  let out = padding < NINES.length ? (NINES[padding] as string) : '9'.repeat(padding);
  let i = 0;
  for (; i + 2 < digits.length; i += 3) {
    out += NINES_COMPLEMENT_TRIPLES[digits.charCodeAt(i) * 100 + digits.charCodeAt(i + 1) * 10 + digits.charCodeAt(i + 2) - 0x30 * 111];
  }
  for (; i < digits.length; i++) out += NINES_COMPLEMENT[digits.charCodeAt(i) - 0x30];
  return out;
}

const NINES = Array.from({ length: 41 }, (_, count) => '9'.repeat(count));
const NINES_COMPLEMENT = ['9', '8', '7', '6', '5', '4', '3', '2', '1', '0'];
/** NINES_COMPLEMENT_TRIPLES[100a + 10b + c] is the complement of the digits "abc": "999" for "000", "000" for "999". */
const NINES_COMPLEMENT_TRIPLES = Array.from({ length: 1000 }, (_, triple) => String(999 - triple).padStart(3, '0'));

function stripLeadingZeros(digits: string): string {
  let i = 0;
  while (i < digits.length - 1 && digits.charCodeAt(i) === 0x30) i++;
  return i === 0 ? digits : digits.slice(i);
}
