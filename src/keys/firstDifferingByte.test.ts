import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes, compareUtf8, encodeUtf8 } from './compareUtf8';
import { explainByteOrder, explainStringOrder, findCharacterAtByte, findFirstDifferingByte, formatByte, formatHexBytes } from './firstDifferingByte';

describe('findFirstDifferingByte', () => {
  it.each([
    ['10 vs 9', [0x31, 0x30], [0x39], { index: 0, byteA: 0x31, byteB: 0x39 }],
    ['same first byte', [0x31, 0x35], [0x31, 0x30], { index: 1, byteA: 0x35, byteB: 0x30 }],
    ['a is a prefix', [0x41], [0x41, 0x42], { index: 1, byteB: 0x42 }],
    ['b is a prefix', [0x41, 0x42], [0x41], { index: 1, byteA: 0x42 }],
    ['empty vs one byte', [], [0x00], { index: 0, byteB: 0x00 }],
  ])('%s', (_, a, b, expected) => {
    expect(findFirstDifferingByte(Uint8Array.from(a), Uint8Array.from(b))).toEqual(expected);
  });

  it('is undefined for equal bytes', () => {
    expect(findFirstDifferingByte(Uint8Array.of(1, 2), Uint8Array.of(1, 2))).toBeUndefined();
  });

  it('agrees with compareBytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 6 }), fc.uint8Array({ maxLength: 6 }), (a, b) => {
        const difference = findFirstDifferingByte(a, b);
        const order = Math.sign(compareBytes(a, b));
        if (!difference) return order === 0;
        if (difference.byteA === undefined) return order < 0;
        if (difference.byteB === undefined) return order > 0;
        return Math.sign(difference.byteA - difference.byteB) === order;
      }),
    );
  });
});

describe('findCharacterAtByte', () => {
  it('finds multi-byte characters from any of their bytes', () => {
    expect(findCharacterAtByte('é9', 0)).toMatchObject({ text: 'é', codePoint: 0xe9, byteStart: 0 });
    expect(findCharacterAtByte('é9', 1)).toMatchObject({ text: 'é', byteStart: 0 });
    expect(findCharacterAtByte('é9', 2)).toMatchObject({ text: '9', codePoint: 0x39, byteStart: 2 });
    expect(findCharacterAtByte('é9', 3)).toBeUndefined();
  });

  it('keeps astral characters whole (4 bytes, one surrogate pair)', () => {
    const char = findCharacterAtByte('a𝄞b', 3);
    expect(char).toMatchObject({ text: '𝄞', codePoint: 0x1d11e, byteStart: 1 });
    expect(formatHexBytes(char?.bytes ?? new Uint8Array())).toBe('f0 9d 84 9e');
    expect(findCharacterAtByte('a𝄞b', 5)).toMatchObject({ text: 'b', byteStart: 5 });
  });

  it('treats a lone surrogate as the U+FFFD it is encoded as', () => {
    expect(findCharacterAtByte('\ud800x', 2)).toMatchObject({ codePoint: 0xfffd, byteStart: 0 });
  });
});

describe('explainStringOrder', () => {
  it('explains "9" vs "10" by the first byte', () => {
    const explanation = explainStringOrder('9', '10');
    expect(explanation.order).toBeGreaterThan(0);
    expect(explanation.difference).toEqual({ index: 0, byteA: 0x39, byteB: 0x31 });
    expect(explanation.sentence).toBe('The first difference is byte 1: "9" 0x39 vs "1" 0x31. 0x31 is smaller, so "10" sorts before "9".');
  });

  it('explains a prefix', () => {
    expect(explainStringOrder('EVT#', 'EVT#1').sentence).toBe(
      'The first difference is byte 5: the end of the key vs "1" 0x31. "EVT#" is a prefix of "EVT#1", and a shorter key sorts before a longer one that starts with it.',
    );
  });

  it('names the character of a multi-byte difference', () => {
    // U+FFFF is ef bf bf; 𝄞 is f0 9d 84 9e: UTF-8 puts 𝄞 after U+FFFF (JS `<` says the opposite).
    const explanation = explainStringOrder('\uffff', '𝄞');
    expect(explanation.order).toBeLessThan(0);
    expect(explanation.difference).toEqual({ index: 0, byteA: 0xef, byteB: 0xf0 });
    expect(explanation.charB?.text).toBe('𝄞');
    expect(explanation.sentence).toContain('0xf0 (byte 1 of "𝄞", f0 9d 84 9e)');
    expect(explanation.sentence).toContain('so "\uffff" sorts before "𝄞"');
  });

  it('says when keys are equal', () => {
    expect(explainStringOrder('a', 'a')).toMatchObject({ order: 0, sentence: expect.stringContaining('same key') });
  });

  it('agrees with compareUtf8 on any strings (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 5 }), fc.string({ unit: 'grapheme', maxLength: 5 }), (a, b) => {
        const explanation = explainStringOrder(a, b);
        const difference = findFirstDifferingByte(encodeUtf8(a), encodeUtf8(b));
        return Math.sign(explanation.order) === Math.sign(compareUtf8(a, b)) && (difference === undefined) === (explanation.order === 0);
      }),
    );
  });
});

describe('explainByteOrder and formatting', () => {
  it('orders binary keys unsigned', () => {
    expect(explainByteOrder(Uint8Array.of(0x7f), Uint8Array.of(0x80), 'a', 'b').sentence).toBe(
      'The first difference is byte 1: 0x7f vs 0x80. 0x7f is smaller, so a sorts before b.',
    );
  });

  it('formats bytes', () => {
    expect(formatByte(0x39)).toBe('0x39');
    expect(formatByte(0)).toBe('0x00');
    expect(formatHexBytes(encodeUtf8('10'))).toBe('31 30');
  });
});
