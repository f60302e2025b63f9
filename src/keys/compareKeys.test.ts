import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeys, keyTypeOf, type KeyAttributeValue } from './compareKeys';

const sign = (n: number): number => Math.sign(n) || 0;

describe('keyTypeOf', () => {
  it.each([
    [{ S: 'a' }, 'S'],
    [{ N: '42' }, 'N'],
    [{ B: Uint8Array.of(1) }, 'B'],
  ] as const)('%j is %s', (value, type) => {
    expect(keyTypeOf(value)).toBe(type);
  });
});

describe('compareKeys', () => {
  it.each<[KeyAttributeValue, KeyAttributeValue, number]>([
    // S: UTF-8 bytes, so "10" < "9".
    [{ S: '10' }, { S: '9' }, -1],
    [{ S: '\uFFFF' }, { S: '𝄞' }, -1],
    [{ S: 'a' }, { S: 'a' }, 0],
    // N: numeric, and different spellings of one value are the same key.
    [{ N: '10' }, { N: '9' }, 1],
    [{ N: '1000' }, { N: '1e3' }, 0],
    [{ N: '-2.5' }, { N: '-10' }, 1],
    // B: unsigned bytes, a prefix first.
    [{ B: Uint8Array.of(0x7f) }, { B: Uint8Array.of(0x80) }, -1],
    [{ B: Uint8Array.of(1) }, { B: Uint8Array.of(1, 0) }, -1],
    [{ B: Uint8Array.of(1, 2) }, { B: Uint8Array.of(1, 2) }, 0],
  ])('%j vs %j → %i', (a, b, expected) => {
    expect(sign(compareKeys(a, b))).toBe(expected);
  });

  it('throws a TypeError naming both types when the types differ', () => {
    expect(() => compareKeys({ S: '1' }, { N: '1' })).toThrow(TypeError);
    expect(() => compareKeys({ S: '1' }, { N: '1' })).toThrow('cannot order a S key against a N key');
    expect(() => compareKeys({ B: Uint8Array.of() }, { S: '' })).toThrow('cannot order a B key against a S key');
  });

  it('orders S keys as DynamoDB Local was observed to return them', () => {
    // [DDBL] observation from docs/dynamodb-semantics.md §1.
    const observed = ['10', '1500', '240', '9', 'z', 'ä', '€', '\uFFFF', '𝄞'];
    fc.assert(
      fc.property(fc.shuffledSubarray(observed, { minLength: observed.length }), (shuffled) => {
        const sorted = shuffled
          .map((S) => ({ S }))
          .sort(compareKeys)
          .map((key) => key.S);
        expect(sorted).toEqual(observed);
      }),
      { numRuns: 50 },
    );
  });

  it('orders N keys numerically', () => {
    const sorted = ['10', '1500', '240', '9', '-1', '0.5', '1e3']
      .map((N) => ({ N }))
      .sort(compareKeys)
      .map((key) => key.N);
    expect(sorted).toEqual(['-1', '0.5', '9', '10', '240', '1e3', '1500']);
  });
});
