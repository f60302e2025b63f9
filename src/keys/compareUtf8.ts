import { isLowSurrogate, utf8ByteLength } from './codecs';

/**
 * Compares two strings by their UTF-8 bytes, unsigned — the order DynamoDB
 * gives string (S) keys.
 *
 * Contract: returns a negative number when `a` sorts before `b`, zero when the
 * strings are equal, a positive number when `a` sorts after `b`; ascending
 * order is the order a DynamoDB Query returns with `ScanIndexForward: true`.
 *
 * Why not `<` or a locale-aware comparison: `<` compares UTF-16 code units, so a
 * character outside the Basic Multilingual Plane (stored as a surrogate pair,
 * 0xD800–0xDFFF) sorts *before* U+E000..U+FFFF, while in UTF-8 it sorts after.
 * A locale-aware comparison applies language rules and is not byte order at all.
 *
 * UTF-8 byte order equals Unicode code point order, so we walk UTF-16 code
 * units and only fix up the one place where the two orders disagree: at the
 * first differing unit, if both units are ≥ 0xD800, surrogates are moved
 * above U+E000..U+FFFF (the "code point order" fix-up used by ICU). No
 * allocation, no encoding: this runs millions of times per sort.
 *
 * @example
 * ["9", "10", "240", "1500"].sort(compareUtf8)   // ["10", "1500", "240", "9"]
 * compareUtf8("\uFFFF", "𝄞") < 0                 // true (JS `<` says the opposite)
 */
export function compareUtf8(a: string, b: string): number {
  // No `a === b` shortcut: for equal strings it compares every unit once more than the loop does.
  const length = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        x = fixUpForCodePointOrder(x);
        y = fixUpForCodePointOrder(y);
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Surrogates (0xD800–0xDFFF) move above 0xE000–0xFFFF; order inside each range is kept. */
function fixUpForCodePointOrder(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/**
 * The UTF-8 bytes of `value`. Used for display (the byte inspector), not for
 * comparison: {@link compareUtf8} never allocates.
 *
 * @example
 * encodeUtf8("é") // Uint8Array [0xc3, 0xa9]
 */
export function encodeUtf8(value: string): Uint8Array {
  const out = new Uint8Array(utf8ByteLength(value));
  let o = 0;
  for (let i = 0; i < value.length; i++) {
    let cp = value.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && isLowSurrogate(value.charCodeAt(i + 1))) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (value.charCodeAt(i + 1) - 0xdc00);
      i++;
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      cp = 0xfffd;
    }
    if (cp < 0x80) out[o++] = cp;
    else if (cp < 0x800) {
      out[o++] = 0xc0 | (cp >> 6);
      out[o++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      out[o++] = 0xe0 | (cp >> 12);
      out[o++] = 0x80 | ((cp >> 6) & 0x3f);
      out[o++] = 0x80 | (cp & 0x3f);
    } else {
      out[o++] = 0xf0 | (cp >> 18);
      out[o++] = 0x80 | ((cp >> 12) & 0x3f);
      out[o++] = 0x80 | ((cp >> 6) & 0x3f);
      out[o++] = 0x80 | (cp & 0x3f);
    }
  }
  return out;
}

/**
 * Compares byte arrays as unsigned bytes, a prefix first — DynamoDB's order
 * for binary (B) keys. Same contract as {@link compareUtf8}.
 *
 * @example
 * compareBytes(Uint8Array.of(0x01), Uint8Array.of(0x01, 0x00)) < 0 // true
 * compareBytes(Uint8Array.of(0x7f), Uint8Array.of(0x80)) < 0       // true (unsigned)
 */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}
