import { describe, expect, it } from 'vitest';
import { changeEntity, composeChanges, setEntityKeyTemplate } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { Design } from '../../design.types';
import { ReviewContext } from '../reviewContext';
import { randomKind, randomSortKey } from './randomSortKey';

const check = (design: Design) => randomSortKey.check(new ReviewContext({ design }));

/** Orders keyed by their id alone, with the ids the samples give. */
function ordersKeyedBy(ids: readonly string[]): Design {
  return composeChanges(
    setEntityKeyTemplate('Shop', 'Order', 'SK', 'ORDER#{orderId}'),
    changeEntity('Shop', 'Order', (entity) => ({
      ...entity,
      samples: entity.samples.map((sample, index) => ({ ...sample, values: { ...sample.values, orderId: ids[index]! } })),
    })),
  )(SHOP_DESIGN);
}

const UUID_V4 = [
  '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  '3f2b8c1e-9a4d-4b7e-8c2a-1d5e6f7a8b9c',
  'b7e6d5c4-b3a2-4190-8f7e-6d5c4b3a2910',
  '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
];

describe('review.randomSortKey', () => {
  it('flags UUID v4 order ids as the whole sort key, shows the arbitrary order, and leads the key with the timestamp', () => {
    const design = ordersKeyedBy(UUID_V4);
    const [finding, ...others] = check(design);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      code: 'review.randomSortKey',
      severity: 'warning',
      subject: { table: 'Shop', entity: 'Order', keyAttribute: 'SK', field: 'orderId' },
    });
    expect(finding!.subject.index).toBeUndefined();
    expect(finding!.message).toContain('UUID v4');
    expect(finding!.evidence).toEqual([
      { label: 'sorts 1st: sample o_16 (at 2026-06-23T08:05:00Z)', text: 'SK = "ORDER#3f2b8c1e-9a4d-4b7e-8c2a-1d5e6f7a8b9c"' },
      { label: 'sorts 2nd: sample o_15 (at 2026-06-21T16:20:00Z)', text: 'SK = "ORDER#9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f"' },
      { label: 'sorts 3rd: sample o_17 (at 2026-06-23T10:00:00Z)', text: 'SK = "ORDER#b7e6d5c4-b3a2-4190-8f7e-6d5c4b3a2910"' },
    ]);
    expect(finding!.fix?.label).toBe('Use `ORDER#{at:iso}#{orderId}`');
    expect(check(finding!.fix!.apply(design))).toEqual([]);
  });

  it('has no button when the entity has no timestamp to lead with', () => {
    const design = setEntityKeyTemplate('Shop', 'Order', 'GSI1SK', '{orderId}')(ordersKeyedBy(UUID_V4));
    // GSI1SK is now the UUID too: two findings, one per sort range, neither with a timestamp to use.
    const findings = check(design);
    expect(findings.map((finding) => finding.subject.index)).toEqual([undefined, 'GSI1']);
    expect(findings.every((finding) => finding.fix === undefined && finding.suggestion.includes('{createdAt:iso}#{orderId}'))).toBe(true);
  });

  it('does not flag time-ordered ids (ULID, UUID v7), names, or the examples', () => {
    expect(
      check(ordersKeyedBy(['01J1A2B3C4D5E6F7G8H9JKMNPQ', '01J1A2B3C4D5E6F7G8H9JKMNPR', '01J1A2B3C4D5E6F7G8H9JKMNPS', '01J1A2B3C4D5E6F7G8H9JKMNPT'])),
    ).toEqual([]);
    expect(
      check(
        ordersKeyedBy([
          '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
          '0190a1b2-c3d5-7e5f-8a9b-0c1d2e3f4a5b',
          '0190a1b2-c3d6-7e5f-8a9b-0c1d2e3f4a5b',
          '0190a1b2-c3d7-7e5f-8a9b-0c1d2e3f4a5b',
        ]),
      ),
    ).toEqual([]);
    for (const design of [SHOP_DESIGN, AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN]) expect(check(design)).toEqual([]);
  });

  it('tells random values from time-ordered ones', () => {
    expect(randomKind('9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f')).toBe('UUID v4');
    expect(randomKind('9c1d2e3f4a5b4c6d8e7f0a1b2c3d4e5f')).toContain('random hex');
    expect(randomKind('0190a1b2c3d47e5f8a9b0c1d2e3f4a5b')).toBeUndefined();
    expect(randomKind('2VLHXr2ojPkGJZLr8pqOJ3rbB7h')).toBeUndefined();
    expect(randomKind('12345678901234567890123456789012')).toBeUndefined();
  });
});
