import {
  compareBytes,
  compareDynamoNumbers,
  comparePreparedUtf8,
  compareUtf8,
  isPlainKey,
  utf8ProbeOf,
  type KeyAttributeValue,
  type KeyType,
} from '../../keys';

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
 * The plain flag stored beside a raw sort key (see preparedKeys.ts in
 * src/keys): true for an S value none of whose code units is ≥ 0xD800, which
 * then compares with `<`. Always false for N and B, which never do.
 *
 * @example
 * plainFlagOf({ S: "0000000042" }) // true
 * plainFlagOf({ N: "42" })         // false
 */
export function plainFlagOf(value: KeyAttributeValue | undefined): boolean {
  return value !== undefined && 'S' in value && isPlainKey(value.S);
}

/** Compares two raw keys of one type given their plain flags ({@link plainFlagOf}). */
export type PreparedRawComparator = (a: RawKey, aPlain: boolean, b: RawKey, bPlain: boolean) => number;

/**
 * {@link rawComparator} on raw keys with their plain flags: for S,
 * comparePreparedUtf8 (`<` when either key is plain, else compareUtf8); the
 * flags are ignored for N and B.
 *
 * @example
 * preparedRawComparator("S")("10", true, "9", true) < 0 // true
 */
export function preparedRawComparator(type: KeyType): PreparedRawComparator {
  if (type === 'S') return comparePreparedUtf8 as PreparedRawComparator;
  const compare = rawComparator(type);
  return (a, _aPlain, b) => compare(a, b);
}

/**
 * `(key) => rawComparator(type)(target, key)`: a search target compared with
 * many stored keys, an S target's plain flag decided once (or given).
 *
 * @example
 * rawProbeOf("N", "10")("9") > 0 // true
 */
export function rawProbeOf(type: KeyType, target: RawKey, plain?: boolean): (key: RawKey) => number {
  if (type === 'S') return utf8ProbeOf(target as string, plain) as (key: RawKey) => number;
  const compare = rawComparator(type);
  return (key) => compare(target, key);
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
