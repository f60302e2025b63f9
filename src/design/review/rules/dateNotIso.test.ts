import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { dateNotIso } from './dateNotIso';
import { evidenceText, findingsOf, tinyDesign } from './orderingFixtures';

// The sort-key-strategies article: "avoid formats like 6/23/2026: they misorder the moment the month changes".
const usDates = tinyDesign([
  {
    name: 'Event',
    keys: { PK: 'ACTOR#{actorId}', SK: 'EVT#{at}' },
    rows: [
      { actorId: 'u_8814', at: '6/23/2026' },
      { actorId: 'u_8814', at: '12/1/2025' },
      { actorId: 'u_8814', at: '1/5/2027' },
    ],
  },
]);

describe('review.dateNotIso', () => {
  it('finds month/day/year dates, shows the misordered pair and fixes them to {at:iso}', () => {
    const [finding, ...rest] = findingsOf(dateNotIso, usDates);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.dateNotIso');
    expect(finding?.severity).toBe('error');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Event', keyAttribute: 'SK', field: 'at' });
    expect(finding?.message).toContain('SK = "EVT#{at}"');
    expect(finding?.message).toContain('month/day/year');
    expect(evidenceText(finding)).toContain('sorts first (later date): EVT#1/5/2027');
    expect(evidenceText(finding)).toContain('sorts second (earlier date): EVT#12/1/2025');
    expect(finding?.suggestion).toContain('6/23/2026 → 2026-06-23T00:00:00Z');
    expect(finding?.fix?.label).toBe('Use `{at:iso}`');
    const fixed = finding!.fix!.apply(usDates);
    const entity = fixed.tables[0]!.entities[0]!;
    expect(entity.keys.SK).toBe('EVT#{at:iso}');
    expect(entity.samples.map((sample) => sample.values.at)).toEqual(['2026-06-23T00:00:00Z', '2025-12-01T00:00:00Z', '2027-01-05T00:00:00Z']);
    expect(findingsOf(dateNotIso, fixed)).toEqual([]);
  });

  it('reads German dates day first', () => {
    const design = tinyDesign([{ name: 'E', keys: { PK: 'X', SK: '{day}' }, rows: [{ day: '23.06.2026' }, { day: '01.07.2026' }] }]);
    const [finding] = findingsOf(dateNotIso, design);
    expect(finding?.message).toContain('day.month.year');
    expect(evidenceText(finding)).toContain('sorts first (later date): 01.07.2026');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]!.entities[0]!.samples.map((sample) => sample.values.day)).toEqual(['2026-06-23T00:00:00Z', '2026-07-01T00:00:00Z']);
  });

  it('only notes year-first dates at one width: they sort in time order as text', () => {
    const design = tinyDesign([
      {
        name: 'Invoice',
        keys: { PK: 'X', SK: 'INVOICE#{date}#{invoiceId}' },
        rows: [
          { date: '2026/06/23', invoiceId: 'i1' },
          { date: '2025/11/05', invoiceId: 'i2' },
          { date: '2026/01/02', invoiceId: 'i3' },
        ],
      },
    ]);
    const [finding] = findingsOf(dateNotIso, design);
    expect(finding?.severity).toBe('note');
    expect(finding?.message).toContain('they sort in time order as text');
    // Unpadded, 2026/6/23 sorts after 2026/11/5: that is a warning or an error again.
    const unpadded = tinyDesign([
      {
        name: 'Invoice',
        keys: { PK: 'X', SK: 'INVOICE#{date}#{invoiceId}' },
        rows: [
          { date: '2026/6/23', invoiceId: 'i1' },
          { date: '2026/11/5', invoiceId: 'i2' },
        ],
      },
    ]);
    expect(findingsOf(dateNotIso, unpadded)[0]?.severity).toBe('error');
  });

  it('warns about ISO local times without a zone', () => {
    const design = tinyDesign([{ name: 'E', keys: { PK: 'X', SK: 'EVT#{at}' }, rows: [{ at: '2026-06-23T10:00:00' }, { at: '2026-06-23T11:00:00' }] }]);
    const [finding] = findingsOf(dateNotIso, design);
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toContain('without a zone ("2026-06-23T10:00:00")');
    expect(finding?.suggestion).toContain('read as UTC');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]!.entities[0]!.samples[0]!.values.at).toBe('2026-06-23T10:00:00Z');
    expect(findingsOf(dateNotIso, fixed)).toEqual([]);
  });

  it('leaves ISO-8601 UTC and the built-in examples alone', () => {
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(dateNotIso, design)).toEqual([]);
    const iso = tinyDesign([{ name: 'E', keys: { PK: 'X', SK: 'EVT#{at}' }, rows: [{ at: '2026-06-23T10:00:00Z' }, { at: '2026-06-24' }] }]);
    expect(findingsOf(dateNotIso, iso)).toEqual([]);
  });
});
