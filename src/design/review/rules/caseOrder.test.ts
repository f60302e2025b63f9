import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { caseOrder } from './caseOrder';
import { evidenceText, findingsOf, tinyDesign } from './orderingFixtures';

const members = (names: readonly string[]) =>
  tinyDesign([{ name: 'Member', keys: { PK: 'TEAM#{team}', SK: 'MEMBER#{name}' }, rows: names.map((name) => ({ team: 't1', name })) }]);

describe('review.caseOrder', () => {
  it('shows Zoe sorting before adam', () => {
    const [finding, ...rest] = findingsOf(caseOrder, members(['adam', 'Zoe', 'bea']));
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.caseOrder');
    expect(finding?.severity).toBe('warning');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Member', keyAttribute: 'SK', field: 'name' });
    expect(finding?.message).toContain('"Zoe" sorts before "adam"');
    expect(evidenceText(finding)).toContain('sorts first: MEMBER#Zoe\nsorts second: MEMBER#adam');
    expect(evidenceText(finding)).toContain('"Z" 0x5a vs "a" 0x61');
    expect(finding?.suggestion).toContain('lower-case');
    expect(finding?.fix).toBeUndefined();
    // Normalised as the suggestion says, the rule no longer fires.
    expect(findingsOf(caseOrder, members(['adam', 'zoe', 'bea']))).toEqual([]);
  });

  it('stays quiet when one case is used, when capitalised names still sort right, and for the examples', () => {
    expect(findingsOf(caseOrder, members(['Ada', 'Bea', 'Zoe']))).toEqual([]);
    expect(findingsOf(caseOrder, members(['DELIVERED', 'PLACED']))).toEqual([]);
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(caseOrder, design)).toEqual([]);
  });

  it('ignores partition keys (they are not sorted)', () => {
    const design = tinyDesign([{ name: 'M', keys: { PK: 'TEAM#{team}', SK: 'X' }, rows: [{ team: 'adam' }, { team: 'Zoe' }] }]);
    expect(findingsOf(caseOrder, design)).toEqual([]);
  });
});
