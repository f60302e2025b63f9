import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWholeNumber, type WholeNumberProblem } from './parseWholeNumber';

const COUNT = { label: 'Count' };
const read = (text: string) => parseWholeNumber(text, COUNT);

/** The digits of `digits` grouped in threes from the right with `separator`. */
const grouped = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

describe('parseWholeNumber', () => {
  it.each([
    ['0', '0'],
    ['25', '25'],
    [' 25 ', '25'],
    ['007', '7'],
    ['000', '0'],
    ['1,000,000', '1000000'],
    ['1_000_000', '1000000'],
    ['1 000 000', '1000000'],
    ['1\u00a0000\u00a0000', '1000000'],
    ['1\u202f000', '1000'],
    ['10,000', '10000'],
    ['999,999', '999999'],
    ['0,001', '1'],
    // Past 2^53, every digit kept.
    ['123456789012345678901234567890', '123456789012345678901234567890'],
    ['9'.repeat(300), '9'.repeat(300)],
  ])('reads %j as %s', (text, digits) => {
    expect(read(text)).toEqual({ ok: true, digits });
  });

  it.each<[string, WholeNumberProblem, number | undefined, string]>([
    ['', 'empty', undefined, 'Count must be a whole number; nothing is entered: type its digits, e.g. 25.'],
    ['   ', 'empty', undefined, 'Count must be a whole number; nothing is entered: type its digits, e.g. 25.'],
    ['1e3', 'exponent', undefined, 'Count must be a whole number; "1e3" has an exponent: write the digits, 1000.'],
    ['1E7', 'exponent', undefined, 'Count must be a whole number; "1E7" has an exponent: write the digits, 10000000.'],
    ['1.5e3', 'exponent', undefined, 'Count must be a whole number; "1.5e3" has an exponent: write the digits, 1500.'],
    ['1,000e3', 'exponent', undefined, 'Count must be a whole number; "1,000e3" has an exponent: write the digits, 1000000.'],
    ['2500e-2', 'exponent', undefined, 'Count must be a whole number; "2500e-2" has an exponent: write the digits, 25.'],
    ['1e-3', 'exponent', undefined, 'Count must be a whole number; "1e-3" has an exponent: it is not a whole number, so write a whole number in digits.'],
    ['1e400', 'exponent', undefined, 'Count must be a whole number; "1e400" has an exponent: that is 401 digits, so write them out in full.'],
    ['-5', 'sign', 1, 'Count must be a whole number; "-5" has a minus sign: write the digits only, without a sign.'],
    ['+5', 'sign', 1, 'Count must be a whole number; "+5" has a plus sign: write 5.'],
    ['2.5', 'fraction', 2, 'Count must be a whole number; "2.5" has a decimal point at character 2: leave out the fraction.'],
    [
      '1.000.000',
      'separator',
      2,
      'Count must be a whole number; "1.000.000" groups digits with ".", which reads as a decimal point: write 1000000 or 1,000,000.',
    ],
    [
      '1,5',
      'separator',
      2,
      'Count must be a whole number; "1,5" has "," at character 2, but separators go between groups of three digits, as in 1,000,000: write 15.',
    ],
    [
      '1,00,000',
      'separator',
      2,
      'Count must be a whole number; "1,00,000" has "," at character 2, but separators go between groups of three digits, as in 1,000,000: write 100000.',
    ],
    [
      '1234,567',
      'separator',
      5,
      'Count must be a whole number; "1234,567" has "," at character 5, but separators go between groups of three digits, as in 1,000,000: write 1234567.',
    ],
    [
      '1 0',
      'separator',
      2,
      'Count must be a whole number; "1 0" has a space at character 2, but separators go between groups of three digits, as in 1 000 000: write 10.',
    ],
    [
      '100_',
      'separator',
      4,
      'Count must be a whole number; "100_" has "_" at character 4, but separators go between groups of three digits, as in 1_000_000: write 100.',
    ],
    [
      '1,000_000',
      'separator',
      undefined,
      'Count must be a whole number; "1,000_000" mixes "," and "_" between digits: use one separator, as in 1,000,000, or none, 1000000.',
    ],
    [',', 'separator', undefined, 'Count must be a whole number; "," has no digits: type the number\'s digits, e.g. 25.'],
    ['😀', 'character', 1, 'Count must be a whole number; "😀" (U+1F600) is not a digit: type the number in digits only.'],
    ['5😀', 'character', 2, 'Count must be a whole number; "5😀" has "😀" (U+1F600) at character 2, which is not a digit: type the number in digits only.'],
    ['12\u200b3', 'character', 3, 'Count must be a whole number; "12⟨U+200B⟩3" has U+200B at character 3, which is not a digit: remove it.'],
    ['1\t000', 'character', 2, 'Count must be a whole number; "1⟨U+0009⟩000" has U+0009 at character 2, which is not a digit: remove it.'],
    ['１２', 'character', 1, 'Count must be a whole number; "１２" has "１" (U+FF11) at character 1, which is not an ASCII digit: write 12.'],
    ['١٢٣', 'character', 1, 'Count must be a whole number; "١٢٣" has "١" (U+0661) at character 1, which is not an ASCII digit: write 123.'],
    ['0x10', 'character', 2, 'Count must be a whole number; "0x10" has "x" at character 2, which is not a digit: type the number in digits only.'],
    ['10 million', 'character', 4, 'Count must be a whole number; "10 million" has "m" at character 4, which is not a digit: type the number in digits only.'],
    ['Infinity', 'character', 1, 'Count must be a whole number; "Infinity" has "I" at character 1, which is not a digit: type the number in digits only.'],
  ])('refuses %j (%s at %s), saying what, where and how to fix it', (text, problem, at, message) => {
    expect(read(text)).toEqual({ ok: false, problem, message, ...(at === undefined ? {} : { at }) });
  });

  it('names the input and what it takes, and cuts long input in the message', () => {
    const result = parseWholeNumber(`${'7'.repeat(50)}x`, { label: 'Items to generate', expected: 'a whole number from 1 to 1,000,000' });
    expect(result).toMatchObject({ ok: false, problem: 'character', at: 51 });
    expect(!result.ok && result.message).toBe(
      `Items to generate must be a whole number from 1 to 1,000,000; "${'7'.repeat(40)}…" has "x" at character 51, which is not a digit: type the number in digits only.`,
    );
  });

  it('any digit string, grouped in threes by one separator or not at all, reads back as its digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,60}$/),
        fc.constantFrom('', ',', '_', ' ', '\u00a0', '\u2009', '\u202f'),
        fc.constantFrom('', ' ', '  '),
        (digits, separator, padding) => {
          expect(read(`${padding}${grouped(digits, separator)}${padding}`)).toEqual({ ok: true, digits: digits.replace(/^0+(?=.)/, '') });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('any string with a character that is neither a digit nor a separator is refused, and the message names that character', () => {
    const separatorOrDigit = /^[0-9,_ \u00a0\u2009\u202f]$/;
    const anyCharacter = fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,6}$/),
        anyCharacter.filter((char) => !separatorOrDigit.test(char)),
        fc.stringMatching(/^[0-9]{1,6}$/),
        (before, char, after) => {
          const result = read(before + char + after);
          expect(result.ok).toBe(false);
          if (result.ok || 'eE.'.includes(char)) return; // an exponent or a fraction: named as such instead
          expect(result.problem).toBe('character');
          expect(result.at).toBe(Array.from(before).length + 1);
          const code = `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
          expect(result.message.includes(`"${char}"`) || result.message.includes(code)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
