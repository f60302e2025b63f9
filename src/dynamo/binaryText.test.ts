import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from './base64';
import { parseBinaryText } from './binaryText';

describe('parseBinaryText', () => {
  it.each([
    ['010203', [1, 2, 3]],
    ['01 02 03', [1, 2, 3]],
    ['0x010203', [1, 2, 3]],
    ['0X01:02-03', [1, 2, 3]],
    ['01_02_03', [1, 2, 3]],
    ['Ff 0a', [0xff, 0x0a]],
    ['', []],
  ])('hex %j', (text, bytes) => {
    expect(parseBinaryText(text, 'hex')).toEqual({ ok: true, bytes: Uint8Array.from(bytes) });
  });

  it('names the bad hex character and its position, and counts the digits', () => {
    expect(parseBinaryText('AQID', 'hex')).toEqual({
      ok: false,
      message: expect.stringMatching(/^"Q" is not a hex digit \(character 2 of the text\): use 0-9 and a-f/),
    });
    expect(parseBinaryText('0x01 0g', 'hex')).toEqual({ ok: false, message: expect.stringMatching(/^"g" is not a hex digit \(character 7 of the text\)/) });
    expect(parseBinaryText('0102 0', 'hex')).toEqual({ ok: false, message: expect.stringMatching(/^5 hex digits is not a whole number of bytes/) });
  });

  it('reads canonical base64 only, saying where it goes wrong', () => {
    expect(parseBinaryText(' AQ ID ', 'base64')).toEqual({ ok: true, bytes: Uint8Array.of(1, 2, 3) });
    expect(parseBinaryText('AQ', 'base64')).toEqual({ ok: true, bytes: Uint8Array.of(1) });
    expect(parseBinaryText('AR==', 'base64').ok).toBe(false);
    expect(parseBinaryText('A', 'base64').ok).toBe(false);
    expect(parseBinaryText('AQ?D', 'base64')).toEqual({
      ok: false,
      message: expect.stringMatching(/^"AQ\?D" is not valid base64 \(.*\): "\?" \(character 3\) is not a base64 digit$/),
    });
    expect(parseBinaryText('010203', 'base64')).toEqual({
      ok: false,
      message: expect.stringMatching(/"010203" is not valid base64 .* it looks like hex: choose hex$/),
    });
  });

  it('reads back what hex and base64 print (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.constantFrom('', ' ', ':', '-', '_'), fc.boolean(), (bytes, separator, prefix) => {
        const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(separator);
        expect(parseBinaryText(`${prefix ? '0x' : ''}${hex}`, 'hex')).toEqual({ ok: true, bytes });
        expect(parseBinaryText(encodeBase64(bytes), 'base64')).toEqual({ ok: true, bytes });
      }),
    );
  });
});
