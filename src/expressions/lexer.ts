/**
 * The tokens of DynamoDB's expression language, shared by all five kinds of
 * expression (DynamoDB uses one lexer: `SET` is a keyword in a
 * FilterExpression too, and `and` can't name an attribute in an update).
 *
 * Token rules, as DynamoDB reads them:
 * - whitespace is space, tab, CR and LF only (a form feed is a token);
 * - a name is `[A-Za-z][A-Za-z0-9_]*` (so `_a` is the token `_` then `a`);
 * - `#` / `:` followed by `[A-Za-z0-9_]+` is a name / value placeholder, a
 *   lone `#` or `:` is a token of its own;
 * - a list index is `0` or `[1-9][0-9]*` (so `01` is `0` then `1`);
 * - AND OR NOT BETWEEN IN SET REMOVE ADD DELETE are keywords, in any case;
 * - anything else is a one-character token (one UTF-16 code unit, so an
 *   emoji is two tokens), which the parser then rejects.
 */

/**
 * What a token is. Punctuation and keywords are their own kind.
 *
 * @example
 * tokenize("#n <= :v")[1].kind // "<="
 */
export type TokenKind =
  | 'name'
  | 'nameRef'
  | 'valueRef'
  | 'number'
  | Keyword
  | '('
  | ')'
  | '['
  | ']'
  | ','
  | '.'
  | '='
  | '<>'
  | '<'
  | '<='
  | '>'
  | '>='
  | '+'
  | '-'
  | 'unknown'
  | 'eof';

/**
 * The keywords, upper case (they match in any case).
 *
 * @example
 * tokenize("Between")[0].kind // "BETWEEN"
 */
export type Keyword = 'AND' | 'OR' | 'NOT' | 'BETWEEN' | 'IN' | 'SET' | 'REMOVE' | 'ADD' | 'DELETE';

/**
 * A token: its kind and its `[start, end)` range in the text. The `eof` token is empty, at the end.
 *
 * @example
 * tokenize("ab")[0] // { kind: "name", start: 0, end: 2 }
 */
export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
}

const KEYWORDS: ReadonlyMap<string, Keyword> = new Map<string, Keyword>([
  ['and', 'AND'],
  ['or', 'OR'],
  ['not', 'NOT'],
  ['between', 'BETWEEN'],
  ['in', 'IN'],
  ['set', 'SET'],
  ['remove', 'REMOVE'],
  ['add', 'ADD'],
  ['delete', 'DELETE'],
]);

/** Longest keyword ("BETWEEN"): longer names skip the keyword lookup. */
const MAX_KEYWORD_LENGTH = 7;

const CHAR_TAB = 0x09;
const CHAR_LINE_FEED = 0x0a;
const CHAR_CARRIAGE_RETURN = 0x0d;
const CHAR_SPACE = 0x20;
const CHAR_HASH = 0x23;
const CHAR_LEFT_PAREN = 0x28;
const CHAR_RIGHT_PAREN = 0x29;
const CHAR_PLUS = 0x2b;
const CHAR_COMMA = 0x2c;
const CHAR_MINUS = 0x2d;
const CHAR_DOT = 0x2e;
const CHAR_ZERO = 0x30;
const CHAR_ONE = 0x31;
const CHAR_NINE = 0x39;
const CHAR_COLON = 0x3a;
const CHAR_LESS = 0x3c;
const CHAR_EQUALS = 0x3d;
const CHAR_GREATER = 0x3e;
const CHAR_UPPER_A = 0x41;
const CHAR_UPPER_Z = 0x5a;
const CHAR_LEFT_BRACKET = 0x5b;
const CHAR_RIGHT_BRACKET = 0x5d;
const CHAR_UNDERSCORE = 0x5f;
const CHAR_LOWER_A = 0x61;
const CHAR_LOWER_Z = 0x7a;

function isLetter(c: number): boolean {
  return (c >= CHAR_LOWER_A && c <= CHAR_LOWER_Z) || (c >= CHAR_UPPER_A && c <= CHAR_UPPER_Z);
}

function isDigit(c: number): boolean {
  return c >= CHAR_ZERO && c <= CHAR_NINE;
}

/** `[A-Za-z0-9_]`: the characters after the first of a name or placeholder. */
function isNamePart(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === CHAR_UNDERSCORE;
}

/**
 * Splits an expression into tokens. Never throws: characters the language
 * doesn't know become `unknown` tokens for the parser to report. The last
 * token is always `eof`. Linear in the length of `text`, no regular
 * expressions.
 *
 * @example
 * tokenize("a.b[0] <> :v").map((t) => t.kind)
 * // ["name", ".", "name", "[", "number", "]", "<>", "valueRef", "eof"]
 * tokenize("not #n").map((t) => t.kind) // ["NOT", "nameRef", "eof"]
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === CHAR_SPACE || c === CHAR_TAB || c === CHAR_LINE_FEED || c === CHAR_CARRIAGE_RETURN) {
      i++;
      continue;
    }
    const start = i;
    let kind: TokenKind;
    if (isLetter(c)) {
      i++;
      while (i < length && isNamePart(text.charCodeAt(i))) i++;
      kind = (i - start <= MAX_KEYWORD_LENGTH && KEYWORDS.get(text.slice(start, i).toLowerCase())) || 'name';
    } else if (c === CHAR_HASH || c === CHAR_COLON) {
      i++;
      while (i < length && isNamePart(text.charCodeAt(i))) i++;
      kind = i - start === 1 ? 'unknown' : c === CHAR_HASH ? 'nameRef' : 'valueRef';
    } else if (c === CHAR_ZERO) {
      i++;
      kind = 'number';
    } else if (c >= CHAR_ONE && c <= CHAR_NINE) {
      i++;
      while (i < length && isDigit(text.charCodeAt(i))) i++;
      kind = 'number';
    } else {
      i++;
      const next = i < length ? text.charCodeAt(i) : -1;
      switch (c) {
        case CHAR_LEFT_PAREN:
          kind = '(';
          break;
        case CHAR_RIGHT_PAREN:
          kind = ')';
          break;
        case CHAR_LEFT_BRACKET:
          kind = '[';
          break;
        case CHAR_RIGHT_BRACKET:
          kind = ']';
          break;
        case CHAR_COMMA:
          kind = ',';
          break;
        case CHAR_DOT:
          kind = '.';
          break;
        case CHAR_EQUALS:
          kind = '=';
          break;
        case CHAR_PLUS:
          kind = '+';
          break;
        case CHAR_MINUS:
          kind = '-';
          break;
        case CHAR_LESS:
          if (next === CHAR_EQUALS || next === CHAR_GREATER) {
            i++;
            kind = next === CHAR_EQUALS ? '<=' : '<>';
          } else kind = '<';
          break;
        case CHAR_GREATER:
          if (next === CHAR_EQUALS) {
            i++;
            kind = '>=';
          } else kind = '>';
          break;
        default:
          kind = 'unknown';
      }
    }
    tokens.push({ kind, start, end: i });
  }
  tokens.push({ kind: 'eof', start: length, end: length });
  return tokens;
}
