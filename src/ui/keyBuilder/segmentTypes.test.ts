import { describe, expect, it } from 'vitest';
import { countProblem, readFractionDigits, readWidth } from './segmentTypes';

describe('segment editor widths', () => {
  it('are read by the one count reader: digit groups read, the value is exact (never NaN)', () => {
    expect(readWidth(' 010 ', 'Width of score')).toEqual({ ok: true, value: 10 });
    expect(readWidth('0,200', 'Width of score')).toEqual({ ok: true, value: 200 });
    expect(readFractionDigits('0', 'Fraction digits of price')).toEqual({ ok: true, value: 0 });
  });

  it('are refused with the input’s name, what is wrong and the range', () => {
    expect(countProblem(readWidth('1e1', 'Width of score'))).toBe(
      'Width of score must be a whole number from 1 to 256; "1e1" has an exponent: write the digits, 10.',
    );
    expect(countProblem(readWidth('257', 'Width of score'))).toBe('Width of score can be at most 256; 257 is larger.');
    expect(countProblem(readFractionDigits('😀', 'Fraction digits of price'))).toBe(
      'Fraction digits of price must be a whole number from 0 to 38; "😀" (U+1F600) is not a digit: type the number in digits only.',
    );
  });
});
