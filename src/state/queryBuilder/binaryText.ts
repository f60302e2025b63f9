import { encodeBase64, parseBinaryText, type BinaryEncoding } from '../../dynamo';
import { formatHexBytes } from '../../keys';

/**
 * Binary (B) values typed in the builder: read by src/dynamo's one
 * binary-as-text parser (hex with `0x`, `:`, `_`, `-` or spaces; canonical
 * base64), printed and previewed here.
 */

/**
 * Prints bytes in an encoding, the inverse of {@link parseBinaryText}.
 *
 * @example
 * formatBinaryText(Uint8Array.of(1, 2, 3), "hex") // "01 02 03"
 */
export function formatBinaryText(bytes: Uint8Array, encoding: BinaryEncoding): string {
  return encoding === 'hex' ? formatHexBytes(bytes) : encodeBase64(bytes);
}

/**
 * What the builder shows under a binary input: the bytes that will be sent,
 * or why the text is not valid. Empty text shows nothing.
 *
 * @example
 * describeBinaryText("AQID", "base64") // "3 bytes: 01 02 03"
 */
export function describeBinaryText(text: string, encoding: BinaryEncoding): string | undefined {
  if (text.trim() === '') return undefined;
  const parsed = parseBinaryText(text, encoding);
  if (!parsed.ok) return undefined;
  const count = parsed.bytes.length;
  if (count === 0) return '0 bytes';
  const shown = count > 64 ? `${formatHexBytes(parsed.bytes.subarray(0, 64))} …` : formatHexBytes(parsed.bytes);
  return `${count} byte${count === 1 ? '' : 's'}: ${shown}`;
}

/**
 * The same bytes typed in another encoding, so switching hex ⇄ base64 keeps
 * what the user entered; text that is not valid in `from` is kept as typed
 * (and then checked against `to`).
 *
 * @example
 * reencodeBinaryText("01 02 03", "hex", "base64") // "AQID"
 */
export function reencodeBinaryText(text: string, from: BinaryEncoding, to: BinaryEncoding): string {
  if (from === to || text.trim() === '') return text;
  const parsed = parseBinaryText(text, from);
  return parsed.ok ? formatBinaryText(parsed.bytes, to) : text;
}
