import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adviseWidth, largestSampleDigits, type WidthAdvice } from './adviseWidth';
import { encodeField } from './codecs';
import type { KeyFinding, KeyResult } from './keyFinding';
import type { FieldFormat } from './codecs';
import { expectErr, expectOk } from '../errors/testing';

function ok<T>(result: KeyResult<T>): T {
  expectOk(result);
  return result.value;
}

function onlyFinding(result: KeyResult<unknown>): KeyFinding {
  expectErr(result);
  expect(result.findings).toHaveLength(1);
  return result.findings[0] as KeyFinding;
}

describe('adviseWidth', () => {
  it.each<[string, string, WidthAdvice]>([
    // The article: scores up to ten million need 8 digits; two digits of headroom give 10.
    ['10000000', '2', { digitsNeeded: 8, width: 10, capacity: '9999999999', bytesPerKey: 10, headroomDigits: 2 }],
    ['0', '0', { digitsNeeded: 1, width: 1, capacity: '9', bytesPerKey: 1, headroomDigits: 0 }],
    ['9', '1', { digitsNeeded: 1, width: 2, capacity: '99', bytesPerKey: 2, headroomDigits: 1 }],
    ['10,000,000', '2', { digitsNeeded: 8, width: 10, capacity: '9999999999', bytesPerKey: 10, headroomDigits: 2 }],
    ['1_000', '0', { digitsNeeded: 4, width: 4, capacity: '9999', bytesPerKey: 4, headroomDigits: 0 }],
    [' 1 000 ', ' 3 ', { digitsNeeded: 4, width: 7, capacity: '9999999', bytesPerKey: 7, headroomDigits: 3 }],
    ['00042', '1', { digitsNeeded: 2, width: 3, capacity: '999', bytesPerKey: 3, headroomDigits: 1 }],
    ['000', '2', { digitsNeeded: 1, width: 3, capacity: '999', bytesPerKey: 3, headroomDigits: 2 }],
    ['9'.repeat(256), '0', { digitsNeeded: 256, width: 256, capacity: '9'.repeat(256), bytesPerKey: 256, headroomDigits: 0 }],
    ['9'.repeat(250), '006', { digitsNeeded: 250, width: 256, capacity: '9'.repeat(256), bytesPerKey: 256, headroomDigits: 6 }],
  ])('largest %j, headroom %j', (largest, headroom, advice) => {
    expect(ok(adviseWidth(largest, headroom))).toEqual(advice);
  });

  it.each([
    ['', 'nothing is entered: type its digits, e.g. 25.'],
    ['   ', 'nothing is entered: type its digits, e.g. 25.'],
    ['abc', '"abc" has "a" at character 1, which is not a digit: type the number in digits only.'],
    ['-5', '"-5" has a minus sign: write the digits only, without a sign.'],
    ['1.5', '"1.5" has a decimal point at character 2: leave out the fraction.'],
    // The same reader as Generate items' count and Limit: an exponent gets its digits.
    ['1e7', '"1e7" has an exponent: write the digits, 10000000.'],
    ['10 million', '"10 million" has "m" at character 4, which is not a digit: type the number in digits only.'],
    ['0x10', '"0x10" has "x" at character 2, which is not a digit: type the number in digits only.'],
    ['１２', '"１２" has "１" (U+FF11) at character 1, which is not an ASCII digit: write 12.'],
    ['1,00,000', '"1,00,000" has "," at character 2, but separators go between groups of three digits, as in 1,000,000: write 100000.'],
  ])('refuses the largest value %j, saying what is wrong and the fix', (largest, detail) => {
    const finding = onlyFinding(adviseWidth(largest, '2'));
    expect(finding.code).toBe('advisor.badLargestValue');
    expect(finding.message).toBe(`Largest value must be a whole number ≥ 0: the biggest value you will ever store; ${detail}`);
  });

  it('names the field whose largest value it is', () => {
    expect(onlyFinding(adviseWidth('1e7', '2', 'Largest value for score')).message).toMatch(/^Largest value for score must be a whole number ≥ 0/);
    expect(onlyFinding(adviseWidth('9'.repeat(257), '0', 'Largest value for score')).message).toBe(
      'Largest value for score has 257 digits; a key field holds at most 256.',
    );
  });

  it('refuses a largest value wider than any key field', () => {
    const finding = onlyFinding(adviseWidth('9'.repeat(257), '0'));
    expect(finding.code).toBe('advisor.badLargestValue');
    expect(finding.message).toBe('Largest value has 257 digits; a key field holds at most 256.');
  });

  it.each([
    ['10000000', '', 248],
    ['10000000', '-1', 248],
    ['10000000', '1.5', 248],
    ['10000000', 'two', 248],
    ['10000000', '1000', 248],
    ['10000000', '249', 248],
    ['9'.repeat(250), '7', 6],
    ['9'.repeat(256), '1', 0],
    ['10000000', '1e2', 248],
    ['10000000', '99999999999999999999', 248],
  ])('refuses headroom %j for %s, giving the allowed range', (largest, headroom, max) => {
    const finding = onlyFinding(adviseWidth(largest, headroom));
    expect(finding.code).toBe('advisor.badHeadroom');
    expect(finding.message).toMatch(`Headroom digits must be a whole number from 0 to ${max}; `);
    expect(finding.message).toMatch(/each extra digit multiplies the capacity by 10 and costs one byte per key/);
  });

  it('advice always holds the largest value with the headroom to spare, and int(width) accepts it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 60n }), fc.integer({ min: 0, max: 10 }), (largest, headroom) => {
        const advice = ok(adviseWidth(largest.toString(), String(headroom)));
        const capacity = BigInt(advice.capacity);
        expect(capacity).toBe(10n ** BigInt(advice.width) - 1n);
        expect(advice.width).toBe(largest.toString().length + headroom);
        expect(largest * 10n ** BigInt(headroom)).toBeLessThanOrEqual(capacity);
        // One digit less would not hold the largest value with that headroom.
        expect(largest * 10n ** BigInt(headroom)).toBeGreaterThanOrEqual(largest === 0n ? 0n : 10n ** BigInt(advice.width - 1));
        expect(typeof encodeField({ kind: 'int', width: advice.width, descending: false }, advice.capacity, 'n')).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});

describe('largestSampleDigits', () => {
  it.each<[string, FieldFormat, (string | undefined)[], string | undefined]>([
    ['int: the largest value', { kind: 'int', width: 10, descending: false }, ['10', '1500', '240', '9'], '1500'],
    ['int: leading zeros do not count', { kind: 'int', width: 10, descending: false }, ['0000009999', '10000'], '10000'],
    ['int: refused values are skipped', { kind: 'int', width: 10, descending: false }, ['-5', 'x', undefined, '12'], '12'],
    ['sint: the largest magnitude', { kind: 'sint', width: 10 }, ['-25000', '300'], '25000'],
    ['dec: the integer part', { kind: 'dec', integerDigits: 8, fractionDigits: 2 }, ['1234.50', '99999'], '99999'],
    ['epoch: digits', { kind: 'epoch', unit: 's', width: 16 }, ['1719100800', '1719108000'], '1719108000'],
    ['epoch: ISO input in the unit', { kind: 'epoch', unit: 'ms', width: 13 }, ['2026-06-23T10:00:00Z'], String(Date.UTC(2026, 5, 23, 10))],
    ['nothing readable', { kind: 'int', width: 10, descending: false }, ['x', ''], undefined],
    ['no width to size', { kind: 'string' }, ['10'], undefined],
  ])('%s', (_label, format, values, largest) => {
    expect(largestSampleDigits(format, values)).toBe(largest);
  });
});
