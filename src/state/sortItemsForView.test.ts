import { describe, expect, it } from 'vitest';
import type { Item } from './explorerStore';
import { compareValuesForView, sortItemsForView } from './sortItemsForView';

const items: Item[] = [
  { id: { S: 'a' }, v: { S: '10' } },
  { id: { S: 'b' }, v: { N: '9' } },
  { id: { S: 'c' } },
  { id: { S: 'd' }, v: { S: '9' } },
  { id: { S: 'e' }, v: { N: '1e3' } },
  { id: { S: 'f' }, v: { BOOL: true } },
  { id: { S: 'g' }, v: { S: '𝄞' } },
  { id: { S: 'h' }, v: { S: '\uffff' } },
];
const ids = (list: Item[]) => list.map((item) => item.id?.S);

describe('sortItemsForView', () => {
  it('orders numbers numerically, strings by UTF-8 bytes, types in the documented order, missing last', () => {
    expect(ids(sortItemsForView(items, { column: 'v', descending: false }))).toEqual(['b', 'e', 'a', 'd', 'h', 'g', 'f', 'c']);
  });

  it('reverses for descending but keeps missing values last', () => {
    expect(ids(sortItemsForView(items, { column: 'v', descending: true }))).toEqual(['f', 'g', 'h', 'd', 'a', 'e', 'b', 'c']);
  });

  it('returns a new array and leaves the loaded items alone', () => {
    const before = [...items];
    const sorted = sortItemsForView(items, { column: 'v', descending: false });
    expect(sorted).not.toBe(items);
    expect(items).toEqual(before);
  });

  it('compares binary unsigned, and is stable for ties', () => {
    expect(compareValuesForView({ B: Uint8Array.of(0x7f) }, { B: Uint8Array.of(0x80) })).toBeLessThan(0);
    const tied: Item[] = [
      { id: { S: '1' }, v: { N: '5' } },
      { id: { S: '2' }, v: { N: '5.0' } },
    ];
    expect(ids(sortItemsForView(tied, { column: 'v', descending: true }))).toEqual(['1', '2']);
  });
});
