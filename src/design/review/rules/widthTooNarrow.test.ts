import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { setEntityKeyTemplate } from '../../edit';
import { widthTooNarrow } from './widthTooNarrow';
import { findingsOf, tinyDesign } from './orderingFixtures';

describe('review.widthTooNarrow', () => {
  it('warns when the expected largest value does not fit, and fixes to the advised width', () => {
    // The article's leaderboard padded to six digits, though scores reach ten million.
    const design = setEntityKeyTemplate('Leaderboard', 'Run', 'rankKey', '{score:int(6)}#{ts:epoch(16)}#{playerId}')(LEADERBOARD_DESIGN);
    const [finding, ...rest] = findingsOf(widthTooNarrow, design);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.widthTooNarrow');
    expect(finding?.severity).toBe('warning');
    expect(finding?.subject).toEqual({ table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey', field: 'score' });
    expect(finding?.message).toContain('pads score to 6 digits (at most 999,999); the expected largest value 10,000,000 needs 8 plus 2 of headroom');
    expect(finding?.message).toContain('int(6) refuses it');
    expect(finding?.fix?.label).toBe('Use `{score:int(10)}`');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]!.entities[0]!.keys.rankKey).toBe('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    expect(findingsOf(widthTooNarrow, fixed)).toEqual([]);
  });

  it('is an error when a sample already overflows, and a note when only the headroom the designer asked for is missing (said as growth)', () => {
    const overflow = tinyDesign([{ name: 'R', keys: { PK: 'X', SK: '{n:int(3)}' }, rows: [{ n: '42' }, { n: '1500' }] }]);
    expect(findingsOf(widthTooNarrow, overflow)[0]?.severity).toBe('error');
    const headroom = tinyDesign([
      { name: 'R', keys: { PK: 'X', SK: '{n:int(4)}' }, rows: [{ n: '875' }, { n: '9' }], expectations: { largestValues: { n: '875' } } },
    ]);
    const [note] = findingsOf(widthTooNarrow, headroom);
    expect(note?.severity).toBe('note');
    expect(note?.message).toContain('the expected largest value 875 needs 3 plus 2 of headroom: it can grow only 11× before it overflows');
    expect(note?.fix?.label).toBe('Use `{n:int(5)}`');
  });

  it('takes no width the samples fit as too narrow without an expected largest value (an importer reads widths off the data)', () => {
    const imported = tinyDesign([{ name: 'R', keys: { PK: 'X', SK: '{n:int(4)}' }, rows: [{ n: '875' }, { n: '9' }] }]);
    expect(findingsOf(widthTooNarrow, imported)).toEqual([]);
  });

  it('gives epoch fields no headroom digits and says when they run out', () => {
    const design = tinyDesign([{ name: 'R', keys: { PK: 'X', SK: '{ts:epoch(9)}' }, rows: [{ ts: '999999999' }] }], []);
    expect(findingsOf(widthTooNarrow, design)).toEqual([]);
    const grown = tinyDesign([
      { name: 'R', keys: { PK: 'X', SK: '{ts:epoch(9)}' }, rows: [{ ts: '999999999' }], expectations: { largestValues: { ts: '1719741600' } } },
    ]);
    const [finding] = findingsOf(widthTooNarrow, grown);
    expect(finding?.message).toContain('2001-09-09T01:46:40Z');
    expect(finding?.fix?.label).toBe('Use `{ts:epoch(10)}`');
  });

  it('leaves the built-in examples alone (score int(10) for ten million, epoch(16))', () => {
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(widthTooNarrow, design)).toEqual([]);
  });
});
