import { describe, expect, it } from 'vitest';
import { addAccessPattern, removeAccessPattern } from '../../accessPatterns';
import { addEntity, addSample, changeTable, composeChanges, setEntityKeyTemplate, type DesignChange } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { AccessPatternDesign, Design } from '../../design.types';
import { ReviewContext } from '../reviewContext';
import { prefixOverlap } from './prefixOverlap';

const check = (design: Design) => prefixOverlap.check(new ReviewContext({ design }));
const ordersPattern = SHOP_DESIGN.tables[0]!.accessPatterns[0]!;

function entity(name: string, sortKey: string, values: Readonly<Record<string, string>>): DesignChange {
  return composeChanges(
    addEntity('Shop', name, { PK: 'CUSTOMER#{customerId}', SK: sortKey }),
    addSample('Shop', name, { customerId: 'c1', ...values }, `${name.toLowerCase()}-1`),
  );
}

function pattern(id: string, entityName: string, prefix: string): DesignChange {
  const added: AccessPatternDesign = {
    ...ordersPattern,
    id,
    name: `${entityName} by "${prefix}"`,
    entities: [entityName],
    sort: { input: 'raw', operator: 'begins_with', value: prefix },
  };
  return changeTable('Shop', (table) => addAccessPattern(table, added));
}

/** Order lines beside the orders: `ORDERITEM#` does not start with `ORDER#`. */
const WITH_ITEMS = entity('OrderItem', 'ORDERITEM#{orderId}#{line:int(3)}', { orderId: 'o_15', line: '1' })(SHOP_DESIGN);

describe('review.prefixOverlap', () => {
  it('does not flag ORDER# beside ORDERITEM# (the # is not the I), nor the examples', () => {
    expect(check(WITH_ITEMS)).toEqual([]);
    for (const design of [SHOP_DESIGN, AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN]) expect(check(design)).toEqual([]);
  });

  it('flags a pattern whose begins_with("ORDER") stops before the delimiter and reaches ORDERITEM#', () => {
    const design = pattern('orders-short', 'Order', 'ORDER')(WITH_ITEMS);
    const [finding, ...others] = check(design);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({
      code: 'review.prefixOverlap',
      severity: 'warning',
      subject: { table: 'Shop', entity: 'Order', keyAttribute: 'SK', pattern: 'orders-short' },
    });
    expect(finding!.message).toContain('begins_with(SK, "ORDER") for Order, but OrderItem');
    expect(finding!.evidence).toEqual([
      { label: 'Order (sample o_15), read by begins_with "ORDER"', text: 'PK = "CUSTOMER#c1", SK = "ORDER#2026-06-21T16:20:00Z#o_15"' },
      { label: 'OrderItem (sample orderitem-1), returned by it too', text: 'PK = "CUSTOMER#c1", SK = "ORDERITEM#o_15#001"' },
    ]);
    expect(finding!.fix?.label).toBe('Use begins_with(…, "ORDER#")');
    expect(check(finding!.fix!.apply(design))).toEqual([]);
  });

  it('flags a template prefix another continues (INV and INVITE#), with the pattern that reads it, and ends it with the delimiter', () => {
    const design = composeChanges(
      entity('Invoice', 'INV{invoiceNo:int(8)}', { invoiceNo: '42' }),
      entity('Invite', 'INVITE#{email}', { email: 'bob@example.com' }),
      pattern('invoices', 'Invoice', 'INV'),
    )(SHOP_DESIGN);
    const [finding, ...others] = check(design);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ severity: 'warning', subject: { entity: 'Invoice', keyAttribute: 'SK' } });
    expect(finding!.subject.pattern).toBeUndefined();
    expect(finding!.message).toBe(
      'Invoice\'s SK prefix "INV" is a prefix of Invite\'s "INVITE#", in the same partitions: begins_with(SK, "INV") returns Invite items too, and "Invoice by "INV"" sends it.',
    );
    expect(finding!.evidence.map((line) => line.text)).toEqual(['PK = "CUSTOMER#c1", SK = "INV00000042"', 'PK = "CUSTOMER#c1", SK = "INVITE#bob@example.com"']);
    expect(finding!.fix?.label).toBe('Use `INV#{invoiceNo:int(8)}`');
    const fixed = finding!.fix!.apply(design);
    expect(fixed.tables[0]!.accessPatterns.at(-1)!.sort).toEqual({ input: 'raw', operator: 'begins_with', value: 'INV#' });
    expect(check(fixed)).toEqual([]);
  });

  it('flags ORDER# and ORDER#ITEM# with no button (a note when no pattern sends the prefix), and ignores entities in other partitions', () => {
    const nested = setEntityKeyTemplate('Shop', 'OrderItem', 'SK', 'ORDER#ITEM#{orderId}#{line:int(3)}')(WITH_ITEMS);
    const [finding] = check(nested);
    // "A customer's orders" sends begins_with(SK, "ORDER#"): a warning, with the pattern named.
    expect(finding).toMatchObject({ severity: 'warning', subject: { entity: 'Order' } });
    expect(finding!.message).toContain('"A customer’s orders, newest first" sends it');
    expect(finding!.fix).toBeUndefined();
    const unread = changeTable('Shop', (table) => removeAccessPattern(table, 'customer-orders'))(nested);
    expect(check(unread).map((found) => found.severity)).toEqual(['note']);
    const elsewhere = setEntityKeyTemplate('Shop', 'OrderItem', 'PK', 'ITEMS#{customerId}')(nested);
    expect(check(elsewhere)).toEqual([]);
  });
});
