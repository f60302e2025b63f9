import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { encodeBase64, parseBinaryText, readWireValue, type BinaryEncoding, type WireReadRules } from '../../dynamo';
import { normalizeDynamoNumber, parseDynamoNumber } from '../../keys';

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
      if (type === 'L' ? !Array.isArray(parsed) : !isPlainObject(parsed))
        return { ok: false, message: `${label} is a ${type === 'L' ? 'list: enter a JSON array' : 'map: enter a JSON object'} of DynamoDB JSON values.` };
      const read = readDynamoJsonValue(type === 'L' ? { L: parsed } : { M: parsed }, label);
      return read.ok ? read : { ok: false, message: read.problems.join(' ') };
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

/**
 * One value in DynamoDB JSON (binary as base64) read with src/dynamo's reader:
 * binary as bytes, or every problem with its path under `label` (`{"B": "**"}`
 * is refused, never read as empty bytes).
 *
 * @example
 * readDynamoJsonValue({ L: [{ B: "AQID" }] }, "Value")  // { ok: true, value: { L: [{ B: Uint8Array [1, 2, 3] }] } }
 * readDynamoJsonValue({ B: "**" }, ":b")                // { ok: false, problems: [':b.B: …'] }
 */
export function readDynamoJsonValue(value: unknown, label: string): { ok: true; value: AttributeValue } | { ok: false; problems: string[] } {
  const read = readWireValue(value, label, DYNAMO_JSON_RULES);
  return read.ok ? read : { ok: false, problems: read.problems.map((problem) => `${problem.path || label}: ${problem.message}`) };
}

/** Numbers are checked as DynamoDB would and kept as typed; nested maps' empty keys are left to DynamoDB's own check. */
export const DYNAMO_JSON_RULES: WireReadRules = { normalizeNumber: normalizeDynamoNumber, emptyMapKeys: true };

/** JSON.stringify replacer that prints bytes as base64, the way the CLI's JSON does. */
export function jsonReplacer(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? encodeBase64(value) : value;
}
