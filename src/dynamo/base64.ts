/**
 * Standard base64 (RFC 4648, with padding): how DynamoDB carries binary
 * values on the wire and prints them in messages. The pure core has neither
 * `Buffer` nor `btoa`, so one implementation serves every layer.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
/** Every pair of base64 digits (12 bits) as one string: half the steps of digit-at-a-time for short values. */
const PAIRS: string[] = [];
for (let i = 0; i < 4096; i++) PAIRS.push(ALPHABET.charAt(i >> 6) + ALPHABET.charAt(i & 63));
/** Above this many bytes the text is built as ASCII bytes and decoded once (no string per group; UTF-8's decoder has an ASCII fast path). */
const LONG = 96;
const ascii = new TextDecoder();

/**
 * Encodes bytes as base64 with padding.
 *
 * @example
 * encodeBase64(Uint8Array.of(0x62)) // "Yg=="
 */
export function encodeBase64(bytes: Uint8Array): string {
  const whole = bytes.length - (bytes.length % 3);
  let text = '';
  if (bytes.length > LONG) {
    const out = new Uint8Array(((bytes.length + 2) / 3) << 2);
    let o = 0;
    for (let i = 0; i < whole; i += 3) {
      const triple = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
      out[o++] = CODES[triple >> 18] as number;
      out[o++] = CODES[(triple >> 12) & 63] as number;
      out[o++] = CODES[(triple >> 6) & 63] as number;
      out[o++] = CODES[triple & 63] as number;
    }
    text = ascii.decode(out.subarray(0, o));
  } else {
    for (let i = 0; i < whole; i += 3) {
      const triple = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
      text += (PAIRS[triple >> 12] as string) + (PAIRS[triple & 4095] as string);
    }
  }
  const rest = bytes.length - whole;
  if (rest === 1) {
    const a = bytes[whole] as number;
    text += ALPHABET.charAt(a >> 2) + ALPHABET.charAt((a & 3) << 4) + '==';
  } else if (rest === 2) {
    const pair = ((bytes[whole] as number) << 8) | (bytes[whole + 1] as number);
    text += ALPHABET.charAt(pair >> 10) + ALPHABET.charAt((pair >> 4) & 63) + ALPHABET.charAt((pair & 15) << 2) + '=';
  }
  return text;
}

/**
 * Decodes base64 (padding optional, no whitespace), or returns `undefined`
 * when the text is not base64 — callers turn that into their own message.
 * Lenient about unused bits in the last digit (`"AR=="` reads as `01`); use
 * {@link checkBase64} where DynamoDB's strictness is wanted.
 *
 * @example
 * decodeBase64("AQID")  // Uint8Array [1, 2, 3]
 * decodeBase64("A?")    // undefined
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  if (text.length - end > 2 || end % 4 === 1 || (text.length !== end && text.length % 4 !== 0)) return undefined;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (DECODE[code] as number) : -1;
    if (value < 0) return undefined;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (buffer >> bits) & 0xff;
    }
  }
  return out;
}

/**
 * Why text is not canonical base64 — the first problem, reading left to right:
 * - `length`: the length is not a whole number of 4-digit groups (only when padding is required);
 * - `character`: `character` at `index` (0-based) is not a base64 digit (nor `=`);
 * - `padding`: `=` where it cannot be (inside the text, more than two, or a group of one digit);
 * - `bits`: the last digit carries bits no byte uses (`"AR=="`): not what encoding any bytes gives.
 */
export type Base64Problem =
  | { readonly kind: 'length'; readonly length: number }
  | { readonly kind: 'character'; readonly character: string; readonly index: number }
  | { readonly kind: 'padding' }
  | { readonly kind: 'bits' };

/**
 * The first reason `text` is not canonical base64, or `undefined` when it is
 * (what encoding its bytes gives back; padding optional unless `requirePadding`,
 * as DynamoDB's wire requires it).
 *
 * @example
 * checkBase64("AQID")         // undefined
 * checkBase64("AQ")           // undefined
 * checkBase64("AQ", true)     // { kind: "length", length: 2 }
 * checkBase64("A?ID")         // { kind: "character", character: "?", index: 1 }
 * checkBase64("AR==")         // { kind: "bits" }
 */
export function checkBase64(text: string, requirePadding = false): Base64Problem | undefined {
  if (requirePadding && text.length % 4 !== 0) return { kind: 'length', length: text.length };
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x3d) end--;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || (DECODE[code] as number) < 0) {
      if (code === 0x3d) continue;
      return { kind: 'character', character: String.fromCodePoint(text.codePointAt(i) as number), index: i };
    }
  }
  if (text.indexOf('=') < end && text.indexOf('=') >= 0) return { kind: 'padding' };
  if (text.length - end > 2 || end % 4 === 1 || (text.length !== end && text.length % 4 !== 0)) return { kind: 'padding' };
  const last = end > 0 ? (DECODE[text.charCodeAt(end - 1)] as number) : 0;
  if ((end % 4 === 2 && (last & 15) !== 0) || (end % 4 === 3 && (last & 3) !== 0)) return { kind: 'bits' };
  return undefined;
}

/**
 * Decodes canonical base64 only (see {@link checkBase64}), or `undefined`.
 *
 * @example
 * decodeCanonicalBase64("AQ==") // Uint8Array [1]
 * decodeCanonicalBase64("AR==") // undefined
 */
export function decodeCanonicalBase64(text: string, requirePadding = false): Uint8Array | undefined {
  return checkBase64(text, requirePadding) === undefined ? decodeBase64(text) : undefined;
}
