import { compareBytes, compareDynamoNumbers, compareUtf8, type KeyAttributeValue, type KeyType } from '../../keys';

/**
 * Key values without their `{ S: … }` wrapper: the string of an S or N value,
 * the bytes of a B value. Stores keep each entry's sort key raw as well, so
 * the hot comparisons of a Query (binary search, page walk) follow one
 * pointer less per step — at a million items every pointer is a likely
 * cache miss.
 */
export type RawKey = string | Uint8Array;

/** Compares two raw keys of one type. */
export type RawComparator = (a: RawKey, b: RawKey) => number;

/**
 * The raw form of a key value.
 *
 * @example
 * rawKeyOf({ N: "42" }) // "42"
 */
export function rawKeyOf(value: KeyAttributeValue): RawKey {
  return 'S' in value ? value.S : 'N' in value ? value.N : value.B;
}

/**
 * `compareKeys` for one key type, on raw values: the same comparators
 * (`compareUtf8`, `compareDynamoNumbers`, `compareBytes`), without the type
 * dispatch per comparison.
 *
 * @example
 * rawComparator("N")("10", "9") > 0 // true
 */
export function rawComparator(type: KeyType): RawComparator {
  if (type === 'S') return compareUtf8 as RawComparator;
  if (type === 'N') return compareDynamoNumbers as RawComparator;
  return compareBytes as RawComparator;
}

/**
 * begins_with on raw S or B keys. A UTF-16 prefix of a well-formed string is
 * also a prefix of its UTF-8 bytes, so `startsWith` is right for S.
 *
 * @example
 * rawStartsWith("EVT#2026", "EVT#") // true
 */
export function rawStartsWith(value: RawKey, prefix: RawKey): boolean {
  if (typeof value === 'string') return typeof prefix === 'string' && value.startsWith(prefix);
  if (typeof prefix === 'string' || value.byteLength < prefix.byteLength) return false;
  for (let i = 0; i < prefix.byteLength; i++) if (value[i] !== prefix[i]) return false;
  return true;
}
