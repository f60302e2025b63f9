import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64';

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
