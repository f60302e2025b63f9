import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../dynamo';
import { buildRawKey, compareKeys, parseKeyTemplate, type KeyAttributeValue, type KeyTemplate } from '../../keys';
import type { EntityDesign, IndexDesign, KeyAttributeDesign, TableDesign } from '../design.types';
import { buildSampleItem, keySchemaOf } from '../designKeys';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { buildItemCollection, defaultPartition, explainOutOfPlace, listPartitions, mergeInto, mergeSorted, positionedRow, type ItemCollection } from '.';

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

function table(
  entities: readonly EntityDesign[],
  sortKey: KeyAttributeDesign | undefined = { name: 'SK', type: 'S' },
  indexes: readonly IndexDesign[] = [],
): TableDesign {
  return {
    name: 'T',
    description: '',
    partitionKey: { name: 'PK', type: 'S' },
    ...(sortKey ? { sortKey } : {}),
    indexes,
    billingMode: 'PAY_PER_REQUEST',
    entities,
    accessPatterns: [],
  };
}

/** The one partition's collection (every test table here keys all samples into `P`). */
function collectionOf(design: TableDesign, indexName?: string): ItemCollection {
  const partition = listPartitions(design, indexName)[0];
  if (!partition) throw new Error('no partition');
  return buildItemCollection(design, { ...(indexName ? { indexName } : {}), partition: partition.id });
}

const sortTexts = (collection: ItemCollection) => collection.rows.map((row) => row.sortKey.map((part) => part.text).join('|'));

describe('listPartitions', () => {
  it('lists the Shop’s partitions in byte order with counts per entity, and picks the one holding the most entities', () => {
    const shop = SHOP_DESIGN.tables[0] as TableDesign;
    const partitions = listPartitions(shop);
    expect(partitions.map((partition) => [partition.parts[0]?.text, partition.itemCount])).toEqual([
      ['CUSTOMER#c1', 6],
      ['CUSTOMER#c2', 2],
    ]);
    expect(partitions[0]?.entities).toEqual([
      { entity: 'Customer', itemCount: 1 },
      { entity: 'Order', itemCount: 3 },
      { entity: 'Address', itemCount: 2 },
    ]);
    expect(defaultPartition(partitions)?.parts[0]?.text).toBe('CUSTOMER#c1');
  });

  it('gives a multi-attribute GSI partition key as its typed tuple, ordered attribute by attribute (numbers by value)', () => {
    const index: IndexDesign = {
      name: 'bySeasonLevel',
      kind: 'GSI',
      partitionKey: [
        { name: 'season', type: 'S' },
        { name: 'level', type: 'N' },
      ],
      sortKey: [],
      projection: { type: 'ALL', attributes: [] },
    };
    const design = table(
      [
        entity('Run', { PK: 'P', SK: '{id}', season: '{season}', level: '{level}' }, [
          { id: 'a', season: 'S1', level: '10' },
          { id: 'b', season: 'S1', level: '9' },
          { id: 'c', season: 'S0', level: '50' },
        ]),
      ],
      undefined,
      [index],
    );
    expect(
      listPartitions(design, 'bySeasonLevel').map((partition) => partition.parts.map((part) => `${part.attribute}=${part.text}:${part.type}`).join(',')),
    ).toEqual(['season=S0:S,level=50:N', 'season=S1:S,level=9:N', 'season=S1:S,level=10:N']);
  });
});

describe('buildItemCollection: DynamoDB’s order', () => {
  it('shows the Shop’s CUSTOMER#c1 collection: the addresses, the customer, then the orders in time order', () => {
    const collection = collectionOf(SHOP_DESIGN.tables[0] as TableDesign);
    expect(collection.rows.map((row) => `${row.entity} ${row.sampleId}`)).toEqual([
      'Address a1',
      'Address a2',
      'Customer c1',
      'Order o_15',
      'Order o_16',
      'Order o_17',
    ]);
    expect(collection.outOfPlaceCount).toBe(0);
  });

  it('orders S keys by UTF-8 bytes: "10" before "9", é after z, an astral character after U+FFFF', () => {
    const design = table([entity('E', { PK: 'P', SK: '{v}' }, [{ v: '9' }, { v: '\uFFFF' }, { v: '𝄞' }, { v: 'é' }, { v: '10' }, { v: 'z' }])]);
    expect(sortTexts(collectionOf(design))).toEqual(['10', '9', 'z', 'é', '\uFFFF', '𝄞']);
  });

  it('orders N keys by value and B keys by unsigned bytes', () => {
    const numbers = table([entity('E', { PK: 'P', SK: '{n}' }, [{ n: '10' }, { n: '9' }, { n: '-2.5' }, { n: '1e3' }])], { name: 'SK', type: 'N' });
    expect(sortTexts(collectionOf(numbers))).toEqual(['-2.5', '9', '10', '1000']);
    const bytes = [Uint8Array.of(0x80), Uint8Array.of(0x7f, 0xff), Uint8Array.of(0x7f), Uint8Array.of(0x01, 0x00)];
    const binary = table(
      [
        entity(
          'E',
          { PK: 'P', SK: '{b}' },
          bytes.map((b) => ({ b: encodeBase64(b) })),
        ),
      ],
      { name: 'SK', type: 'B' },
    );
    expect(sortTexts(collectionOf(binary))).toEqual(
      [Uint8Array.of(0x01, 0x00), Uint8Array.of(0x7f), Uint8Array.of(0x7f, 0xff), Uint8Array.of(0x80)].map(encodeBase64),
    );
  });

  it('orders a multi-attribute GSI sort key attribute by attribute, each by its type, and leaves entities without the index’s keys out (sparse)', () => {
    const index: IndexDesign = {
      name: 'byScore',
      kind: 'GSI',
      partitionKey: [{ name: 'season', type: 'S' }],
      sortKey: [
        { name: 'score', type: 'N' },
        { name: 'player', type: 'S' },
      ],
      projection: { type: 'ALL', attributes: [] },
    };
    const runs = entity('Run', { PK: 'P', SK: 'RUN#{player}#{score}', season: '{season}', score: '{score}', player: '{player}' }, [
      { season: 'S1', score: '10', player: 'b' },
      { season: 'S1', score: '9', player: 'z' },
      { season: 'S1', score: '10', player: 'a' },
    ]);
    const profile = entity('Profile', { PK: 'P', SK: 'PROFILE' }, [{}]);
    const design = table([profile, runs], { name: 'SK', type: 'S' }, [index]);
    const collection = collectionOf(design, 'byScore');
    expect(collection.rows.map((row) => row.sortKey.map((part) => part.text).join('|'))).toEqual(['9|z', '10|a', '10|b']);
    expect(collection.rows.every((row) => row.entity === 'Run')).toBe(true);
    // The table holds both entities.
    expect(collectionOf(design).rows.map((row) => row.entity)).toEqual(['Profile', 'Run', 'Run', 'Run']);
  });

  it('lists samples whose keys don’t encode with the codec’s message, and marks two rows with one key', () => {
    const design = table([entity('E', { PK: 'P', SK: '{n:int(3)}' }, [{ n: '5' }, { n: 'ten' }, { n: '5' }])]);
    const collection = collectionOf(design);
    expect(collection.rows).toHaveLength(2);
    expect(collection.unencodable).toHaveLength(1);
    expect(collection.unencodable[0]).toMatchObject({ entity: 'E', sampleId: 'E-2' });
    expect(collection.unencodable[0]?.messages[0]).toMatch(/^SK: /);
    expect(positionedRow(collection, 2)?.sameKeyAs?.sampleId).toBe('E-1');
    expect(positionedRow(collection, 1)?.sameKeyAs).toBeUndefined();
  });
});

describe('out-of-place marks', () => {
  it('marks the Leaderboard runs the naive (unpadded) scores would move, and says why by the first differing byte', () => {
    const collection = collectionOf(LEADERBOARD_DESIGN.tables[0] as TableDesign);
    // Encoded: by score. Naive: "10#…" first, "9#…" last.
    expect(collection.rows.map((row) => row.rawSortKey[0]?.text.split('#')[0])).toEqual([
      '3',
      '9',
      '10',
      '42',
      '128',
      '240',
      '615',
      '875',
      '875',
      '1020',
      '1500',
      '2300',
    ]);
    expect(collection.rawOrder.map((row) => row.rawSortKey[0]?.text.split('#')[0])).toEqual([
      '10',
      '1020',
      '128',
      '1500',
      '2300',
      '240',
      '3',
      '42',
      '615',
      '875',
      '875',
      '9',
    ]);
    expect(positionedRow(collection, 2)).toMatchObject({ position: 2, rawPosition: 12, outOfPlace: true });
    expect(positionedRow(collection, 6)).toMatchObject({ position: 6, rawPosition: 6, outOfPlace: false });
    expect(collection.outOfPlaceCount).toBe(11);
    const reason = explainOutOfPlace(collection, 2);
    expect(reason?.other.row.sampleId).toBe('run-5');
    expect(reason?.sentence).toContain('"9" 0x39 vs "8" 0x38');
    expect(explainOutOfPlace(collection, 6)).toBeUndefined();
  });

  it('finds nothing out of place when the naive keys sort the same', () => {
    const design = table([entity('E', { PK: 'P', SK: '{n:int(2)}' }, [{ n: '12' }, { n: '34' }])]);
    expect(collectionOf(design).outOfPlaceCount).toBe(0);
  });

  it('explains a naive N key by value', () => {
    const design = table([entity('E', { PK: 'P', SK: '{n:int(3,desc)}' }, [{ n: '5' }, { n: '7' }])], { name: 'SK', type: 'N' });
    const collection = collectionOf(design);
    expect(collection.outOfPlaceCount).toBe(2);
    expect(explainOutOfPlace(collection, 1)?.sentence).toContain('5 is less than 7');
  });
});

describe('mergeSorted', () => {
  it('equals a stable sort of the concatenated lists', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }), { maxLength: 8 }), (lists) => {
        const tagged = lists.map((list, l) => [...list].sort((a, b) => a - b).map((value, i) => ({ value, l, i })));
        const compare = (a: { value: number }, b: { value: number }) => a.value - b.value;
        expect(mergeSorted(tagged, compare)).toEqual(tagged.flat().sort((a, b) => compare(a, b) || a.l - b.l));
      }),
    );
  });
});

describe('mergeInto', () => {
  it('equals a sort of both lists when no item of one ties one of the other', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.array(fc.integer({ min: 0, max: 50 })), (a, b) => {
        const base = a.map((value) => value * 2).sort((x, y) => x - y);
        const added = b.map((value) => value * 2 + 1).sort((x, y) => x - y);
        expect(mergeInto(base, added, (x, y) => x - y)).toEqual([...base, ...added].sort((x, y) => x - y));
      }),
    );
  });
});

describe('caching', () => {
  const template = fc.constantFrom('{v}', '{v}#{n:int(4)}', '{n:int(4)}#{v}', 'X{n}', '{n}', '{n:int(3,desc)}#{v}', 'A#{v}');
  const value = fc.oneof(fc.constantFrom('9', '10', 'é', 'z', '𝄞', 'a#b', ''), fc.string({ maxLength: 3 }));
  const sample = fc.record({ v: value, n: fc.oneof(fc.integer({ min: 0, max: 999 }).map(String), fc.constantFrom('x', '-1', '12345')) });
  const entityArb = fc.record({ template, samples: fc.array(sample, { maxLength: 12 }) });

  /** Every row of the partition sorted from scratch (one sort of all rows, no cache, no merge). */
  function fromScratch(design: TableDesign, partitionText: string, order: 'encoded' | 'raw' = 'encoded'): string[] {
    const schema = keySchemaOf(design) as NonNullable<ReturnType<typeof keySchemaOf>>;
    const rows = design.entities.flatMap((e, entityIndex) =>
      e.samples.flatMap((s, sampleIndex) => {
        const built = buildSampleItem(design, e, s);
        if (!built.ok || (built.item.PK as { S: string }).S !== partitionText) return [];
        const sortKey = schema.sort.map((attribute) =>
          order === 'raw'
            ? { S: buildRawKey((parseKeyTemplate(e.keys[attribute.name] as string) as { value: KeyTemplate }).value, s.values) }
            : (built.item[attribute.name] as KeyAttributeValue),
        );
        return [{ label: `${e.name}/${s.id}`, sortKey, entityIndex, sampleIndex }];
      }),
    );
    rows.sort(
      (a, b) =>
        compareKeys(a.sortKey[0] as KeyAttributeValue, b.sortKey[0] as KeyAttributeValue) || a.entityIndex - b.entityIndex || a.sampleIndex - b.sampleIndex,
    );
    return rows.map((row) => row.label);
  }

  /** Each position array points at the same row in the other order, and the out-of-place count matches. */
  function expectConsistentPositions(collection: ItemCollection): void {
    collection.rows.forEach((row, index) => expect(collection.rawOrder[(collection.rawPositions[index] as number) - 1]).toBe(row));
    collection.rawOrder.forEach((row, index) => expect(collection.rows[(collection.positionsInRawOrder[index] as number) - 1]).toBe(row));
    expect(collection.outOfPlaceCount).toBe(collection.rows.filter((_, index) => collection.rawPositions[index] !== index + 1).length);
  }

  it('gives after a one-entity template edit what a from-scratch sort gives, re-encoding only that entity', () => {
    fc.assert(
      fc.property(fc.array(entityArb, { minLength: 1, maxLength: 5 }), fc.nat(), template, (specs, pick, newTemplate) => {
        const entities = specs.map((spec, index) => entity(`E${index}`, { PK: 'P', SK: spec.template }, spec.samples));
        const before = table(entities);
        const first = buildItemCollection(before, { partition: 'S1:P' });
        const edited = pick % entities.length;
        const after = table(entities.map((e, index) => (index === edited ? { ...e, keys: { ...e.keys, SK: newTemplate } } : e)));
        const second = buildItemCollection(after, { partition: 'S1:P' });
        expect(second.rows.map((row) => `${row.entity}/${row.sampleId}`)).toEqual(fromScratch(after, 'P'));
        expect(second.rawOrder.map((row) => `${row.entity}/${row.sampleId}`)).toEqual(fromScratch(after, 'P', 'raw'));
        expectConsistentPositions(second);
        // Rows of entities that were not edited are the cached objects.
        const firstRows = new Set(first.rows);
        for (const row of second.rows) if (row.entityIndex !== edited) expect(firstRows.has(row)).toBe(true);
        // A second keystroke in the same template (the other entities' merge is reused).
        const again = table(after.entities.map((e, index) => (index === edited ? { ...e, keys: { ...e.keys, SK: `${newTemplate}#` } } : e)));
        const third = buildItemCollection(again, { partition: 'S1:P' });
        expect(third.rows.map((row) => `${row.entity}/${row.sampleId}`)).toEqual(fromScratch(again, 'P'));
        expect(third.rawOrder.map((row) => `${row.entity}/${row.sampleId}`)).toEqual(fromScratch(again, 'P', 'raw'));
        // The positions of an incremental merge (positionsAfterMerge) are those of the two orders.
        expectConsistentPositions(third);
      }),
      { numRuns: 150 },
    );
  });
});

describe('buildItemCollection: the intended order (the one judge)', () => {
  it('SCORE#{score} over scores stored as text: the naive keys give the same order, but the items are not in their intended order', () => {
    const scores = ['10', '1500', '240', '75', '9'];
    const run = entity(
      'Run',
      { PK: 'P', SK: 'SCORE#{score}' },
      scores.map((score) => ({ score })),
    );
    const collection = collectionOf(table([run]));
    expect(sortTexts(collection)).toEqual(['SCORE#10', 'SCORE#1500', 'SCORE#240', 'SCORE#75', 'SCORE#9']);
    expect(collection.outOfPlaceCount).toBe(0);
    // Intended: 9, 10, 75, 240, 1500 — every row but the 10 is elsewhere (10 is 2nd by value, 1st stored).
    expect(collection.rows.map((row) => row.intendedRank)).toEqual([2, 5, 4, 3, 1]);
    expect(collection.rows.map((row) => row.inIntendedPlace)).toEqual([false, false, false, false, false]);
    expect(collection.notIntendedCount).toBe(5);
  });

  it('an N sort key is a number: no row is out of its intended order', () => {
    const run = entity(
      'Run',
      { PK: 'P', SK: '{ts}' },
      ['1719705600', '999', '1719709200'].map((ts) => ({ ts })),
    );
    const collection = collectionOf(table([run], { name: 'SK', type: 'N' }));
    expect(sortTexts(collection)).toEqual(['999', '1719705600', '1719709200']);
    expect(collection.notIntendedCount).toBe(0);
  });

  it('the padded Leaderboard is in its intended order (intended: by score, then epoch, then player)', () => {
    const leaderboard = LEADERBOARD_DESIGN.tables[0] as TableDesign;
    const collection = collectionOf(leaderboard);
    expect(collection.notIntendedCount).toBe(0);
    expect(collection.rows.every((row) => row.inIntendedPlace && row.intendedRank > 0)).toBe(true);
  });
});
