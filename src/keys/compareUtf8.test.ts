import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLoneSurrogate, utf8ByteLength } from './codecs';
import { compareBytes, compareUtf8, encodeUtf8 } from './compareUtf8';
import { comparePreparedKeys, comparePreparedUtf8, isPlainKey, prepareKey, utf8ProbeOf } from './preparedKeys';

const RUNS = { numRuns: 300 };
const sign = (n: number): number => Math.sign(n) || 0;
const encoder = new TextEncoder();

/** Oracle: unsigned byte order of the real UTF-8 encoding (independent of the code under test). */
function oracleCompare(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return sign(d);
  }
  return sign(x.length - y.length);
}

/** Characters at the places where UTF-16 order, code point order and UTF-8 length change. */
const BOUNDARY_CHARS = [
  '\u0000',
  '#',
  '0',
  '9',
  'A',
  'z',
  '\u007F',
  '\u0080',
  'ä',
  '\u07FF',
  '\u0800',
  '€',
  'あ',
  '漢',
  '\uD7FF',
  '\uE000',
  '\uF8FF',
  '\uFB01',
  '\uFFFD',
  '\uFFFF',
  '\u{10000}',
  '\u{1D11E}',
  '\u{1F600}',
  '\u{1F601}',
  '\u{10FFFF}',
];
const boundaryChar = fc.constantFrom(...BOUNDARY_CHARS);
/** One well-formed character: any code point (astral included), a grapheme, or a boundary character. */
const wellFormedChar = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
  boundaryChar,
);
/** Short strings, so pairs often share prefixes and differ in the interesting places. */
const wellFormed = fc.string({ unit: wellFormedChar, maxLength: 6 });
/** Two strings with a common prefix. */
const prefixedPair = fc.tuple(wellFormed, wellFormed, wellFormed).map(([p, a, b]) => [p + a, p + b] as const);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
/** Any UTF-16 string, lone surrogates included. */
const anyUtf16 = fc.string({ unit: fc.oneof(wellFormedChar, loneSurrogate), maxLength: 8 });
/** Plain strings (every code unit < 0xD800), mostly ASCII, with the last units below the line. */
const plainChar = fc.oneof(
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0x80, max: 0xd7ff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom('\u0000', '\uD7FF', '#', 'é', '€'),
);
const plain = fc.string({ unit: plainChar, maxLength: 6 });
/** Pairs where a plain string meets any string (well-formed or not) at a shared prefix: the fast path's whole domain. */
const plainMeetsAny = fc.tuple(plain, plain, fc.oneof(anyUtf16, wellFormed)).map(([p, a, b]) => [p + a, p + b] as const);

describe('compareUtf8', () => {
  it.each([
    ['10', '1500'],
    ['1500', '240'],
    ['240', '9'],
    ['', 'a'],
    ['a', 'ab'],
    ['Z', 'a'],
    ['z', 'ä'],
    ['ä', '€'],
    ['€', '\uFFFF'],
    ['\uFFFF', '𝄞'],
    ['\uD7FF', '\uE000'],
    ['\uE000', '\u{10000}'],
    ['\uFFFD', '\u{1F600}'],
    ['\u{1F600}', '\u{1F601}'],
    ['\u{10000}', '\u{10FFFF}'],
    ['a\uFFFF', 'a𝄞'],
    ['#', 'a'],
  ])('%j sorts before %j', (a, b) => {
    expect(compareUtf8(a, b)).toBeLessThan(0);
    expect(compareUtf8(b, a)).toBeGreaterThan(0);
    expect(sign(compareUtf8(a, b))).toBe(oracleCompare(a, b));
  });

  it('returns 0 for equal strings', () => {
    expect(compareUtf8('', '')).toBe(0);
    expect(compareUtf8('p_8842', 'p_8842')).toBe(0);
    expect(compareUtf8('𝄞€', '𝄞€')).toBe(0);
  });

  it('disagrees with JS < exactly where UTF-16 and UTF-8 order differ', () => {
    // JS compares UTF-16 code units: the surrogate pair of 𝄞 (0xD834…) is below 0xFFFF.
    expect('𝄞' < '\uFFFF').toBe(true);
    expect(compareUtf8('𝄞', '\uFFFF')).toBeGreaterThan(0);
  });

  it('sorts the doc example as DynamoDB does', () => {
    expect(['9', '10', '240', '1500'].sort(compareUtf8)).toEqual(['10', '1500', '240', '9']);
  });
});

describe('prepared keys (isPlainKey, comparePreparedUtf8)', () => {
  it.each([
    ['', true],
    ['SEASON#2026-SPRING', true],
    ['é€あ漢', true],
    ['\uD7FF', true],
    ['\uD800', false],
    ['a\uDFFF', false],
    ['\uE000', false],
    ['ab\uFFFF', false],
    ['𝄞', false],
  ])('isPlainKey(%j) is %s', (text, expected) => {
    expect(isPlainKey(text)).toBe(expected);
  });

  it.each([
    // Where `<` is wrong, both sides hold units ≥ 0xD800: neither is plain, so the prepared comparison takes compareUtf8.
    ['\uFFFF', '𝄞'],
    ['a\uE000', 'a\u{10000}'],
    // A plain side: `<` is exact.
    ['\uD7FF', '\uE000'],
    ['\uD7FF', '𝄞'],
    ['9999', '𝄞'],
    ['10', '9'],
  ])('%j sorts before %j, prepared as well', (a, b) => {
    const [x, y] = [prepareKey(a), prepareKey(b)];
    expect(comparePreparedKeys(x, y)).toBeLessThan(0);
    expect(comparePreparedKeys(y, x)).toBeGreaterThan(0);
    expect(utf8ProbeOf(a)(b)).toBeLessThan(0);
    expect(utf8ProbeOf(b)(a)).toBeGreaterThan(0);
    expect(sign(comparePreparedKeys(x, y))).toBe(oracleCompare(a, b));
  });

  it('a flag that is wrong gives UTF-16 order: the flags must come from isPlainKey', () => {
    expect(comparePreparedUtf8('\uFFFF', true, '𝄞', false)).toBeGreaterThan(0);
    expect(comparePreparedUtf8('\uFFFF', false, '𝄞', false)).toBeLessThan(0);
  });
});

describe('utf8ByteLength and encodeUtf8', () => {
  it.each([
    ['', 0, []],
    ['p_8842', 6, [0x70, 0x5f, 0x38, 0x38, 0x34, 0x32]],
    ['\u007F', 1, [0x7f]],
    ['\u0080', 2, [0xc2, 0x80]],
    ['é', 2, [0xc3, 0xa9]],
    ['\u07FF', 2, [0xdf, 0xbf]],
    ['\u0800', 3, [0xe0, 0xa0, 0x80]],
    ['€', 3, [0xe2, 0x82, 0xac]],
    ['\uFFFF', 3, [0xef, 0xbf, 0xbf]],
    ['𝄞', 4, [0xf0, 0x9d, 0x84, 0x9e]],
    ['\u{10FFFF}', 4, [0xf4, 0x8f, 0xbf, 0xbf]],
    // A lone surrogate becomes U+FFFD, as TextEncoder does.
    ['\uD800', 3, [0xef, 0xbf, 0xbd]],
    ['a\uDC00', 4, [0x61, 0xef, 0xbf, 0xbd]],
    ['\uDD1E\uD834', 6, [0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd]],
  ])('%j is %i bytes', (text, length, bytes) => {
    expect(utf8ByteLength(text)).toBe(length);
    expect([...encodeUtf8(text)]).toEqual(bytes);
  });
});

describe('findLoneSurrogate', () => {
  it.each([
    ['ok', -1],
    ['', -1],
    ['𝄞', -1],
    ['a\uD800b', 1],
    ['\uDC00', 0],
    ['𝄞\uD834', 2],
    ['\uD834', 0],
    ['\uDD1E\uD834', 0],
    ['x𝄞y\uDFFF', 4],
  ])('%j → %i', (text, index) => {
    expect(findLoneSurrogate(text)).toBe(index);
  });
});

describe('compareBytes', () => {
  it.each([
    [[0x01], [0x01, 0x00], -1],
    [[0x7f], [0x80], -1],
    [[0xff], [0x00, 0x00], 1],
    [[], [], 0],
    [[], [0x00], -1],
    [[1, 2, 3], [1, 2, 3], 0],
  ])('%j vs %j → %i', (a, b, expected) => {
    expect(sign(compareBytes(Uint8Array.from(a), Uint8Array.from(b)))).toBe(expected);
  });
});

describe('properties', () => {
  it('compareUtf8 agrees with TextEncoder byte order', () => {
    fc.assert(
      fc.property(wellFormed, wellFormed, (a, b) => sign(compareUtf8(a, b)) === oracleCompare(a, b)),
      RUNS,
    );
    fc.assert(
      fc.property(prefixedPair, ([a, b]) => sign(compareUtf8(a, b)) === oracleCompare(a, b)),
      RUNS,
    );
  });

  it('compareUtf8 is 0 exactly for equal strings, and antisymmetric', () => {
    fc.assert(
      fc.property(wellFormed, wellFormed, (a, b) => {
        expect(compareUtf8(a, a)).toBe(0);
        expect(compareUtf8(a, b) === 0).toBe(a === b);
        expect(sign(compareUtf8(a, b))).toBe(sign(-compareUtf8(b, a)));
      }),
      RUNS,
    );
  });

  it('compareUtf8 is transitive', () => {
    fc.assert(
      fc.property(wellFormed, wellFormed, wellFormed, (a, b, c) => {
        if (compareUtf8(a, b) <= 0 && compareUtf8(b, c) <= 0) expect(compareUtf8(a, c)).toBeLessThanOrEqual(0);
        if (compareUtf8(a, b) >= 0 && compareUtf8(b, c) >= 0) expect(compareUtf8(a, c)).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('sorting with compareUtf8 gives the byte order of the oracle', () => {
    fc.assert(
      fc.property(fc.array(wellFormed, { maxLength: 12 }), (values) => {
        const ours = [...values].sort(compareUtf8);
        const oracle = [...values].sort(oracleCompare);
        expect(ours).toEqual(oracle);
      }),
      RUNS,
    );
  });

  it('prepared comparisons equal compareUtf8 on any strings, lone surrogates included', () => {
    const agrees = (a: string, b: string) => {
      const expected = sign(compareUtf8(a, b));
      expect(sign(comparePreparedUtf8(a, isPlainKey(a), b, isPlainKey(b)))).toBe(expected);
      expect(sign(comparePreparedKeys(prepareKey(a), prepareKey(b)))).toBe(expected);
      expect(sign(utf8ProbeOf(a)(b))).toBe(expected);
    };
    fc.assert(fc.property(anyUtf16, anyUtf16, agrees), RUNS);
    fc.assert(
      fc.property(plainMeetsAny, ([a, b]) => (agrees(a, b), agrees(b, a))),
      RUNS,
    );
    fc.assert(
      fc.property(prefixedPair, ([a, b]) => agrees(a, b)),
      RUNS,
    );
  });

  it('prepared comparisons are UTF-8 byte order (TextEncoder), and `<` when either key is plain', () => {
    fc.assert(
      fc.property(plainMeetsAny, ([a, b]) => {
        if (findLoneSurrogate(b) !== -1) return; // TextEncoder maps lone surrogates to U+FFFD: no byte order to compare with.
        expect(isPlainKey(a)).toBe(true);
        expect(sign(comparePreparedKeys(prepareKey(a), prepareKey(b)))).toBe(oracleCompare(a, b));
        expect(sign(a < b ? -1 : a > b ? 1 : 0)).toBe(oracleCompare(a, b));
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(plain, wellFormed), { maxLength: 12 }), (values) => {
        const prepared = values
          .map(prepareKey)
          .sort(comparePreparedKeys)
          .map((key) => key.text);
        expect(prepared).toEqual([...values].sort(oracleCompare));
      }),
      RUNS,
    );
  });

  it('utf8ByteLength and encodeUtf8 match TextEncoder, lone surrogates included', () => {
    fc.assert(
      fc.property(anyUtf16, (text) => {
        const expected = encoder.encode(text);
        expect(utf8ByteLength(text)).toBe(expected.length);
        expect(encodeUtf8(text)).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('findLoneSurrogate finds the first unpaired surrogate', () => {
    const oracle = (text: string): number => {
      let index = 0;
      for (const char of text) {
        // for…of walks code points; an unpaired surrogate comes out alone.
        const unit = char.charCodeAt(0);
        if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) return index;
        index += char.length;
      }
      return -1;
    };
    fc.assert(
      fc.property(anyUtf16, (text) => findLoneSurrogate(text) === oracle(text)),
      RUNS,
    );
  });

  it('compareBytes is unsigned lexicographic order', () => {
    const oracle = (a: Uint8Array, b: Uint8Array): number => {
      const n = Math.min(a.length, b.length);
      for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
      return sign(a.length - b.length);
    };
    const bytes = fc.uint8Array({ maxLength: 5, min: 0x7d, max: 0x82 });
    fc.assert(
      fc.property(bytes, bytes, (a, b) => sign(compareBytes(a, b)) === oracle(a, b)),
      RUNS,
    );
  });
});
