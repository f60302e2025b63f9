import { encodeBase64, parseBinaryText, type BinaryEncoding } from '../dynamo';

/**
 * Binary as text in the chosen encoding: base64 as DynamoDB JSON does, or hex
 * (two digits per byte, no separators).
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
 * Text in the chosen encoding as bytes, or a message saying what is wrong and
 * where: src/dynamo's one binary-as-text reader, so the editor takes what the
 * query builder takes (hex with `0x`, `:`, `_`, `-` or spaces, either case;
 * canonical base64).
 *
 * @example
 * textToBinary("0xFF:00", "hex") // Uint8Array [0xff, 0x00]
 * textToBinary("abc", "hex")     // { problem: "3 hex digits is not a whole number of bytes: …" }
 */
export function textToBinary(text: string, encoding: BinaryEncoding): Uint8Array | { problem: string } {
  const read = parseBinaryText(text, encoding);
  return read.ok ? read.bytes : { problem: read.message };
}
