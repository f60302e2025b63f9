import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN, type Design } from '../../design';
import { diffDesigns } from '../../design/diff';
import { leaderboardWithConcatenatedGsi } from '../../design/multiAttribute/multiAttribute.fixtures';
import { createDesignStore } from './designStore';
import { createMultiAttributeConversionStore } from './multiAttributeConversionStore';
import { runAccessPatterns } from './runAccessPatterns';
import { expectOk } from '../../errors/testing';

function setUp(design: Design) {
  const designs = createDesignStore();
  const designId = designs.getState().addDesign(design);
  const conversion = createMultiAttributeConversionStore({ designs });
  const current = () => designs.getState().designs.find((saved) => saved.id === designId)!.design;
  return { designs, designId, conversion, current };
}

/** The Leaderboard variant whose Run items already carry playerId (S) and ts (N) as attributes. */
function leaderboardCarryingTypedAttributes(): Design {
  const design = leaderboardWithConcatenatedGsi();
  return {
    ...design,
    tables: design.tables.map((table) => ({
      ...table,
      entities: table.entities.map((entity) => ({
        ...entity,
        attributes: [...entity.attributes, { name: 'playerId', type: 'S' as const }, { name: 'ts', type: 'N' as const }],
        samples: entity.samples.map((sample) => ({
          ...sample,
          attributes: { ...sample.attributes, playerId: { S: sample.values.playerId! }, ts: { N: sample.values.ts! } },
        })),
      })),
    })),
  };
}

describe('the multi-attribute conversion preview', () => {
  it('previews the Leaderboard’s concatenated byPlayer as typed attributes left to right, and Cancel leaves the design untouched', () => {
    const { designId, conversion, current } = setUp(leaderboardWithConcatenatedGsi());
    const before = current();
    conversion.getState().open(designId, 'Leaderboard', 'byPlayer');
    const result = conversion.getState().preview?.result;
    if (!result) throw new Error('the conversion is offered: no preview');
    expectOk(result, 'the conversion is offered');
    expect(result.conversion.after.partitionKey).toEqual([{ name: 'playerId', type: 'S' }]);
    expect(result.conversion.after.sortKey).toEqual([
      { name: 'ts', type: 'N' },
      { name: 'score', type: 'N' },
    ]);
    // The old string order (left) beside the typed order (right), over the same samples.
    expect(result.conversion.orders.left.order).toHaveLength(12);
    expect(result.conversion.orders.right.order).toHaveLength(12);
    expect(result.conversion.patterns.map((pattern) => [pattern.patternId, pattern.serves])).toEqual([
      ['player-runs', true],
      ['player-runs-range', true],
      ['player-run-at', true],
    ]);

    conversion.getState().close();
    expect(conversion.getState().preview).toBeUndefined();
    expect(current()).toBe(before);
  });

  it('Apply changes the design in one edit; its access patterns then run green on the built-in engine', async () => {
    const { designId, conversion, current } = setUp(leaderboardWithConcatenatedGsi());
    const revision = current().revision ?? 1;
    conversion.getState().open(designId, 'Leaderboard', 'byPlayer');
    expect(conversion.getState().apply()).toBe(true);
    const converted = current();
    expect(converted.revision).toBe(revision + 1);
    const table = converted.tables[0]!;
    expect(table.indexes.find((index) => index.name === 'byPlayer')?.sortKey.map((attribute) => attribute.name)).toEqual(['ts', 'score']);
    // The structural diff (Compare designs, Versions) shows it as a new index and backfill.
    expect(diffDesigns(leaderboardWithConcatenatedGsi(), converted).changes.find((change) => change.subject === 'index byPlayer keys')?.verdictLabel).toBe(
      'new index and backfill',
    );
    const run = await runAccessPatterns(table);
    expect(run.sampleProblems).toEqual([]);
    for (const pattern of table.accessPatterns) expect(run.outcomes[pattern.id], pattern.name).toMatchObject({ verdict: 'passes', reasons: [] });
  });

  it('says the items lack playerId and ts, so Migrate keys writes them (read out of GSI1PK and GSI1SK) before UpdateTable', () => {
    const { designId, conversion } = setUp(leaderboardWithConcatenatedGsi());
    conversion.getState().open(designId, 'Leaderboard', 'byPlayer');
    conversion.getState().setNewIndexName('byPlayerTyped');
    conversion.getState().apply();
    const carryOut = conversion.getState().applied?.carryOut;
    expect(carryOut?.kind).toBe('migrateKeys');
    expect(carryOut?.summary).toMatch(
      /^Migrate keys, then UpdateTable: the stored items lack typed attributes of the new key \(Run: playerId from GSI1PK, ts from GSI1SK\)/,
    );
    expect(carryOut?.replacesIndex).toBeUndefined();
    expect(carryOut?.migrations).toEqual([
      {
        designName: 'Leaderboard (concatenated GSI)',
        table: 'Leaderboard',
        entity: 'Run',
        templates: { playerId: { current: '', target: '{playerId}' }, ts: { current: '', target: expect.stringMatching(/^\{ts/) } },
        readFrom: [
          { name: 'GSI1PK', type: 'S', role: 'partition', template: 'PLAYER#{playerId}' },
          { name: 'GSI1SK', type: 'S', role: 'sort', template: '{ts:epoch(16)}#{score:int(10)}' },
        ],
        purpose: 'the multi-attribute conversion of byPlayer in Leaderboard (concatenated GSI) (writes playerId, ts)',
      },
    ]);
    expect(carryOut?.addIndex).toMatchObject({
      indexName: 'byPlayerTyped',
      partitionKeyName: 'playerId',
      partitionKeyType: 'S',
      sortKeyName: 'ts',
      sortKeyType: 'N',
      moreSortKeys: [{ name: 'score', type: 'N' }],
      projection: 'ALL',
    });
  });

  it('says UpdateTable alone when the items already carry every typed attribute', () => {
    const { designId, conversion } = setUp(leaderboardCarryingTypedAttributes());
    conversion.getState().open(designId, 'Leaderboard', 'byPlayer');
    expect(conversion.getState().apply()).toBe(true);
    const carryOut = conversion.getState().applied?.carryOut;
    expect(carryOut?.kind).toBe('updateTable');
    expect(carryOut?.migrations).toEqual([]);
    expect(carryOut?.summary).toMatch(/^UpdateTable: the items of Run already carry playerId \(S\), ts \(N\), score \(N\)/);
    // Same name: the table's old byPlayer must go first, and the summary says so.
    expect(carryOut?.replacesIndex).toBe('byPlayer');
    expect(carryOut?.summary).toContain("DynamoDB can't change a GSI's key: delete the table's old byPlayer first");
  });

  it('converts the Shop’s GSI1 (STATUS#{status}, {at:iso}#{orderId}) and keeps its INCLUDE projection for the new index', () => {
    const { designId, conversion, current } = setUp(SHOP_DESIGN);
    conversion.getState().open(designId, 'Shop', 'GSI1');
    conversion.getState().setNewIndexName('byStatus');
    expect(conversion.getState().apply()).toBe(true);
    expect(current().tables[0]!.indexes.map((index) => index.name)).toContain('byStatus');
    const carryOut = conversion.getState().applied?.carryOut;
    expect(carryOut?.kind).toBe('migrateKeys');
    expect(carryOut?.addIndex).toMatchObject({
      indexName: 'byStatus',
      partitionKeyName: 'status',
      sortKeyName: 'at',
      moreSortKeys: [{ name: 'orderId', type: 'S' }],
      projection: 'INCLUDE',
      includeText: 'total',
    });
  });

  it('refuses a base table’s key or an LSI in words, and Apply then changes nothing', () => {
    const { designId, conversion, current } = setUp(SHOP_DESIGN);
    const before = current();
    conversion.getState().open(designId, 'Shop', 'Shop');
    const result = conversion.getState().preview?.result;
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('global secondary indexes only') });
    expect(conversion.getState().apply()).toBe(false);
    expect(current()).toBe(before);
  });

  it('Apply after the design changed converts the design as it is now', () => {
    const { designs, designId, conversion, current } = setUp(leaderboardWithConcatenatedGsi());
    conversion.getState().open(designId, 'Leaderboard', 'byPlayer');
    designs.getState().updateDesign(designId, (design) => ({ ...design, description: 'Edited meanwhile' }));
    expect(conversion.getState().apply()).toBe(true);
    expect(current().description).toBe('Edited meanwhile');
    expect(current().tables[0]!.indexes[0]!.partitionKey).toEqual([{ name: 'playerId', type: 'S' }]);
  });
});
