import { decodeBase64, encodeBase64, formatHexBytes } from '../../keys';

/**
 * Binary (B) values typed in the builder: as hex (`01 02 03`, `0x010203`) or
 * as base64 (`AQID`), whichever the user chose. Each is read strictly, so
 * `010203` meant as hex can never slip through as base64 (`01020w==`).
 */

export type BinaryEncoding = 'hex' | 'base64';

export const BINARY_ENCODINGS: readonly BinaryEncoding[] = ['hex', 'base64'];

export type BinaryTextResult = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly message: string };

function readHex(text: string): Uint8Array | string {
  const compact = text.replace(/^0x/i, '').replace(/[\s:_-]+/g, '');
  if (!/^[0-9a-fA-F]*$/.test(compact)) {
    const bad = [...compact].find((char) => !/[0-9a-fA-F]/.test(char)) ?? '';
    return `"${bad}" is not a hex digit: use 0-9 and a-f, two digits per byte (e.g. 01 02 03)`;
  }
  if (compact.length % 2 === 1) return `${compact.length} hex digits is not a whole number of bytes: use two digits per byte (e.g. 01 02 03)`;
  const bytes = new Uint8Array(compact.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(compact.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function readBase64(text: string): Uint8Array | string {
  const compact = text.replace(/\s+/g, '');
  const bytes = decodeBase64(compact);
  // Only canonical base64 passes: the text must be what encoding its bytes gives back (padding optional).
  if (!bytes || encodeBase64(bytes).replace(/=+$/, '') !== compact.replace(/=+$/, '')) {
    const hint = /^[0-9a-fA-F\s]+$/.test(compact) ? ' — it looks like hex: choose hex' : '';
    return `"${compact.length > 24 ? `${compact.slice(0, 24)}…` : compact}" is not valid base64 (A-Z a-z 0-9 + /, in groups of 4, e.g. AQID for 01 02 03)${hint}`;
  }
  return bytes;
}

/**
 * Reads typed text as bytes in the chosen encoding; spaces between bytes are
 * ignored. The message says what is wrong (and, for hex-looking base64, to
 * switch), without the label: callers prefix where it belongs.
 *
 * @example
 * parseBinaryText("01 02 03", "hex")  // { ok: true, bytes: Uint8Array [1, 2, 3] }
 * parseBinaryText("010203", "base64") // { ok: false, message: '"010203" is not valid base64 … — it looks like hex: choose hex' }
 */
export function parseBinaryText(text: string, encoding: BinaryEncoding): BinaryTextResult {
  const read = encoding === 'hex' ? readHex(text) : readBase64(text);
  return typeof read === 'string' ? { ok: false, message: read } : { ok: true, bytes: read };
}

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
