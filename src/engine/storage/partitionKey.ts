import { encodeUtf8, normalizeDynamoNumber, parseDynamoNumber, type KeyAttributeValue } from '../../keys';
import { md5Words } from './md5';

/**
 * Partition identity and Scan order.
 *
 * A partition is found through a Map keyed by a canonical string of its
 * partition-key value: type-tagged so `{S:"1"}` and `{N:"1"}` never collide,
 * numbers normalised so `1e3` and `1000` are one partition, binary as hex.
 *
 * Scan order and parallel-scan segments follow DynamoDB's own hash of the
 * partition key: MD5 over the bytes `Outliers` followed by the key value's
 * bytes (S: UTF-8; B: the raw bytes; N: DynamoDB's base-100 number encoding,
 * {@link numberKeyBytes}). Partitions are ordered by the digest's first 32 bits
 * (then by canonical string, a tie no real key set meets), items inside a
 * partition by sort key. A parallel scan's segment `s` of `n` holds the keys
 * whose digest's first 12 bits `p` satisfy `floor(p × n / 4096) = s`, so a
 * segment holds what it holds on DynamoDB. Source: dynalite (mhart/dynalite,
 * db/index.js `hashPrefix`, actions/scan.js), whose test/scan.js records real
 * DynamoDB's answers: the Scan order of S keys `0`…`9`, `aardman`, `hello`,
 * `zapf`, `äáöü` and of N keys `0`…`9`, `-0.09`, `999.9`, `0.012345`,
 * `-999.9`, and segments of 4096 (`3635`, `228` → 0; `1668` → 1; `3435` → 4;
 * N `251` → 1; N `2388` → 4095). DynamoDB Local splits its own internal order
 * instead (see integration/scanSegmentsDifferential.test.ts).
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

/** `Outliers` in ASCII: the salt DynamoDB hashes before the key (dynalite's `hashPrefix`). */
const SALT = Uint8Array.from('Outliers', (char) => char.charCodeAt(0));

/**
 * The Scan-order hash of a partition-key value: the first 32 bits (big-endian)
 * of MD5(`Outliers` ‖ key bytes), an unsigned integer in [0, 2^32).
 *
 * @example
 * hashPartitionKey({ S: '3635' }) >>> 20 // 0: segment 0 of 4096, as on DynamoDB
 */
export function hashPartitionKey(value: KeyAttributeValue): number {
  const key = 'S' in value ? encodeUtf8(value.S) : 'N' in value ? numberKeyBytes(value.N) : value.B;
  const salt = SALT.length;
  const first = (md5Words(salt + key.length, (i) => (i < salt ? (SALT[i] as number) : (key[i - salt] as number)))[0] as number) >>> 0;
  // The digest's first four bytes, big-endian (the state word is little-endian).
  return ((first & 0xff) * 0x100_0000 + ((first >>> 8) & 0xff) * 0x1_0000 + ((first >>> 16) & 0xff) * 0x100 + (first >>> 24)) >>> 0;
}

/**
 * DynamoDB's byte encoding of a number, the one its partition hash reads
 * (dynalite's `numToBuffer`): zero is `0x80`; otherwise an exponent byte
 * (base 100, biased by 64, bits inverted for negatives) and one byte per pair
 * of digits (`pair + 1`, or `101 − pair` for negatives, which also end in 102
 * when shorter than 20 digit bytes).
 *
 * @example
 * numberKeyBytes('1')  // Uint8Array [0xc1, 0x02]
 * numberKeyBytes('-1') // Uint8Array [0x3e, 0x64, 0x66]
 */
export function numberKeyBytes(text: string): Uint8Array {
  const parsed = parseDynamoNumber(text);
  if (!parsed.ok) throw new RangeError(`not a DynamoDB number: ${text}`);
  const { sign, digits, pointPosition } = parsed.number;
  if (sign === 0) return Uint8Array.of(0x80);
  const odd = pointPosition % 2 !== 0;
  let padded = odd ? '0' + digits : digits;
  if (padded.length % 2 !== 0) padded += '0';
  const pairs = padded.length / 2;
  const negative = sign < 0;
  const bytes = new Uint8Array(1 + pairs + (negative && pairs < 20 ? 1 : 0));
  const exponent = Math.floor((pointPosition + (odd ? 1 : 0)) / 2) - 64;
  bytes[0] = (negative ? ~exponent : exponent) & 0xff;
  for (let i = 0; i < pairs; i++) {
    const pair = Number(padded.slice(i * 2, i * 2 + 2));
    bytes[i + 1] = negative ? 101 - pair : pair + 1;
  }
  if (negative && pairs < 20) bytes[pairs + 1] = 102;
  return bytes;
}

/** 2^32: the size of the hash space segments divide. */
const HASH_SPACE = 0x1_0000_0000;
/** DynamoDB divides the first 12 bits of the hash among segments. */
const SEGMENT_BITS = 12;
const SEGMENT_SLOTS = 1 << SEGMENT_BITS;
const SLOT_SIZE = HASH_SPACE / SEGMENT_SLOTS;

/**
 * The parallel-scan segment a partition hash belongs to: `floor(p × n / 4096)`
 * for the hash's first 12 bits `p` (so with more than 4096 segments some are empty).
 *
 * @example
 * segmentOfHash(0, 4)          // 0
 * segmentOfHash(0xffffffff, 4) // 3
 */
export function segmentOfHash(hash: number, totalSegments: number): number {
  return Math.floor(((hash >>> (32 - SEGMENT_BITS)) * totalSegments) / SEGMENT_SLOTS);
}

/**
 * The first hash that belongs to `segment` of `totalSegments` (inclusive), so
 * segment s covers [firstHashOfSegment(s), firstHashOfSegment(s + 1)).
 */
export function firstHashOfSegment(segment: number, totalSegments: number): number {
  return Math.ceil((segment * SEGMENT_SLOTS) / totalSegments) * SLOT_SIZE;
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += (bytes[i] as number).toString(16).padStart(2, '0');
  return hex;
}
