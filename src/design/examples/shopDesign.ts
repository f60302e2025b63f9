import { DESIGN_FORMAT, type DesignDocument } from '../design.types';

/**
 * A single-table design: a customer, its orders and its addresses share the
 * partition `CUSTOMER#<id>`, so one Query returns the whole collection; the
 * sort-key prefixes keep the entities apart (ADDRESS# < CUSTOMER# < ORDER#),
 * and ISO timestamps order the orders.
 */
export const SHOP_DESIGN: DesignDocument = {
  format: DESIGN_FORMAT,
  name: 'Shop (single table)',
  description: 'Customers with their orders and addresses in one item collection.',
  tables: [
    {
      name: 'Shop',
      description: 'Single-table design: PK = CUSTOMER#<id>, SK by entity.',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      indexes: [
        {
          name: 'GSI1',
          kind: 'GSI',
          partitionKey: [{ name: 'GSI1PK', type: 'S' }],
          sortKey: [{ name: 'GSI1SK', type: 'S' }],
          projection: { type: 'INCLUDE', attributes: ['total'] },
        },
      ],
      billingMode: 'PAY_PER_REQUEST',
      entities: [
        {
          name: 'Customer',
          description: 'The customer’s profile.',
          keys: { PK: 'CUSTOMER#{customerId}', SK: 'CUSTOMER#{customerId}' },
          attributes: [{ name: 'email', type: 'S' }],
          samples: [
            { id: 'c1', values: { customerId: 'c1' }, attributes: { email: { S: 'ada@example.com' } } },
            { id: 'c2', values: { customerId: 'c2' }, attributes: { email: { S: 'grace@example.com' } } },
          ],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: { customerId: 24 } },
        },
        {
          name: 'Order',
          description: 'An order, keyed by when it was placed.',
          keys: { PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{at:iso}#{orderId}', GSI1PK: 'STATUS#{status}', GSI1SK: '{at:iso}#{orderId}' },
          attributes: [{ name: 'total', type: 'N' }],
          samples: [
            {
              id: 'o_15',
              values: { customerId: 'c1', at: '2026-06-21T16:20:00Z', orderId: 'o_15', status: 'DELIVERED' },
              attributes: { total: { N: '12.50' } },
            },
            { id: 'o_16', values: { customerId: 'c1', at: '2026-06-23T08:05:00Z', orderId: 'o_16', status: 'SHIPPED' }, attributes: { total: { N: '99.00' } } },
            { id: 'o_17', values: { customerId: 'c1', at: '2026-06-23T10:00:00Z', orderId: 'o_17', status: 'PLACED' }, attributes: { total: { N: '7.25' } } },
            { id: 'o_21', values: { customerId: 'c2', at: '2026-06-22T12:00:00Z', orderId: 'o_21', status: 'PLACED' }, attributes: { total: { N: '40' } } },
          ],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: { customerId: 24, orderId: 24 } },
        },
        {
          name: 'Address',
          description: 'A saved address, by label.',
          keys: { PK: 'CUSTOMER#{customerId}', SK: 'ADDRESS#{label}' },
          attributes: [{ name: 'city', type: 'S' }],
          samples: [
            { id: 'a1', values: { customerId: 'c1', label: 'home' }, attributes: { city: { S: 'Lisbon' } } },
            { id: 'a2', values: { customerId: 'c1', label: 'work' }, attributes: { city: { S: 'Porto' } } },
          ],
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: { customerId: 24, label: 32 } },
        },
      ],
      accessPatterns: [
        {
          id: 'customer-orders',
          name: 'A customer’s orders, newest first',
          description: 'begins_with(SK, "ORDER#") read backwards.',
          entities: ['Order'],
          partitionValues: { customerId: 'c1' },
          sort: { input: 'raw', operator: 'begins_with', value: 'ORDER#' },
          direction: 'descending',
          projection: [],
          consistentRead: false,
          expected: { count: 3, orderBy: { field: 'at', direction: 'descending' } },
        },
        {
          id: 'customer-orders-day',
          name: 'Orders of customer c1 on 2026-06-23',
          description: 'The day as a prefix of the ISO timestamp.',
          entities: ['Order'],
          partitionValues: { customerId: 'c1' },
          sort: { input: 'fields', operator: '=', values: { at: '2026-06-23' } },
          direction: 'ascending',
          projection: [],
          consistentRead: false,
          expected: { count: 2, orderBy: { field: 'at', direction: 'ascending' } },
        },
        {
          id: 'orders-by-status',
          name: 'Placed orders, oldest first',
          description: 'GSI1: orders by status across customers.',
          entities: ['Order'],
          index: 'GSI1',
          partitionValues: { status: 'PLACED' },
          direction: 'ascending',
          projection: [],
          consistentRead: false,
          expected: { count: 2, orderBy: { field: 'at', direction: 'ascending' } },
        },
      ],
    },
  ],
};
