import { crc32 } from 'node:zlib';

/**
 * A checksum at the end of every line of a table file (format 2), so a
 * changed byte is caught instead of served:
 *
 * ```
 * {"w":[{"p":{"id":{"S":"a"}}}],"c":"1a2b3c4d"}
 * └──────── checksummed ───────┘
 * ```
 *
 * The line stays one JSON object (jq and friends still read the file); the
 * checksum is the CRC-32 (zlib's, native) of the line's UTF-8 bytes before
 * `,"c":`, as 8 hex digits. Fixed width, so checking it needs no parse.
 */

/** `,"c":"` + 8 hex digits + `"}`. */
const SEAL_LENGTH = 16;
const SEAL_START = Buffer.from(',"c":"', 'latin1');
const QUOTE = 0x22;
const CLOSE_BRACE = 0x7d;

/**
 * A line from its body (a JSON object without its closing brace): the body,
 * its checksum, the closing brace and the newline.
 *
 * @example
 * sealLine('{"w":[]') // '{"w":[],"c":"…8 hex digits…"}\n'
 */
export function sealLine(body: string): string {
  return body + ',"c":"' + crc32(body).toString(16).padStart(8, '0') + '"}\n';
}

/**
 * Checks the line `bytes[start, end)` (no newline). Undefined when its
 * checksum matches; else what is wrong, for the user.
 */
export function checkLine(bytes: Buffer, start: number, end: number): string | undefined {
  const bodyEnd = end - SEAL_LENGTH;
  if (
    bodyEnd <= start ||
    bytes.compare(SEAL_START, 0, SEAL_START.length, bodyEnd, bodyEnd + SEAL_START.length) !== 0 ||
    bytes[end - 2] !== QUOTE ||
    bytes[end - 1] !== CLOSE_BRACE
  ) {
    return 'it has no checksum';
  }
  // The 8 hex digits, read in place (this runs once per line of every file loaded).
  let stored = 0;
  for (let i = bodyEnd + SEAL_START.length; i < end - 2; i++) {
    const digit = hexDigit(bytes[i] as number);
    if (digit < 0) return 'its checksum is not 8 hex digits';
    stored = stored * 16 + digit;
  }
  return stored === crc32(bytes.subarray(start, bodyEnd)) ? undefined : 'its checksum does not match: the line changed after it was written';
}

/** A lowercase hex digit's value, or -1. */
function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x61 + 10;
  return -1;
}
