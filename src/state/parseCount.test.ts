import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INT32, parseCount } from './parseCount';
import { expectErr } from '../errors/testing';

const LIMIT = { label: 'Limit', min: 1, max: MAX_INT32 };

describe('parseCount', () => {
  it.each([
    ['1', 1],
    [' 25 ', 25],
    ['007', 7],
    ['2147483647', MAX_INT32],
    ['2,147,483,647', MAX_INT32],
    ['1_000', 1000],
    ['1 000', 1000],
  ])('reads %j as %d', (text, value) => {
    expect(parseCount(text, LIMIT)).toEqual({ ok: true, value });
  });

  it.each([
    ['99999999999999999999', 'tooLarge'],
    ['3000000000', 'tooLarge'],
    ['2147483648', 'tooLarge'],
    ['0', 'tooSmall'],
    ['000', 'tooSmall'],
    ['1e3', 'notWhole'],
    ['-1', 'notWhole'],
    ['+1', 'notWhole'],
    ['1.0', 'notWhole'],
    ['1,5', 'notWhole'],
    ['1,000_000', 'notWhole'],
    ['2,147,483,648', 'tooLarge'],
    ['0x10', 'notWhole'],
    ['', 'notWhole'],
    ['😀', 'notWhole'],
    ['１２', 'notWhole'],
  ])('refuses %j (%s)', (text, reason) => {
    const result = parseCount(text, LIMIT);
    expectErr(result);
    expect(result.reason).toBe(reason);
  });

  it('says what is wrong and the allowed range', () => {
    expect(parseCount('1e3', { label: 'Count', min: 1, max: 10_000 })).toEqual({
      ok: false,
      reason: 'notWhole',
      problem: 'exponent',
      message: 'Count must be a whole number from 1 to 10,000; "1e3" has an exponent: write the digits, 1000.',
    });
    expect(parseCount('😀', LIMIT)).toMatchObject({
      reason: 'notWhole',
      message: 'Limit must be a whole number from 1 to 2,147,483,647; "😀" (U+1F600) is not a digit: type the number in digits only.',
    });
    expect(parseCount('99999999999999999999', LIMIT)).toEqual({
      ok: false,
      reason: 'tooLarge',
      digits: '99999999999999999999',
      message: 'Limit can be at most 2,147,483,647; 99999999999999999999 is larger.',
    });
    expect(parseCount('0,000', LIMIT)).toEqual({ ok: false, reason: 'tooSmall', digits: '0', message: 'Limit must be at least 1; 0 is smaller.' });
  });

  it('refuses every Limit DynamoDB would (the pattern editor and PartiQL read it here): none is taken as no limit', () => {
    for (const text of ['1e400', 'Infinity', '-1', '-0', '0', '0.5', '1.0', '2147483648', 'NaN']) {
      const result = parseCount(text, LIMIT);
      expectErr(result, text);
      expect(result.message, text).toMatch(/^Limit (must be|can be)/);
    }
    expect(parseCount('2147483647', LIMIT)).toEqual({ ok: true, value: 2_147_483_647 });
  });

  it('checks bounds on the exact digits: in range is read, out of range is refused, whatever its size', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.constantFrom('', ','), (n, separator) => {
        const text = n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
        const result = parseCount(text, LIMIT);
        if (n >= 1n && n <= BigInt(MAX_INT32)) expect(result).toEqual({ ok: true, value: Number(n) });
        else expect(result).toMatchObject({ ok: false, reason: n < 1n ? 'tooSmall' : 'tooLarge', digits: n.toString() });
      }),
      { numRuns: 500 },
    );
  });
});
