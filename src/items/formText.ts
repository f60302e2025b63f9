import { decodeBase64, encodeBase64, type BinaryEncoding } from '../dynamo';
import { binaryToText, textToBinary } from './binaryText';
import { documentToCandidate, jsonFormatOf } from './documentJson';
import { escapeInvisibles } from './itemText';
import type { FormEntry, FormValue } from './itemForm';

/**
 * The bridge that keeps the editor's two views in sync: the form as
 * DynamoDB JSON text and DynamoDB JSON text as a form, *without* DynamoDB's
 * checks (those run on Save, through itemFromText / itemFromForm). A form
 * with a half-typed number or an empty set still has a text, and such a
 * text still has a form, so neither view loses what the user typed.
 */

/**
 * The form as indented DynamoDB JSON. Numbers stay as typed (Save shows how
 * DynamoDB will respell them); binary the form can't read (half-typed hex)
 * is kept as typed, marked (see UNREAD_BINARY).
 *
 * @example
 * formToText([{ name: "b", value: { type: "B", text: "ff00" } }], "hex") // '{\n  "b": {\n    "B": "/wA="\n  }\n}'
 */
export function formToText(entries: readonly FormEntry[], encoding: BinaryEncoding): string {
  return escapeInvisibles(JSON.stringify(entriesToWire(entries, encoding), null, 2));
}

function entriesToWire(entries: readonly FormEntry[], encoding: BinaryEncoding): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  // defineProperty: an attribute named __proto__ is an attribute like any other.
  for (const { name, value } of entries)
    Object.defineProperty(wire, name, { value: valueToWire(value, encoding), enumerable: true, writable: true, configurable: true });
  return wire;
}

function valueToWire(value: FormValue, encoding: BinaryEncoding): unknown {
  switch (value.type) {
    case 'S':
      return { S: value.text };
    case 'N':
      return { N: value.text };
    case 'B':
      return { B: binaryAsBase64(value.text, encoding) };
    case 'BOOL':
      return { BOOL: value.value };
    case 'NULL':
      return { NULL: true };
    case 'SS':
    case 'NS':
      return { [value.type]: [...value.members] };
    case 'BS':
      return { BS: value.members.map((member) => binaryAsBase64(member, encoding)) };
    case 'L':
      return { L: value.items.map((member) => valueToWire(member, encoding)) };
    case 'M':
      return { M: entriesToWire(value.entries, encoding) };
  }
}

/**
 * Binary the form can't read yet (half-typed hex) goes into the text marked,
 * `<not hex: ff0>`: never valid base64, so the text's check names it instead
 * of reading other bytes, and the form gets back exactly what was typed.
 */
const UNREAD_BINARY = /^<not (?:hex|base64): ([\s\S]*)>$/;

function binaryAsBase64(text: string, encoding: BinaryEncoding): string {
  const bytes = textToBinary(text, encoding);
  return bytes instanceof Uint8Array ? encodeBase64(bytes) : `<not ${encoding}: ${text}>`;
}

/**
 * DynamoDB JSON text as form entries, or undefined when the text is not
 * shaped as typed attributes (broken JSON, a value without its type): the
 * form then waits until the text is fixed.
 *
 * @example
 * formFromText('{"tags": {"SS": []}}', "hex") // [{ name: "tags", value: { type: "SS", members: [] } }]
 * formFromText('{"tags": ', "hex")            // undefined
 */
export function formFromText(text: string, encoding: BinaryEncoding): FormEntry[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  // Plain JSON ({"score": 10}): the form shows the DynamoDB types it becomes.
  return wireToEntries(jsonFormatOf(parsed) === 'document' ? documentToCandidate(parsed, text, []) : parsed, encoding);
}

function wireToEntries(map: Record<string, unknown>, encoding: BinaryEncoding): FormEntry[] | undefined {
  const entries: FormEntry[] = [];
  for (const name of Object.keys(map)) {
    const value = wireToValue(map[name], encoding);
    if (!value) return undefined;
    entries.push({ name, value });
  }
  return entries;
}

/** One typed value as a form value: exactly one type key with a value of the right JSON shape. */
export function wireToValue(wire: unknown, encoding: BinaryEncoding): FormValue | undefined {
  if (!isObject(wire)) return undefined;
  const types = Object.keys(wire);
  if (types.length !== 1) return undefined;
  const type = types[0] as string;
  const inner = wire[type];
  switch (type) {
    case 'S':
    case 'N':
      return typeof inner === 'string' ? { type, text: inner } : undefined;
    case 'B':
      return typeof inner === 'string' ? { type, text: base64AsBinaryText(inner, encoding) } : undefined;
    case 'BOOL':
      return typeof inner === 'boolean' ? { type, value: inner } : undefined;
    case 'NULL':
      return inner === true ? { type } : undefined;
    case 'SS':
    case 'NS':
    case 'BS': {
      if (!Array.isArray(inner) || !inner.every((member) => typeof member === 'string')) return undefined;
      const members = inner as string[];
      return { type, members: type === 'BS' ? members.map((member) => base64AsBinaryText(member, encoding)) : [...members] };
    }
    case 'L': {
      if (!Array.isArray(inner)) return undefined;
      const items: FormValue[] = [];
      for (const member of inner) {
        const value = wireToValue(member, encoding);
        if (!value) return undefined;
        items.push(value);
      }
      return { type, items };
    }
    case 'M': {
      if (!isObject(inner)) return undefined;
      const entries = wireToEntries(inner, encoding);
      return entries ? { type, entries } : undefined;
    }
    default:
      return undefined;
  }
}

function base64AsBinaryText(text: string, encoding: BinaryEncoding): string {
  const unread = UNREAD_BINARY.exec(text);
  if (unread) return unread[1] as string;
  if (encoding === 'base64') return text;
  const bytes = decodeBase64(text);
  return bytes ? binaryToText(bytes, encoding) : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
