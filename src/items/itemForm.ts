import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { BinaryEncoding } from '../dynamo';
import type { AttributeType, Item } from '../expressions';
import { binaryToText, textToBinary } from './binaryText';
import { childPath, type ItemProblem, type ItemReadResult } from './itemProblems';
import { readEditedItem } from './readEditedItem';

/**
 * The editor's typed form: each attribute a name, a type and a value the
 * user types, nested for L and M. Numbers and binary stay text while edited,
 * so nothing is lost to a JavaScript number or a lossy conversion: a string
 * set stays a string set, a 38-digit number keeps every digit.
 */
export type FormValue =
  | { readonly type: 'S' | 'N' | 'B'; readonly text: string }
  | { readonly type: 'BOOL'; readonly value: boolean }
  | { readonly type: 'NULL' }
  | { readonly type: 'SS' | 'NS' | 'BS'; readonly members: readonly string[] }
  | { readonly type: 'L'; readonly items: readonly FormValue[] }
  | { readonly type: 'M'; readonly entries: readonly FormEntry[] };

/** One attribute of the form (or one member of an M). */
export interface FormEntry {
  readonly name: string;
  readonly value: FormValue;
}

/** The types the form offers, in the order DynamoDB's documentation lists them. */
export const FORM_TYPES: readonly AttributeType[] = ['S', 'N', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', 'L', 'M'];

/**
 * An item as form entries, binary in the chosen encoding.
 *
 * @example
 * itemToForm({ tags: { SS: ["a"] } }, "base64") // [{ name: "tags", value: { type: "SS", members: ["a"] } }]
 */
export function itemToForm(item: Item, encoding: BinaryEncoding): FormEntry[] {
  return Object.keys(item).map((name) => ({ name, value: valueToForm(item[name] as AttributeValue, encoding) }));
}

function valueToForm(value: AttributeValue, encoding: BinaryEncoding): FormValue {
  if (value.S !== undefined) return { type: 'S', text: value.S };
  if (value.N !== undefined) return { type: 'N', text: value.N };
  if (value.B !== undefined) return { type: 'B', text: binaryToText(value.B, encoding) };
  if (value.BOOL !== undefined) return { type: 'BOOL', value: value.BOOL };
  if (value.NULL !== undefined) return { type: 'NULL' };
  if (value.SS !== undefined) return { type: 'SS', members: [...value.SS] };
  if (value.NS !== undefined) return { type: 'NS', members: [...value.NS] };
  if (value.BS !== undefined) return { type: 'BS', members: value.BS.map((member) => binaryToText(member, encoding)) };
  if (value.L !== undefined) return { type: 'L', items: value.L.map((member) => valueToForm(member, encoding)) };
  const map = value.M as Record<string, AttributeValue>;
  return { type: 'M', entries: Object.keys(map).map((name) => ({ name, value: valueToForm(map[name] as AttributeValue, encoding) })) };
}

/**
 * The form as an item, checked as DynamoDB will check it: duplicate or empty
 * names and unreadable binary are the form's own problems; the rest (empty
 * sets, duplicate members, numbers out of range, nesting) are DynamoDB's
 * messages from the engine's reader.
 */
export function itemFromForm(entries: readonly FormEntry[], encoding: BinaryEncoding): ItemReadResult {
  const problems: ItemProblem[] = [];
  const candidate = entriesToMap(entries, '', encoding, problems);
  if (problems.length > 0) return { ok: false, problems };
  return readEditedItem(candidate);
}

function entriesToMap(entries: readonly FormEntry[], path: string, encoding: BinaryEncoding, problems: ItemProblem[]): Record<string, AttributeValue> {
  const map: Record<string, AttributeValue> = {};
  const seen = new Set<string>();
  for (const { name, value } of entries) {
    const here = childPath(path, name);
    if (seen.has(name))
      problems.push({ path: here, message: `Two attributes are named ${JSON.stringify(name)}: rename or remove one (an item holds each name once)` });
    seen.add(name);
    Object.defineProperty(map, name, { value: formToValue(value, here, encoding, problems), enumerable: true, writable: true, configurable: true });
  }
  return map;
}

function formToValue(value: FormValue, path: string, encoding: BinaryEncoding, problems: ItemProblem[]): AttributeValue {
  switch (value.type) {
    case 'S':
      return { S: value.text };
    case 'N':
      return { N: value.text.trim() };
    case 'B':
      return { B: readBinary(value.text, path, encoding, problems) };
    case 'BOOL':
      return { BOOL: value.value };
    case 'NULL':
      return { NULL: true };
    case 'SS':
      return { SS: [...value.members] };
    case 'NS':
      return { NS: value.members.map((member) => member.trim()) };
    case 'BS':
      return { BS: value.members.map((member, i) => readBinary(member, childPath(path, i), encoding, problems)) };
    case 'L':
      return { L: value.items.map((member, i) => formToValue(member, childPath(path, i), encoding, problems)) };
    case 'M':
      return { M: entriesToMap(value.entries, path, encoding, problems) };
  }
}

function readBinary(text: string, path: string, encoding: BinaryEncoding, problems: ItemProblem[]): Uint8Array {
  const bytes = textToBinary(text, encoding);
  if (bytes instanceof Uint8Array) return bytes;
  problems.push({ path, message: bytes.problem });
  return new Uint8Array();
}

/** An empty value of a type, for when the user picks a new type for an attribute. */
export function emptyFormValue(type: AttributeType): FormValue {
  switch (type) {
    case 'S':
    case 'N':
    case 'B':
      return { type, text: '' };
    case 'BOOL':
      return { type, value: false };
    case 'NULL':
      return { type };
    case 'SS':
    case 'NS':
    case 'BS':
      return { type, members: [] };
    case 'L':
      return { type, items: [] };
    case 'M':
      return { type, entries: [] };
  }
}
