import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from '../expressions';
import { encodeBase64 } from '../keys';

/** Binary as base64, as DynamoDB's wire format and the AWS CLI write it. */
const wireReplacer = (_key: string, value: unknown): unknown => (value instanceof Uint8Array ? encodeBase64(value) : value);

/**
 * An item, or one attribute value, as compact DynamoDB JSON (numbers are
 * strings, so every digit is kept; binary is base64).
 *
 * @example
 * toWireJson({ pk: { S: "a" }, b: { B: Uint8Array.of(255) } }) // '{"pk":{"S":"a"},"b":{"B":"/w=="}}'
 */
export function toWireJson(value: Item | AttributeValue): string {
  return JSON.stringify(value, wireReplacer);
}

/** The key attributes of `item` as one string (the same key gives the same text), for spotting a key twice in a batch. */
export function keyText(item: Item, keyNames: readonly string[]): string {
  let text = '';
  for (const name of keyNames) text += `${toWireJson(Object.hasOwn(item, name) ? (item[name] as AttributeValue) : { NULL: true })}\u0000`;
  return text;
}
