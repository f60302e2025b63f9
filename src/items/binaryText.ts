import { decodeBase64, encodeBase64 } from '../keys';

/** How the editor shows and reads binary (B, BS members): base64 as DynamoDB JSON does, or hex. */
export type BinaryEncoding = 'base64' | 'hex';

/**
 * Binary as text in the chosen encoding.
 *
 * @example
 * binaryToText(Uint8Array.of(0xff, 0), "hex")    // "ff00"
 * binaryToText(Uint8Array.of(0xff, 0), "base64") // "/wA="
 */
export function binaryToText(bytes: Uint8Array, encoding: BinaryEncoding): string {
  if (encoding === 'base64') return encodeBase64(bytes);
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/**
 * Text in the chosen encoding as bytes, or a message saying what is wrong.
 * Hex may have spaces between bytes and either case.
 *
 * @example
 * textToBinary("FF 00", "hex") // Uint8Array [0xff, 0x00]
 * textToBinary("abc", "hex")   // { problem: "…odd number of hex digits…" }
 */
export function textToBinary(text: string, encoding: BinaryEncoding): Uint8Array | { problem: string } {
  if (encoding === 'base64') {
    const bytes = decodeBase64(text.trim());
    return bytes ?? { problem: `"${shorten(text)}" is not base64: use A–Z, a–z, 0–9, + and / with = padding (or switch the binary view to hex)` };
  }
  const digits = text.replace(/\s+/g, '');
  if (!/^[0-9a-fA-F]*$/.test(digits)) return { problem: `"${shorten(text)}" is not hex: use the digits 0–9 and a–f, two per byte` };
  if (digits.length % 2 !== 0) return { problem: `"${shorten(text)}" has an odd number of hex digits: each byte takes two (0f, not f)` };
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}
