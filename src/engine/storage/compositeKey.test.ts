import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keySchemaFrom, type Item } from '../../expressions';
import { compareKeys, type KeyAttributeValue } from '../../keys';
import type { TableDefinition } from '../schema/tableDefinition';
import { partitionValueOf } from './compositeKey';
import type { StoreEntry } from './keyedStore';
import { TableStore } from './tableStore';

/*
 * A multi-attribute index's order contract: inside a partition (every HASH
 * attribute equal), entries order by the RANGE attributes left to right, each
 * compared by its own type with compareKeys, then by the table key; items
 * missing any key attribute are not in the index.
 */

const SORT = [
  { name: 's', type: 'S' },
  { name: 'n', type: 'N' },
  { name: 'b', type: 'B' },
] as const;
const definition: TableDefinition = {
  name: 'Multi',
  keys: { partitionKey: { name: 'pk', type: 'S' } },
  attributeDefinitions: [],
  indexes: [
    {
      name: 'multi',
      kind: 'global',
      keys: keySchemaFrom(
        [
          { name: 'h1', type: 'S' },
          { name: 'h2', type: 'N' },
        ],
        [...SORT],
      ),
      projection: { type: 'KEYS_ONLY' },
    },
  ],
  billingMode: 'PAY_PER_REQUEST',
  createdAt: 0,
};

// Strings across scripts (UTF-16 order differs from UTF-8 order there), numbers that differ as text and as numbers, bytes ≥ 0x80.
const text = fc.oneof(fc.constantFrom('', 'a', 'B', 'é', '\uFFFD', '\u{1F600}', 'a\u{1F600}', 'aé'), fc.string({ unit: 'grapheme', maxLength: 3 }));
const number = fc.oneof(fc.constantFrom('-10', '-1', '0', '1', '9', '10', '1e2', '0.5'), fc.integer({ min: -50, max: 50 }).map(String));
const bytes = fc.uint8Array({ maxLength: 3 });
const item = fc.record(
  {
    h1: fc.constantFrom('x', 'y'),
    h2: fc.constantFrom('1', '2'),
    s: text.filter((value) => value !== ''),
    n: number,
    b: bytes.filter((value) => value.length > 0),
  },
  { requiredKeys: ['h1', 'h2'] },
);

function toItem(fields: { h1: string; h2: string; s?: string; n?: string; b?: Uint8Array }, id: number): Item {
  const result: Item = { pk: { S: `p${id}` }, h1: { S: fields.h1 }, h2: { N: fields.h2 } };
  if (fields.s !== undefined) result.s = { S: fields.s };
  if (fields.n !== undefined) result.n = { N: fields.n };
  if (fields.b !== undefined) result.b = { B: fields.b };
  return result;
}

function compareBySortAttributes(a: Item, b: Item): number {
  for (const attribute of SORT) {
    const order = compareKeys(a[attribute.name] as KeyAttributeValue, b[attribute.name] as KeyAttributeValue);
    if (order !== 0) return order;
  }
  return compareKeys(a.pk as KeyAttributeValue, b.pk as KeyAttributeValue);
}

describe('multi-attribute index stores', () => {
  it('order each partition by the sort attributes left to right, each by its type, and leave out items missing one', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (fieldsList) => {
        const table = new TableStore(definition);
        const items = fieldsList.map(toItem);
        for (const each of items) table.put(each);
        const index = table.indexes.get('multi');
        for (const h1 of ['x', 'y']) {
          for (const h2 of ['1', '2']) {
            const expected = items
              .filter((each) => each.h1?.S === h1 && each.h2?.N === h2 && SORT.every((attribute) => each[attribute.name] !== undefined))
              .sort(compareBySortAttributes);
            const partition = index?.store.partition(partitionValueOf([{ S: h1 }, { N: h2 }]));
            const actual: Item[] = [];
            partition?.entries.walk(partition.entries.begin(), false, (entry: StoreEntry) => actual.push(entry.record.item) > 0);
            expect(actual.map((each) => each.pk?.S)).toEqual(expected.map((each) => each.pk?.S));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps partitions of different attribute combinations apart', () => {
    expect(partitionValueOf([{ S: 'a:1' }, { S: 'b' }])).not.toEqual(partitionValueOf([{ S: 'a' }, { S: '1:b' }]));
    expect(partitionValueOf([{ N: '1e1' }, { S: 'b' }])).toEqual(partitionValueOf([{ N: '10' }, { S: 'b' }]));
    expect(partitionValueOf([{ S: 'one' }])).toEqual({ S: 'one' });
  });
});
