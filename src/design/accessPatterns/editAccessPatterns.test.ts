import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN } from '../examples';
import { patternFields } from './patternFields';
import { addAccessPattern, blankAccessPattern, duplicateAccessPattern, newPatternId, removeAccessPattern, updateAccessPattern } from './editAccessPatterns';

const shop = SHOP_DESIGN.tables[0]!;
const ids = (table: typeof shop) => table.accessPatterns.map((pattern) => pattern.id);

describe('editing a table’s access patterns', () => {
  it('adds a blank pattern for the first entity with an id from its name', () => {
    const blank = blankAccessPattern(shop, 'Customer’s items');
    expect(blank).toMatchObject({ id: 'customer-s-items', entities: ['Customer'], direction: 'ascending', expected: {} });
    expect(ids(addAccessPattern(shop, blank)).at(-1)).toBe('customer-s-items');
  });

  it('never reuses an id', () => {
    expect(newPatternId(shop, 'Customer orders')).toBe('customer-orders-2');
    expect(ids(addAccessPattern(shop, shop.accessPatterns[0]!)).at(-1)).toBe('customer-orders-2');
  });

  it('updates one pattern in place, keeping its id; the same table when nothing changes', () => {
    const next = updateAccessPattern(shop, 'customer-orders', (pattern) => ({ ...pattern, id: 'other', direction: 'ascending' }));
    expect(next.accessPatterns[0]).toMatchObject({ id: 'customer-orders', direction: 'ascending' });
    expect(next.accessPatterns[1]).toBe(shop.accessPatterns[1]);
    expect(updateAccessPattern(shop, 'customer-orders', (pattern) => pattern)).toBe(shop);
    expect(updateAccessPattern(shop, 'nope', (pattern) => ({ ...pattern, name: 'x' }))).toBe(shop);
  });

  it('removes and duplicates (the copy right after the original)', () => {
    expect(ids(removeAccessPattern(shop, 'customer-orders-day'))).toEqual(['customer-orders', 'orders-by-status']);
    expect(removeAccessPattern(shop, 'nope')).toBe(shop);
    const copied = duplicateAccessPattern(shop, 'customer-orders');
    expect(copied.accessPatterns[1]).toMatchObject({ id: 'a-customer-s-orders-newest-first-copy', name: 'A customer’s orders, newest first (copy)' });
    expect(ids(copied)).toHaveLength(4);
  });
});

describe('patternFields', () => {
  it('lists the fields the editor asks for, per table or index', () => {
    expect(patternFields(shop, 'Order')).toEqual({
      partition: ['customerId'],
      sort: ['at', 'orderId'],
      orderBy: ['customerId', 'at', 'orderId', 'status', 'total'],
    });
    expect(patternFields(shop, 'Order', 'GSI1')).toMatchObject({ partition: ['status'], sort: ['at', 'orderId'] });
    expect(patternFields(shop, 'Nobody')).toEqual({ partition: [], sort: [], orderBy: [] });
  });
});
