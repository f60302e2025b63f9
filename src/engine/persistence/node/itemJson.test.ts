import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDynamoNumber } from '../../../keys';
import { normalizeStoredNumber, readItemJson } from './itemJson';

/** Number-like text: signs, leading and trailing zeros, points, exponents, and a few that are no numbers. */
const numberText = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.stringMatching(/^[0-9]{0,45}$/),
    fc.option(fc.stringMatching(/^[0-9]{0,45}$/), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.integer({ min: -140, max: 140 })), { nil: undefined }),
  )
  .map(
    ([sign, whole, fraction, exponent]) => `${sign}${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent ? `${exponent[0]}${exponent[1]}` : ''}`,
  );

describe('normalizeStoredNumber', () => {
  it('answers as normalizeDynamoNumber does, for normalised and other text alike', () => {
    fc.assert(
      fc.property(numberText, (text) => {
        expect(normalizeStoredNumber(text)).toBe(normalizeDynamoNumber(text));
      }),
      { numRuns: 2000 },
    );
    for (const text of ['0', '-0', '42', '-12.5', '1.50', '1e3', '00042', '.5', '5.', '1'.repeat(38), '1'.repeat(39), '0.' + '0'.repeat(36) + '1', 'x']) {
      expect(normalizeStoredNumber(text), text).toBe(normalizeDynamoNumber(text));
    }
  });

  it('checks a data file’s numbers: numbers DynamoDB takes pass, others are refused with where they are', () => {
    const item = { a: { N: '-12.5' }, b: { N: '1.50' }, c: { NS: ['1e3', '7'] } };
    expect(readItemJson(structuredClone(item))).toEqual(item);
    expect(() => readItemJson({ a: { N: '1'.repeat(39) } })).toThrow(/^a\.N: "1{39}" is not a number DynamoDB accepts/);
    expect(() => readItemJson({ a: { M: { b: { N: '12x' } } } })).toThrow(/^a\.M\.b\.N: "12x" is not a number DynamoDB accepts/);
  });
});
