import { fail, succeed, type KeyResult } from './keyFinding';
import { MAX_FIELD_WIDTH } from './parseKeyTemplate';

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
 * expected, then add headroom digits.
 *
 * @example
 * adviseWidth("10000000", "2")
 * // { ok: true, value: { digitsNeeded: 8, width: 10, capacity: "9999999999", bytesPerKey: 10, headroomDigits: 2 } }
 */
export function adviseWidth(largestValue: string, headroomDigits: string): KeyResult<WidthAdvice> {
  const largest = largestValue.trim().replace(/[_,\s]/g, '');
  if (!/^\d+$/.test(largest)) {
    return fail({
      code: 'advisor.badLargestValue',
      message: `Largest value "${largestValue}" is not a whole number ≥ 0: enter the biggest value you will ever store, e.g. 10000000.`,
    });
  }
  const headroomText = headroomDigits.trim();
  const headroom = /^\d{1,3}$/.test(headroomText) ? Number(headroomText) : NaN;
  const digitsNeeded = largest.replace(/^0+(?=\d)/, '').length;
  const maxHeadroom = Math.max(0, MAX_FIELD_WIDTH - digitsNeeded);
  if (digitsNeeded > MAX_FIELD_WIDTH) {
    return fail({ code: 'advisor.badLargestValue', message: `Largest value has ${digitsNeeded} digits; a key field holds at most ${MAX_FIELD_WIDTH}.` });
  }
  if (!(headroom >= 0 && headroom <= maxHeadroom)) {
    return fail({
      code: 'advisor.badHeadroom',
      message: `Headroom digits "${headroomDigits}" must be a whole number from 0 to ${maxHeadroom}: each extra digit multiplies the capacity by 10 and costs one byte per key.`,
    });
  }
  const width = digitsNeeded + headroom;
  return succeed({ digitsNeeded, width, capacity: '9'.repeat(width), bytesPerKey: width, headroomDigits: headroom });
}
