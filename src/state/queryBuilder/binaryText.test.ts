import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeBinaryText, formatBinaryText, parseBinaryText, type BinaryEncoding } from './binaryText';

describe('binary text', () => {
  it('reads hex with or without spaces and 0x, and canonical base64 only', () => {
    expect(parseBinaryText('010203', 'hex')).toEqual({ ok: true, bytes: Uint8Array.of(1, 2, 3) });
    expect(parseBinaryText('0x01:02-03', 'hex')).toEqual({ ok: true, bytes: Uint8Array.of(1, 2, 3) });
    expect(parseBinaryText('AQID', 'base64')).toEqual({ ok: true, bytes: Uint8Array.of(1, 2, 3) });
    expect(parseBinaryText('AQ', 'base64')).toEqual({ ok: true, bytes: Uint8Array.of(1) });
    expect(parseBinaryText('010203', 'base64').ok).toBe(false);
    expect(parseBinaryText('AR==', 'base64').ok).toBe(false);
    expect(parseBinaryText('A', 'base64').ok).toBe(false);
    expect(parseBinaryText('0g', 'hex').ok).toBe(false);
  });

  it('shows the bytes that will be sent', () => {
    expect(describeBinaryText('AQID', 'base64')).toBe('3 bytes: 01 02 03');
    expect(describeBinaryText('ff', 'hex')).toBe('1 byte: ff');
    expect(describeBinaryText('', 'hex')).toBeUndefined();
    expect(describeBinaryText('zz', 'hex')).toBeUndefined();
  });

  it('formats and reads back the same bytes in either encoding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.constantFrom<BinaryEncoding>('hex', 'base64'), (bytes, encoding) => {
        expect(parseBinaryText(formatBinaryText(bytes, encoding), encoding)).toEqual({ ok: true, bytes });
      }),
    );
  });
});
