import {
  readWireJsonItem,
  readWireJsonValue,
  readWireItem,
  readWireValue,
  toWireJsonValue,
  type AttributeValue,
  type Item,
  type WireProblem,
  type WireReadResult,
  type WireReadRules,
} from '../../dynamo';
import { normalizeDynamoNumber } from '../../keys';
import type { DesignProblem, JsonAttributeValue, JsonItem } from '../design.types';
import { errorAt } from './problemPath';

/**
 * Items in DynamoDB JSON (the wire form: `{"N": "1.50"}`, B as base64), as
 * design samples and Workbench's TableData hold them: checked by src/dynamo's
 * one reader (every problem with its path) and converted to and from the
 * Item (B as bytes) that the engine and the SDK take.
 */

export type JsonItemResult = { readonly ok: true; readonly item: JsonItem } | { readonly ok: false; readonly problems: readonly DesignProblem[] };
export type JsonValueResult = { readonly ok: true; readonly value: JsonAttributeValue } | { readonly ok: false; readonly problems: readonly DesignProblem[] };

const RULES: WireReadRules = { normalizeNumber: normalizeDynamoNumber };

const asDesignProblems = (problems: readonly WireProblem[]): DesignProblem[] => problems.map((problem) => errorAt(problem.path, problem.message));

/**
 * Reads an item in DynamoDB JSON, or says what is wrong with it and where.
 *
 * @example
 * readJsonItem({ total: { N: "12.50" } }, "samples[0].attributes") // { ok: true, item: { total: { N: "12.50" } } }
 * readJsonItem({ total: 12.5 }, "samples[0].attributes")
 * // { ok: false, problems: [{ path: "samples[0].attributes.total", message: "must be a DynamoDB JSON value such as {\"N\": \"12.5\"} …" }] }
 */
export function readJsonItem(value: unknown, path: string): JsonItemResult {
  const read = readWireJsonItem(value, path, RULES);
  return read.ok ? { ok: true, item: read.value } : { ok: false, problems: asDesignProblems(read.problems) };
}

/** Reads one attribute value in DynamoDB JSON (`{"S": "x"}`), or says what is wrong with it. */
export function readJsonAttributeValue(value: unknown, path: string): JsonValueResult {
  const read = readWireJsonValue(value, path, RULES);
  return read.ok ? { ok: true, value: read.value } : { ok: false, problems: asDesignProblems(read.problems) };
}

/**
 * An item in DynamoDB JSON as the Item (B as bytes), for the engine and the
 * SDK: src/dynamo's reader (objects without binary are shared, not copied).
 * The item must have passed `readJsonItem`.
 *
 * @example
 * jsonItemToItem({ data: { B: "AAE=" } }) // { data: { B: Uint8Array [0, 1] } }
 */
export function jsonItemToItem(item: JsonItem): Item {
  return readOrThrow(readWireItem(item, '', RULES));
}

/** One value in DynamoDB JSON as an AttributeValue (B as bytes); it must have passed `readJsonAttributeValue`. */
export function jsonToAttributeValue(value: JsonAttributeValue): AttributeValue {
  return readOrThrow(readWireValue(value, '', RULES));
}

function readOrThrow<T>(read: WireReadResult<T>): T {
  if (read.ok) return read.value;
  const first = read.problems[0];
  throw new TypeError(`Not DynamoDB JSON: ${first?.path ?? ''} ${first?.message ?? ''} (check it with readJsonItem first).`);
}

/**
 * An Item (B as bytes) in DynamoDB JSON (B as base64), for samples and exports:
 * src/dynamo's writer (objects without binary are shared, not copied).
 *
 * @example
 * itemToJsonItem({ data: { B: Uint8Array.of(0, 1) } }) // { data: { B: "AAE=" } }
 */
export function itemToJsonItem(item: Item): JsonItem {
  return toWireJsonValue(item) as JsonItem;
}

export function attributeValueToJson(value: AttributeValue): JsonAttributeValue {
  return toWireJsonValue(value) as JsonAttributeValue;
}
