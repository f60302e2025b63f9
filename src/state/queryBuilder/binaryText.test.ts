import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBinaryText, type BinaryEncoding } from '../../dynamo';
import { describeBinaryText, formatBinaryText, reencodeBinaryText } from './binaryText';
import { EMPTY_QUERY_FORM, switchKeyEncoding } from './queryForm';

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

describe('switching encoding', () => {
  it('keeps the bytes typed so far', () => {
    expect(reencodeBinaryText('01 02 03', 'hex', 'base64')).toBe('AQID');
    expect(reencodeBinaryText('AQID', 'base64', 'hex')).toBe('01 02 03');
    expect(reencodeBinaryText('zz', 'hex', 'base64')).toBe('zz');
    const keys = { partitionKey: { name: 'id', type: 'B' as const }, sortKey: { name: 'n', type: 'S' as const } };
    expect(switchKeyEncoding({ ...EMPTY_QUERY_FORM, partitionValue: '010203', sortValue: 'abc' }, keys, 'base64')).toEqual({
      keyEncoding: 'base64',
      partitionValue: 'AQID',
    });
  });
});
