import { normalizeDynamoNumber, type KeyAttributeValue } from '../../keys';

/**
 * Partition identity and Scan order.
 *
 * A partition is found through a Map keyed by a canonical string of its
 * partition-key value: type-tagged so `{S:"1"}` and `{N:"1"}` never collide,
 * numbers normalised so `1e3` and `1000` are one partition, binary as hex.
 *
 * Scan order: DynamoDB scans partitions in the order of an internal hash of
 * the partition key, not in key order. Keylab does the same with a fixed,
 * documented hash — 32-bit FNV-1a over the canonical string's UTF-16 code
 * units, then MurmurHash3's 32-bit finaliser (FNV alone leaves keys that
 * differ in their last character, `p1` `p2` …, clustered in one segment) —
 * ordering partitions by (hash, canonical string) and items inside a
 * partition by sort key. So a Scan is deterministic (the same data always
 * scans in the same order, in the browser and in Node) but visibly not sorted,
 * as on DynamoDB. A parallel scan's segment `s` of `n` covers the hashes
 * `h` with `floor(h × n / 2^32) = s`: contiguous, disjoint ranges that together
 * cover every partition, so every item is scanned exactly once.
 */

/**
 * The canonical Map key of a partition-key value.
 *
 * @example
 * canonicalKey({ N: "1e3" })  // "N:1000"
 * canonicalKey({ S: "p#1" })  // "S:p#1"
 * canonicalKey({ B: Uint8Array.of(0, 255) }) // "B:00ff"
 */
export function canonicalKey(value: KeyAttributeValue): string {
  if ('S' in value) return 'S:' + value.S;
  if ('N' in value) return 'N:' + (normalizeDynamoNumber(value.N) ?? value.N);
  return 'B:' + toHex(value.B);
}

/**
 * The Scan-order hash of a canonical key: 32-bit FNV-1a over UTF-16 code
 * units, mixed by MurmurHash3's fmix32, as an unsigned integer in [0, 2^32).
 *
 * @example
 * hashCanonicalKey("S:a") // 0x…, always the same value
 */
export function hashCanonicalKey(canonical: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    hash ^= canonical.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** 2^32: the size of the hash space segments divide. */
const HASH_SPACE = 0x1_0000_0000;

/**
 * The parallel-scan segment a partition hash belongs to.
 *
 * @example
 * segmentOfHash(0, 4)          // 0
 * segmentOfHash(0xffffffff, 4) // 3
 */
export function segmentOfHash(hash: number, totalSegments: number): number {
  return Math.floor((hash * totalSegments) / HASH_SPACE);
}

/**
 * The first hash that belongs to `segment` of `totalSegments` (inclusive), so
 * segment s covers [firstHashOfSegment(s), firstHashOfSegment(s + 1)).
 */
export function firstHashOfSegment(segment: number, totalSegments: number): number {
  return Math.ceil((segment * HASH_SPACE) / totalSegments);
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += (bytes[i] as number).toString(16).padStart(2, '0');
  return hex;
}
