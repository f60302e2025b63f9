/** Characters that never need quoting in a POSIX shell word. */
const SAFE_WORD = /^[A-Za-z0-9_./:=@%+,-]+$/;

/**
 * One shell word for POSIX sh/bash/zsh. Inside single quotes nothing is
 * special — not `$`, backslash, backquote or a newline — so the only escape
 * is the single quote itself: close, add \', reopen.
 *
 * @example
 * quoteShellWord("it's $5") // "'it'\\''s $5'"
 */
export function quoteShellWord(value: string): string {
  if (SAFE_WORD.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * JSON in plain ASCII: every non-ASCII UTF-16 unit as \uXXXX (an astral
 * character becomes its surrogate pair, which JSON joins again), controls
 * as JSON escapes. The AWS CLI decodes its arguments with the terminal's
 * locale; ASCII reads the same in every locale, and no invisible or
 * bidirectional character reaches the script.
 */
export function stringifyAsciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
