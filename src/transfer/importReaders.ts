import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  getOwnAttribute,
  partitionAttributesOf,
  sortAttributesOf,
  typeOfAttributeValue,
  type Item,
  type KeyAttributeInfo,
  type KeySchemaInfo,
} from '../expressions';
import { itemFromText, type ItemProblem } from '../items';
import type { RejectedEntry } from './batchWriter';
import { canonicalItem } from './canonicalItem';
import { readCsvItems } from './csvReader';
import { readJsonArrayElements } from './jsonArrayReader';
import { readLines, type ByteChunks, type ReadCounter } from './textChunks';

/**
 * The import readers: a file streamed chunk by chunk into items, each with
 * the line it came from, or a rejected line saying what is wrong (DynamoDB's
 * own messages, from src/items and the table's key schema). A bad line never
 * stops the lines after it.
 */

export type ImportFormat = 'jsonl' | 'json' | 'csv';

export const IMPORT_FORMATS: readonly ImportFormat[] = ['jsonl', 'json', 'csv'];

/** An item read from the file, or a line that can't be imported. */
export type ReadEntry =
  | {
      readonly line: number;
      readonly item: Item;
      /** The item's text length (its JSON on the wire, about): what the batch writer's byte caps count. */ readonly textLength?: number;
    }
  | (RejectedEntry & { readonly keyProblem?: ItemKeyProblem });

/** Why an item doesn't fit the table's key schema (the import's up-front check reads these). */
export interface ItemKeyProblem {
  readonly kind: 'missing' | 'type' | 'empty';
  /** The table's key attribute. */
  readonly attribute: string;
  readonly role: 'partition' | 'sort';
  readonly expected: string;
  /** The item's type for it (kind 'type' and 'empty'). */
  readonly actual?: string;
  /** DynamoDB's message. */
  readonly message: string;
  /** The item's attribute names, to say what the file holds instead. */
  readonly itemAttributes: readonly string[];
}

export interface ReadOptions {
  /** The table's key schema: an item without its key attributes (or with the wrong types) is rejected before sending. */
  readonly keys: KeySchemaInfo;
  /** Counts the bytes read, for the progress bar. */
  readonly counter?: ReadCounter;
}

/** The format a file name suggests (`.csv`, `.csv.gz`, `.json`; anything else — an S3 export's `.json.gz` too — DynamoDB JSON lines). */
export function formatOfFileName(name: string): ImportFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.csv.gz')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return 'jsonl';
}

/** Reads `chunks` in `format`. */
export function readImportFile(chunks: ByteChunks, format: ImportFormat, options: ReadOptions): AsyncGenerator<ReadEntry> {
  if (format === 'csv') return readCsvItems(chunks, options);
  if (format === 'json') return readJsonArray(chunks, options);
  return readJsonLines(chunks, options);
}

/**
 * DynamoDB JSON lines: one item per line, either the item itself
 * (`{"pk": {"S": "a"}}`, as `aws dynamodb scan` items and Keylab's export
 * write them) or an S3 export line (`{"Item": {"pk": {"S": "a"}}}`). Blank
 * lines are skipped.
 */
export async function* readJsonLines(chunks: ByteChunks, options: ReadOptions): AsyncGenerator<ReadEntry> {
  for await (const { line, text } of readLines(chunks, options.counter)) {
    if (text.trim() === '') continue;
    yield readItemEntry(text, line, options.keys);
  }
}

/** A JSON array of DynamoDB JSON items (plain or `{"Item": …}`), parsed element by element; each element's line is where it starts. */
export async function* readJsonArray(chunks: ByteChunks, options: ReadOptions): AsyncGenerator<ReadEntry> {
  for await (const element of readJsonArrayElements(chunks, options.counter)) {
    yield 'rejected' in element ? element : readItemEntry(element.text, element.line, options.keys);
  }
}

const S3_EXPORT_LINE = /^\s*\{\s*"Item"\s*:/;

/**
 * One item's DynamoDB JSON text read as an entry. A text whose only key is
 * `Item` is read as an S3 export line when its inside is a valid item, and
 * otherwise as an item with an attribute named Item.
 */
export function readItemEntry(text: string, line: number, keys: KeySchemaInfo): ReadEntry {
  try {
    return readItemText(text, line, keys);
  } catch (error) {
    // The readers walk an item recursively: a line nested thousands of levels deep exhausts the stack. It is this line's problem, not the file's.
    if (!(error instanceof RangeError)) throw error;
    return { line, rejected: stackProblemOf(text, error) };
  }
}

/** Why an item's `text` exhausted the stack (a RangeError while reading it), in DynamoDB's words when it nests too deep. */
export function stackProblemOf(text: string, error: RangeError): string {
  const depth = jsonDepthOf(text);
  return depth > MAX_JSON_DEPTH
    ? `Nesting Levels have exceeded supported limits: this item's JSON nests ${depth.toLocaleString('en-US')} levels deep (DynamoDB allows 32 levels of lists and maps inside an item)`
    : `This item can't be read: ${error.message}`;
}

/** A JSON depth no item DynamoDB stores reaches: 32 levels of `{"M": {…}}` / `{"L": […]}` are 2 JSON levels each, inside the item and its attribute. */
const MAX_JSON_DEPTH = 2 * 32 + 2;

/** How deep `text`'s brackets nest (outside strings), without recursion. */
function jsonDepthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b /* { */ || char === 0x5b /* [ */) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d /* } */ || char === 0x5d /* ] */) depth--;
  }
  return deepest;
}

function readItemText(text: string, line: number, keys: KeySchemaInfo): ReadEntry {
  const s3Line = S3_EXPORT_LINE.test(text);
  const fast = canonicalItemOfText(text, s3Line);
  if (fast) {
    const keyProblem = keyProblemOf(fast, keys);
    return keyProblem ? { line, rejected: keyProblem.message, keyProblem } : { line, item: fast, textLength: text.length };
  }
  let result = itemFromText(text);
  if (s3Line) {
    const inner = unwrapS3Line(text);
    if (inner !== undefined) {
      const unwrapped = itemFromText(inner);
      // When neither reading works, the S3 one's problems are the ones the user means.
      if (unwrapped.ok || !result.ok) result = unwrapped;
    }
  }
  if (!result.ok) return { line, rejected: describeProblems(result.problems, line) };
  const keyProblem = keyProblemOf(result.item, keys);
  return keyProblem ? { line, rejected: keyProblem.message, keyProblem } : { line, item: result.item, textLength: text.length };
}

/** The item of `text` when it is already in DynamoDB's spelling (see canonicalItem.ts), else undefined: the full reader reads it. */
function canonicalItemOfText(text: string, s3Line: boolean): Item | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!s3Line) return canonicalItem(parsed);
  // `{"Item": {…}}` alone is an S3 export line; with other members it is an item (the full reader decides).
  const wrapper = parsed as Record<string, unknown>;
  for (const name in wrapper) if (name !== 'Item') return undefined;
  return canonicalItem(wrapper.Item);
}

/** The `{…}` inside `{"Item": {…}}`, or undefined when the text is not shaped so. */
function unwrapS3Line(text: string): string | undefined {
  const start = text.indexOf('{', text.indexOf(':'));
  const end = text.lastIndexOf('}');
  const closing = text.lastIndexOf('}', end - 1);
  if (start === -1 || closing <= start || text.slice(closing + 1, end).trim() !== '') return undefined;
  return text.slice(start, closing + 1);
}

/** The item's problems as one reason: `score: The parameter cannot be converted …; tags: …` (a JSON syntax error with its column, and its line when the item spans several, counted from `startLine`). */
export function describeProblems(problems: readonly ItemProblem[], startLine: number): string {
  return problems
    .map((problem) => {
      const where =
        problem.line === undefined
          ? ''
          : problem.line > 1
            ? ` (line ${startLine + problem.line - 1}, column ${problem.column ?? 1})`
            : ` (column ${problem.column ?? 1})`;
      return `${problem.path === '' ? '' : `${problem.path}: `}${problem.message}${where}`;
    })
    .join('; ');
}

const INVALID = 'One or more parameter values were invalid: ';

/**
 * The table-key problem DynamoDB would answer for `item` (missing, wrong
 * type, empty), in DynamoDB's words, or undefined when the keys are fine.
 *
 * @example
 * checkItemKeys({ sk: { S: "1" } }, { partitionKey: { name: "pk", type: "S" } }) // "One or more parameter values were invalid: Missing the key pk in the item"
 */
export function checkItemKeys(item: Item, keys: KeySchemaInfo): string | undefined {
  return keyProblemOf(item, keys)?.message;
}

/** The first table-key problem of `item`, with what is wrong where (see {@link checkItemKeys}). */
export function keyProblemOf(item: Item, keys: KeySchemaInfo): ItemKeyProblem | undefined {
  for (const { attribute, role } of keyRolesOf(keys)) {
    const value = getOwnAttribute(item, attribute.name);
    if (value === undefined) return keyProblem(item, attribute, role, { kind: 'missing', message: `${INVALID}Missing the key ${attribute.name} in the item` });
    const actual = typeOfAttributeValue(value);
    if (actual !== attribute.type)
      return keyProblem(item, attribute, role, {
        kind: 'type',
        actual,
        message: `${INVALID}Type mismatch for key ${attribute.name} expected: ${attribute.type} actual: ${actual}`,
      });
    if (isEmptyKey(value)) {
      return keyProblem(item, attribute, role, {
        kind: 'empty',
        actual,
        message: `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${value.S !== undefined ? 'string' : 'binary'} value. Key: ${attribute.name}`,
      });
    }
  }
  return undefined;
}

/** A problem with what it is about (built only when there is one: keyProblemOf runs for every line). */
function keyProblem(
  item: Item,
  attribute: KeyAttributeInfo,
  role: KeyRole['role'],
  problem: Pick<ItemKeyProblem, 'kind' | 'actual' | 'message'>,
): ItemKeyProblem {
  return { attribute: attribute.name, role, expected: attribute.type, itemAttributes: Object.keys(item), ...problem };
}

type KeyRole = { readonly attribute: KeyAttributeInfo; readonly role: 'partition' | 'sort' };
/** The key attributes of each key schema with their roles, listed once (keyProblemOf runs for every line). */
const keyRoles = new WeakMap<KeySchemaInfo, readonly KeyRole[]>();

function keyRolesOf(keys: KeySchemaInfo): readonly KeyRole[] {
  let roles = keyRoles.get(keys);
  if (!roles) {
    roles = [
      ...partitionAttributesOf(keys).map((attribute) => ({ attribute, role: 'partition' as const })),
      ...sortAttributesOf(keys).map((attribute) => ({ attribute, role: 'sort' as const })),
    ];
    keyRoles.set(keys, roles);
  }
  return roles;
}

function isEmptyKey(value: AttributeValue): boolean {
  return value.S === '' || (value.B !== undefined && value.B.length === 0);
}
