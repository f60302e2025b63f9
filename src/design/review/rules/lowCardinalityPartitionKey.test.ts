import { describe, expect, it } from 'vitest';
import type { IndexDesign } from '../../design.types';
import { EXAMPLE_DESIGNS } from '../../examples';
import { designOf, entity, pattern, run, samples, tableDesign } from './capacityTestUtils';
import { lowCardinalityPartitionKey } from './lowCardinalityPartitionKey';

const BY_STATUS: IndexDesign = {
  name: 'byStatus',
  kind: 'GSI',
  partitionKey: [{ name: 'GSI1PK', type: 'S' }],
  sortKey: [{ name: 'GSI1SK', type: 'S' }],
  projection: { type: 'ALL', attributes: [] },
};

function ordersDesign(statusTemplate: string, requestsPerSecond?: number, statuses = ['OPEN', 'SHIPPED']) {
  const orders = Array.from({ length: 20 }, (_, i) => ({ customerId: `c${i}`, orderId: `o${i}`, status: statuses[i % statuses.length]! }));
  return designOf(
    tableDesign({
      indexes: [BY_STATUS],
      entities: [
        entity('Order', { PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{orderId}', GSI1PK: statusTemplate, GSI1SK: '{orderId}' }, { samples: samples(orders) }),
      ],
      accessPatterns: [
        pattern('open-orders', ['Order'], {
          index: 'byStatus',
          partitionValues: statusTemplate.includes('{status}') ? { status: 'OPEN' } : {},
          ...(requestsPerSecond !== undefined ? { requestsPerSecond } : {}),
        }),
      ],
    }),
  );
}

describe('review.lowCardinalityPartitionKey', () => {
  it('warns about a status as a GSI partition key under heavy traffic, with the values from the samples', () => {
    const findings = run(lowCardinalityPartitionKey, ordersDesign('STATUS#{status}', 1500));
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      code: 'review.lowCardinalityPartitionKey',
      severity: 'warning',
      subject: { table: 'Tbl', entity: 'Order', index: 'byStatus', keyAttribute: 'GSI1PK' },
    });
    expect(finding?.message).toContain('has 2 distinct values over 20 samples');
    expect(finding?.message).toContain('"open-orders" sends 1,500 requests/s');
    expect(finding?.evidence).toEqual([
      { label: '10 of 20 Order samples', text: 'STATUS#OPEN' },
      { label: '10 of 20 Order samples', text: 'STATUS#SHIPPED' },
    ]);
    expect(finding?.suggestion).toContain('shard');
  });

  it('notes it under light traffic, and says nothing without traffic (the samples may cover few values by chance)', () => {
    expect(run(lowCardinalityPartitionKey, ordersDesign('STATUS#{status}', 20))[0]?.severity).toBe('note');
    expect(run(lowCardinalityPartitionKey, ordersDesign('STATUS#{status}'))).toEqual([]);
  });

  it('notes a constant partition key even without traffic', () => {
    const [finding] = run(lowCardinalityPartitionKey, ordersDesign('OPEN_ORDERS'));
    expect(finding?.severity).toBe('note');
    expect(finding?.message).toContain('is the same for every item (OPEN_ORDERS: no fields)');
    expect(finding?.message).toContain('one partition');
    // Advice in the design's own names: a field Order already has.
    expect(finding?.suggestion).toContain('such as customerId (GSI1PK = "…#{customerId}")');
  });

  it('takes a literal key that a few sample items share (an importer made it literal) as no evidence of one partition', () => {
    const few = designOf(
      tableDesign({ entities: [entity('Fare', { PK: 'FARES', SK: 'FARE#{route}' }, { samples: samples([{ route: 'LAX-JFK' }, { route: 'SFO-SEA' }]) })] }),
    );
    expect(run(lowCardinalityPartitionKey, few)).toEqual([]);
    // FlightsFares: 15 flights of the one route its sample data covers, so the importer made the table's key literal.
    const flights = Array.from({ length: 15 }, (_, i) => ({ at: `2026-07-01T${String(i + 6).padStart(2, '0')}:00:00Z`, flightId: `AS${330 + i}` }));
    const oneRoute = designOf(
      tableDesign({ entities: [entity('Flight', { PK: 'ROUTE#SEA#LAX', SK: 'FLIGHT#{at:iso}#{flightId}' }, { samples: samples(flights) })] }),
    );
    expect(run(lowCardinalityPartitionKey, oneRoute)).toEqual([]);
    const expected = designOf(
      tableDesign({
        entities: [
          entity(
            'Fare',
            { PK: 'FARES', SK: 'FARE#{route}' },
            { samples: samples([{ route: 'LAX-JFK' }]), expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {}, itemCount: 50000 } },
          ),
        ],
      }),
    );
    expect(run(lowCardinalityPartitionKey, expected).map((finding) => finding.severity)).toEqual(['note']);
  });

  it('warns about a dozen tickets over three statuses under traffic (four samples a value), but not about a dozen orders over three customers', () => {
    // Held-out corpus support-tickets-status: 12 tickets, 3 statuses, 1,500 requests/s on the queue.
    const tickets = (statusTemplate: string) =>
      designOf(
        tableDesign({
          indexes: [BY_STATUS],
          entities: [
            entity(
              'Ticket',
              { PK: 'CUSTOMER#{customerId}', SK: 'TICKET#{ticketId}', GSI1PK: statusTemplate, GSI1SK: '{ticketId}' },
              {
                samples: samples(
                  Array.from({ length: 12 }, (_, i) => ({
                    customerId: `cu_${i % 3}`,
                    ticketId: `t_${500 + i}`,
                    status: ['OPEN', 'PENDING', 'CLOSED'][i % 3]!,
                  })),
                ),
              },
            ),
          ],
          accessPatterns: [
            pattern('queue', ['Ticket'], {
              index: 'byStatus',
              partitionValues: statusTemplate.includes('{status}') ? { status: 'OPEN' } : { customerId: 'cu_1' },
              requestsPerSecond: 1500,
            }),
          ],
        }),
      );
    const [finding] = run(lowCardinalityPartitionKey, tickets('STATUS#{status}'));
    expect(finding).toMatchObject({ severity: 'warning', subject: { entity: 'Ticket', index: 'byStatus', keyAttribute: 'GSI1PK' } });
    expect(finding?.message).toContain('has 3 distinct values over 12 samples');
    // Three customers in a dozen samples are the sample's, not the design's: customers are many.
    expect(run(lowCardinalityPartitionKey, tickets('CUSTOMER#{customerId}'))).toEqual([]);
  });

  it('finds nothing for a key with many values', () => {
    const many = Array.from({ length: 20 }, (_, i) => `S${i}`);
    expect(run(lowCardinalityPartitionKey, ordersDesign('STATUS#{status}', 5000, many))).toEqual([]);
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))('finds nothing in the %s example', (_id, design) => {
    expect(run(lowCardinalityPartitionKey, design)).toEqual([]);
  });
});
