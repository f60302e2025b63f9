import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { decodeBase64, encodeBase64, parseBinaryText, type BinaryEncoding } from '../../dynamo';
import { parseDynamoNumber } from '../../keys';

/** The value types a builder row can hold. */
export type ValueType = 'S' | 'N' | 'B' | 'BOOL' | 'NULL' | 'SS' | 'NS' | 'BS' | 'L' | 'M';

export const VALUE_TYPES: readonly ValueType[] = ['S', 'N', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', 'L', 'M'];

export type TypedValueResult = { readonly ok: true; readonly value: AttributeValue } | { readonly ok: false; readonly message: string };

/**
 * Splits a comma-separated list; `"a, b"` in double quotes keeps its comma,
 * `""` inside quotes is one quote. Used for sets and IN lists.
 */
export function splitList(text: string): string[] {
  const items: string[] = [];
  let i = 0;
  const source = text.trim();
  if (source === '') return items;
  while (i <= source.length) {
    while (source[i] === ' ') i++;
    let item = '';
    if (source[i] === '"') {
      i++;
      while (i < source.length) {
        if (source[i] === '"' && source[i + 1] === '"') {
          item += '"';
          i += 2;
        } else if (source[i] === '"') {
          i++;
          break;
        } else {
          item += source[i++];
        }
      }
      while (i < source.length && source[i] !== ',') i++;
    } else {
      const end = source.indexOf(',', i);
      item = (end < 0 ? source.slice(i) : source.slice(i, end)).trim();
      i = end < 0 ? source.length : end;
    }
    items.push(item);
    i++;
  }
  return items;
}

/** Prints a list so {@link splitList} reads it back. */
export function joinList(items: readonly string[]): string {
  return items.map((item) => (/[,"]|^\s|\s$|^$/.test(item) ? `"${item.replaceAll('"', '""')}"` : item)).join(', ');
}

function parseNumber(text: string, label: string): TypedValueResult {
  const parsed = parseDynamoNumber(text.trim());
  return parsed.ok ? { ok: true, value: { N: text.trim() } } : { ok: false, message: `${label} is a number (N): ${parsed.message}.` };
}

function parseBinary(text: string, label: string, encoding: BinaryEncoding): Uint8Array | string {
  const parsed = parseBinaryText(text, encoding);
  return parsed.ok ? parsed.bytes : `${label} is binary (B) typed as ${encoding}: ${parsed.message}.`;
}

/**
 * Reads a value typed in the builder as an AttributeValue of the chosen type.
 * S is taken as typed; N by DynamoDB's number rules; B (and BS elements) in
 * the chosen encoding, hex or base64; BOOL as true/false; sets as
 * comma-separated lists; L and M as DynamoDB JSON (B inside them as base64,
 * as DynamoDB JSON has it).
 *
 * @example
 * parseTypedValue("NS", "1, 2, 3", "score", "hex") // { ok: true, value: { NS: ["1", "2", "3"] } }
 * parseTypedValue("B", "01 02 03", "blob", "hex") // { ok: true, value: { B: Uint8Array [1, 2, 3] } }
 */
export function parseTypedValue(type: ValueType, text: string, label: string, encoding: BinaryEncoding): TypedValueResult {
  switch (type) {
    case 'S':
      return { ok: true, value: { S: text } };
    case 'N':
      return parseNumber(text, label);
    case 'B': {
      const bytes = parseBinary(text, label, encoding);
      return typeof bytes === 'string' ? { ok: false, message: bytes } : { ok: true, value: { B: bytes } };
    }
    case 'BOOL': {
      const word = text.trim().toLowerCase();
      if (word === 'true' || word === 'false') return { ok: true, value: { BOOL: word === 'true' } };
      return { ok: false, message: `${label} is a boolean (BOOL): enter true or false.` };
    }
    case 'NULL':
      return { ok: true, value: { NULL: true } };
    case 'SS':
    case 'NS':
    case 'BS': {
      const items = splitList(text);
      if (items.length === 0) return { ok: false, message: `${label} is a set (${type}): enter at least one element, separated by commas.` };
      if (new Set(items).size !== items.length) return { ok: false, message: `${label} is a set (${type}): remove the duplicate elements.` };
      if (type === 'SS') return { ok: true, value: { SS: items } };
      if (type === 'NS') {
        for (const item of items) {
          const number = parseNumber(item, `Each element of ${label}`);
          if (!number.ok) return number;
        }
        return { ok: true, value: { NS: items } };
      }
      const bytes: Uint8Array[] = [];
      for (const item of items) {
        const decoded = parseBinary(item, `Each element of ${label}`, encoding);
        if (typeof decoded === 'string') return { ok: false, message: decoded };
        bytes.push(decoded);
      }
      return { ok: true, value: { BS: bytes } };
    }
    case 'L':
    case 'M': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return {
          ok: false,
          message: `${label} is a ${type === 'L' ? 'list (L)' : 'map (M)'}: enter DynamoDB JSON, e.g. ${type === 'L' ? '[{"S":"a"},{"N":"1"}]' : '{"city":{"S":"Berlin"}}'}.`,
        };
      }
      const value =
        type === 'L'
          ? Array.isArray(parsed)
            ? { L: parsed.map(reviveAttributeValue) }
            : undefined
          : isPlainObject(parsed)
            ? { M: mapValues(parsed, reviveAttributeValue) }
            : undefined;
      if (!value)
        return { ok: false, message: `${label} is a ${type === 'L' ? 'list: enter a JSON array' : 'map: enter a JSON object'} of DynamoDB JSON values.` };
      return { ok: true, value: value as AttributeValue };
    }
  }
}

/** Prints an AttributeValue as the builder's type and text, the inverse of {@link parseTypedValue}. */
export function printTypedValue(value: AttributeValue): { type: ValueType; text: string } {
  if (value.S !== undefined) return { type: 'S', text: value.S };
  if (value.N !== undefined) return { type: 'N', text: value.N };
  if (value.B !== undefined) return { type: 'B', text: encodeBase64(value.B) };
  if (value.BOOL !== undefined) return { type: 'BOOL', text: String(value.BOOL) };
  if (value.NULL !== undefined) return { type: 'NULL', text: '' };
  if (value.SS !== undefined) return { type: 'SS', text: joinList(value.SS) };
  if (value.NS !== undefined) return { type: 'NS', text: joinList(value.NS) };
  if (value.BS !== undefined) return { type: 'BS', text: joinList(value.BS.map((bytes) => encodeBase64(bytes))) };
  if (value.L !== undefined) return { type: 'L', text: JSON.stringify(value.L, jsonReplacer) };
  return { type: 'M', text: JSON.stringify(value.M ?? {}, jsonReplacer) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapValues<T>(record: Record<string, unknown>, map: (value: unknown) => T): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

/**
 * Turns DynamoDB JSON as the CLI prints it (B as base64 text) into the SDK's
 * shape (B as bytes). Anything it doesn't recognise is passed on unchanged, so
 * the validator can name it with DynamoDB's message.
 *
 * @example
 * reviveAttributeValue({ B: "AQID" }) // { B: Uint8Array [1, 2, 3] }
 */
export function reviveAttributeValue(value: unknown): AttributeValue {
  if (!isPlainObject(value)) return value as AttributeValue;
  const [type, inner] = Object.entries(value)[0] ?? [];
  if (type === 'B' && typeof inner === 'string') return { B: decodeBase64(inner) ?? new Uint8Array() };
  if (type === 'BS' && Array.isArray(inner))
    return { BS: inner.map((item) => (typeof item === 'string' ? (decodeBase64(item) ?? new Uint8Array()) : (item as Uint8Array))) };
  if (type === 'L' && Array.isArray(inner)) return { L: inner.map(reviveAttributeValue) };
  if (type === 'M' && isPlainObject(inner)) return { M: mapValues(inner, reviveAttributeValue) };
  return value as unknown as AttributeValue;
}

/** JSON.stringify replacer that prints bytes as base64, the way the CLI's JSON does. */
export function jsonReplacer(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? encodeBase64(value) : value;
}
