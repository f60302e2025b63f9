import { compareBytes, compareUtf8 } from './compareUtf8';
import { compareDynamoNumbers } from './dynamoNumber';

/**
 * A value a DynamoDB key attribute can hold: string, number or binary, in the
 * AttributeValue shape the SDK and the wire protocol use.
 */
export type KeyAttributeValue = { readonly S: string } | { readonly N: string } | { readonly B: Uint8Array };

/** The scalar types a key attribute may have. */
export type KeyType = 'S' | 'N' | 'B';

/**
 * The type tag of a key value.
 *
 * @example
 * keyTypeOf({ N: "42" }) // "N"
 */
export function keyTypeOf(value: KeyAttributeValue): KeyType {
  if ('S' in value) return 'S';
  if ('N' in value) return 'N';
  return 'B';
}

/**
 * DynamoDB's order for key values — the one comparator the engine, the grid
 * and the order comparison share.
 *
 * Contract: ascending order is what a Query returns with
 * `ScanIndexForward: true`. S compares by UTF-8 bytes, N numerically
 * (`1000` equals `1e3`), B by unsigned bytes. Both values must have the same
 * type, as the two values of one key attribute always do; comparing different
 * types is a programmer error and throws.
 *
 * @example
 * compareKeys({ S: "10" }, { S: "9" }) < 0   // true: byte "1" (0x31) < "9" (0x39)
 * compareKeys({ N: "10" }, { N: "9" }) > 0   // true: numeric
 */
export function compareKeys(a: KeyAttributeValue, b: KeyAttributeValue): number {
  if ('S' in a && 'S' in b) return compareUtf8(a.S, b.S);
  if ('N' in a && 'N' in b) return compareDynamoNumbers(a.N, b.N);
  if ('B' in a && 'B' in b) return compareBytes(a.B, b.B);
  throw new TypeError(`compareKeys: cannot order a ${keyTypeOf(a)} key against a ${keyTypeOf(b)} key`);
}
