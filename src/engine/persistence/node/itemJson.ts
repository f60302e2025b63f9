import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { setOwnAttribute, type Item } from '../../../expressions';
import { decodeBase64, encodeBase64 } from '../../../dynamo';

/**
 * Items in DynamoDB's own JSON wire format (`{"B": "<base64>"}` for binary,
 * strings for numbers), so a data directory's files read like the AWS CLI's
 * output. The type tag says which strings are base64, so nothing is ambiguous.
 */

/**
 * An item as DynamoDB JSON text.
 *
 * @example
 * stringifyItem({ id: { B: Uint8Array.of(1, 2) }, n: { N: "1.5" } }) // '{"id":{"B":"AQI="},"n":{"N":"1.5"}}'
 */
export function stringifyItem(item: Item): string {
  let out = '{';
  let first = true;
  for (const name in item) {
    if (!Object.hasOwn(item, name)) continue;
    out += (first ? '' : ',') + JSON.stringify(name) + ':' + stringifyValue(item[name] as AttributeValue);
    first = false;
  }
  return out + '}';
}

function stringifyValue(value: AttributeValue): string {
  if (value.S !== undefined) return '{"S":' + JSON.stringify(value.S) + '}';
  if (value.N !== undefined) return '{"N":' + JSON.stringify(value.N) + '}';
  if (value.B !== undefined) return '{"B":"' + encodeBase64(value.B) + '"}';
  if (value.BOOL !== undefined) return value.BOOL ? '{"BOOL":true}' : '{"BOOL":false}';
  if (value.NULL !== undefined) return '{"NULL":true}';
  if (value.M !== undefined) return '{"M":' + stringifyItem(value.M) + '}';
  if (value.L !== undefined) return '{"L":[' + value.L.map(stringifyValue).join(',') + ']}';
  if (value.SS !== undefined) return '{"SS":' + JSON.stringify(value.SS) + '}';
  if (value.NS !== undefined) return '{"NS":' + JSON.stringify(value.NS) + '}';
  if (value.BS !== undefined) return '{"BS":[' + value.BS.map((bytes) => '"' + encodeBase64(bytes) + '"').join(',') + ']}';
  throw new TypeError(`Not an AttributeValue: ${JSON.stringify(value)}`);
}

/**
 * An item from parsed DynamoDB JSON: validated, with base64 strings turned
 * back into Uint8Arrays — in place, since parsed JSON already has the shape
 * of an item and a million-item file would otherwise be copied object by
 * object. Throws a TypeError (the caller names the file and line) on a value
 * that is not an AttributeValue.
 *
 * @example
 * readItemJson(JSON.parse('{"id":{"B":"AQI="}}')) // { id: { B: Uint8Array [1, 2] } }
 */
export function readItemJson(json: unknown): Item {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new TypeError('an item must be a JSON object');
  const item = json as Item;
  for (const name in item) {
    if (!Object.hasOwn(item, name)) continue;
    const value = item[name];
    const read = readValueJson(value);
    if (read !== value) setOwnAttribute(item, name, read);
  }
  return item;
}

/** The value itself when it is already an AttributeValue, else its converted copy (binary). */
function readValueJson(json: unknown): AttributeValue {
  if (json === null || typeof json !== 'object') throw new TypeError('an attribute value must be a JSON object');
  const value = json as Record<string, unknown>;
  if (typeof value.S === 'string' || typeof value.N === 'string' || typeof value.BOOL === 'boolean' || value.NULL === true) {
    return json as AttributeValue;
  }
  if (typeof value.B === 'string') return { B: bytesOf(value.B) };
  if (value.M !== undefined) {
    readItemJson(value.M);
    return json as AttributeValue;
  }
  if (Array.isArray(value.L)) {
    for (let i = 0; i < value.L.length; i++) value.L[i] = readValueJson(value.L[i]);
    return json as AttributeValue;
  }
  if (isStringArray(value.SS) || isStringArray(value.NS)) return json as AttributeValue;
  if (isStringArray(value.BS)) return { BS: value.BS.map(bytesOf) };
  throw new TypeError(`not an attribute value: ${JSON.stringify(json).slice(0, 80)}`);
}

function bytesOf(text: string): Uint8Array {
  const bytes = decodeBase64(text);
  if (!bytes) throw new TypeError(`invalid base64 in a binary value: ${JSON.stringify(text.slice(0, 40))}`);
  return bytes;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((element) => typeof element === 'string');
}
