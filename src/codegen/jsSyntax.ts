import type { LiteralSyntax } from './codeTree';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * A JavaScript string literal. JSON's escaping is valid JavaScript (since
 * ES2019 even U+2028/U+2029 may stand in a string literal); lone surrogates
 * come out as \u escapes, the rest of the text stays readable.
 */
export function printJsString(value: string): string {
  return JSON.stringify(value);
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
