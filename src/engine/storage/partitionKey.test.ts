import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalKey, firstHashOfSegment, hashCanonicalKey, segmentOfHash } from './partitionKey';

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

/** FNV-1a + fmix32 of '', 'a', 'S:p1'. */
const HASHES = [0xab3e7c0b, 0x1a80b1b3, 0xbed19b48];

describe('hashCanonicalKey', () => {
  it('is fixed (Scan order must not change between versions)', () => {
    expect([hashCanonicalKey(''), hashCanonicalKey('a'), hashCanonicalKey('S:p1')]).toEqual(HASHES);
  });

  it('spreads similar keys over the hash space', () => {
    const segments = new Set(Array.from({ length: 40 }, (_, i) => segmentOfHash(hashCanonicalKey(canonicalKey({ S: `p${i}` })), 4)));
    expect(segments.size).toBe(4);
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
    expect(firstHashOfSegment(7, 7)).toBe(0x1_0000_0000);
  });
});
