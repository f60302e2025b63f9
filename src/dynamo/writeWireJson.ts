import { encodeBase64 } from './base64';

/**
 * The one DynamoDB-JSON writer: items, attribute values, whole requests and
 * responses as DynamoDB's JSON 1.0 wire and `aws dynamodb` carry them —
 * binary (`Uint8Array`, in B and BS at any depth) as base64, timestamps
 * (`Date`) as epoch seconds (DynamoDB sends `1795996458.406`), numbers as the
 * strings they already are, `undefined` members left out.
 *
 * Fast on the paths that write every item (export, the endpoint's pages, the
 * data directory): V8's JSON.stringify serializes plain objects natively, but a
 * replacer function takes it off that path for every value (it doubled the cost
 * of a 100-item page). So bytes and dates are converted first, copying only the
 * objects on the path to one; a value without any is not copied at all.
 */

/**
 * `value` with every `Uint8Array` as base64 text and every `Date` as epoch
 * seconds; the same object when it holds neither (never modified in place).
 *
 * @example
 * toWireJsonValue({ b: { B: Uint8Array.of(255) } }) // { b: { B: "/w==" } }
 * toWireJsonValue({ s: { S: "a" } })                // the same object
 */
export function toWireJsonValue(value: unknown, encodeBinary: (bytes: Uint8Array) => string = encodeBase64): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return encodeBinary(value);
  if (value instanceof Date) return value.getTime() / 1000;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const member: unknown = value[i];
      if (member === null || typeof member !== 'object') continue;
      const converted = toWireJsonValue(member, encodeBinary);
      if (converted !== member) (copy ??= value.slice())[i] = converted;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  // for…in rather than Object.keys: no array per object (a 100-item page has ~700 of them).
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const member = record[key];
    // Strings, numbers and booleans (most members, e.g. every S and N value) pass as they are.
    if (member === null || typeof member !== 'object') continue;
    const converted = toWireJsonValue(member, encodeBinary);
    if (converted !== member) (copy ??= { ...record })[key] = converted;
  }
  return copy ?? value;
}

export interface WireJsonOptions {
  /** Indent for a person to read (the item editor); compact when left out. */
  readonly indent?: number;
  /**
   * The base64 encoder: {@link encodeBase64} unless the platform has a faster
   * one (the Node endpoint passes Buffer's, ~20× faster on a 300-byte value).
   * It must give the same text.
   */
  readonly encodeBinary?: (bytes: Uint8Array) => string;
}

/**
 * An item, an attribute value, or a whole request or response as DynamoDB
 * JSON text (see {@link toWireJsonValue}).
 *
 * @example
 * writeWireJson({ pk: { S: "a" }, b: { B: Uint8Array.of(255) } }) // '{"pk":{"S":"a"},"b":{"B":"/w=="}}'
 */
export function writeWireJson(value: unknown, options?: WireJsonOptions): string {
  return JSON.stringify(toWireJsonValue(value, options?.encodeBinary), undefined, options?.indent);
}
