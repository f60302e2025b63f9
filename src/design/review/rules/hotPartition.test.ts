import { describe, expect, it } from 'vitest';
import type { AccessPatternDesign, Design } from '../../design.types';
import { EXAMPLE_DESIGNS, LEADERBOARD_DESIGN } from '../../examples';
import { designOf, run } from './capacityTestUtils';
import { hotPartition } from './hotPartition';

/** The leaderboard with the top-scores pattern changed and the runs' item size set. */
function leaderboard(change: Partial<AccessPatternDesign>, itemSizeBytes?: number): Design {
  const [table] = LEADERBOARD_DESIGN.tables;
  return designOf({
    ...table!,
    entities: table!.entities.map((entity) => ({
      ...entity,
      expectations: { ...entity.expectations, ...(itemSizeBytes !== undefined ? { itemSizeBytes } : {}) },
    })),
    accessPatterns: table!.accessPatterns.map((pattern) => (pattern.id === 'top-scores' ? { ...pattern, ...change } : pattern)),
  });
}

describe('review.hotPartition', () => {
  it('warns when a pattern’s rate needs more than 3,000 read units a second on its partition, with the figures', () => {
    // 10 items (Limit) × 3,000 bytes = 30,000 bytes → 8 read units, eventually consistent 4; × 1,000 requests/s = 4,000.
    const findings = run(hotPartition, leaderboard({ requestsPerSecond: 1000 }, 3000));
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      code: 'review.hotPartition',
      severity: 'warning',
      subject: { table: 'Leaderboard', entity: 'Run', keyAttribute: 'leaderboardId', pattern: 'top-scores' },
    });
    expect(finding?.message).toContain('1,000 requests/s × 4 read units = 4,000 read units/s: over the 3,000');
    expect(finding?.evidence[0]?.text).toBe('10 items (Limit) × 3,000 bytes = 30,000 bytes → 8 read units (eventually consistent: half: 4)');
    expect(finding?.evidence[1]?.text).toContain('leaderboardId = SEASON#2026-SUMMER');
    expect(finding?.suggestion.length).toBeGreaterThan(0);
    expect(finding?.fix).toBeUndefined();
  });

  it('sizes items from the samples when no size is expected, and notes a pattern past half the limit', () => {
    // The runs are under 4 KB together: 1 read unit, eventually consistent 0.5; × 4,000 requests/s = 2,000 (67%).
    const [finding] = run(hotPartition, leaderboard({ requestsPerSecond: 4000 }));
    expect(finding?.severity).toBe('note');
    expect(finding?.message).toContain('2,000 read units/s: 67% of the 3,000');
    expect(finding?.evidence[0]?.text).toMatch(/^10 items \(Limit\) × \d+ bytes/);
  });

  it('offers eventually consistent reads where they halve the load below the limit, and the fix clears it', () => {
    const design = leaderboard({ requestsPerSecond: 2500, consistentRead: true });
    const [finding] = run(hotPartition, design);
    expect(finding?.message).toContain('2,500 read units/s');
    expect(finding?.fix?.label).toBe('Read "Top scores of a season, highest first" eventually consistent');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]?.accessPatterns.find((pattern) => pattern.id === 'top-scores')?.consistentRead).toBe(false);
    expect(run(hotPartition, fixed)).toEqual([]);
  });

  it('finds nothing at a rate one partition serves, or without a rate', () => {
    expect(run(hotPartition, leaderboard({ requestsPerSecond: 300 }, 3000))).toEqual([]);
    expect(run(hotPartition, leaderboard({}, 300_000))).toEqual([]);
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('finds nothing in the %s example', (_id, design) => {
    expect(run(hotPartition, design)).toEqual([]);
  });
});
