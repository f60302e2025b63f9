import { describe, expect, it } from 'vitest';
import { parseKeyTemplate } from '../../../keys';
import { addAccessPattern } from '../../accessPatterns';
import { addSample, changeTable, composeChanges, setEntityKeyTemplate } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { AccessPatternDesign, Design } from '../../design.types';
import { ReviewContext } from '../reviewContext';
import { beginsWithInsideField, prefixEnd } from './beginsWithInsideField';
import { expectOk } from '../../../errors/testing';

const check = (design: Design) => beginsWithInsideField.check(new ReviewContext({ design }));

function withRawPrefix(design: Design, tableName: string, base: AccessPatternDesign, prefix: string): Design {
  return changeTable(tableName, (table) =>
    addAccessPattern(table, { ...base, id: 'prefix', name: 'By prefix', sort: { input: 'raw', operator: 'begins_with', value: prefix } }),
  )(design);
}

/** The audit log with events late in the year and in January, and the "EVT#2026-1". */
const AUTUMN = withRawPrefix(
  composeChanges(
    addSample('AuditLog', 'Event', { actorId: 'u_8814', at: '2026-10-02T09:00:00Z', action: 'login' }, 'oct'),
    addSample('AuditLog', 'Event', { actorId: 'u_8814', at: '2026-11-15T09:00:00Z', action: 'login' }, 'nov'),
    addSample('AuditLog', 'Event', { actorId: 'u_8814', at: '2026-01-20T09:00:00Z', action: 'login' }, 'jan'),
  )(AUDIT_LOG_DESIGN),
  'AuditLog',
  AUDIT_LOG_DESIGN.tables[0]!.accessPatterns[0]!,
  'EVT#2026-1',
);

describe('review.beginsWithInsideField', () => {
  it('shows that EVT#2026-1 selects October to December, and pads the month', () => {
    const [finding, ...others] = check(AUTUMN);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      code: 'review.beginsWithInsideField',
      severity: 'warning',
      subject: { table: 'AuditLog', entity: 'Event', keyAttribute: 'SK', field: 'at', pattern: 'prefix' },
    });
    expect(finding!.message).toContain('begins_with(SK, "EVT#2026-1"), which stops inside at of EVT#{at:iso}');
    expect(finding!.evidence).toEqual([
      { label: 'selects every key in the range', text: '"EVT#2026-10…" to "EVT#2026-19…"' },
      { label: 'matches sample oct (at 2026-10-02T09:00:00Z)', text: 'SK = "EVT#2026-10-02T09:00:00Z"' },
      { label: 'matches sample nov (at 2026-11-15T09:00:00Z)', text: 'SK = "EVT#2026-11-15T09:00:00Z"' },
    ]);
    expect(finding!.fix?.label).toBe('Use begins_with(…, "EVT#2026-01")');
    const fixed = finding!.fix!.apply(AUTUMN);
    expect(fixed.tables[0]!.accessPatterns.at(-1)!.sort).toEqual({ input: 'raw', operator: 'begins_with', value: 'EVT#2026-01' });
    expect(check(fixed)).toEqual([]);
  });

  it('catches an unpadded number against a padded field', () => {
    const design = withRawPrefix(
      setEntityKeyTemplate('Leaderboard', 'Run', 'rankKey', 'SCORE#{score:int(10)}#{playerId}')(LEADERBOARD_DESIGN),
      'Leaderboard',
      LEADERBOARD_DESIGN.tables[0]!.accessPatterns[0]!,
      'SCORE#15',
    );
    const [finding] = check(design);
    expect(finding?.evidence[0]?.text).toBe('"SCORE#1500000000…" to "SCORE#1599999999…"');
    expect(finding?.fix?.label).toBe('Use begins_with(…, "SCORE#0000000015")');
    expect(check(finding!.fix!.apply(design))).toEqual([]);
  });

  it('notes a prefix search inside a string field', () => {
    const design = withRawPrefix(SHOP_DESIGN, 'Shop', { ...SHOP_DESIGN.tables[0]!.accessPatterns[0]!, entities: ['Address'] }, 'ADDRESS#ho');
    const [finding] = check(design);
    expect(finding).toMatchObject({ severity: 'note', subject: { entity: 'Address', field: 'label' } });
    expect(finding!.fix).toBeUndefined();
  });

  it('accepts prefixes that end on a field or component boundary', () => {
    for (const design of [SHOP_DESIGN, AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN]) expect(check(design)).toEqual([]);
    for (const prefix of ['EVT#', 'EVT#2026', 'EVT#2026-', 'EVT#2026-10', 'EVT#2026-06-23T', 'EVT#2026-06-23T10:00:00Z', 'EV']) {
      expect(check(withRawPrefix(AUDIT_LOG_DESIGN, 'AuditLog', AUDIT_LOG_DESIGN.tables[0]!.accessPatterns[0]!, prefix))).toEqual([]);
    }
  });

  it('lays a prefix over a template', () => {
    const template = parseKeyTemplate('ORDER#{at:iso}#{orderId}#{n:dec(4,2)}');
    expectOk(template);
    expect(prefixEnd(template.value, 'ORDER#2026-06-2')).toMatchObject({ kind: 'insideField', offset: 9 });
    expect(prefixEnd(template.value, 'ORDER#2026-06-23T10:00:00Z#o_1')).toMatchObject({ kind: 'insideField', field: { name: 'orderId' }, delimiter: '#' });
    expect(prefixEnd(template.value, 'ORDER#2026-06-23T10:00:00Z#o_1#0012')).toEqual({ kind: 'boundary' });
    expect(prefixEnd(template.value, 'ORDER#2026-06-23T10:00:00Z#o_1#001')).toMatchObject({ kind: 'insideField', field: { name: 'n' } });
    expect(prefixEnd(template.value, 'ITEM#')).toEqual({ kind: 'mismatch' });
  });
});
