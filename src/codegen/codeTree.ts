/**
 * A small tree of values to print as source code in any target language:
 * plain JSON-like data plus `raw` nodes for code written by the emitter
 * (`new Uint8Array(...)`, `b"..."`). Each language renders it with its own
 * literal syntax; the layout rules (short things on one line) are shared.
 */
export type CodeValue = string | number | boolean | null | RawCode | WrappedCode | readonly CodeValue[] | { readonly [key: string]: CodeValue };

/** Code an emitter wrote itself; printed verbatim. */
export class RawCode {
  constructor(readonly code: string) {}
}

/** A value inside emitter-written code, e.g. `new Set(` + list + `)`; the value keeps the layout rules. */
export class WrappedCode {
  constructor(
    readonly before: string,
    readonly value: CodeValue,
    readonly after: string,
  ) {}
}

export interface LiteralSyntax {
  string(value: string): string;
  key(key: string): string;
  number(value: number): string;
  boolean(value: boolean): string;
  null: string;
  /** Separator between a key and its value (`: `). */
  colon: string;
  /** Space inside the braces of a one-line map (`{ a: 1 }` in JS, `{"a": 1}` in Python). */
  bracePadding: string;
  /** One level of indentation. */
  indent: string;
}

/** Beyond this width a list or map is printed one member per line. */
const INLINE_WIDTH = 72;

/**
 * Prints a value with the given syntax, indented; lists and maps that
 * fit on one line (and hold no multi-line member) stay on one line.
 */
export function printCodeValue(value: CodeValue, syntax: LiteralSyntax, indent = ''): string {
  if (value instanceof RawCode) return value.code;
  if (value instanceof WrappedCode) return `${value.before}${printCodeValue(value.value, syntax, indent)}${value.after}`;
  if (value === null) return syntax.null;
  if (typeof value === 'string') return syntax.string(value);
  if (typeof value === 'number') return syntax.number(value);
  if (typeof value === 'boolean') return syntax.boolean(value);
  const inner = `${indent}${syntax.indent}`;
  const isList = Array.isArray(value);
  const members = isList
    ? (value as readonly CodeValue[]).map((member) => printCodeValue(member, syntax, inner))
    : Object.entries(value as { readonly [key: string]: CodeValue }).map(
        ([key, member]) => `${syntax.key(key)}${syntax.colon}${printCodeValue(member, syntax, inner)}`,
      );
  const [open, close] = isList ? ['[', ']'] : ['{', '}'];
  if (members.length === 0) return `${open}${close}`;
  const pad = isList ? '' : syntax.bracePadding;
  const oneLine = `${open}${pad}${members.join(', ')}${pad}${close}`;
  if (!oneLine.includes('\n') && indent.length + oneLine.length <= INLINE_WIDTH) return oneLine;
  return `${open}\n${members.map((member) => `${inner}${member},`).join('\n')}\n${indent}${close}`;
}
