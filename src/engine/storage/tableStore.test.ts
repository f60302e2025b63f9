import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemSize, type Item } from '../../expressions';
import { compareKeys, compareUtf8, type KeyAttributeValue } from '../../keys';
import type { TableDefinition } from '../schema/tableDefinition';
import { copyItem } from '../values/copyItem';
import { RELOCATE_AFTER } from './chunkedSortedList';
import type { ItemRecord, StoreEntry } from './keyedStore';
import { TableStore } from './tableStore';

/*
 * TableStore against a model (a Map of items by key): random puts, overwrites and deletes — enough of
 * them that chunks are laid out again (relocated) — must leave the table, and every index, holding
 * exactly what the model says, with each index entry pointing at the table's current record.
 */

const definition: TableDefinition = {
  name: 'Model',
  keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } },
  attributeDefinitions: [
    { name: 'pk', type: 'S' },
    { name: 'sk', type: 'N' },
    { name: 'g', type: 'S' },
    { name: 'l', type: 'S' },
  ],
  indexes: [
    {
      name: 'byL',
      kind: 'local',
      keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'l', type: 'S' } },
      projection: { type: 'INCLUDE', nonKeyAttributes: ['v'] },
    },
    { name: 'byG', kind: 'global', keys: { partitionKey: { name: 'g', type: 'S' }, sortKey: { name: 'sk', type: 'N' } }, projection: { type: 'ALL' } },
    { name: 'gOnly', kind: 'global', keys: { partitionKey: { name: 'g', type: 'S' } }, projection: { type: 'KEYS_ONLY' } },
  ],
  billingMode: 'PAY_PER_REQUEST',
  createdAt: 0,
};

type Operation = { put: true; pk: number; sk: number; g: number | undefined; l: number | undefined; v: number } | { put: false; pk: number; sk: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      put: fc.constant(true as const),
      pk: fc.nat(2),
      sk: fc.nat(300),
      g: fc.option(fc.nat(3), { nil: undefined }),
      l: fc.option(fc.nat(50), { nil: undefined }),
      v: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ put: fc.constant(false as const), pk: fc.nat(2), sk: fc.nat(300) }) },
);

function itemOf(op: Extract<Operation, { put: true }>): Item {
  const item: Item = { pk: { S: `P${op.pk}` }, sk: { N: String(op.sk) }, v: { N: String(op.v) }, pad: { S: 'x'.repeat(op.v % 7) } };
  if (op.g !== undefined) item.g = { S: `G${op.g}` };
  if (op.l !== undefined) item.l = { S: `L${String(op.l).padStart(2, '0')}` };
  return item;
}

const keyString = (pk: number, sk: number) => `${pk}/${sk}`;

function allEntries(store: TableStore['items']): StoreEntry[] {
  const entries: StoreEntry[] = [];
  for (const partition of store.partitionsInScanOrder().values()) for (const entry of partition.entries.values()) entries.push(entry);
  return entries;
}

/** Orders items by the given key attributes (compareKeys), ties by table key. */
function sortBy(items: Item[], names: string[]): Item[] {
  return [...items].sort((a, b) => {
    for (const name of [...names, 'pk', 'sk']) {
      const order = compareKeys(a[name] as KeyAttributeValue, b[name] as KeyAttributeValue);
      if (order !== 0) return order;
    }
    return 0;
  });
}

function expectMatchesModel(table: TableStore, model: Map<string, Item>): void {
  const items = [...model.values()];
  // The table: every item, by partition then sort key; counts and sizes in step.
  const tableEntries = allEntries(table.items);
  const byPartition = (entries: StoreEntry[]) => entries.map((entry) => (entry as ItemRecord).item);
  expect(sortBy(byPartition(tableEntries), ['pk', 'sk'])).toEqual(sortBy(items, ['pk', 'sk']));
  for (const partition of table.items.partitionsInScanOrder().values()) {
    const keys = [...partition.entries.values()].map((entry) => entry.sk as KeyAttributeValue);
    for (let i = 1; i < keys.length; i++) expect(compareKeys(keys[i - 1] as KeyAttributeValue, keys[i] as KeyAttributeValue)).toBeLessThan(0);
  }
  expect(table.items.count).toBe(model.size);
  expect(table.items.bytes).toBe(items.reduce((sum, item) => sum + itemSize(item), 0));
  for (const entry of tableEntries) expect(entry.record).toBe(entry);

  for (const [name, index] of table.indexes) {
    const { partitionKey, sortKey } = index.definition.keys;
    const wanted = items.filter((item) => item[partitionKey.name] !== undefined && (!sortKey || item[sortKey.name] !== undefined));
    const entries = allEntries(index.store);
    expect(entries.length, name).toBe(wanted.length);
    expect(index.store.count, name).toBe(wanted.length);
    // Each index entry points at the table's current record for its key (not at a copy relocation replaced).
    for (const entry of entries) {
      const current = table.get({ pk: entry.record.pk, sk: entry.record.sk as KeyAttributeValue });
      expect(entry.record, name).toBe(current);
      expect(entry.pk).toEqual(entry.record.item[partitionKey.name]);
    }
    // In index order: index partition key, index sort key, then table key.
    for (const partition of index.store.partitionsInScanOrder().values()) {
      const inOrder = [...partition.entries.values()].map((entry) => entry.record.item);
      expect(inOrder).toEqual(sortBy(inOrder, sortKey ? [sortKey.name] : []));
    }
  }
}

describe('TableStore', () => {
  it('matches a model under random puts, overwrites and deletes, indexes in step through relocations (property)', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: RELOCATE_AFTER * 2, maxLength: 2500 }), (operations) => {
        const table = new TableStore(definition);
        const model = new Map<string, Item>();
        for (const op of operations) {
          if (op.put) {
            const item = itemOf(op);
            table.put(copyItem(item, true));
            model.set(keyString(op.pk, op.sk), item);
          } else {
            table.delete({ pk: { S: `P${op.pk}` }, sk: { N: String(op.sk) } });
            model.delete(keyString(op.pk, op.sk));
          }
        }
        expectMatchesModel(table, model);
      }),
      // Shrinking thousands of operations, each checked against the model, takes minutes: report the first failure as is.
      { numRuns: 25, endOnFailure: true },
    );
  });

  it('relocates records written in random order: new objects, equal content, index entries re-pointed', () => {
    const table = new TableStore(definition);
    const puts = Array.from({ length: 400 }, (_, i) => (i * 263) % 400);
    const first = new Map<number, ItemRecord>();
    for (const sk of puts) {
      table.put({ pk: { S: 'P' }, sk: { N: String(sk) }, g: { S: 'G' }, l: { S: `L${sk % 10}` }, v: { N: String(sk) } });
      first.set(sk, table.get({ pk: { S: 'P' }, sk: { N: String(sk) } }) as ItemRecord);
    }
    const records = puts.map((sk) => table.get({ pk: { S: 'P' }, sk: { N: String(sk) } }) as ItemRecord);
    // Some records were laid out again since their put: a different object with the same item.
    const relocated = records.filter((record) => record !== first.get(Number((record.sk as { N: string }).N)));
    expect(relocated.length).toBeGreaterThan(0);
    for (const record of relocated) {
      const original = first.get(Number((record.sk as { N: string }).N)) as ItemRecord;
      expect(record.item).toEqual(original.item);
      expect(record.item).not.toBe(original.item);
      expect(record.size).toBe(original.size);
    }
    const model = new Map(records.map((record) => [keyString(0, Number((record.sk as { N: string }).N)), record.item]));
    expectMatchesModel(table, model);
  });

  it('redefine builds an index new to the definition from the stored items, drops a removed one, keeps the rest, and stays in step', () => {
    const bare: TableDefinition = { ...definition, indexes: definition.indexes.filter((index) => index.name === 'byL') };
    const table = new TableStore(bare);
    const model = new Map<string, Item>();
    for (let i = 0; i < 300; i++) {
      const item = itemOf({ put: true, pk: i % 3, sk: i, g: i % 4 === 0 ? undefined : i % 3, l: i % 5, v: i });
      table.put(copyItem(item, true));
      model.set(keyString(i % 3, i), item);
    }
    const byL = table.indexes.get('byL');
    table.redefine(definition);
    expect([...table.indexes.keys()]).toEqual(['byL', 'byG', 'gOnly']);
    expect(table.indexes.get('byL')?.store).toBe(byL?.store);
    expect(table.definition).toBe(definition);
    expectMatchesModel(table, model);
    // Writes after the change reach the new indexes too.
    for (let i = 0; i < 50; i++) {
      const item = itemOf({ put: true, pk: 1, sk: 1000 + i, g: 2, l: 1, v: i });
      table.put(copyItem(item, true));
      model.set(keyString(1, 1000 + i), item);
    }
    table.delete({ pk: { S: 'P0' }, sk: { N: '0' } });
    model.delete(keyString(0, 0));
    expectMatchesModel(table, model);
    table.redefine(bare);
    expect([...table.indexes.keys()]).toEqual(['byL']);
    expectMatchesModel(table, model);
  });
  it('orders S sort keys by UTF-8 bytes whichever keys are plain (skPlain), put one by one or bulk-loaded, in the table and an index', () => {
    const sDefinition: TableDefinition = {
      ...definition,
      keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
      attributeDefinitions: [
        { name: 'pk', type: 'S' },
        { name: 'sk', type: 'S' },
        { name: 'l', type: 'S' },
      ],
      indexes: [
        { name: 'byL', kind: 'local', keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'l', type: 'S' } }, projection: { type: 'ALL' } },
      ],
    };
    // Plain keys (every unit < 0xD800) beside keys where UTF-16 order is wrong (U+E000..U+FFFF, surrogate pairs).
    const keys = ['9', '10', 'z', 'ä', '€', '\uD7FF', '\uE000', '\uFFFF', '𝄞', '😀', 'a\uFFFF', 'a𝄞', 'a', 'ab', '#'];
    const expected = [...keys].sort(compareUtf8);
    expect(expected).not.toEqual([...keys].sort());
    const itemsOf = () => keys.map((sk, i) => ({ pk: { S: 'p' }, sk: { S: sk }, l: { S: keys[keys.length - 1 - i] as string } }));
    const one = new TableStore(sDefinition);
    for (const item of itemsOf()) one.put(item);
    const bulk = new TableStore(sDefinition);
    bulk.putMany(itemsOf());
    for (const table of [one, bulk]) {
      const records = allEntries(table.items);
      expect(records.map((record) => (record.sk as { S: string }).S)).toEqual(expected);
      for (const record of records) expect(record.skPlain).toBe(![...(record.sk as { S: string }).S].some((char) => char.charCodeAt(0) >= 0xd800));
      const byL = allEntries(table.indexes.get('byL')?.store as TableStore['items']);
      expect(byL.map((entry) => (entry.sk as { S: string }).S)).toEqual(expected);
      for (const sk of keys) expect(table.get({ pk: { S: 'p' }, sk: { S: sk } })?.item.sk).toEqual({ S: sk });
    }
  });
});
