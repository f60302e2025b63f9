import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemSize, type Item } from '../../expressions';
import { createLocalDynamoDB } from '../createLocalDynamoDB';
import { tableInput } from '../engine.fixtures';
import { indexKeyAttributeNames, type TableDefinition } from '../schema/tableDefinition';
import { copyItem } from '../values/copyItem';
import { DeferredItem, DeferredItemBlock, keyAttributesFor, readRestored, type RestoredItem } from './deferredItem';
import type { ItemRecord } from './keyedStore';
import { StoredRecord } from './storedRecord';
import { TableStore } from './tableStore';

/*
 * A table restored from deferred items (a data file's items, known by key and size, read on first use):
 * it must answer exactly as the same table restored from whole items, read only the blocks a request
 * needs, and keep a block's read error for every read of it.
 */

const definition: TableDefinition = {
  name: 'Deferred',
  keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } },
  attributeDefinitions: [
    { name: 'pk', type: 'S' },
    { name: 'sk', type: 'N' },
  ],
  indexes: [],
  billingMode: 'PAY_PER_REQUEST',
  createdAt: 0,
};

const itemOf = (pk: number, sk: number, extra = 'x'): Item => ({ pk: { S: `P${pk}` }, sk: { N: String(sk) }, v: { S: `${extra}${sk}` } });
const keyOf = (item: Item): Item => ({ pk: item.pk as never, sk: item.sk as never });

/** Items as deferred blocks of `perBlock`, and the blocks (each counts its reads). */
function deferredBlocks(items: readonly Item[], perBlock: number): { deferred: DeferredItem[]; blocks: DeferredItemBlock[]; reads: () => number } {
  let reads = 0;
  const deferred: DeferredItem[] = [];
  const blocks: DeferredItemBlock[] = [];
  for (let start = 0; start < items.length; start += perBlock) {
    const slice = items.slice(start, start + perBlock);
    const block = new DeferredItemBlock(() => {
      reads++;
      // A fresh copy, as a parse of the file's line would give.
      return slice.map((item) => copyItem(item, true));
    });
    blocks.push(block);
    slice.forEach((item, i) => deferred.push(new DeferredItem(keyOf(item), itemSize(item), block, i)));
  }
  return { deferred, blocks, reads: () => reads };
}

describe('DeferredItem in a TableStore', () => {
  it('stores records by key and size without reading any block; reading one record reads its block alone, once', () => {
    // In store order: partition by partition, by sort key.
    const items = Array.from({ length: 30 }, (_, i) => itemOf(Math.floor(i / 10), i % 10));
    const { deferred, blocks, reads } = deferredBlocks(items, 10);
    const table = new TableStore(definition);
    table.putMany(deferred);
    expect(reads()).toBe(0);
    expect(table.items.count).toBe(30);
    expect(table.items.bytes).toBe(items.reduce((sum, item) => sum + itemSize(item), 0));
    const record = table.get({ pk: { S: 'P1' }, sk: { N: '4' } }) as ItemRecord;
    expect(record).toBeInstanceOf(StoredRecord);
    expect((record as StoredRecord).isDeferred).toBe(true);
    expect(record.item).toEqual(itemOf(1, 4));
    expect(record.frozen).toBe(true);
    expect(Object.isFrozen(record.item)).toBe(true);
    expect(reads()).toBe(1);
    expect(blocks.map((block) => block.isRead)).toEqual([false, true, false]);
    expect((table.get({ pk: { S: 'P1' }, sk: { N: '7' } }) as ItemRecord).item).toEqual(itemOf(1, 7));
    expect(reads()).toBe(1);
  });

  it('matches whole items under random writes after the restore, later items winning over deferred ones (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ pk: fc.nat(3), sk: fc.nat(400) }), { selector: (key) => `${key.pk}/${key.sk}`, maxLength: 600 }),
        fc.array(fc.record({ put: fc.boolean(), pk: fc.nat(3), sk: fc.nat(400) }), { maxLength: 400 }),
        (stored, writes) => {
          const items = stored.map(({ pk, sk }) => itemOf(pk, sk));
          const { deferred } = deferredBlocks(items, 50);
          const lazy = new TableStore(definition);
          const eager = new TableStore(definition);
          // Unordered input and a few whole items after the deferred ones (appended puts in a data file).
          const later = items.slice(0, 20).map((item) => itemOf(Number((item.pk as { S: string }).S.slice(1)), Number((item.sk as { N: string }).N), 'later'));
          lazy.putMany([...deferred, ...later.map((item) => copyItem(item, true))]);
          eager.putMany([...items, ...later].map((item) => copyItem(item, true)));
          for (const { put, pk, sk } of writes) {
            if (put) {
              lazy.put(itemOf(pk, sk, 'w'));
              eager.put(itemOf(pk, sk, 'w'));
            } else {
              lazy.delete(keyOf(itemOf(pk, sk)));
              eager.delete(keyOf(itemOf(pk, sk)));
            }
          }
          const contents = (table: TableStore) => {
            const all: Item[] = [];
            for (const partition of table.items.partitionsInScanOrder().values()) for (const entry of partition.entries.values()) all.push(entry.record.item);
            return all;
          };
          expect(contents(lazy)).toEqual(contents(eager));
          expect(lazy.items.count).toBe(eager.items.count);
          expect(lazy.items.bytes).toBe(eager.items.bytes);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves deferred records unread when writes lay their chunk out again', () => {
    const items = Array.from({ length: 1500 }, (_, i) => itemOf(0, i * 2));
    const { deferred, reads } = deferredBlocks(items, 1000);
    const table = new TableStore(definition);
    table.putMany(deferred);
    // Enough puts between them to split and relocate chunks.
    for (let i = 0; i < 1500; i++) table.put(itemOf(0, i * 2 + 1, 'new'));
    expect(reads()).toBe(0);
    expect(table.items.count).toBe(3000);
    expect((table.get({ pk: { S: 'P0' }, sk: { N: '10' } }) as ItemRecord).item).toEqual(itemOf(0, 10));
  });
});

/** An engine holding table Deferred (pk S, sk N) restored from `items` (handed over). */
async function restored(items: readonly RestoredItem[]) {
  const source = createLocalDynamoDB();
  await source.createTable(
    tableInput('Deferred', [
      ['pk', 'S'],
      ['sk', 'N'],
    ]),
  );
  const table = source.snapshotTable('Deferred').table;
  const db = createLocalDynamoDB();
  const result = db.restoreTable({ table, items }, { handOver: true });
  return { db, result };
}

describe('DeferredItem in the engine (restoreTable)', () => {
  it('answers DescribeTable, a Query, a Scan and a GetItem as the same table of whole items, reading only what each needs', async () => {
    // 100 partitions of 20 items, stored partition by partition as a data file holds them: 20 blocks of 100.
    const items = Array.from({ length: 2000 }, (_, i) => itemOf(Math.floor(i / 20), i % 20));
    const lazy = deferredBlocks(items, 100);
    const { db, result } = await restored(lazy.deferred);
    const { db: eager } = await restored(items.map((item) => copyItem(item, true)));
    expect(result.itemCount).toBe(2000);

    const described = (await db.describeTable({ TableName: 'Deferred' })).Table;
    expect(described?.ItemCount).toBe(2000);
    expect(described?.TableSizeBytes).toBe((await eager.describeTable({ TableName: 'Deferred' })).Table?.TableSizeBytes);
    expect(lazy.reads()).toBe(0);

    const query = {
      TableName: 'Deferred',
      KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': { S: 'P42' }, ':a': { N: '3' }, ':b': { N: '12' } },
    };
    expect(await db.query(query)).toEqual(await eager.query(query));
    // P42's items lie in one block (items 840–859 of block 8).
    expect(lazy.reads()).toBe(1);
    const get = { TableName: 'Deferred', Key: { pk: { S: 'P99' }, sk: { N: '19' } } };
    expect(await db.getItem(get)).toEqual(await eager.getItem(get));
    expect(lazy.reads()).toBe(2);

    expect(await db.scan({ TableName: 'Deferred' })).toEqual(await eager.scan({ TableName: 'Deferred' }));
    expect(lazy.reads()).toBe(20);
  });

  it('keeps a block whose items cannot be read unread: the same error on every read, other blocks served', async () => {
    const items = Array.from({ length: 4 }, (_, i) => itemOf(i, 1));
    const good = new DeferredItemBlock(() => items.slice(0, 2).map((item) => copyItem(item, true)));
    const bad = new DeferredItemBlock(() => {
      throw new Error('The data file T.table.jsonl is damaged at line 5 (item 1: …)');
    });
    const deferred = items.map((item, i) => new DeferredItem(keyOf(item), itemSize(item), i < 2 ? good : bad, i % 2));
    const { db } = await restored(deferred);
    const get = (pk: number) => db.getItem({ TableName: 'Deferred', Key: { pk: { S: `P${pk}` }, sk: { N: '1' } } });
    await expect(get(2)).rejects.toThrow(/damaged at line 5/);
    await expect(get(3)).rejects.toThrow(/damaged at line 5/);
    expect(bad.isRead).toBe(false);
    expect((await get(1)).Item).toEqual(items[1]);
    expect(readRestored(deferred[0] as DeferredItem)).toEqual(items[0]);
  });
});

describe('DeferredItem in a TableStore with indexes', () => {
  const indexed = (include: boolean): TableDefinition => ({
    ...definition,
    name: 'Indexed',
    indexes: [
      { name: 'byG', kind: 'global', keys: { partitionKey: { name: 'g', type: 'S' }, sortKey: { name: 'sk', type: 'N' } }, projection: { type: 'ALL' } },
      { name: 'gOnly', kind: 'global', keys: { partitionKey: { name: 'g', type: 'S' } }, projection: { type: 'KEYS_ONLY' } },
      {
        name: 'byL',
        kind: 'local',
        keys: { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'l', type: 'N' } },
        projection: include ? { type: 'INCLUDE', nonKeyAttributes: ['v'] } : { type: 'KEYS_ONLY' },
      },
    ],
  });
  const optional = fc.oneof(fc.constant(undefined), fc.nat(3), fc.constant('mistyped' as const));

  /** Every index's entries in index order: keys, size, and the table key of the record each points at. */
  const indexContents = (table: TableStore) =>
    [...table.indexes].map(([name, index]) => {
      const entries: unknown[] = [name];
      for (const partition of index.store.partitionsInScanOrder().values())
        for (const entry of partition.entries.values()) entries.push([entry.pk, entry.sk, entry.skRaw, entry.size, entry.record.pk, entry.record.sk]);
      return entries;
    });

  it('makes the same index entries from the stored key attributes as from the items, reading none unless an index projects INCLUDE (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.uniqueArray(fc.record({ pk: fc.nat(2), sk: fc.nat(300), g: optional, l: optional }), { selector: (row) => `${row.pk}/${row.sk}`, maxLength: 500 }),
        fc.array(fc.record({ put: fc.boolean(), pk: fc.nat(2), sk: fc.nat(300), g: optional }), { maxLength: 200 }),
        (include, rows, writes) => {
          const indexedDefinition = indexed(include);
          const itemWith = (pk: number, sk: number, g: number | 'mistyped' | undefined, l: number | 'mistyped' | undefined): Item => {
            const item = itemOf(pk, sk);
            if (g !== undefined) item.g = g === 'mistyped' ? { N: '1' } : { S: `G${g}` };
            if (l !== undefined) item.l = l === 'mistyped' ? { BOOL: false } : { N: String(l) };
            return item;
          };
          const items = rows.map(({ pk, sk, g, l }) => itemWith(pk, sk, g, l));
          let reads = 0;
          const deferred: DeferredItem[] = [];
          for (let start = 0; start < items.length; start += 64) {
            const slice = items.slice(start, start + 64);
            const block = new DeferredItemBlock(
              () => {
                reads++;
                return slice.map((item) => copyItem(item, true));
              },
              new Set(['pk', 'sk', ...indexKeyAttributeNames(indexedDefinition)]),
            );
            slice.forEach((item, i) => deferred.push(new DeferredItem(keyAttributesFor(item, indexedDefinition), itemSize(item), block, i)));
          }
          const lazy = new TableStore(indexedDefinition);
          const eager = new TableStore(indexedDefinition);
          lazy.putMany(deferred);
          eager.putMany(items.map((item) => copyItem(item, true)));
          if (!include) expect(reads).toBe(0);
          expect(indexContents(lazy)).toEqual(indexContents(eager));
          for (const { put, pk, sk, g } of writes) {
            const item = itemWith(pk, sk, g, 1);
            if (put) {
              lazy.put(copyItem(item, true));
              eager.put(copyItem(item, true));
            } else {
              lazy.delete(keyOf(item));
              eager.delete(keyOf(item));
            }
          }
          expect(indexContents(lazy)).toEqual(indexContents(eager));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('DeferredItem and an index added after the restore', () => {
  it('backfills a GSI keyed by an attribute the stored keys do not hold from the items themselves', async () => {
    // Stored before the index existed: the keys hold the table's key attributes only.
    const items = Array.from({ length: 30 }, (_, i) => ({ ...itemOf(i % 3, i), tier: { S: `T${i % 2}` } }));
    const block = new DeferredItemBlock(() => items.map((item) => copyItem(item, true)), new Set(['pk', 'sk']));
    const { db } = await restored(items.map((item, i) => new DeferredItem(keyAttributesFor(item, definition), itemSize(item), block, i)));
    await db.updateTable({
      TableName: 'Deferred',
      AttributeDefinitions: [
        { AttributeName: 'tier', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
      ],
      GlobalSecondaryIndexUpdates: [
        {
          Create: {
            IndexName: 'byTier',
            KeySchema: [
              { AttributeName: 'tier', KeyType: 'HASH' },
              { AttributeName: 'sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        },
      ],
    });
    const page = await db.query({
      TableName: 'Deferred',
      IndexName: 'byTier',
      KeyConditionExpression: 'tier = :t',
      ExpressionAttributeValues: { ':t': { S: 'T1' } },
    });
    expect(page.Count).toBe(15);
  });
});
