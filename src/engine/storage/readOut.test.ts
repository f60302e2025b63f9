import { describe, expect, it } from 'vitest';
import type { Item } from '../../expressions';
import { createEngine, tableInput } from '../engine.fixtures';
import { freezeItem } from './freezeItem';

const S = (value: string) => ({ S: value });

describe('freezeItem', () => {
  it('freezes an item all the way down: maps, lists, sets and every value', () => {
    const item: Item = { pk: S('a'), m: { M: { x: S('x'), l: { L: [{ N: '1' }, { M: { y: S('y') } }] } } }, ss: { SS: ['a'] }, ns: { NS: ['1'] } };
    expect(freezeItem(item)).toBe(true);
    const m = (item.m as { M: Item }).M;
    const l = (m.l as { L: { M?: Item }[] }).L;
    for (const part of [item, item.pk, item.m, m, m.x, m.l, l, l[0], l[1], l[1]?.M, (item.ss as { SS: string[] }).SS, (item.ns as { NS: string[] }).NS]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
  });

  it('leaves an item holding binary (at any depth) unfrozen: its bytes could not be frozen', () => {
    for (const item of [{ b: { B: Uint8Array.of(1) } }, { m: { M: { bs: { BS: [Uint8Array.of(1)] } } } }, { l: { L: [{ B: Uint8Array.of(1) }] } }] as Item[]) {
      expect(freezeItem(item)).toBe(false);
      expect(Object.isFrozen(item)).toBe(false);
    }
  });

  it('leaves no part of an item with binary frozen, not even the attributes before the binary', () => {
    const item: Item = { s: S('x'), m: { M: { x: S('y') } }, l: { L: [S('z')] }, b: { B: Uint8Array.of(1) } };
    expect(freezeItem(item)).toBe(false);
    const m = (item.m as { M: Item }).M;
    for (const part of [item, item.s, item.m, m, m.x, item.l, (item.l as { L: unknown[] }).L]) expect(Object.isFrozen(part)).toBe(false);
  });
});

describe('reads of whole items', () => {
  async function engineWithItems() {
    const db = createEngine();
    await db.createTable(
      tableInput('Tbl', [
        ['pk', 'S'],
        ['sk', 'S'],
      ]),
    );
    const plain: Item = { pk: S('p'), sk: S('1'), m: { M: { x: S('x') } }, l: { L: [S('a')] } };
    const binary: Item = { pk: S('p'), sk: S('2'), b: { B: Uint8Array.of(1, 2) }, m: { M: { x: S('x') } } };
    await db.batchWriteItem({ RequestItems: { Tbl: [{ PutRequest: { Item: plain } }, { PutRequest: { Item: binary } }] } });
    return { db, plain, binary };
  }

  it('hand out frozen items: a caller cannot change what is stored through them', async () => {
    const { db, plain } = await engineWithItems();
    const key = { pk: S('p'), sk: S('1') };
    const reads = [
      (await db.getItem({ TableName: 'Tbl', Key: key })).Item,
      (await db.batchGetItem({ RequestItems: { Tbl: { Keys: [key] } } })).Responses?.Tbl?.[0],
      (await db.query({ TableName: 'Tbl', KeyConditionExpression: 'pk = :p AND sk = :s', ExpressionAttributeValues: { ':p': S('p'), ':s': S('1') } }))
        .Items?.[0],
      (await db.scan({ TableName: 'Tbl', Limit: 1 })).Items?.[0],
    ];
    for (const item of reads) {
      expect(item).toEqual(plain);
      expect(() => ((item as Item).pk = S('changed'))).toThrow(TypeError);
      expect(() => (((item as Item).m as { M: Item }).M.x = S('changed'))).toThrow(TypeError);
      expect(() => ((item as Item).l as { L: unknown[] }).L.push(S('b'))).toThrow(TypeError);
    }
    expect((await db.getItem({ TableName: 'Tbl', Key: key })).Item).toEqual(plain);
  });

  it('copy items holding binary, so a caller changing the copy changes nothing stored', async () => {
    const { db, binary } = await engineWithItems();
    const key = { pk: S('p'), sk: S('2') };
    const first = (await db.getItem({ TableName: 'Tbl', Key: key })).Item as Item;
    const page = (
      await db.query({ TableName: 'Tbl', KeyConditionExpression: 'pk = :p AND sk = :s', ExpressionAttributeValues: { ':p': S('p'), ':s': S('2') } })
    ).Items?.[0] as Item;
    for (const item of [first, page]) {
      expect(Object.isFrozen(item)).toBe(false);
      (item.b as { B: Uint8Array }).B[0] = 9;
      (item.m as { M: Item }).M.x = S('changed');
    }
    expect((await db.getItem({ TableName: 'Tbl', Key: key })).Item).toEqual(binary);
  });

  it('return projections as fresh copies', async () => {
    const { db } = await engineWithItems();
    const { Item } = await db.getItem({ TableName: 'Tbl', Key: { pk: S('p'), sk: S('1') }, ProjectionExpression: 'm' });
    expect(Object.isFrozen(Item)).toBe(false);
    (Item as Item).m = S('mine');
    expect((await db.getItem({ TableName: 'Tbl', Key: { pk: S('p'), sk: S('1') }, ProjectionExpression: 'm' })).Item).toEqual({ m: { M: { x: S('x') } } });
  });
});
