import { parseDynamoNumber, utf8ByteLength, type KeyAttributeValue } from '../../keys';

/**
 * The size of a key the way DynamoDB bills and limits it. A key is shown with
 * two figures: `valueBytes`, the values alone (what the 1,024/2,048-byte key
 * limits count), and `storedBytes`, attribute names plus values (what an
 * item's 400 KB size and its storage count), because a multi-attribute key
 * pays for several attribute names where a concatenated key pays for one.
 */
export interface KeyBytes {
  readonly valueBytes: number;
  readonly storedBytes: number;
}

/**
 * One value's size: S is its UTF-8 length, B its byte count, N is DynamoDB's
 * documented approximation (one byte per two significant digits, plus one),
 * so `1500` is 2 bytes (significant digits "15") where the padded text
 * `0000001500` is 10.
 *
 * @example
 * valueByteLength({ N: "1500" })       // 2
 * valueByteLength({ S: "0000001500" }) // 10
 */
export function valueByteLength(value: KeyAttributeValue): number {
  if ('S' in value) return utf8ByteLength(value.S);
  if ('B' in value) return value.B.length;
  const parsed = parseDynamoNumber(value.N);
  const digits = parsed.ok ? parsed.number.digits.length : value.N.length;
  return Math.ceil(Math.max(digits, 1) / 2) + 1;
}

/** The sizes of a key made of named attribute values. */
export function keyBytesOf(parts: readonly { readonly name: string; readonly value: KeyAttributeValue }[]): KeyBytes {
  let valueBytes = 0;
  let nameBytes = 0;
  for (const part of parts) {
    valueBytes += valueByteLength(part.value);
    nameBytes += utf8ByteLength(part.name);
  }
  return { valueBytes, storedBytes: valueBytes + nameBytes };
}
