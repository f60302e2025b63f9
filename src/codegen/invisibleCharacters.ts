/**
 * Characters that a reader of generated code cannot see, or that change how
 * the code around them is displayed: controls (C0, DEL, C1), format
 * characters (among them the bidirectional controls U+202A–U+202E,
 * U+2066–U+2069 and U+200E/U+200F, zero-width spaces and joiners, the BOM,
 * the soft hyphen), line and paragraph separators, every space but U+0020,
 * other default-ignorable code points (Hangul fillers, variation selectors)
 * and lone surrogates.
 *
 * Why they are escaped wherever data lands in code: a right-to-left override
 * inside a string literal or a comment makes an editor show the code in an
 * order other than the one it runs in ("Trojan Source", CVE-2021-42574), and
 * `05\u202Egnp.exe` reads as `05exe.png`; a zero-width space makes two keys
 * that look equal differ.
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/** A code point as a JavaScript escape: `\u202E` in the BMP, `\u{E0001}` beyond it. */
function jsEscape(codePoint: number): string {
  const hex = codePoint.toString(16).toUpperCase();
  return codePoint > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

/**
 * Replaces every invisible or display-changing character (see above; an
 * ordinary space stays) by its JavaScript escape. Inside a JavaScript string
 * literal the escape means the same character, so the value is unchanged;
 * inside a comment (in any language) it shows the reader what is there.
 *
 * @example
 * escapeInvisibleCharacters("05\u202Egnp.exe") // "05\\u202Egnp.exe"
 * escapeInvisibleCharacters("a b\u00A0c")      // "a b\\u00A0c"
 */
export function escapeInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_CHARACTER, (character) => (character === ' ' ? character : jsEscape(character.codePointAt(0) as number)));
}

/**
 * True when the text holds only printable ASCII (and newlines): nothing in it
 * is invisible, and it reads the same in every terminal locale.
 *
 * @example
 * isVisibleAscii("#pk = :pk") // true
 * isVisibleAscii("a\u202Eb")  // false
 * isVisibleAscii("tab\there") // false
 */
export function isVisibleAscii(text: string): boolean {
  return /^[\n\u0020-\u007e]*$/.test(text);
}
