import { describe, expect, it } from 'vitest';
import { createEntityRecogniser, SHOP_DESIGN } from '../../../design';
import { auditLogItems, leaderboardItems } from '../../../engine';
import { createDesignStore } from '../designStore';
import type { Item } from '../../explorer/explorerTypes';
import { compareEntityOrders, describePositions } from './compareEntityOrders';

const designs = createDesignStore().getState().designs;
const tableOf = (id: string) => designs.find((saved) => saved.id === id)!.design.tables[0]!;

describe('compareEntityOrders', () => {
  it('compares every AuditLog row under the Event template: nothing left out', () => {
    const table = tableOf('example-audit-log');
    const items = auditLogItems();
    const result = compareEntityOrders(items, { table, recogniser: createEntityRecogniser(table), sortKeyName: 'SK', partitionKeyName: 'PK' });
    expect(result.entities.map((entity) => [entity.entityName, entity.templateText])).toEqual([['Event', 'EVT#{at:iso}']]);
    expect(result.entities[0]!.orders.excluded).toEqual([]);
    expect(result.entities[0]!.orders.encodedOrder).toHaveLength(items.length);
    expect(result.unmatched).toEqual([]);
  });

  it('takes the naive spring season as Run by its partition key, and re-encodes it under Run’s template', () => {
    const table = tableOf('example-leaderboard');
    const items = leaderboardItems();
    const result = compareEntityOrders(items, { table, recogniser: createEntityRecogniser(table), sortKeyName: 'rankKey', partitionKeyName: 'leaderboardId' });
    const run = result.entities[0]!;
    expect(run.entityName).toBe('Run');
    expect(run.collectionOnly).toEqual([1, 2, 3, 4]);
    const spring = run.orders.encodedOrder.filter((row) => row.partition === 'SEASON#2026-SPRING').map((row) => row.storedKey);
    expect(spring).toEqual(['9', '10', '240', '1500']);
    // Loaded positions stay those of the whole result.
    expect(run.orders.rows.map((row) => row.loadedPosition)).toEqual(items.map((_, index) => index + 1));
  });

  it('groups a single-table partition by entity and lists the rows that match none', () => {
    const table = SHOP_DESIGN.tables[0]!;
    const items: Item[] = [
      { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ADDRESS#home' }, label: { S: 'home' } },
      { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'CUSTOMER#c1' } },
      { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ORDER#2026-06-23T10:00:00Z#o_17' } },
      { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ORDER#2026-06-21T16:20:00Z#o_15' } },
      { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'NOTE#1' } },
      { PK: { S: 'TENANT#t1' }, SK: { S: 'X' } },
    ];
    const result = compareEntityOrders(items, { table, recogniser: createEntityRecogniser(table), sortKeyName: 'SK', partitionKeyName: 'PK' });
    expect(result.entities.map((entity) => [entity.entityName, entity.orders.rows.map((row) => row.loadedPosition)])).toEqual([
      ['Customer', [2]],
      ['Order', [3, 4]],
      ['Address', [1]],
    ]);
    // NOTE#1 is in the collection of three entities: which one is unknown, so it matches none.
    expect(result.unmatched).toEqual([5, 6]);
    expect(result.entities[1]!.orders.encodedOrder.map((row) => row.loadedPosition)).toEqual([4, 3]);
  });

  it('compares the byPlayer index’s ts as the Number the design declares: DynamoDB’s 9 before 10 is no row out of place', () => {
    const table = tableOf('example-leaderboard');
    const items: Item[] = ['9', '10', '1719705600'].map((ts, index) => ({
      leaderboardId: { S: 'SEASON#2026-SUMMER' },
      rankKey: { S: `000000000${index}#0000001719705600#p_1` },
      playerId: { S: 'p_1' },
      ts: { N: ts },
      score: { N: String(index) },
    }));
    const result = compareEntityOrders(items, {
      table,
      recogniser: createEntityRecogniser(table, 'byPlayer'),
      sortKeyName: 'ts',
      partitionKeyName: 'playerId',
    });
    const orders = result.entities[0]!.orders;
    expect(orders.encodedOrder.map((row) => row.storedKey)).toEqual(['9', '10', '1719705600']);
    expect(orders.encodedOrder.map((row) => row.intendedRank)).toEqual([1, 2, 3]);
  });

  it('says which entities have no template for the compared key', () => {
    const table = tableOf('example-audit-log');
    const result = compareEntityOrders(auditLogItems().slice(0, 2), { table, recogniser: createEntityRecogniser(table), sortKeyName: 'nothing' });
    expect(result.withoutTemplate).toEqual([{ entityName: 'Event', positions: [1, 2] }]);
  });

  it('writes positions as short ranges', () => {
    expect(describePositions([1, 2, 3, 4, 7, 9, 10])).toBe('1–4, 7, 9, 10');
    expect(describePositions([])).toBe('');
  });
});
