import { fail, succeed, type KeyResult } from './keyFinding';
import { MAX_FIELD_WIDTH } from './parseKeyTemplate';
import { parseTimestamp, type FieldFormat } from './codecs';
import { parseWholeNumber } from './parseWholeNumber';

/** What the width advisor recommends for a zero-padded integer field. */
export interface WidthAdvice {
  /** Digits the largest expected value needs today. */
  readonly digitsNeeded: number;
  /** Advised width: digits needed plus headroom. */
  readonly width: number;
  /** The largest value the advised width holds: 10^width − 1, as digits. */
  readonly capacity: string;
  /** Bytes the padded field adds to every key (ASCII digits: one byte each). */
  readonly bytesPerKey: number;
  /** How many times the largest expected value fits under the capacity, as a power of ten. */
  readonly headroomDigits: number;
}

/**
 * Advises a width for a padded integer field: the width is a one-way door
 * (changing it rewrites every key), so size for the largest value ever
 * expected, then add headroom digits. Both are read by parseWholeNumber, the
 * one reader of typed whole numbers (so `10,000,000` reads and `1e7` is
 * refused with its digits, as everywhere else); the largest value stays a
 * digit string, exact beyond 2^53. `label` names the largest-value input in
 * messages.
 *
 * @example
 * adviseWidth("10000000", "2")
 * // { ok: true, value: { digitsNeeded: 8, width: 10, capacity: "9999999999", bytesPerKey: 10, headroomDigits: 2 } }
 */
export function adviseWidth(largestValue: string, headroomDigits: string, label = 'Largest value'): KeyResult<WidthAdvice> {
  const largest = parseWholeNumber(largestValue, { label, expected: 'a whole number ≥ 0: the biggest value you will ever store' });
  if (!largest.ok) return fail({ code: 'advisor.badLargestValue', message: largest.message });
  const digitsNeeded = largest.digits.length;
  if (digitsNeeded > MAX_FIELD_WIDTH) {
    return fail({ code: 'advisor.badLargestValue', message: `${label} has ${digitsNeeded} digits; a key field holds at most ${MAX_FIELD_WIDTH}.` });
  }
  const maxHeadroom = MAX_FIELD_WIDTH - digitsNeeded;
  const why = 'each extra digit multiplies the capacity by 10 and costs one byte per key';
  const headroomText = parseWholeNumber(headroomDigits, { label: 'Headroom digits', expected: `a whole number from 0 to ${maxHeadroom}` });
  if (!headroomText.ok) return fail({ code: 'advisor.badHeadroom', message: `${headroomText.message.replace(/\.$/, '')} (${why}).` });
  // Compared by length first: a headroom of many digits is out of range whatever it is.
  const headroom = headroomText.digits.length > 3 ? Infinity : Number(headroomText.digits);
  if (headroom > maxHeadroom) {
    return fail({
      code: 'advisor.badHeadroom',
      message: `Headroom digits must be a whole number from 0 to ${maxHeadroom}; ${headroomText.digits} is larger: a key field holds at most ${MAX_FIELD_WIDTH} digits and the largest value needs ${digitsNeeded} (${why}).`,
    });
  }
  const width = digitsNeeded + headroom;
  return succeed({ digitsNeeded, width, capacity: '9'.repeat(width), bytesPerKey: width, headroomDigits: headroom });
}

/**
 * The digits of the largest value among a padded field's samples, to default
 * the width advisor to: the magnitude for `sint`, the integer part for `dec`,
 * epoch digits for `epoch` (ISO-8601 samples converted to the field's unit).
 * Values the format would refuse are skipped; `undefined` when none is left
 * or the format has no width (string, iso).
 *
 * @example
 * largestSampleDigits({ kind: "int", width: 10, descending: false }, ["10", "1500", "240", "9"]) // "1500"
 * largestSampleDigits({ kind: "sint", width: 10 }, ["-5000", "240"])                           // "5000"
 */
export function largestSampleDigits(format: FieldFormat, values: readonly (string | undefined)[]): string | undefined {
  let largest: string | undefined;
  for (const value of values) {
    const digits = value === undefined ? undefined : sampleDigits(format, value);
    if (digits === undefined) continue;
    if (largest === undefined || digits.length > largest.length || (digits.length === largest.length && digits > largest)) largest = digits;
  }
  return largest;
}

function sampleDigits(format: FieldFormat, value: string): string | undefined {
  const strip = (digits: string) => digits.replace(/^0+(?=\d)/, '');
  switch (format.kind) {
    case 'int':
      return /^\d+$/.test(value) ? strip(value) : undefined;
    case 'sint':
      return /^-?\d+$/.test(value) ? strip(value.replace(/^-/, '')) : undefined;
    case 'dec':
      return /^\d+(?:\.\d+)?$/.test(value) ? strip(value.split('.')[0] as string) : undefined;
    case 'epoch': {
      if (/^\d+$/.test(value)) return strip(value);
      const instant = /^\d{4}-/.test(value) ? parseTimestamp(value, '') : undefined;
      if (!instant || 'code' in instant || instant.epochMs < 0) return undefined;
      return String(format.unit === 's' ? Math.floor(instant.epochMs / 1000) : instant.epochMs);
    }
    case 'string':
    case 'iso':
      return undefined;
  }
}
