import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkedSortedList, MAX_CHUNK, type Probe } from './chunkedSortedList';

const byNumber = (a: number, b: number) => a - b;
const probeFor =
  (target: number): Probe<number> =>
  (entry) =>
    target - entry;

function collect(list: ChunkedSortedList<number, number> | ChunkedSortedList<number>, descending = false): number[] {
  const out: number[] = [];
  const from = descending ? list.previous(list.end()) : list.begin();
  if (from) list.walk(from, descending, (entry) => (out.push(entry), true));
  return out;
}

describe('ChunkedSortedList', () => {
  it('keeps entries sorted and unique, replacing an equal entry on insert', () => {
    const list = new ChunkedSortedList<{ key: number; value: string }>((a, b) => a.key - b.key);
    expect(list.insert({ key: 2, value: 'a' })).toBeUndefined();
    expect(list.insert({ key: 1, value: 'b' })).toBeUndefined();
    expect(list.insert({ key: 2, value: 'c' })).toEqual({ key: 2, value: 'a' });
    expect([...list.values()]).toEqual([
      { key: 1, value: 'b' },
      { key: 2, value: 'c' },
    ]);
    expect(list.size).toBe(2);
  });

  it('splits chunks past MAX_CHUNK and walks across them in both directions', () => {
    const list = new ChunkedSortedList<number>(byNumber);
    const values = Array.from({ length: MAX_CHUNK * 5 + 7 }, (_, i) => (i * 7919) % (MAX_CHUNK * 5 + 7));
    for (const value of values) list.insert(value);
    const sorted = [...values].sort(byNumber);
    expect(collect(list)).toEqual(sorted);
    expect(collect(list, true)).toEqual([...sorted].reverse());
  });

  it('finds lower and upper bounds, including past either end', () => {
    const list = ChunkedSortedList.fromSorted(byNumber, [10, 20, 30]);
    expect(list.at(list.lowerBound(probeFor(20)))).toBe(20);
    expect(list.at(list.upperBound(probeFor(20)))).toBe(30);
    expect(list.at(list.lowerBound(probeFor(5)))).toBe(10);
    expect(list.at(list.lowerBound(probeFor(35)))).toBeUndefined();
    expect(list.previous(list.begin())).toBeUndefined();
    expect(list.at(list.previous(list.end()) ?? list.end())).toBe(30);
  });

  it('removes entries and drops empty chunks, keeping fences of a bulk-built list right', () => {
    const list = ChunkedSortedList.fromSorted(
      byNumber,
      Array.from({ length: 2000 }, (_, i) => i),
      (entry) => entry,
    );
    for (let i = 0; i < 2000; i += 2) expect(list.remove(probeFor(i))).toBe(i);
    for (const value of [0, 767, 768, 1999]) expect(list.at(list.lowerBound(probeFor(value), probeFor(value)))).toBe(value % 2 ? value : value + 1);
    expect(list.remove(probeFor(0))).toBeUndefined();
    expect(list.size).toBe(1000);
    expect(collect(list)).toEqual(Array.from({ length: 1000 }, (_, i) => i * 2 + 1));
    for (let i = 1; i < 2000; i += 2) list.remove(probeFor(i));
    expect(list.size).toBe(0);
    expect(collect(list)).toEqual([]);
    expect(list.begin()).toEqual(list.end());
  });

  it('behaves like a sorted Set under random inserts and removes, fences in step (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 3000 })), { maxLength: 3000 }), (operations) => {
        // Fences are the entries themselves: a fenced search must find what an unfenced one finds.
        const list = new ChunkedSortedList<number, number>(byNumber, (entry) => entry);
        const model = new Set<number>();
        for (const [insert, value] of operations) {
          if (insert) {
            expect(list.insert(value) !== undefined).toBe(model.has(value));
            model.add(value);
          } else {
            expect(list.remove(probeFor(value)) !== undefined).toBe(model.has(value));
            model.delete(value);
          }
        }
        const expected = [...model].sort(byNumber);
        expect(collect(list)).toEqual(expected);
        expect(list.size).toBe(expected.length);
        for (const value of [0, 750, 1500, 2999, 3000]) {
          expect(list.at(list.lowerBound(probeFor(value)))).toBe(expected.find((v) => v >= value));
          expect(list.at(list.upperBound(probeFor(value)))).toBe(expected.find((v) => v > value));
          expect(list.lowerBound(probeFor(value), probeFor(value))).toEqual(list.lowerBound(probeFor(value)));
          expect(list.upperBound(probeFor(value), probeFor(value))).toEqual(list.upperBound(probeFor(value)));
        }
      }),
      { numRuns: 40 },
    );
  });
});
