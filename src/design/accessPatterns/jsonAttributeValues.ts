import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { decodeBase64, encodeBase64 } from '../../keys';
import type { JsonAttributeValue, JsonItem } from '../design.types';

/**
 * Between a design's DynamoDB JSON (B as base64 text, what a design file
 * holds) and the SDK's AttributeValue (B as bytes, what a request and the
 * engine carry). Numbers stay text both ways.
 */

/** A DynamoDB JSON value as the SDK holds it; a B that is not base64 throws (a validated design has none). */
export function toSdkAttributeValue(value: JsonAttributeValue): AttributeValue {
  if ('B' in value) return { B: bytesOf(value.B) };
  if ('BS' in value) return { BS: value.BS.map(bytesOf) };
  if ('M' in value) return { M: toSdkItem(value.M) };
  if ('L' in value) return { L: value.L.map(toSdkAttributeValue) };
  if ('SS' in value) return { SS: [...value.SS] };
  if ('NS' in value) return { NS: [...value.NS] };
  return value as AttributeValue;
}

export function toSdkItem(item: JsonItem): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, toSdkAttributeValue(value)]));
}

/** An SDK value as DynamoDB JSON (bytes become base64). */
export function toJsonAttributeValue(value: AttributeValue): JsonAttributeValue {
  if (value.B !== undefined) return { B: encodeBase64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map((bytes) => encodeBase64(bytes)) };
  if (value.M !== undefined) return { M: toJsonItem(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toJsonAttributeValue) };
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.SS !== undefined) return { SS: [...value.SS] };
  if (value.NS !== undefined) return { NS: [...value.NS] };
  throw new TypeError(`Not a DynamoDB attribute value: ${Object.keys(value).join(', ')}`);
}

export function toJsonItem(item: Record<string, AttributeValue>): JsonItem {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, toJsonAttributeValue(value)]));
}

/** A value as people read it in a message or a list: S and N as their text, B as its base64, anything else as DynamoDB JSON. */
export function jsonValueText(value: JsonAttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return value.B;
  return JSON.stringify(value);
}

function bytesOf(base64: string): Uint8Array {
  const bytes = decodeBase64(base64);
  if (bytes === undefined) throw new TypeError(`"${base64}" is not base64`);
  return bytes;
}
