import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBase64, decodeBase64, decodeCanonicalBase64, encodeBase64 } from './base64';

describe('base64', () => {
  it.each([
    [[], ''],
    [[0x62], 'Yg=='],
    [[0x62, 0x63], 'YmM='],
    [[1, 2, 3], 'AQID'],
    [[0xff, 0xfe, 0x80, 0x00], '//6AAA=='],
  ])('%j ↔ %s', (bytes, text) => {
    expect(encodeBase64(Uint8Array.from(bytes))).toBe(text);
    expect(decodeBase64(text)).toEqual(Uint8Array.from(bytes));
  });

  it('accepts missing padding and rejects what is not base64', () => {
    expect(decodeBase64('Yg')).toEqual(Uint8Array.of(0x62));
    for (const bad of ['A', 'A?==', 'Yg===', 'Y g=', 'Ã', 'Yg=a']) expect(decodeBase64(bad), bad).toBeUndefined();
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
        expect(text.length % 4).toBe(0);
        expect(decodeBase64(text)).toEqual(bytes);
      }),
    );
  });
});

describe('checkBase64', () => {
  it.each([
    ['AQID', false, undefined],
    ['AQ', false, undefined],
    ['AQ==', true, undefined],
    ['AQ', true, { kind: 'length', length: 2 }],
    ['A?ID', false, { kind: 'character', character: '?', index: 1 }],
    ['AQ€D', false, { kind: 'character', character: '€', index: 2 }],
    ['AR==', false, { kind: 'bits' }],
    ['AQI/', false, undefined],
    ['AQJ=', false, { kind: 'bits' }],
    ['A=ID', false, { kind: 'padding' }],
    ['A', false, { kind: 'padding' }],
    ['AQ===', false, { kind: 'padding' }],
  ] as const)('%s (padding required: %s) → %j', (text, requirePadding, problem) => {
    expect(checkBase64(text, requirePadding)).toEqual(problem);
  });

  it('accepts exactly what encoding gives (property), long and short', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(checkBase64(text, true)).toBeUndefined();
        expect(decodeCanonicalBase64(text, true)).toEqual(bytes);
        // Long values are built another way (ASCII bytes, decoded once): they must spell what 3-byte-aligned short pieces do.
        let pieces = '';
        for (let i = 0; i < bytes.length; i += 48) pieces += encodeBase64(bytes.subarray(i, i + 48));
        expect(text).toBe(pieces);
      }),
    );
  });
});
