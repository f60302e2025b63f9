import { checkBase64, decodeBase64 } from './base64';

/**
 * Binary (B, BS members) typed by a person: as hex (`01 02 03`, `0x010203`,
 * `01:02:03`, `01-02_03`) or as base64 (`AQID`), whichever they chose. One
 * reader for the query builder, the item editor and every other text box, so
 * the same text means the same bytes everywhere. Each encoding is read
 * strictly: `010203` meant as hex can never slip through as base64.
 */

export type BinaryEncoding = 'hex' | 'base64';

export const BINARY_ENCODINGS: readonly BinaryEncoding[] = ['hex', 'base64'];

export type BinaryTextResult = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly message: string };

/** Between hex bytes: spaces (any whitespace), `:`, `_` and `-`. */
const HEX_SEPARATOR = /[\s:_-]/;
const HEX_DIGIT = /[0-9a-fA-F]/;

function readHex(text: string): Uint8Array | string {
  const prefix = /^\s*0x/i.exec(text)?.[0].length ?? 0;
  const digits: number[] = [];
  let position = prefix;
  for (const char of text.slice(prefix)) {
    position++;
    if (HEX_DIGIT.test(char)) digits.push(Number.parseInt(char, 16));
    else if (!HEX_SEPARATOR.test(char)) {
      return `"${char}" is not a hex digit (character ${position} of the text): use 0-9 and a-f, two digits per byte (e.g. 01 02 03)`;
    }
  }
  if (digits.length % 2 === 1) return `${digits.length} hex digits is not a whole number of bytes: use two digits per byte (e.g. 01 02 03, or 0f for f)`;
  const bytes = new Uint8Array(digits.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = ((digits[index * 2] as number) << 4) | (digits[index * 2 + 1] as number);
  return bytes;
}

function readBase64(text: string): Uint8Array | string {
  const compact = text.replace(/\s+/g, '');
  const problem = checkBase64(compact);
  if (problem === undefined) return decodeBase64(compact) as Uint8Array;
  const shown = `"${compact.length > 24 ? `${compact.slice(0, 24)}…` : compact}"`;
  const why =
    problem.kind === 'character'
      ? `: "${problem.character}" (character ${problem.index + 1}) is not a base64 digit`
      : problem.kind === 'bits'
        ? ': its last digit holds bits no byte uses'
        : '';
  const hint = /^[0-9a-fA-F\s]+$/.test(compact) ? ' — it looks like hex: choose hex' : '';
  return `${shown} is not valid base64 (A-Z a-z 0-9 + /, in groups of 4, e.g. AQID for 01 02 03)${why}${hint}`;
}

/**
 * Reads typed text as bytes in the chosen encoding. Hex may start with `0x`
 * and separate its digits with spaces, `:`, `_` or `-`, in either case; base64
 * may hold whitespace and leave out its padding. The message says what is
 * wrong and where (the bad character and its position, counted from 1), and,
 * for hex-looking base64, to switch — without the label: callers prefix where
 * it belongs.
 *
 * @example
 * parseBinaryText("0x01:02-03", "hex") // { ok: true, bytes: Uint8Array [1, 2, 3] }
 * parseBinaryText("AQID", "hex")       // { ok: false, message: '"Q" is not a hex digit (character 2 of the text): …' }
 * parseBinaryText("010203", "base64")  // { ok: false, message: '"010203" is not valid base64 … — it looks like hex: choose hex' }
 */
export function parseBinaryText(text: string, encoding: BinaryEncoding): BinaryTextResult {
  const read = encoding === 'hex' ? readHex(text) : readBase64(text);
  return typeof read === 'string' ? { ok: false, message: read } : { ok: true, bytes: read };
}
