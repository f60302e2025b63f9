import { describe, expect, it } from 'vitest';
import { estimateWriteCost, formatUsd, type MigrationPlan, type RewriteEntry } from '.';
import type { Item } from '../expressions';

const rewrite = (bytes: number, inIndex = true): RewriteEntry => {
  const item: Item = inIndex ? { player: { S: 'p1' } } : {};
  return { status: 'rewrite', key: {}, item, newKey: {}, newItem: item, sizeBefore: bytes, sizeAfter: bytes, sameKey: false };
};
const BY_PLAYER = [{ name: 'byPlayer', keys: ['player'] }];
const planOf = (rewrites: RewriteEntry[]): MigrationPlan => ({
  spec: { tableName: 'T', partitionKey: 'pk', attributes: [] },
  entries: rewrites,
  rewrites,
  collisions: [],
  counts: {
    rewrite: rewrites.length,
    unchanged: 0,
    alreadyMigrated: 0,
    cannotEncode: 0,
    collisions: 0,
    otherEntity: 0,
    bytesBefore: 0,
    bytesAfter: 0,
    copying: false,
    copyUnchanged: 0,
    copyOtherEntity: 0,
    copyCannotEncode: 0,
    alreadyInTarget: 0,
  },
});

describe('the write cost estimate', () => {
  it('shows small amounts readably, never "$0.0000"', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.00001)).toBe('less than $0.0001');
    expect(formatUsd(0.00125)).toBe('≈ $0.0013');
    expect(formatUsd(0.005)).toBe('≈ $0.005');
    expect(formatUsd(12.345)).toBe('≈ $12.35');
  });

  it('names the write units (WCU) and marks the price as an estimate', () => {
    const cost = estimateWriteCost(planOf(Array.from({ length: 500 }, () => rewrite(100))), BY_PLAYER);
    // 500 × (2 for the put + 2 for the delete) on the table, 500 × 2 on the index.
    expect(cost.unitsText).toBe('3,000 WCU (write units: 2,000 for the transactional puts and deletes, 1,000 for index updates on byPlayer)');
    expect(cost.priceText).toMatch(/^on AWS on demand ≈ \$0\.0019 \(an estimate at \$0\.625 per million write request units/);
    expect(cost.text).not.toContain('$0.0000');
  });

  it('counts index units for every index an item is in, and none for an item lacking the index key (sparse)', () => {
    const sparse = planOf(Array.from({ length: 10 }, (_, i) => rewrite(100, i % 2 === 0)));
    expect(estimateWriteCost(sparse, BY_PLAYER).indexUnits).toBe(10);
    expect(estimateWriteCost(sparse, [...BY_PLAYER, { name: 'byNothing', keys: ['absent'] }]).indexUnits).toBe(10);
    expect(estimateWriteCost(sparse, []).indexUnits).toBe(0);
  });
});
