import { describe, expect, it } from 'vitest';
import { needsCompaction } from './idbCompaction';
import { BLOCK_ITEMS } from './idbSchema';

describe('compaction of a table’s IndexedDB log', () => {
  it('rewrites a log holding far more records than its live items fill, or far more writes than live items', () => {
    const live = 10 * BLOCK_ITEMS;
    // 10 blocks would do: up to 2 × 10 + 64 records are kept as they are.
    expect(needsCompaction(84, live, live)).toBe(false);
    expect(needsCompaction(85, live, live)).toBe(true);
    expect(needsCompaction(1, 2 * live + 1_000, live)).toBe(false);
    expect(needsCompaction(1, 2 * live + 1_001, live)).toBe(true);
    // An empty table: a few records of deletes are left alone.
    expect(needsCompaction(64, 64, 0)).toBe(false);
  });
});
