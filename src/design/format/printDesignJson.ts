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
 * @example
 * printDesignJson({ format: "keylab.design/1", name: "Shop", description: "", tables: [] })
 * // '{\n  "format": "keylab.design/1",\n  "name": "Shop",\n  "description": "",\n  "tables": []\n}\n'
 */
export function printDesignJson(document: object): string {
  return printValue(document, '', 'root') + '\n';
}

/** Where a value stands, as far as the layout cares: the path to a sample, step by step. */
type Place = 'root' | 'tables' | 'table' | 'entities' | 'entity' | 'samples' | 'sample' | 'other';

function childPlace(place: Place, key: string | number): Place {
  if (place === 'root') return key === 'tables' ? 'tables' : 'other';
  if (place === 'tables') return 'table';
  if (place === 'table') return key === 'entities' ? 'entities' : 'other';
  if (place === 'entities') return 'entity';
  if (place === 'entity') return key === 'samples' ? 'samples' : 'other';
  if (place === 'samples') return 'sample';
  return 'other';
}

function printValue(value: unknown, indent: string, place: Place): string {
  if (value === null || typeof value !== 'object') return printScalar(value);
  if (place === 'sample') return printInline(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const nextPlace = childPlace(place, 0);
    return `[\n${value.map((element) => inner + printValue(element, inner, nextPlace)).join(',\n')}\n${indent}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => record[key] !== undefined);
  if (keys.length === 0) return '{}';
  const members = keys.map((key) => `${inner}${printString(key)}: ${printValue(record[key], inner, childPlace(place, key))}`);
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/** A value on one line: `{"id": "s1", "values": {"a": "1"}}`, `["x", "y"]`. */
function printInline(value: unknown): string {
  if (value === null || typeof value !== 'object') return printScalar(value);
  if (Array.isArray(value)) return `[${value.map(printInline).join(', ')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => record[key] !== undefined);
  return `{${keys.map((key) => `${printString(key)}: ${printInline(record[key])}`).join(', ')}}`;
}

function printScalar(value: unknown): string {
  if (typeof value === 'string') return printString(value);
  // Numbers, booleans and null as JSON writes them (a non-finite number is null, as in JSON.stringify).
  return JSON.stringify(value) ?? 'null';
}

/**
 * Characters a reader cannot see, or that change how the text around them
 * is shown (the set codegen escapes in generated code): controls, format
 * characters (bidi controls, zero-width joiners, the BOM), every space but
 * U+0020, line and paragraph separators, other default-ignorable code
 * points. JSON.stringify already escapes C0 controls and lone surrogates.
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]/gu;
/** Printable ASCII: nothing to escape (the quick path most strings take). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function printString(text: string): string {
  const json = JSON.stringify(text);
  if (PRINTABLE_ASCII.test(json)) return json;
  return json.replace(INVISIBLE_CHARACTER, escapeCharacter);
}

/** `\uXXXX` for each UTF-16 unit of the character (an ordinary space stays). */
function escapeCharacter(character: string): string {
  if (character === ' ') return character;
  let escaped = '';
  for (let i = 0; i < character.length; i++) escaped += `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return escaped;
}
