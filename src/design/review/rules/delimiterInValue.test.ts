import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { delimiterInValue } from './delimiterInValue';
import { evidenceText, findingsOf, tinyDesign } from './orderingFixtures';

const books = (titles: readonly string[], sk = 'BOOK#{title}#{year}') =>
  tinyDesign([{ name: 'Book', keys: { PK: 'AUTHOR#{author}', SK: sk }, rows: titles.map((title) => ({ author: 'a1', title, year: '2026' })) }]);

describe('review.delimiterInValue', () => {
  it('finds a value the codec refuses for its delimiter and shows what it would read back as', () => {
    const [finding, ...rest] = findingsOf(delimiterInValue, books(['Dune', 'C# in Depth']));
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.delimiterInValue');
    expect(finding?.severity).toBe('error');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Book', keyAttribute: 'SK', field: 'title' });
    expect(finding?.message).toContain('SK = "BOOK#{title}#{year}" ends title at "#"');
    const evidence = evidenceText(finding);
    expect(evidence).toContain('sample Book-2: title = "C# in Depth"');
    expect(evidence).toContain('written as is, the key would be: BOOK#C# in Depth#2026');
    expect(evidence).toContain('reads back as: title = "C", year = " in Depth#2026"');
    expect(finding?.suggestion).toContain('%23');
    // With another delimiter the rule is satisfied.
    expect(findingsOf(delimiterInValue, books(['Dune', 'C# in Depth'], 'BOOK#{title}|{year}'))).toEqual([]);
  });

  it('warns about a value holding the delimiter character of a longer delimiter, which the codec lets through', () => {
    const [finding] = findingsOf(delimiterInValue, books(['C# in Depth'], 'BOOK#{title}#Y#{year}'));
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toContain('code that splits keys at "#"');
    expect(evidenceText(finding)).toContain('key: BOOK#C# in Depth#Y#2026');
  });

  it('leaves clean values, a last field, and the built-in examples alone', () => {
    expect(findingsOf(delimiterInValue, books(['Dune', 'Emma']))).toEqual([]);
    expect(findingsOf(delimiterInValue, books(['C# in Depth'], '{year}#{title}'))).toEqual([]);
    // The IoT model's hour bucket: "-" inside the literal date after the "#" delimiter is no delimiter of "plant-1".
    const sites = tinyDesign([{ name: 'Reading', keys: { PK: 'SITE#{siteId}#2026-06-23T10', SK: '{at}' }, rows: [{ siteId: 'plant-1', at: '1' }] }]);
    expect(findingsOf(delimiterInValue, sites)).toEqual([]);
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(delimiterInValue, design)).toEqual([]);
  });
});
