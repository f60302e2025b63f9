import { describe, expect, it } from 'vitest';
import { addAccessPattern, blankAccessPattern, buildPatternRequest } from '../../accessPatterns';
import { changeTable } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { Design } from '../../design.types';
import { patternWith, type PatternChanges } from '../../accessPatterns/accessPatterns.fixtures';
import { ReviewContext } from '../reviewContext';
import { scanPattern } from './scanPattern';

const check = (design: Design) => scanPattern.check(new ReviewContext({ design }));
const base = SHOP_DESIGN.tables[0]!.accessPatterns[2]!;

function withPattern(pattern: PatternChanges): Design {
  return changeTable('Shop', (table) => addAccessPattern(table, patternWith({ ...base, id: 'asked', name: 'The question' }, pattern)))(SHOP_DESIGN);
}

describe('review.scanPattern', () => {
  it('flags placed orders asked of the table (no customerId) and moves the pattern to GSI1', () => {
    const { index: _index, ...onTable } = base;
    void _index;
    const design = changeTable('Shop', (table) => addAccessPattern(table, { ...onTable, id: 'asked', name: 'Placed orders on the table' }))(SHOP_DESIGN);
    const [finding, ...others] = check(design);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ code: 'review.scanPattern', severity: 'error', subject: { table: 'Shop', entity: 'Order', pattern: 'asked' } });
    expect(finding!.subject.index).toBeUndefined();
    expect(finding!.message).toBe(
      '"Placed orders on the table" needs a Scan of table Shop: it gives no value for customerId, and a Query of table Shop needs one for every partition-key field.',
    );
    expect(finding!.evidence).toEqual([{ label: 'one Query of table Shop names one partition, like (sample o_15)', text: 'PK = "CUSTOMER#c1"' }]);
    expect(finding!.fix?.label).toBe('Query index GSI1 instead');
    const fixed = finding!.fix!.apply(design);
    const moved = fixed.tables[0]!.accessPatterns.at(-1)!;
    expect(moved).toMatchObject({ id: 'asked', index: 'GSI1', partitionValues: { status: 'PLACED' } });
    expect(buildPatternRequest(fixed.tables[0]!, moved).ok).toBe(true);
    expect(check(fixed)).toEqual([]);
  });

  it('flags a sort condition that skips a field, with no key to move to', () => {
    const design = withPattern({
      index: undefined,
      partitionValues: { customerId: 'c1' },
      sort: { input: 'fields', operator: '=', values: { orderId: 'o_15' } },
    });
    const [finding] = check(design);
    expect(finding?.message).toMatch(/^"The question" needs a Scan of table Shop: the condition gives orderId but not at\./);
    expect(finding?.fix).toBeUndefined();
    expect(finding?.suggestion).toContain('add an index whose key starts with the fields this pattern gives (customerId, orderId)');
  });

  it('calls a new pattern without a partition value a Scan until it has one', () => {
    const blank = changeTable('Shop', (table) => addAccessPattern(table, blankAccessPattern(table)))(SHOP_DESIGN);
    expect(check(blank).map((finding) => finding.message)).toEqual([
      '"New access pattern" needs a Scan of table Shop: it gives no value for customerId, and a Query of table Shop needs one for every partition-key field.',
    ]);
  });

  it('never moves a whole-day question to an index partitioned by the full timestamp', () => {
    const design = changeTable('AuditLog', (table) =>
      addAccessPattern(
        {
          ...table,
          indexes: [
            ...table.indexes,
            {
              name: 'byAt',
              kind: 'GSI',
              partitionKey: [{ name: 'GSI9PK', type: 'S' }],
              sortKey: [{ name: 'SK', type: 'S' }],
              projection: { type: 'ALL', attributes: [] },
            },
          ],
          entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, GSI9PK: 'AT#{at:iso}' } })),
        },
        {
          ...table.accessPatterns[0]!,
          id: 'day',
          name: 'Events of one day',
          partitionValues: {},
          sort: { input: 'fields', operator: '=', values: { at: '2026-06-22' } },
        },
      ),
    )(AUDIT_LOG_DESIGN);
    const findings = check(design).filter((finding) => finding.subject.pattern === 'day');
    expect(findings.map((finding) => finding.fix?.label)).toEqual([undefined]);
  });

  it('passes every pattern of the examples', () => {
    for (const design of [SHOP_DESIGN, AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN]) expect(check(design)).toEqual([]);
  });
});
