import { describe, expect, it } from 'vitest';
import type { EntityDesign, TableDesign } from '../design.types';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { buildItemCollection, defaultPartition, entityRuns, glanceAtCollections, judgeCollectionOrder, listPartitions } from '..';

const shop = SHOP_DESIGN.tables[0] as TableDesign;
const leaderboard = LEADERBOARD_DESIGN.tables[0] as TableDesign;

function entity(name: string, keys: Record<string, string>, samples: readonly Record<string, string>[]): EntityDesign {
  return {
    name,
    description: '',
    keys,
    attributes: [],
    samples: samples.map((values, index) => ({ id: `${name}-${index + 1}`, values })),
    expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
  };
}

describe('entityRuns', () => {
  it('counts consecutive rows of one entity together, in the order given', () => {
    expect(entityRuns(['A', 'A', 'B', 'A'].map((name) => ({ entity: name })))).toEqual([
      { entity: 'A', count: 2 },
      { entity: 'B', count: 1 },
      { entity: 'A', count: 1 },
    ]);
    expect(entityRuns([])).toEqual([]);
  });
});

describe('glanceAtCollections', () => {
  it('gives the Shop table’s item collection (the partition the Item collection region opens on) and GSI1’s, entities in stored order', () => {
    const [table, gsi] = glanceAtCollections(shop);
    expect(table).toMatchObject({
      table: 'Shop',
      partition: [{ attribute: 'PK', text: 'CUSTOMER#c1' }],
      itemCount: 6,
      partitionCount: 2,
      naiveOutOfPlaceCount: 0,
      intendedOutOfPlaceCount: 0,
    });
    expect(table?.index).toBeUndefined();
    expect(table?.stored).toEqual([
      { entity: 'Address', count: 2 },
      { entity: 'Customer', count: 1 },
      { entity: 'Order', count: 3 },
    ]);
    expect(table?.naive).toBeUndefined();
    expect(gsi).toMatchObject({ table: 'Shop', index: 'GSI1', stored: [{ entity: 'Order', count: 1 }] });
  });

  it('counts the Leaderboard’s naive keys out of place and out of intended order, the encoded ones in order (the slides’ judgement)', () => {
    const [glance] = glanceAtCollections(leaderboard);
    const partition = defaultPartition(listPartitions(leaderboard));
    const collection = buildItemCollection(leaderboard, { partition: partition!.id });
    const judged = judgeCollectionOrder(collection);
    expect(glance).toMatchObject({
      itemCount: 12,
      stored: [{ entity: 'Run', count: 12 }],
      naiveOutOfPlaceCount: collection.outOfPlaceCount,
      intendedOutOfPlaceCount: 0,
      naiveIntendedOutOfPlaceCount: judged.naiveOutOfPlaceCount,
    });
    expect(glance?.naiveOutOfPlaceCount).toBeGreaterThan(0);
    expect(glance?.naiveIntendedOutOfPlaceCount).toBeGreaterThan(0);
    // One entity: the naive order moves rows among themselves, the entity sequence is the same.
    expect(glance?.naive).toBeUndefined();
  });

  it('lists the naive entity order where the naive keys put another entity first (9 sorts after 10 as bytes, not as digits)', () => {
    const table: TableDesign = {
      name: 'T',
      description: '',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      indexes: [],
      billingMode: 'PAY_PER_REQUEST',
      entities: [entity('Low', { PK: 'P', SK: '{n:int(2)}#A' }, [{ n: '9' }]), entity('High', { PK: 'P', SK: '{n:int(2)}#B' }, [{ n: '10' }])],
      accessPatterns: [],
    };
    const [glance] = glanceAtCollections(table);
    expect(glance?.stored.map((run) => run.entity)).toEqual(['Low', 'High']);
    expect(glance?.naive?.map((run) => run.entity)).toEqual(['High', 'Low']);
  });

  it('has no collection for a table without a sort key or without samples', () => {
    const { sortKey: _sortKey, ...noSort } = shop;
    expect(glanceAtCollections({ ...noSort, indexes: [] } as TableDesign)).toEqual([]);
    expect(glanceAtCollections({ ...shop, entities: shop.entities.map((entry) => ({ ...entry, samples: [] })) })).toEqual([]);
  });
});
