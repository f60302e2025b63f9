import type { LiteralSyntax } from './codeTree';
import { escapeInvisibleCharacters } from './invisibleCharacters';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A JavaScript string literal. JSON's escaping is valid JavaScript; on top of
 * it every invisible or display-changing character (bidirectional controls,
 * zero-width characters, C1 controls, odd spaces, U+2028/U+2029) becomes a
 * \u escape, so the code shows what the string holds. The rest of the text
 * (accents, emoji) stays readable.
 *
 * @example
 * printJsString('05\u202Egnp.exe') // '"05\\u202Egnp.exe"'
 */
export function printJsString(value: string): string {
  return escapeInvisibleCharacters(JSON.stringify(value));
}

/**
 * A property key. `__proto__` must be computed: as `__proto__: x` or
 * `"__proto__": x` an object literal sets its prototype instead of an
 * attribute named __proto__, and the attribute silently disappears.
 */
export function printJsKey(key: string): string {
  if (key === '__proto__') return '["__proto__"]';
  return IDENTIFIER.test(key) ? key : printJsString(key);
}

export const JS_SYNTAX: LiteralSyntax = {
  string: printJsString,
  key: printJsKey,
  number: (value) => String(value),
  boolean: (value) => String(value),
  null: 'null',
  colon: ': ',
  bracePadding: ' ',
  indent: '  ',
};
