/**
 * Standard base64 (RFC 4648, with padding): how DynamoDB carries binary
 * values on the wire and prints them in messages. The pure core has neither
 * `Buffer` nor `btoa`, so one implementation serves every layer.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/**
 * Encodes bytes as base64 with padding.
 *
 * @example
 * encodeBase64(Uint8Array.of(0x62)) // "Yg=="
 */
export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    parts.push(
      ALPHABET.charAt(triple >> 18),
      ALPHABET.charAt((triple >> 12) & 63),
      b === undefined ? '=' : ALPHABET.charAt((triple >> 6) & 63),
      c === undefined ? '=' : ALPHABET.charAt(triple & 63),
    );
  }
  return parts.join('');
}

/**
 * Decodes base64 (padding optional, no whitespace), or returns `undefined`
 * when the text is not base64 — callers turn that into their own message.
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
