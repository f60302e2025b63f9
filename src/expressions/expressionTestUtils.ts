/**
 * Helpers for the expression tests (imported by `*.test.ts` only).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { decodeBase64 } from '../dynamo';
import { isDynamoDBError, type DynamoDBError } from './errors';

/**
 * The DynamoDBError `run` throws; fails the test when it throws anything
 * else or nothing.
 *
 * @example
 * catchDynamoDBError(() => parseCondition("a =", "FilterExpression")).message
 */
export function catchDynamoDBError(run: () => unknown): DynamoDBError {
  try {
    run();
  } catch (error) {
    if (isDynamoDBError(error)) return error;
    throw error;
  }
  throw new Error('expected a DynamoDBError, but nothing was thrown');
}

/**
 * A copy of a syntax tree without its `span` fields, for comparing shapes.
 *
 * @example
 * withoutSpans(parseCondition("a = :v", "FilterExpression"))
 * // { kind: "compare", operator: "=", left: { kind: "path", elements: [{ kind: "name", name: "a" }] }, right: { kind: "value", ref: ":v" } }
 */
export function withoutSpans(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSpans);
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key !== 'span') copy[key] = withoutSpans(value);
  return copy;
}

/**
 * Wire-format values (B and BS as base64, as DynamoDB's JSON and the
 * recordings hold them) to the SDK shape (Uint8Array).
 *
 * @example
 * fromWireValue({ B: "AQ==" }) // { B: Uint8Array [1] }
 */
export function fromWireValue(value: unknown): AttributeValue {
  return convert(value) as AttributeValue;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === 'B' && typeof member === 'string') out[key] = bytesOf(member);
    else if (key === 'BS' && Array.isArray(member)) out[key] = member.map((item) => (typeof item === 'string' ? bytesOf(item) : item));
    else out[key] = convert(member);
  }
  return out;
}

function bytesOf(text: string): Uint8Array {
  const bytes = decodeBase64(text);
  if (bytes === undefined) throw new TypeError(`not base64: ${text}`);
  return bytes;
}
