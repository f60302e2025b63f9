import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { nonAsciiOrder } from './nonAsciiOrder';
import { findingsOf, tinyDesign } from './orderingFixtures';

const tags = (values: readonly string[]) => tinyDesign([{ name: 'Tag', keys: { PK: 'X', SK: 'TAG#{tag}' }, rows: values.map((tag) => ({ tag })) }]);

describe('review.nonAsciiOrder', () => {
  it('shows the two values in DynamoDB order and in JavaScript order', () => {
    const [finding, ...rest] = findingsOf(nonAsciiOrder, tags(['wave\uFF5E', 'wave😀', 'plain']));
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.nonAsciiOrder');
    expect(finding?.severity).toBe('warning');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Tag', keyAttribute: 'SK', field: 'tag' });
    expect(finding?.message).toContain('"\uFF5E" (U+FF5E) before "😀" (U+1F600)');
    expect(finding?.evidence).toEqual([
      { label: 'DynamoDB (UTF-8 bytes)', text: 'wave\uFF5E  then  wave😀' },
      { label: 'JavaScript < and sort() (UTF-16)', text: 'wave😀  then  wave\uFF5E' },
    ]);
    expect(finding?.fix).toBeUndefined();
  });

  it('stays quiet where both orders agree (ASCII, accents, CJK, emoji alone) and for the examples', () => {
    expect(findingsOf(nonAsciiOrder, tags(['é', 'e', '日本', '😀', '🎉']))).toEqual([]);
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(nonAsciiOrder, design)).toEqual([]);
  });

  it('notes a partition key that holds such values', () => {
    const design = tinyDesign([{ name: 'U', keys: { PK: 'USER#{handle}', SK: 'PROFILE' }, rows: [{ handle: 'a\uFF5E' }, { handle: 'a😀' }] }]);
    expect(findingsOf(nonAsciiOrder, design)[0]?.severity).toBe('note');
  });
});
