import { describe, expect, it } from 'vitest';
import type { Item } from '../../expressions';
import { copyForLayout } from './copyForLayout';
import { copyStoredItem } from './copyStoredItem';

function storedItem(): Item {
  const item: Item = {
    pk: { S: 'P#1' },
    n: { N: '42' },
    b: { B: Uint8Array.of(1, 2, 3) },
    ok: { BOOL: true },
    none: { NULL: true },
    m: { M: { x: { S: 'x' }, bs: { BS: [Uint8Array.of(9)] } } },
    l: { L: [{ N: '1' }, { M: { y: { S: 'y' } } }] },
    ss: { SS: ['a', 'b'] },
    ns: { NS: ['1', '2'] },
  };
  Object.defineProperty(item, '__proto__', { value: { S: 'p' }, enumerable: true, writable: true, configurable: true });
  return item;
}

describe.each([
  ['copyStoredItem', copyStoredItem],
  ['copyForLayout', copyForLayout],
])('%s', (_, copy) => {
  it('copies every kind of value, keeping attribute order and __proto__ as a plain attribute', () => {
    const item = storedItem();
    const copied = copy(item);
    expect(copied).toEqual(item);
    expect(Object.keys(copied)).toEqual(Object.keys(item));
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copied, '__proto__')?.value).toEqual({ S: 'p' });
  });

  it('shares nothing a caller could change with the stored item', () => {
    const item = storedItem();
    const before = storedItem();
    const copied = copy(item) as unknown as Record<string, unknown>;
    (copied.pk as { S: string }).S = 'changed';
    (copied.b as { B: Uint8Array }).B[0] = 7;
    ((copied.m as { M: Item }).M.bs as { BS: Uint8Array[] }).BS[0]![0] = 7;
    (copied.m as { M: Item }).M.x = { S: 'changed' };
    (copied.l as { L: unknown[] }).L.push({ N: '3' });
    (copied.ss as { SS: string[] }).SS.push('c');
    (copied.ns as { NS: string[] }).NS[0] = '9';
    Object.defineProperty(copied, '__proto__', { value: { S: 'changed' } });
    copied.n = { N: '0' };
    expect(item).toEqual(before);
  });
});
