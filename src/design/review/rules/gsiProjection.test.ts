import { describe, expect, it } from 'vitest';
import type { AttributeDesign } from '../../design.types';
import { EXAMPLE_DESIGNS } from '../../examples';
import { designOf, entity, pattern, run, samples, tableDesign } from './capacityTestUtils';
import { gsiProjection } from './gsiProjection';

const ATTRIBUTES: AttributeDesign[] = ['total', 'giftWrap', 'note', 'address', 'lines'].map((name) => ({ name, type: name === 'total' ? 'N' : 'S' }));

function ordersDesign(projection: readonly string[], filter?: string) {
  const orders = Array.from({ length: 4 }, (_, i) => ({ customerId: `c${i}`, orderId: `o${i}`, status: 'OPEN' }));
  return designOf(
    tableDesign({
      indexes: [
        {
          name: 'byStatus',
          kind: 'GSI',
          partitionKey: [{ name: 'GSI1PK', type: 'S' }],
          sortKey: [{ name: 'GSI1SK', type: 'S' }],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      entities: [
        entity(
          'Order',
          { PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{orderId}', GSI1PK: 'STATUS#{status}', GSI1SK: '{orderId}' },
          {
            attributes: ATTRIBUTES,
            samples: samples(orders, () => ({
              total: { N: '12.50' },
              giftWrap: { S: 'no' },
              note: { S: 'leave at the door' },
              address: { S: '1 Main St, Springfield' },
              lines: { S: 'x'.repeat(500) },
            })),
          },
        ),
      ],
      accessPatterns: [
        pattern('open-orders', ['Order'], { index: 'byStatus', partitionValues: { status: 'OPEN' }, projection, ...(filter !== undefined ? { filter } : {}) }),
      ],
    }),
  );
}

describe('review.gsiProjection', () => {
  it('suggests INCLUDE with the attributes the index’s patterns read (filters included), and the fix clears it', () => {
    const design = ordersDesign(['total', 'SK'], 'giftWrap = :yes');
    const findings = run(gsiProjection, design);
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({ code: 'review.gsiProjection', severity: 'note', subject: { table: 'Tbl', index: 'byStatus' } });
    expect(finding?.message).toContain('byStatus projects ALL attributes, but "open-orders" reads only total, giftWrap of the 5 attributes its items carry');
    expect(finding?.evidence[0]).toEqual({ label: 'read by its pattern', text: 'total, giftWrap' });
    expect(finding?.evidence[1]).toEqual({ label: 'never read there', text: 'note, address, lines' });
    expect(finding?.evidence[2]?.text).toMatch(/^\d+ bytes with ALL, \d+ bytes with INCLUDE$/);
    expect(finding?.fix?.label).toBe('Project INCLUDE total, giftWrap on byStatus');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]?.indexes[0]?.projection).toEqual({ type: 'INCLUDE', attributes: ['total', 'giftWrap'] });
    expect(designOf(...fixed.tables)).toEqual(fixed);
    expect(run(gsiProjection, fixed)).toEqual([]);
  });

  it('suggests KEYS_ONLY when the patterns read only keys', () => {
    const [finding] = run(gsiProjection, ordersDesign(['PK', 'SK']));
    expect(finding?.fix?.label).toBe('Project KEYS_ONLY on byStatus');
    expect(finding!.fix!.apply(ordersDesign(['PK', 'SK'])).tables[0]?.indexes[0]?.projection).toEqual({ type: 'KEYS_ONLY', attributes: [] });
  });

  it('finds nothing when a pattern reads every attribute, or most of them', () => {
    expect(run(gsiProjection, ordersDesign([]))).toEqual([]);
    expect(run(gsiProjection, ordersDesign(['total', 'giftWrap', 'note']))).toEqual([]);
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('finds nothing in the %s example', (_id, design) => {
    expect(run(gsiProjection, design)).toEqual([]);
  });
});
