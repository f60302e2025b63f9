import { describe, expect, it } from 'vitest';
import { addAccessPattern, updateAccessPattern } from '../../accessPatterns';
import { changeTable, composeChanges, setEntityKeyTemplate } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { AccessPatternDesign, Design } from '../../design.types';
import { ReviewContext } from '../reviewContext';
import { invertedWhereFlagSuffices } from './invertedWhereFlagSuffices';

const check = (design: Design) => invertedWhereFlagSuffices.check(new ReviewContext({ design }));
const changePattern = (id: string, change: (pattern: AccessPatternDesign) => AccessPatternDesign) =>
  changeTable('Leaderboard', (table) => updateAccessPattern(table, id, change));

/** The article's inverted score (`maxValue − score`), read forwards for highest-first. */
function invertedScore(template = '{score:int(10,desc)}#{playerId}'): Design {
  return composeChanges(
    setEntityKeyTemplate('Leaderboard', 'Run', 'rankKey', template),
    changePattern('top-scores', (pattern) => ({ ...pattern, direction: 'ascending' })),
  )(LEADERBOARD_DESIGN);
}

describe('review.invertedWhereFlagSuffices', () => {
  it('notes an inverted score every pattern reads forwards, shows the same first item, and flips both', () => {
    const design = invertedScore();
    const [finding, ...others] = check(design);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      code: 'review.invertedWhereFlagSuffices',
      severity: 'note',
      subject: { table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey', field: 'score' },
    });
    expect(finding!.message).toContain('"Top scores of a season, highest first"');
    expect(finding!.message).toContain('`{score:int(10)}#{playerId}` read with ScanIndexForward = false');
    expect(finding!.evidence).toEqual([
      { label: 'read first now (ScanIndexForward = true): sample run-1', text: 'rankKey = "9999997699#p_7781"' },
      { label: 'read first with {score:int(10)}#{playerId} and ScanIndexForward = false: the same sample', text: 'rankKey = "0000002300#p_7781"' },
    ]);
    expect(finding!.fix?.label).toBe('Use `{score:int(10)}#{playerId}` and ScanIndexForward = false');
    const fixed = finding!.fix!.apply(design);
    const table = fixed.tables[0]!;
    expect(table.entities[0]!.keys.rankKey).toBe('{score:int(10)}#{playerId}');
    expect(table.accessPatterns.map((pattern) => pattern.direction)).toEqual(['descending', 'descending']);
    expect(check(fixed)).toEqual([]);
  });

  it('offers no button when a pattern sends raw key text holding inverted digits', () => {
    const design = changePattern('top-scores', (pattern) => ({ ...pattern, sort: { input: 'raw', operator: '<', value: '9999999000' } }))(invertedScore());
    const [finding] = check(design);
    expect(finding?.fix).toBeUndefined();
    expect(finding?.suggestion).toContain('rewritten by hand');
  });

  it('keeps quiet when the key mixes directions (descending score, ascending time) or patterns read both ways', () => {
    // The article's leaderboard tie rule: same score, the earlier run first — only the inverted field gives it.
    expect(check(invertedScore('{score:int(10,desc)}#{ts:epoch(16)}#{playerId}'))).toEqual([]);
    const both = changeTable('Leaderboard', (table) =>
      addAccessPattern(table, { ...table.accessPatterns[0]!, id: 'bottom-scores', name: 'Lowest scores', direction: 'descending' }),
    )(invertedScore());
    expect(check(both)).toEqual([]);
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(check(design)).toEqual([]);
  });

  it('needs the fields before the inverted one fixed by every pattern', () => {
    const seasonFirst = invertedScore('{season}#{score:int(10,desc)}#{playerId}');
    expect(check(seasonFirst)).toEqual([]);
    const pinned = changePattern('top-scores', (pattern) => ({ ...pattern, sort: { input: 'fields', operator: '=', values: { season: '2026-SUMMER' } } }))(
      seasonFirst,
    );
    expect(check(pinned).map((finding) => finding.code)).toEqual(['review.invertedWhereFlagSuffices']);
  });
});
