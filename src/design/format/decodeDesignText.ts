import type { DesignProblem } from '../design.types';

/**
 * Design files and share links are UTF-8 text. Bytes that are not UTF-8 are
 * refused, never replaced by U+FFFD: a replaced byte would silently change a
 * name or a key template, and the file would no longer say what it said.
 */

export type DesignTextResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly errors: readonly DesignProblem[] };

/**
 * The offset of the first byte that does not start or continue a valid UTF-8
 * sequence (WHATWG / RFC 3629: no overlong forms, no surrogates, nothing past
 * U+10FFFF), or undefined when all of `bytes` is UTF-8. A sequence cut off
 * by the end of the bytes is invalid at its first byte.
 *
 * @example
 * findInvalidUtf8(new TextEncoder().encode("ok €")) // undefined
 * findInvalidUtf8(Uint8Array.of(0x61, 0xc3, 0x28))   // 1
 */
export function findInvalidUtf8(bytes: Uint8Array): number | undefined {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] as number;
    if (lead < 0x80) {
      at++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0; // overlong
      if (lead === 0xed) high = 0x9f; // surrogates
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90; // overlong
      if (lead === 0xf4) high = 0x8f; // past U+10FFFF
    } else return at;
    for (let i = 1; i < length; i++) {
      const next = bytes[at + i];
      if (next === undefined || next < (i === 1 ? low : 0x80) || next > (i === 1 ? high : 0xbf)) return at;
    }
    at += length;
  }
  return undefined;
}

/**
 * The text of a design file's bytes (a leading byte-order mark dropped), or
 * one problem naming the byte offset where the bytes stop being UTF-8.
 *
 * @example
 * decodeDesignText(Uint8Array.of(0x7b, 0xff, 0x7d), "shop.json")
 * // { ok: false, errors: [{ path: "", message: "shop.json is not UTF-8 text: the byte at offset 1 (0xFF) …" }] }
 */
export function decodeDesignText(bytes: Uint8Array, fileName: string): DesignTextResult {
  // The usual case in one native pass; the offset is looked for only when the bytes are refused.
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Not UTF-8: say where.
  }
  const invalid = findInvalidUtf8(bytes) ?? 0;
  const shown = Array.from(
    bytes.subarray(invalid, Math.min(invalid + 4, bytes.length)),
    (byte) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join(' ');
  const line = countLines(bytes, invalid);
  return {
    ok: false,
    errors: [
      {
        path: '',
        severity: 'error',
        message: `${fileName} is not UTF-8 text: the bytes at offset ${invalid.toLocaleString('en-US')} (line ${line}: ${shown}) are not UTF-8, so nothing was read rather than replace them. Save the file as UTF-8 (in most editors: Save with encoding → UTF-8) and import it again.`,
      },
    ],
  };
}

function countLines(bytes: Uint8Array, end: number): number {
  let line = 1;
  for (let i = 0; i < end; i++) if (bytes[i] === 0x0a) line++;
  return line;
}
