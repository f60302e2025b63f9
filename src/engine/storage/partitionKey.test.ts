import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyAttributeValue } from '../../keys';
import { md5 } from './md5';
import { canonicalKey, firstHashOfSegment, hashPartitionKey, numberKeyBytes, segmentOfHash, toHex } from './partitionKey';

describe('canonicalKey', () => {
  it.each([
    [{ S: 'p#1' }, 'S:p#1'],
    [{ N: '1e3' }, 'N:1000'],
    [{ N: '-0' }, 'N:0'],
    [{ N: '001.50' }, 'N:1.5'],
    [{ B: Uint8Array.of(0, 0x7f, 0xff) }, 'B:007fff'],
  ])('%j → %s', (value, expected) => {
    expect(canonicalKey(value)).toBe(expected);
  });

  it('keeps types apart: S "1" and N "1" are different partitions', () => {
    expect(canonicalKey({ S: '1' })).not.toBe(canonicalKey({ N: '1' }));
  });
});

/** Real DynamoDB's answers, recorded by dynalite's test/scan.js (mhart/dynalite): whole-table Scan orders and segments of 4096. */
const SCAN_ORDERS: [string, KeyAttributeValue[]][] = [
  ['S', ['2', '8', '9', '1', '6', 'hello', '0', '5', '4', 'äáöü', 'aardman', '7', '3', 'zapf'].map((S) => ({ S }))],
  ['N', ['7', '999.9', '8', '3', '2', '-999.9', '9', '4', '-0.09', '6', '1', '0', '0.012345', '5'].map((N) => ({ N }))],
];

describe("hashPartitionKey (DynamoDB's partition hash)", () => {
  it.each(SCAN_ORDERS)('orders %s keys as DynamoDB scans them', (_type, keys) => {
    const shuffled = [...keys].reverse();
    const hashes = new Map(shuffled.map((key) => [key, hashPartitionKey(key)]));
    expect(shuffled.sort((a, b) => (hashes.get(a) as number) - (hashes.get(b) as number))).toEqual(keys);
  });

  it.each([
    [{ S: '3635' }, 0],
    [{ S: '228' }, 0],
    [{ S: '1668' }, 1],
    [{ S: '3435' }, 4],
    [{ N: '251' }, 1],
    [{ N: '2388' }, 4095],
  ] as [KeyAttributeValue, number][])('puts %j in segment %i of 4096, as DynamoDB does', (key, segment) => {
    expect(segmentOfHash(hashPartitionKey(key), 4096)).toBe(segment);
  });

  it('hashes a number by its value, not its spelling, and keeps S "1", N "1" and B 0x31 apart', () => {
    expect(hashPartitionKey({ N: '1e3' })).toBe(hashPartitionKey({ N: '1000' }));
    expect(hashPartitionKey({ N: '-0' })).toBe(hashPartitionKey({ N: '0' }));
    expect(hashPartitionKey({ S: '1' })).toBe(hashPartitionKey({ B: Uint8Array.of(0x31) }));
    expect(hashPartitionKey({ S: '1' })).not.toBe(hashPartitionKey({ N: '1' }));
  });

  it('spreads similar keys over the hash space', () => {
    const segments = new Set(Array.from({ length: 40 }, (_, i) => segmentOfHash(hashPartitionKey({ S: `p${i}` }), 4)));
    expect(segments.size).toBe(4);
  });
});

describe("numberKeyBytes (DynamoDB's number encoding, dynalite's numToBuffer)", () => {
  it.each([
    ['0', [0x80]],
    ['1', [0xc1, 0x02]],
    ['-1', [0x3e, 0x64, 0x66]],
    ['100', [0xc2, 0x02]],
    ['12.5', [0xc1, 0x0d, 0x33]],
    ['0.012345', [0xc0, 0x02, 0x18, 0x2e]],
    ['-999.9', [0x3d, 0x5c, 0x02, 0x0b, 0x66]],
  ])('%s → %j', (text, bytes) => {
    expect([...numberKeyBytes(text)]).toEqual(bytes);
  });
});

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ])('RFC 1321 test suite: "%s"', (text, hex) => {
    expect(toHex(md5(Uint8Array.from(text, (char) => char.charCodeAt(0))))).toBe(hex);
  });
});

describe('segments', () => {
  it('split the hash space into contiguous ranges that cover it exactly once (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 0xffffffff }), (total, hash) => {
        const segment = segmentOfHash(hash, total);
        expect(segment).toBeGreaterThanOrEqual(0);
        expect(segment).toBeLessThan(total);
        expect(firstHashOfSegment(segment, total)).toBeLessThanOrEqual(hash);
        expect(firstHashOfSegment(segment + 1, total)).toBeGreaterThan(hash);
      }),
    );
    expect(firstHashOfSegment(0, 7)).toBe(0);
    expect(firstHashOfSegment(1, 4096)).toBe(0x0010_0000);
    expect(firstHashOfSegment(7, 7)).toBe(0x1_0000_0000);
  });
});
