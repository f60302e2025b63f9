/*
 * Reads the object literals of a JavaScript or TypeScript module WITHOUT
 * running any of it: a tokenizer and a reader of JSON-like literals only —
 * quoted and unquoted keys, ' " and ` strings without ${} interpolation,
 * numbers, booleans, null, arrays, nested objects, comments and trailing
 * commas, with TypeScript's `as const`, `satisfies T` and type annotations
 * stepped over. Anything else in a value (a function, an identifier, a call,
 * a spread, a computed key, an interpolation) is kept as `unread` with its
 * line, column and what it was, never evaluated and never guessed.
 * Objects are Maps, so a key named __proto__ is a key like any other.
 */

/** 1-based line and column in the module text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

export type LiteralValue =
  | { readonly kind: 'string'; readonly value: string; readonly at: TextPosition }
  | { readonly kind: 'number'; readonly text: string; readonly at: TextPosition }
  | { readonly kind: 'boolean'; readonly value: boolean; readonly at: TextPosition }
  | { readonly kind: 'null'; readonly at: TextPosition }
  | { readonly kind: 'array'; readonly items: readonly LiteralValue[]; readonly at: TextPosition }
  | ObjectLiteral
  | UnreadValue;

export interface ObjectLiteral {
  readonly kind: 'object';
  readonly entries: ReadonlyMap<string, LiteralValue>;
  /** Spreads, computed keys and methods: members the reader could not name or read. */
  readonly unread: readonly UnreadValue[];
  readonly at: TextPosition;
}

/** Something the reader does not evaluate: what it was (`a function`) and its text, shortened. */
export interface UnreadValue {
  readonly kind: 'unread';
  readonly what: string;
  readonly text: string;
  readonly at: TextPosition;
}

/** Where the module stops being readable at all (an unterminated string, nesting too deep). */
export class ModuleReadError extends Error {
  constructor(
    message: string,
    readonly at: TextPosition,
  ) {
    super(message);
  }
}

/** Nesting deeper than this is refused (a hostile file must not exhaust the stack). */
export const MAX_LITERAL_DEPTH = 64;

type TokenKind = 'identifier' | 'string' | 'template' | 'number' | 'punctuation' | 'regex';

interface Token {
  readonly kind: TokenKind;
  /** The token's text; for strings and templates without interpolation, the value. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** A template literal holding `${`. */
  readonly interpolated?: boolean;
}

const PUNCTUATORS = ['...', '=>', '?.', '??', '===', '!==', '==', '!=', '<=', '>=', '&&', '||', '++', '--', '**'];

/** After these a `/` starts a regular expression, not a division. */
function regexAllowedAfter(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'punctuation') return !(previous.text === ')' || previous.text === ']' || previous.text === '}');
  if (previous.kind === 'identifier')
    return ['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await'].includes(previous.text);
  return false;
}

/**
 * Splits module text into tokens, dropping comments and white space.
 * Throws ModuleReadError for an unterminated string, template or comment.
 */
export function tokenizeModule(text: string): { tokens: Token[]; positionOf: (offset: number) => TextPosition } {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const positionOf = (offset: number): TextPosition => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
  const fail = (message: string, offset: number): never => {
    throw new ModuleReadError(message, positionOf(offset));
  };
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF' || c === '\u00A0' || c === '\u2028' || c === '\u2029') {
      i += 1;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) fail('a comment is never closed (*/ missing)', i);
      i = end + 2;
    } else if (c === '"' || c === "'") {
      const { value, end } = readQuoted(text, i, fail);
      tokens.push({ kind: 'string', text: value, start: i, end });
      i = end;
    } else if (c === '`') {
      const { value, end, interpolated } = readTemplate(text, i, fail);
      tokens.push({ kind: 'template', text: value, start: i, end, interpolated });
      i = end;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?)n?/.exec(text.slice(i, i + 400));
      const length = match?.[0].length || 1;
      tokens.push({ kind: 'number', text: text.slice(i, i + length), start: i, end: i + length });
      i += length;
    } else if (/[A-Za-z_$\u0080-\uFFFF]/.test(c)) {
      let end = i + 1;
      while (end < text.length && /[\w$\u0080-\uFFFF]/.test(text[end]!)) end += 1;
      tokens.push({ kind: 'identifier', text: text.slice(i, end), start: i, end });
      i = end;
    } else if (c === '/' && regexAllowedAfter(tokens[tokens.length - 1])) {
      const end = readRegex(text, i, fail);
      tokens.push({ kind: 'regex', text: text.slice(i, end), start: i, end });
      i = end;
    } else {
      const punctuator = PUNCTUATORS.find((candidate) => text.startsWith(candidate, i)) ?? c;
      tokens.push({ kind: 'punctuation', text: punctuator, start: i, end: i + punctuator.length });
      i += punctuator.length;
    }
  }
  return { tokens, positionOf };
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** One escape sequence at `i` (just after the backslash): the character(s) and where reading goes on. */
function readEscape(text: string, i: number, fail: (message: string, offset: number) => never): { value: string; next: number } {
  const c = text[i];
  if (c === undefined) return fail('a string ends in a backslash', i);
  if (c === '\r' && text[i + 1] === '\n') return { value: '', next: i + 2 };
  if (c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029') return { value: '', next: i + 1 };
  if (c === 'x') {
    const hex = text.slice(i + 1, i + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) fail('a \\x escape needs two hex digits', i - 1);
    return { value: String.fromCharCode(parseInt(hex, 16)), next: i + 3 };
  }
  if (c === 'u') {
    if (text[i + 1] === '{') {
      const close = text.indexOf('}', i + 2);
      const hex = close < 0 ? '' : text.slice(i + 2, close);
      if (!/^[0-9a-fA-F]{1,6}$/.test(hex) || parseInt(hex, 16) > 0x10ffff) fail('a \\u{…} escape needs a code point in hex', i - 1);
      return { value: String.fromCodePoint(parseInt(hex, 16)), next: close + 1 };
    }
    const hex = text.slice(i + 1, i + 5);
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('a \\u escape needs four hex digits', i - 1);
    return { value: String.fromCharCode(parseInt(hex, 16)), next: i + 5 };
  }
  return { value: ESCAPES[c] ?? c, next: i + 1 };
}

function readQuoted(text: string, start: number, fail: (message: string, offset: number) => never): { value: string; end: number } {
  const quote = text[start];
  const parts: string[] = [];
  let i = start + 1;
  let run = i;
  // Jumps from one quote, backslash or line end to the next (a string may be megabytes long).
  const special = quote === '"' ? /["\\\n\r]/g : /['\\\n\r]/g;
  while (i < text.length) {
    special.lastIndex = i;
    const found = special.exec(text);
    if (!found) break;
    i = found.index;
    const c = text[i];
    if (c === quote) {
      parts.push(text.slice(run, i));
      return { value: parts.join(''), end: i + 1 };
    }
    if (c === '\n' || c === '\r') break;
    parts.push(text.slice(run, i));
    const escape = readEscape(text, i + 1, fail);
    parts.push(escape.value);
    i = escape.next;
    run = i;
  }
  return fail(`a string is never closed (${quote} missing before the end of the line)`, start);
}

/** A template literal; its value only when it has no `${…}` (then `interpolated`, and the nested braces are skipped). */
function readTemplate(text: string, start: number, fail: (message: string, offset: number) => never): { value: string; end: number; interpolated: boolean } {
  const parts: string[] = [];
  let interpolated = false;
  let i = start + 1;
  let run = i;
  while (i < text.length) {
    const c = text[i];
    if (c === '`') {
      parts.push(text.slice(run, i));
      return { value: parts.join(''), end: i + 1, interpolated };
    }
    if (c === '\\') {
      parts.push(text.slice(run, i));
      const escape = readEscape(text, i + 1, fail);
      parts.push(escape.value);
      i = escape.next;
      run = i;
    } else if (c === '$' && text[i + 1] === '{') {
      interpolated = true;
      // Skip the expression by counting braces, stepping over strings and nested templates.
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        const d = text[i]!;
        if (d === '{') depth += 1;
        else if (d === '}') depth -= 1;
        else if (d === '"' || d === "'") {
          i = readQuoted(text, i, fail).end;
          continue;
        } else if (d === '`') {
          i = readTemplate(text, i, fail).end;
          continue;
        }
        i += 1;
      }
      run = i;
    } else {
      i += 1;
    }
  }
  return fail('a template string is never closed (` missing)', start);
}

function readRegex(text: string, start: number, fail: (message: string, offset: number) => never): number {
  let i = start + 1;
  let inClass = false;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') break;
    if (c === '\\') i += 2;
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        i += 1;
        while (i < text.length && /[a-z]/i.test(text[i]!)) i += 1;
        return i;
      }
      i += 1;
    }
  }
  return fail('a regular expression is never closed (/ missing)', start);
}

/** Reads literals from the token list; `index` is the next token. */
export class LiteralReader {
  index = 0;
  constructor(
    readonly text: string,
    readonly tokens: readonly Token[],
    readonly positionOf: (offset: number) => TextPosition,
  ) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  isPunctuation(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === 'punctuation' && token.text === text;
  }

  private at(token: Token | undefined): TextPosition {
    return this.positionOf(token ? token.start : this.text.length);
  }

  /** Reads one value: a literal, or what the reader skipped as `unread`. */
  readValue(depth = 0): LiteralValue {
    const token = this.peek();
    if (!token) throw new ModuleReadError('the module ends where a value was expected', this.at(token));
    if (depth > MAX_LITERAL_DEPTH)
      throw new ModuleReadError(`literals are nested more than ${MAX_LITERAL_DEPTH} deep here; Keylab stops reading`, this.at(token));
    const start = this.index;
    const value = this.readLiteral(token, depth);
    this.skipTypeSuffix();
    // A literal followed by more of an expression ("a" + b, x.y, f()) is an expression.
    if (value.kind !== 'unread' && !this.atValueEnd()) {
      this.index = start;
      return this.skipExpression('an expression');
    }
    return value;
  }

  private readLiteral(token: Token, depth: number): LiteralValue {
    const at = this.at(token);
    if (token.kind === 'punctuation' && token.text === '{') return this.readObject(depth);
    if (token.kind === 'punctuation' && token.text === '[') return this.readArray(depth);
    if (token.kind === 'string') {
      this.index += 1;
      return { kind: 'string', value: token.text, at };
    }
    if (token.kind === 'template') {
      if (token.interpolated) return this.skipExpression('a template string with ${…} interpolation');
      this.index += 1;
      return { kind: 'string', value: token.text, at };
    }
    if (token.kind === 'number') {
      this.index += 1;
      return { kind: 'number', text: token.text.replace(/_/g, ''), at };
    }
    if (token.kind === 'punctuation' && token.text === '-' && this.peek(1)?.kind === 'number') {
      const number = this.peek(1)!;
      this.index += 2;
      return { kind: 'number', text: `-${number.text.replace(/_/g, '')}`, at };
    }
    if (token.kind === 'identifier') {
      if (token.text === 'true' || token.text === 'false') {
        this.index += 1;
        return { kind: 'boolean', value: token.text === 'true', at };
      }
      if (token.text === 'null') {
        this.index += 1;
        return { kind: 'null', at };
      }
      if (token.text === 'function' || token.text === 'async') return this.skipExpression('a function');
      if (token.text === 'new') return this.skipExpression('a constructor call');
      if (this.peek(1)?.kind === 'punctuation' && this.peek(1)!.text === '=>') return this.skipExpression('a function');
      return this.skipExpression(this.isValueEndAt(1) ? `the identifier ${token.text} (a variable or import the reader cannot see)` : 'an expression');
    }
    if (token.kind === 'punctuation' && token.text === '(') return this.skipExpression(this.looksLikeArrow() ? 'a function' : 'an expression');
    if (token.kind === 'regex') return this.skipExpression('a regular expression');
    return this.skipExpression('an expression');
  }

  private readObject(depth: number): ObjectLiteral {
    const at = this.at(this.peek());
    this.index += 1; // {
    const entries = new Map<string, LiteralValue>();
    const unread: UnreadValue[] = [];
    while (!this.isPunctuation('}')) {
      const token = this.peek();
      if (!token) throw new ModuleReadError('an object is never closed (} missing)', at);
      if (this.isPunctuation('...')) {
        this.index += 1;
        unread.push({ ...this.skipExpression('a spread (...)'), at: this.at(token) });
      } else if (this.isPunctuation('[')) {
        unread.push({ ...this.skipExpression('a computed key ([…])', true), at: this.at(token) });
      } else if (token.kind === 'identifier' || token.kind === 'string' || token.kind === 'number' || (token.kind === 'template' && !token.interpolated)) {
        const key = token.kind === 'number' ? String(Number(token.text.replace(/_/g, ''))) : token.text;
        if (this.isPunctuation(':', 1)) {
          this.index += 2;
          entries.set(key, this.readValue(depth + 1));
        } else if (this.isPunctuation(',', 1) || this.isPunctuation('}', 1)) {
          this.index += 1;
          entries.set(key, { kind: 'unread', what: `the shorthand property ${key} (a variable the reader cannot see)`, text: key, at: this.at(token) });
        } else {
          unread.push({ ...this.skipExpression(`the method ${key}()`, true), at: this.at(token) });
        }
      } else {
        unread.push({ ...this.skipExpression('a member the reader cannot read', true), at: this.at(token) });
      }
      if (this.isPunctuation(',')) this.index += 1;
      else if (!this.isPunctuation('}')) {
        const next = this.peek();
        throw new ModuleReadError(
          `expected , or } in an object, found ${next ? JSON.stringify(next.text.slice(0, 20)) : 'the end of the module'}`,
          this.at(next),
        );
      }
    }
    this.index += 1; // }
    return { kind: 'object', entries, unread, at };
  }

  private readArray(depth: number): LiteralValue {
    const at = this.at(this.peek());
    this.index += 1; // [
    const items: LiteralValue[] = [];
    while (!this.isPunctuation(']')) {
      if (!this.peek()) throw new ModuleReadError('a list is never closed (] missing)', at);
      if (this.isPunctuation('...')) {
        const token = this.peek();
        this.index += 1;
        items.push({ ...this.skipExpression('a spread (...)'), at: this.at(token) });
      } else items.push(this.readValue(depth + 1));
      if (this.isPunctuation(',')) this.index += 1;
      else if (!this.isPunctuation(']')) {
        const next = this.peek();
        throw new ModuleReadError(`expected , or ] in a list, found ${next ? JSON.stringify(next.text.slice(0, 20)) : 'the end of the module'}`, this.at(next));
      }
    }
    this.index += 1; // ]
    return { kind: 'array', items, at };
  }

  /** A declaration's type annotation (`const x: Schema<T> = …`): moves to its `=`. */
  skipTypeAnnotation(): void {
    this.skipUntilEnd(true);
  }

  /** `as const`, `as T`, `satisfies T`, and a TypeScript non-null `!`, after a value. */
  skipTypeSuffix(): void {
    for (;;) {
      const token = this.peek();
      if (token?.kind === 'identifier' && (token.text === 'as' || token.text === 'satisfies')) {
        this.index += 1;
        this.skipUntilEnd(true);
      } else if (token?.kind === 'punctuation' && token.text === '!' && this.isValueEndAt(1)) this.index += 1;
      else return;
    }
  }

  private isValueEndAt(offset: number): boolean {
    const token = this.peek(offset);
    return (
      !token ||
      (token.kind === 'punctuation' && [',', '}', ']', ')', ';'].includes(token.text)) ||
      (token.kind === 'identifier' && (token.text === 'as' || token.text === 'satisfies'))
    );
  }

  private atValueEnd(): boolean {
    return this.isValueEndAt(0);
  }

  private looksLikeArrow(): boolean {
    let depth = 0;
    for (let i = this.index; i < this.tokens.length; i += 1) {
      const token = this.tokens[i]!;
      if (token.kind !== 'punctuation') continue;
      if (token.text === '(') depth += 1;
      else if (token.text === ')') {
        depth -= 1;
        if (depth === 0) return this.tokens[i + 1]?.text === '=>' || this.tokens[i + 1]?.text === ':';
      }
    }
    return false;
  }

  /**
   * Steps over an expression up to the `,` (or closing bracket) that ends it
   * at its own depth, without evaluating it.
   */
  skipExpression(what: string, member = false): UnreadValue {
    const first = this.peek();
    const startIndex = this.index;
    this.skipUntilEnd(false, member);
    const last = this.tokens[this.index - 1];
    const raw = first && last && this.index > startIndex ? this.text.slice(first.start, last.end) : '';
    const text = raw.length > 60 ? `${raw.slice(0, 57)}…` : raw;
    return { kind: 'unread', what, text: text.replace(/\s+/g, ' '), at: this.at(first) };
  }

  /** Moves to the next `,` `}` `]` `)` `;` at depth 0 (for a type, `<…>` counts as brackets too). */
  private skipUntilEnd(type: boolean, member = false): void {
    let depth = 0;
    let angle = 0;
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index]!;
      if (token.kind === 'punctuation') {
        const text = token.text;
        if (text === '(' || text === '[' || text === '{') depth += 1;
        else if (text === ')' || text === ']' || text === '}') {
          if (depth === 0) return;
          depth -= 1;
          // A method's body ends the member: `name() { … }` is followed by , or }.
          if (member && depth === 0 && text === '}' && !this.isPunctuation('.', 1) && !this.isPunctuation('(', 1)) {
            this.index += 1;
            return;
          }
        } else if (type && text === '<') angle += 1;
        else if (type && text === '>' && angle > 0) angle -= 1;
        else if (depth === 0 && angle === 0 && (text === ',' || text === ';')) return;
        else if (type && depth === 0 && angle === 0 && text === '=') return;
      }
      this.index += 1;
    }
  }
}
