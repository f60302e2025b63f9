import { describe, expect, it } from 'vitest';
import { MAX_INT32, parseCount } from './parseCount';

const LIMIT = { label: 'Limit', min: 1, max: MAX_INT32 };

describe('parseCount', () => {
  it.each([
    ['1', 1],
    [' 25 ', 25],
    ['007', 7],
    ['2147483647', MAX_INT32],
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
    ['1_000', 'notWhole'],
    ['0x10', 'notWhole'],
    ['', 'notWhole'],
    ['😀', 'notWhole'],
    ['１２', 'notWhole'],
  ])('refuses %j (%s)', (text, reason) => {
    const result = parseCount(text, LIMIT);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe(reason);
  });

  it('says what is wrong and the allowed range', () => {
    expect(parseCount('1e3', { label: 'Count', min: 1, max: 10_000 })).toMatchObject({ message: 'Count must be a whole number (digits only) from 1 … 10,000; "1e3" is not.' });
    expect(parseCount('99999999999999999999', LIMIT)).toMatchObject({ message: 'Limit can be at most 2,147,483,647; 99999999999999999999 is larger.' });
  });
});
