import type { AttributeValue, BatchWriteItemCommandInput } from '@aws-sdk/client-dynamodb';
import type { Item } from '../expressions';
import { encodeBase64 } from '../dynamo';

/** Binary as base64, as DynamoDB's wire format and the AWS CLI write it. */
const wireReplacer = (_key: string, value: unknown): unknown => (value instanceof Uint8Array ? encodeBase64(value) : value);

/**
 * An item, one attribute value, or a whole request (BatchWriteItem's input)
 * as compact DynamoDB JSON (numbers are strings, so every digit is kept;
 * binary is base64).
 *
 * @example
 * toWireJson({ pk: { S: "a" }, b: { B: Uint8Array.of(255) } }) // '{"pk":{"S":"a"},"b":{"B":"/w=="}}'
 */
export function toWireJson(value: Item | AttributeValue | BatchWriteItemCommandInput): string {
  // A replacer slows JSON.stringify several times over (export writes every item through here): only binary needs it.
  return holdsBinary(value) ? JSON.stringify(value, wireReplacer) : JSON.stringify(value);
}

/** Whether `value` (an item, or an attribute value) holds a Uint8Array anywhere. */
function holdsBinary(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const member of value) if (member !== null && typeof member === 'object' && holdsBinary(member)) return true;
    return false;
  }
  for (const name in value) {
    const member = (value as Record<string, unknown>)[name];
    if (member !== null && typeof member === 'object' && holdsBinary(member)) return true;
  }
  return false;
}

/** The key attributes of `item` as one string (the same key gives the same text), for spotting a key twice in a batch. */
export function keyText(item: Item, keyNames: readonly string[]): string {
  let text = '';
  for (const name of keyNames) {
    const value = Object.hasOwn(item, name) ? (item[name] as AttributeValue) : undefined;
    // Strings and numbers (nearly every key) without building the value's JSON; S quoted, so no text of one type looks like the other's.
    if (value?.S !== undefined) text += `S${JSON.stringify(value.S)}\u0000`;
    else if (value?.N !== undefined) text += `N${value.N}\u0000`;
    else text += `${toWireJson(value ?? { NULL: true })}\u0000`;
  }
  return text;
}
