import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS } from '../../examples';
import { designOf, entity, pattern, run, samples, tableDesign } from './capacityTestUtils';
import { itemCollectionLimit } from './itemCollectionLimit';

function eventsDesign(itemCount: number | undefined) {
  const events = Array.from({ length: 16 }, (_, i) => ({
    actorId: i < 12 ? 'u1' : 'u2',
    at: `2026-06-${String(10 + i).padStart(2, '0')}T10:00:00Z`,
    action: i % 2 ? 'login' : 'logout',
  }));
  return designOf(
    tableDesign({
      indexes: [
        {
          name: 'byAction',
          kind: 'LSI',
          partitionKey: [{ name: 'PK', type: 'S' }],
          sortKey: [{ name: 'LSK', type: 'S' }],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      entities: [
        entity(
          'Event',
          { PK: 'ACTOR#{actorId}', SK: 'EVT#{at:iso}', LSK: '{action}#{at:iso}' },
          {
            samples: samples(events),
            expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {}, itemSizeBytes: 1000, ...(itemCount !== undefined ? { itemCount } : {}) },
          },
        ),
      ],
      accessPatterns: [pattern('actor-logins', ['Event'], { index: 'byAction', partitionValues: { actorId: 'u1' }, consistentRead: true })],
    }),
  );
}

describe('review.itemCollectionLimit', () => {
  it('warns when the largest partition’s items and their LSI copies pass 10 GB, and the fix makes the LSI a GSI', () => {
    const design = eventsDesign(10_000_000);
    const findings = run(itemCollectionLimit, design);
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    // 10,000,000 × 12/16 × (1,000 + 1,000 for the ALL copy) = 15 GB (decimal) = 14.0 GiB.
    expect(finding).toMatchObject({
      code: 'review.itemCollectionLimit',
      severity: 'warning',
      subject: { table: 'Tbl', keyAttribute: 'PK', index: 'byAction' },
    });
    expect(finding?.message).toContain('PK = ACTOR#u1 of table Tbl can reach 14.0 GB');
    expect(finding?.evidence).toEqual([
      {
        label: 'Event',
        text: '10,000,000 expected items × 12 of 16 samples in ACTOR#u1 (75%) × 2,000 bytes (expected item size (itemSizeBytes), with byAction copy) = 14.0 GB',
      },
    ]);
    expect(finding?.fix?.label).toBe('Make byAction a global secondary index');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]?.indexes[0]?.kind).toBe('GSI');
    expect(fixed.tables[0]?.accessPatterns[0]?.consistentRead).toBe(false);
    expect(designOf(...fixed.tables)).toEqual(fixed);
    expect(run(itemCollectionLimit, fixed)).toEqual([]);
  });

  it('notes a collection past half the limit, and finds nothing for small or uncounted collections', () => {
    expect(run(itemCollectionLimit, eventsDesign(4_000_000))[0]?.severity).toBe('note');
    expect(run(itemCollectionLimit, eventsDesign(1000))).toEqual([]);
    expect(run(itemCollectionLimit, eventsDesign(undefined))).toEqual([]);
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('finds nothing in the %s example', (_id, design) => {
    expect(run(itemCollectionLimit, design)).toEqual([]);
  });
});
