/**
 * The text layout of a design file: JSON indented by 2 spaces, except that
 * each sample (`tables[].entities[].samples[]`) is written on one line, so
 * adding, editing or removing a sample is a one-line diff; `\n` line ends, a
 * final newline, no trailing spaces. Invisible and display-changing
 * characters inside strings (bidi controls, zero-width characters, other
 * spaces than U+0020, other format and control characters) are written as
 * `\uXXXX` escapes, so a reviewer sees in the diff what the file holds
 * (the parsed value is the same character).
 *
 * The document is walked by hand down to the samples, and each sample
 * token by token; every other member is JSON.stringify's own output,
 * re-indented (a 1 MB design in a few times JSON.stringify's time; see
 * npm run bench:format).
 *
 * @example
 * printDesignJson({ format: "keylab.design/1", name: "Shop", description: "", tables: [] })
 * // '{\n  "format": "keylab.design/1",\n  "name": "Shop",\n  "description": "",\n  "tables": []\n}\n'
 */
export function printDesignJson(document: object): string {
  return escapeInvisible(printObject(document as Record<string, unknown>, '', printTable, 'tables')) + '\n';
}

type Printer = (value: unknown, indent: string) => string;

/**
 * An object member by member; `key`'s list is printed element by element
 * with `element` (no element printer: a list of samples), every other
 * member natively.
 */
function printObject(record: Record<string, unknown>, indent: string, element: Printer | undefined, key: string): string {
  const names = Object.keys(record).filter((name) => record[name] !== undefined);
  if (names.length === 0) return '{}';
  const inner = indent + '  ';
  const members = names.map((name) => {
    const value = record[name];
    const text = name === key && Array.isArray(value) ? (element ? printList(value, inner, element) : printSamples(value, inner)) : printNative(value, inner);
    return `${inner}${JSON.stringify(name)}: ${text}`;
  });
  return `{\n${members.join(',\n')}\n${indent}}`;
}

function printList(list: readonly unknown[], indent: string, element: Printer): string {
  if (list.length === 0) return '[]';
  const inner = indent + '  ';
  return `[\n${list.map((value) => inner + element(value, inner)).join(',\n')}\n${indent}]`;
}

function printTable(table: unknown, indent: string): string {
  return isRecord(table) ? printObject(table, indent, printEntity, 'entities') : printNative(table, indent);
}

function printEntity(entity: unknown, indent: string): string {
  return isRecord(entity) ? printObject(entity, indent, undefined, 'samples') : printNative(entity, indent);
}

/**
 * A list of samples, each on one line: `{"id": "s1", "values": {"a": "1"}}`
 * (a space after each `:` and `,`). Walked token by token, each string by
 * JSON.stringify, so the work grows with the number of values, never with
 * the length of a string.
 */
function printSamples(samples: readonly unknown[], indent: string): string {
  if (samples.length === 0) return '[]';
  const inner = `${indent}  `;
  let text = '[';
  for (let i = 0; i < samples.length; i++) text += `${i === 0 ? '' : ','}\n${inner}${printInline(samples[i])}`;
  return `${text}\n${indent}]`;
}

/** A JSON value on one line, as JSON.stringify writes it but with a space after each `:` and `,`. */
function printInline(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ', ') + printInline(value[i] === undefined ? null : value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  let first = true;
  for (const name of Object.keys(record)) {
    const member = record[name];
    if (member === undefined) continue;
    text += `${first ? '' : ', '}${JSON.stringify(name)}: ${printInline(member)}`;
    first = false;
  }
  return `${text}}`;
}

/** JSON.stringify's indented text, its lines moved to `indent`. */
function printNative(value: unknown, indent: string): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return indent === '' || !text.includes('\n') ? text : text.replace(/\n/g, `\n${indent}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Characters a reader cannot see, or that change how the text around them
 * is shown (the set codegen escapes in generated code): controls, format
 * characters (bidi controls, zero-width joiners, the BOM), every space but
 * U+0020, line and paragraph separators, other default-ignorable code
 * points. In JSON text they can only stand inside strings (JSON.stringify
 * already escapes C0 controls and lone surrogates there; the layout's own
 * spaces and line breaks are ASCII, never searched).
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]/gu;
/** Runs of anything but printable ASCII and the layout's line breaks. */
const UNUSUAL = /[^\x20-\x7e\n]+/g;

function escapeInvisible(text: string): string {
  // Only the runs of other characters are searched (most design text is ASCII).
  return text.replace(UNUSUAL, (run) => run.replace(INVISIBLE_CHARACTER, escapeCharacter));
}

/** `\uXXXX` for each UTF-16 unit of the character. */
function escapeCharacter(character: string): string {
  let escaped = '';
  for (let i = 0; i < character.length; i++) escaped += `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}
