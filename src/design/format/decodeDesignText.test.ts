import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN } from '..';
import { importDesignBytes } from '../interchange';
import { decodeDesignText, findInvalidUtf8 } from './decodeDesignText';
import { serializeDesignDocument } from './serializeDesignDocument';
import { expectErr } from '../../errors/testing';

describe('findInvalidUtf8', () => {
  it.each([
    ['a lone continuation byte', [0x61, 0x80], 1],
    ['a cut-off two-byte sequence', [0x61, 0xc3], 1],
    ['a lead byte followed by ASCII', [0x61, 0xc3, 0x28], 1],
    ['an overlong "/" (C0 AF)', [0xc0, 0xaf], 0],
    ['an overlong three-byte form (E0 80 AF)', [0xe0, 0x80, 0xaf], 0],
    ['a UTF-16 surrogate (ED A0 80)', [0x41, 0xed, 0xa0, 0x80], 1],
    ['past U+10FFFF (F4 90 80 80)', [0xf4, 0x90, 0x80, 0x80], 0],
    ['Latin-1 é (E9) between letters', [0x63, 0x61, 0x66, 0xe9, 0x21], 3],
    ['FF', [0xff], 0],
  ])('%s: offset %#', (_what, bytes, expected) => {
    expect(findInvalidUtf8(Uint8Array.from(bytes))).toBe(expected);
  });

  it('agrees with TextDecoder’s fatal mode on any bytes, and finds nothing in encoded text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        expect(findInvalidUtf8(bytes) === undefined).toBe(valid);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(findInvalidUtf8(new TextEncoder().encode(text))).toBeUndefined();
      }),
    );
  });
});

describe('importing a design file that is not UTF-8', () => {
  it('is refused with the byte offset and line, never read with U+FFFD in place of the bytes', () => {
    const text = serializeDesignDocument({ ...SHOP_DESIGN, name: 'Caf#' });
    const bytes = new TextEncoder().encode(text);
    const at = bytes.indexOf(0x23); // the "#" in the name
    bytes[at] = 0xe9; // é in Latin-1
    const result = importDesignBytes(bytes, 'shop.json');
    expectErr(result);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toBe(
      `shop.json is not UTF-8 text: the bytes at offset ${at.toLocaleString('en-US')} (line 3: 0xE9 0x22 0x2C 0x0A) are not UTF-8, so nothing was read rather than replace them. Save the file as UTF-8 (in most editors: Save with encoding → UTF-8) and import it again.`,
    );
  });

  it('reads UTF-8 with or without a byte-order mark', () => {
    const text = serializeDesignDocument({ ...SHOP_DESIGN, name: 'Café €' });
    const plain = importDesignBytes(new TextEncoder().encode(text), 'a.json');
    const withBom = importDesignBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]), 'a.json');
    expect(plain.ok && plain.design.name).toBe('Café €');
    expect(withBom.ok && withBom.design.name).toBe('Café €');
    expect(decodeDesignText(Uint8Array.of(0x7b, 0x7d), 'x.json')).toEqual({ ok: true, text: '{}' });
  });
});
