import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { mixedWidths } from './mixedWidths';
import { evidenceText, findingsOf, tinyDesign, tinyIndex } from './orderingFixtures';

// The zero-padding article: "Mixed widths in one collection … a migration that pads new rows but not old ones interleaves them wrongly."
const twoWidths = (rows: readonly Readonly<Record<string, string>>[], otherPartition = 'g1') =>
  tinyDesign([
    { name: 'Old', keys: { PK: 'GAME#{game}', SK: 'RUN#{score:int(5)}' }, rows: rows.map((row) => ({ game: 'g1', ...row })) },
    { name: 'New', keys: { PK: 'GAME#{game}', SK: 'RUN#{score:int(8)}' }, rows: [{ game: otherPartition, score: '100000' }] },
  ]);

describe('review.mixedWidths', () => {
  it('finds one field at two widths in a partition, with the two keys that sort wrongly, and pads the narrow one', () => {
    const design = twoWidths([{ score: '99999' }, { score: '42' }]);
    const [finding, ...rest] = findingsOf(mixedWidths, design);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.mixedWidths');
    expect(finding?.severity).toBe('error');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Old', keyAttribute: 'SK', field: 'score' });
    expect(finding?.message).toContain('({score:int(5)} and {score:int(8)})');
    const evidence = evidenceText(finding);
    // 100000 at eight digits sorts before 99999 at five: "0" 0x30 < "9" 0x39.
    expect(evidence).toContain('sorts first (larger): RUN#00100000\nsorts second (smaller): RUN#99999');
    expect(evidence).toContain('"0" 0x30 vs "9" 0x39');
    expect(finding?.fix?.label).toBe('Use `{score:int(8)}`');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]!.entities[0]!.keys.SK).toBe('RUN#{score:int(8)}');
    expect(findingsOf(mixedWidths, fixed)).toEqual([]);
  });

  it('ignores entities in different partitions, and warns when keys meet but the samples sort right', () => {
    expect(findingsOf(mixedWidths, twoWidths([{ score: '99999' }], 'g2'))).toEqual([]);
    const [finding] = findingsOf(mixedWidths, twoWidths([{ score: '42' }]));
    expect(finding?.severity).toBe('warning');
    expect(evidenceText(finding)).toContain('Old, width 5: RUN#00042');
  });

  it('checks the entities of an index too', () => {
    const design = tinyDesign(
      [
        { name: 'A', keys: { PK: 'A#{id}', SK: 'A', GPK: 'ALL', GSK: '{rank:int(3)}' }, rows: [{ id: '1', rank: '999' }] },
        { name: 'B', keys: { PK: 'B#{id}', SK: 'B', GPK: 'ALL', GSK: '{rank:int(6)}' }, rows: [{ id: '2', rank: '1000' }] },
      ],
      [tinyIndex('byRank', 'GPK', 'GSK')],
    );
    const [finding] = findingsOf(mixedWidths, design);
    expect(finding?.subject).toEqual({ table: 'T', entity: 'A', index: 'byRank', keyAttribute: 'GSK', field: 'rank' });
    expect(finding?.message).toContain('In index byRank');
    expect(evidenceText(finding)).toContain('sorts first (larger): 001000\nsorts second (smaller): 999');
  });

  it('compares stored keys from the explorer with the template width', () => {
    const stored = [{ table: 'Leaderboard', keyAttribute: 'rankKey', keys: ['0000002300#0000001719705600#p_7781', '875#1719000000#p_old'] }];
    const [finding, ...rest] = findingsOf(mixedWidths, { design: LEADERBOARD_DESIGN, storedKeys: stored });
    // The old key pads neither score nor ts: score sorts wrongly against the new keys (an error), ts only meets nothing (a warning).
    expect([finding, ...rest].map((entry) => entry?.subject.field)).toEqual(['score', 'ts']);
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('A stored key of rankKey pads score to another width');
    expect(evidenceText(finding)).toContain('sorts first (larger): 0000002300#0000001719705600#p_7781');
    expect(evidenceText(finding)).toContain('sorts second (smaller): 875#1719000000#p_old');
  });

  it('leaves one width per range and the built-in examples alone', () => {
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(mixedWidths, design)).toEqual([]);
    const stored = [{ table: 'Leaderboard', keyAttribute: 'rankKey', keys: ['0000002300#0000001719705600#p_7781'] }];
    expect(findingsOf(mixedWidths, { design: LEADERBOARD_DESIGN, storedKeys: stored })).toEqual([]);
  });
});
