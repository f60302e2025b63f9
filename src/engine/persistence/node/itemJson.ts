import { readWireItem, writeWireJson, type Item, type WireReadRules } from '../../../dynamo';
import { isNormalizedNumberText, MAX_SIGNIFICANT_DIGITS, normalizeDynamoNumber } from '../../../keys';

/**
 * Items in DynamoDB's own JSON wire format (`{"B": "<base64>"}` for binary,
 * strings for numbers), so a data directory's files read like the AWS CLI's
 * output: src/dynamo's one codec, named for the file code that calls it.
 */

/**
 * An item as DynamoDB JSON text.
 *
 * @example
 * stringifyItem({ id: { B: Uint8Array.of(1, 2) }, n: { N: "1.5" } }) // '{"id":{"B":"AQI="},"n":{"N":"1.5"}}'
 */
export function stringifyItem(item: Item): string {
  return writeWireJson(item, NODE_BASE64);
}

/** Node's own base64 (native, ~20× the pure-JS encoder on a 300-byte value): this file only runs in Node. */
const NODE_BASE64 = { encodeBinary: (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };

/**
 * normalizeDynamoNumber, without its parse and format for a number that is
 * normalised already, as every number Keylab writes is (a tenth of a
 * 100,000-item load): the same test as canonicalizeNumber's (src/expressions).
 */
export function normalizeStoredNumber(text: string): string | undefined {
  // A normalised spelling of at most 38 characters is within DynamoDB's range too.
  return text.length <= MAX_SIGNIFICANT_DIGITS && isNormalizedNumberText(text) ? text : normalizeDynamoNumber(text);
}

/** In place: the parsed JSON is this file's own, and a million-item file would otherwise be copied object by object. */
const RULES: WireReadRules = { normalizeNumber: normalizeStoredNumber, inPlace: true };

/**
 * An item from parsed DynamoDB JSON: validated, with base64 strings turned
 * back into Uint8Arrays in place. Throws a TypeError naming the first
 * problem's path (the caller names the file and line) on a value DynamoDB
 * would refuse.
 *
 * @example
 * readItemJson(JSON.parse('{"id":{"B":"AQI="}}')) // { id: { B: Uint8Array [1, 2] } }
 */
export function readItemJson(json: unknown): Item {
  const read = readWireItem(json, '', RULES);
  if (read.ok) return read.value;
  const [first] = read.problems;
  throw new TypeError(first === undefined ? 'not an item' : `${first.path ? `${first.path}: ` : ''}${first.message}`);
}
