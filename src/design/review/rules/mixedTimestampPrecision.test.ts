import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import { mixedTimestampPrecision } from './mixedTimestampPrecision';
import { evidenceText, findingsOf, tinyDesign } from './orderingFixtures';

describe('review.mixedTimestampPrecision', () => {
  it('finds .500Z before the whole second in one string field, with the bytes, and fixes it to iso(ms)', () => {
    const design = tinyDesign([
      {
        name: 'Event',
        keys: { PK: 'ACTOR#{actorId}', SK: 'EVT#{at}' },
        rows: [
          { actorId: 'u_1', at: '2026-06-23T10:00:00Z' },
          { actorId: 'u_1', at: '2026-06-23T10:00:00.500Z' },
          { actorId: 'u_1', at: '2026-06-23T09:00:00Z' },
        ],
      },
    ]);
    const [finding, ...rest] = findingsOf(mixedTimestampPrecision, design);
    expect(rest).toEqual([]);
    expect(finding?.code).toBe('review.mixedTimestampPrecision');
    expect(finding?.severity).toBe('error');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Event', keyAttribute: 'SK', field: 'at' });
    expect(finding?.message).toContain('10:00:00.500Z sorts before 10:00:00Z');
    const evidence = evidenceText(finding);
    expect(evidence).toContain('sorts first (later): EVT#2026-06-23T10:00:00.500Z');
    expect(evidence).toContain('sorts second (earlier): EVT#2026-06-23T10:00:00Z');
    expect(evidence).toContain('"." 0x2e vs "Z" 0x5a');
    expect(finding?.fix?.label).toBe('Use `{at:iso(ms)}`');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]!.entities[0]!.keys.SK).toBe('EVT#{at:iso(ms)}');
    expect(findingsOf(mixedTimestampPrecision, fixed)).toEqual([]);
  });

  it('finds {t:iso} beside {t:iso(ms)} in entities that share a partition, and not in different partitions', () => {
    const entities = (otherActor: string) => [
      { name: 'Login', keys: { PK: 'ACTOR#{actorId}', SK: 'EVT#{at:iso}' }, rows: [{ actorId: 'u_1', at: '2026-06-23T10:00:00Z' }] },
      { name: 'Click', keys: { PK: 'ACTOR#{actorId}', SK: 'EVT#{at:iso(ms)}' }, rows: [{ actorId: otherActor, at: '2026-06-23T11:30:00.250Z' }] },
    ];
    const shared = tinyDesign(entities('u_1'));
    const [finding] = findingsOf(mixedTimestampPrecision, shared);
    // No sample pair shares a second: a warning, shown with the whole-second key written with the other's fraction.
    expect(finding?.severity).toBe('warning');
    expect(finding?.subject).toEqual({ table: 'T', entity: 'Login', keyAttribute: 'SK', field: 'at' });
    expect(finding?.message).toContain(`Click's SK = "EVT#{at:iso(ms)}" writes timestamps with a fraction and Login's SK = "EVT#{at:iso}" without`);
    expect(evidenceText(finding)).toContain('the same second with .250 sorts first: EVT#2026-06-23T10:00:00.250Z');
    const fixed = finding!.fix!.apply(shared);
    expect(fixed.tables[0]!.entities[0]!.keys.SK).toBe('EVT#{at:iso(ms)}');
    expect(findingsOf(mixedTimestampPrecision, fixed)).toEqual([]);
    expect(findingsOf(mixedTimestampPrecision, tinyDesign(entities('u_2')))).toEqual([]);
  });

  it('leaves one precision per range and the built-in examples alone', () => {
    for (const design of [LEADERBOARD_DESIGN, AUDIT_LOG_DESIGN, SHOP_DESIGN]) expect(findingsOf(mixedTimestampPrecision, design)).toEqual([]);
  });
});
