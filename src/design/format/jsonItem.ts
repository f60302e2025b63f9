import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from '../../expressions';
import { decodeBase64, encodeBase64 } from '../../dynamo';
import { compareDynamoNumbers, normalizeDynamoNumber } from '../../keys';
import type { DesignProblem, JsonAttributeValue, JsonItem } from '../design.types';
import { describeJsonType, elementPath, errorAt, isPlainObject, memberPath } from './problemPath';

/**
 * Items in DynamoDB JSON (the wire form: `{"N": "1.50"}`, B as base64), as
 * design samples and Workbench's TableData hold them: checked value by value
 * with messages that name the path, and converted to and from the
 * expressions' Item (B as bytes) that the engine and the SDK take.
 */

export type JsonItemResult = { readonly ok: true; readonly item: JsonItem } | { readonly ok: false; readonly problems: readonly DesignProblem[] };
export type JsonValueResult = { readonly ok: true; readonly value: JsonAttributeValue } | { readonly ok: false; readonly problems: readonly DesignProblem[] };

const TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'] as const;
type TypeName = (typeof TYPES)[number];
/** DynamoDB's limit on nested maps and lists. */
const MAX_NESTING = 32;

/**
 * Reads an item in DynamoDB JSON, or says what is wrong with it and where.
 *
 * @example
 * readJsonItem({ total: { N: "12.50" } }, "samples[0].attributes") // { ok: true, item: { total: { N: "12.50" } } }
 * readJsonItem({ total: 12.5 }, "samples[0].attributes")
 * // { ok: false, problems: [{ path: "samples[0].attributes.total", message: "must be a DynamoDB JSON value such as {\"N\": \"12.5\"} …" }] }
 */
export function readJsonItem(value: unknown, path: string): JsonItemResult {
  const problems: DesignProblem[] = [];
  const item = readMap(value, path, 0, problems);
  return problems.length > 0 || item === undefined ? { ok: false, problems } : { ok: true, item };
}

/** Reads one attribute value in DynamoDB JSON (`{"S": "x"}`), or says what is wrong with it. */
export function readJsonAttributeValue(value: unknown, path: string): JsonValueResult {
  const problems: DesignProblem[] = [];
  const read = readValue(value, path, 0, problems);
  return problems.length > 0 || read === undefined ? { ok: false, problems } : { ok: true, value: read };
}

function readMap(value: unknown, path: string, depth: number, problems: DesignProblem[]): JsonItem | undefined {
  if (!isPlainObject(value)) {
    problems.push(errorAt(path, `must be an object of attribute names to DynamoDB JSON values, e.g. {"total": {"N": "12.50"}}, not ${describeJsonType(value)}.`));
    return undefined;
  }
  const entries: [string, JsonAttributeValue][] = [];
  for (const [name, member] of Object.entries(value)) {
    const memberAt = memberPath(path, name);
    if (name.length === 0) {
      problems.push(errorAt(memberAt, 'an attribute name is empty: DynamoDB rejects empty attribute names; give it a name.'));
      continue;
    }
    const read = readValue(member, memberAt, depth, problems);
    if (read !== undefined) entries.push([name, read]);
  }
  // fromEntries defines own properties: a "__proto__" attribute stays an attribute.
  return Object.fromEntries(entries);
}

function readValue(value: unknown, path: string, depth: number, problems: DesignProblem[]): JsonAttributeValue | undefined {
  const example = suggestion(value);
  if (!isPlainObject(value)) {
    problems.push(errorAt(path, `must be a DynamoDB JSON value such as ${example}, not ${describeJsonType(value)}.`));
    return undefined;
  }
  const keys = Object.keys(value);
  if (keys.length !== 1 || !TYPES.includes(keys[0] as TypeName)) {
    const unknown = keys.filter((key) => !TYPES.includes(key as TypeName));
    const what = keys.length === 0 ? 'is empty' : unknown.length > 0 ? `has ${unknown.map((key) => JSON.stringify(key)).join(', ')}, which ${unknown.length === 1 ? 'is not a type' : 'are not types'}` : `has ${keys.length} types`;
    problems.push(errorAt(path, `${what}: a DynamoDB JSON value has exactly one of S, N, B, BOOL, NULL, M, L, SS, NS, BS, e.g. {"S": "text"}.`));
    return undefined;
  }
  const type = keys[0] as TypeName;
  const inner = value[type];
  const at = memberPath(path, type);
  const bad = (message: string): undefined => {
    problems.push(errorAt(at, message));
    return undefined;
  };
  switch (type) {
    case 'S':
      return typeof inner === 'string' ? { S: inner } : bad(`a string value is text: write {"S": "…"}, not ${describeJsonType(inner)}.`);
    case 'N':
      return readNumber(inner, at, problems) === undefined ? undefined : { N: inner as string };
    case 'B':
      return readBinary(inner, at, problems) === undefined ? undefined : { B: inner as string };
    case 'BOOL':
      return typeof inner === 'boolean' ? { BOOL: inner } : bad(`must be true or false, not ${describeJsonType(inner)}.`);
    case 'NULL':
      return inner === true ? { NULL: true } : bad(`must be true ({"NULL": true}), not ${describeJsonType(inner)}.`);
    case 'M': {
      if (depth + 1 > MAX_NESTING) return bad(`nests maps and lists deeper than DynamoDB's ${MAX_NESTING} levels: flatten it.`);
      const map = readMap(inner, at, depth + 1, problems);
      return map === undefined ? undefined : { M: map };
    }
    case 'L': {
      if (!Array.isArray(inner)) return bad(`a list is a JSON array of DynamoDB JSON values, e.g. {"L": [{"S": "a"}]}, not ${describeJsonType(inner)}.`);
      if (depth + 1 > MAX_NESTING) return bad(`nests maps and lists deeper than DynamoDB's ${MAX_NESTING} levels: flatten it.`);
      const list: JsonAttributeValue[] = [];
      inner.forEach((element, index) => {
        const read = readValue(element, elementPath(at, index), depth + 1, problems);
        if (read !== undefined) list.push(read);
      });
      return list.length === inner.length ? { L: list } : undefined;
    }
    case 'SS':
    case 'NS':
    case 'BS':
      return readSet(type, inner, at, problems);
  }
}

function readNumber(value: unknown, path: string, problems: DesignProblem[]): string | undefined {
  if (typeof value !== 'string') {
    problems.push(errorAt(path, `a number is written as text so it stays exact: {"N": "${typeof value === 'number' ? String(value) : '42'}"}, not ${describeJsonType(value)}.`));
    return undefined;
  }
  if (normalizeDynamoNumber(value) === undefined) {
    problems.push(errorAt(path, `${JSON.stringify(value)} is not a number DynamoDB accepts: write digits with an optional sign, point and exponent (at most 38 significant digits), e.g. "12.50".`));
    return undefined;
  }
  return value;
}

function readBinary(value: unknown, path: string, problems: DesignProblem[]): string | undefined {
  if (typeof value !== 'string' || decodeBase64(value) === undefined) {
    problems.push(errorAt(path, `binary is written as base64 text, e.g. {"B": "AAEC"}; ${typeof value === 'string' ? `${JSON.stringify(value.slice(0, 40))} is not base64` : `not ${describeJsonType(value)}`}.`));
    return undefined;
  }
  return value;
}

function readSet(type: 'SS' | 'NS' | 'BS', value: unknown, path: string, problems: DesignProblem[]): JsonAttributeValue | undefined {
  const example = { SS: '{"SS": ["a", "b"]}', NS: '{"NS": ["1", "2.5"]}', BS: '{"BS": ["AAE="]}' }[type];
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(errorAt(path, `a set is a non-empty JSON array${Array.isArray(value) ? ' (DynamoDB has no empty sets: remove the attribute instead)' : `, not ${describeJsonType(value)}`}, e.g. ${example}.`));
    return undefined;
  }
  const before = problems.length;
  const members: string[] = [];
  value.forEach((member, index) => {
    const at = elementPath(path, index);
    const read =
      type === 'SS'
        ? typeof member === 'string'
          ? member
          : (problems.push(errorAt(at, `a string set holds text, not ${describeJsonType(member)}.`)), undefined)
        : type === 'NS'
          ? readNumber(member, at, problems)
          : readBinary(member, at, problems);
    if (read === undefined) return;
    const duplicate = members.findIndex((seen) => (type === 'NS' ? compareDynamoNumbers(seen, read) === 0 : type === 'BS' ? sameBytes(seen, read) : seen === read));
    if (duplicate >= 0) problems.push(errorAt(at, `${JSON.stringify(read)} repeats element ${duplicate} (${JSON.stringify(members[duplicate])}): a set holds each value once; remove one.`));
    members.push(read);
  });
  if (problems.length > before) return undefined;
  return type === 'SS' ? { SS: members } : type === 'NS' ? { NS: members } : { BS: members };
}

function sameBytes(a: string, b: string): boolean {
  return encodeBase64(decodeBase64(a) as Uint8Array) === encodeBase64(decodeBase64(b) as Uint8Array);
}

/** The DynamoDB JSON a plain JSON value was probably meant as, for the message. */
function suggestion(value: unknown): string {
  if (typeof value === 'string') return `{"S": ${JSON.stringify(value.length > 20 ? value.slice(0, 20) + '…' : value)}}`;
  if (typeof value === 'number') return `{"N": "${String(value)}"}`;
  if (typeof value === 'boolean') return `{"BOOL": ${String(value)}}`;
  if (value === null) return '{"NULL": true}';
  return '{"S": "text"}';
}

/**
 * An item in DynamoDB JSON as the expressions' Item (B as bytes), for the
 * engine and the SDK. The item must have passed `readJsonItem`.
 *
 * @example
 * jsonItemToItem({ data: { B: "AAE=" } }) // { data: { B: Uint8Array [0, 1] } }
 */
export function jsonItemToItem(item: JsonItem): Item {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, jsonToAttributeValue(value)]));
}

export function jsonToAttributeValue(value: JsonAttributeValue): AttributeValue {
  if ('B' in value) return { B: bytesOf(value.B) };
  if ('BS' in value) return { BS: value.BS.map(bytesOf) };
  if ('M' in value) return { M: jsonItemToItem(value.M) };
  if ('L' in value) return { L: value.L.map(jsonToAttributeValue) };
  if ('SS' in value) return { SS: [...value.SS] };
  if ('NS' in value) return { NS: [...value.NS] };
  return { ...value } as AttributeValue;
}

function bytesOf(base64: string): Uint8Array {
  const bytes = decodeBase64(base64);
  if (bytes === undefined) throw new TypeError(`Not base64: ${JSON.stringify(base64.slice(0, 40))} (check the item with readJsonItem first).`);
  return bytes;
}

/**
 * An Item (B as bytes) in DynamoDB JSON (B as base64), for samples and exports.
 *
 * @example
 * itemToJsonItem({ data: { B: Uint8Array.of(0, 1) } }) // { data: { B: "AAE=" } }
 */
export function itemToJsonItem(item: Item): JsonItem {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, attributeValueToJson(value)]));
}

export function attributeValueToJson(value: AttributeValue): JsonAttributeValue {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: encodeBase64(value.B) };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.M !== undefined) return { M: itemToJsonItem(value.M) };
  if (value.L !== undefined) return { L: value.L.map(attributeValueToJson) };
  if (value.SS !== undefined) return { SS: [...value.SS] };
  if (value.NS !== undefined) return { NS: [...value.NS] };
  if (value.BS !== undefined) return { BS: value.BS.map((bytes) => encodeBase64(bytes)) };
  throw new TypeError(`Not an AttributeValue: it has none of S, N, B, BOOL, NULL, M, L, SS, NS, BS.`);
}
