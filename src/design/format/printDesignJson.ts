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
 * The document is walked by hand only down to the samples; every other
 * member, and each entity's samples, is JSON.stringify's own output,
 * re-indented or joined by regular expressions (mostly native work: a 1 MB
 * design in a few times JSON.stringify's time; see npm run bench:format).
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
 * A list of samples, each on one line: `{"id": "s1", "values": {"a": "1"}}`.
 * One native JSON.stringify indented by one space puts each sample's own
 * tokens on lines indented by two or more, and the samples on lines
 * indented by one (a line break inside a string is written `\n`, never a
 * real one); joining the deeper lines — a comma's line break becomes one
 * space — leaves one sample per line, then re-indented.
 */
function printSamples(samples: readonly unknown[], indent: string): string {
  if (samples.length === 0) return '[]';
  const text = JSON.stringify(samples, null, 1) ?? '[]';
  return text
    .replace(DEEPER_COMMA_BREAK, ', ')
    .replace(DEEPER_BREAK, '')
    .replace(SAMPLE_END, '}')
    .replace(SAMPLE_START, `\n${indent}  `)
    .replace(LIST_END, `\n${indent}]`);
}

const DEEPER_COMMA_BREAK = /,\n {2,}/g;
const DEEPER_BREAK = /\n {2,}/g;
const SAMPLE_END = /\n \}/g;
const SAMPLE_START = /\n /g;
const LIST_END = /\n\]$/;

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
