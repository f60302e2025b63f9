import { describe, expect, it } from 'vitest';
import { parseCount } from './parseCount';

const ITEMS = { what: 'Items to generate', min: 1, max: 1_000_000 };

describe('parseCount', () => {
  it('reads whole numbers, with digit groups', () => {
    expect(parseCount('100000', ITEMS)).toEqual({ ok: true, value: 100000 });
    expect(parseCount(' 100,000 ', ITEMS)).toEqual({ ok: true, value: 100000 });
    expect(parseCount('1_000_000', ITEMS)).toEqual({ ok: true, value: 1000000 });
    expect(parseCount('007', ITEMS)).toEqual({ ok: true, value: 7 });
  });

  it.each(['1e3', '0x10', '1.5', '+5', '-1', '1,,000', 'Infinity', '١٢٣'])('refuses %s as not a whole number', (text) => {
    const result = parseCount(text, ITEMS);
    expect(result).toEqual({ ok: false, message: `Items to generate "${text}" is not a whole number: type digits only (no exponent, sign or decimal point), from 1 to 1,000,000.` });
  });

  it('says what is wrong with an emoji, never "NaN"', () => {
    const result = parseCount('😀', ITEMS);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('"😀" is not a whole number');
      expect(result.message).not.toContain('NaN');
    }
  });

  it('asks for a number when the box is empty', () => {
    expect(parseCount('  ', ITEMS)).toEqual({ ok: false, message: 'Items to generate: enter a whole number from 1 to 1,000,000.' });
  });

  it('checks the range exactly, without rounding huge entries', () => {
    expect(parseCount('0', ITEMS)).toEqual({ ok: false, message: 'Items to generate must be from 1 to 1,000,000; got 0.' });
    expect(parseCount('1000001', ITEMS)).toEqual({ ok: false, message: 'Items to generate must be from 1 to 1,000,000; got 1,000,001.' });
    expect(parseCount('99999999999999999999', ITEMS)).toEqual({ ok: false, message: 'Items to generate must be from 1 to 1,000,000; got a 20-digit number.' });
  });
});
