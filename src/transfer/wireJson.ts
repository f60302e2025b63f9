import type { AttributeValue, BatchWriteItemCommandInput } from '@aws-sdk/client-dynamodb';
import type { Item } from '../expressions';
import { writeWireJson } from '../dynamo';

/**
 * An item, one attribute value, or a whole request (BatchWriteItem's input)
 * as compact DynamoDB JSON (numbers are strings, so every digit is kept;
 * binary is base64): src/dynamo's one writer, typed for what transfer writes.
 *
 * @example
 * toWireJson({ pk: { S: "a" }, b: { B: Uint8Array.of(255) } }) // '{"pk":{"S":"a"},"b":{"B":"/w=="}}'
 */
export function toWireJson(value: Item | AttributeValue | BatchWriteItemCommandInput): string {
  return writeWireJson(value);
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
