import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkedSortedList, MAX_CHUNK, RELOCATE_AFTER, type Probe } from './chunkedSortedList';

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

  describe('relocation', () => {
    interface Entry {
      readonly key: number;
      /** How many times this key's entry was laid out again. */
      readonly copies: number;
    }
    const byKey = (a: Entry, b: Entry) => a.key - b.key;
    const keyProbe =
      (key: number): Probe<Entry> =>
      (entry) =>
        key - entry.key;

    /** A list whose relocate hook copies entries (copies + 1) and records every chunk it was given. */
    function relocatingList() {
      const calls: number[][] = [];
      const list = new ChunkedSortedList<Entry, number>(
        byKey,
        (entry) => entry.key,
        (entries) => {
          calls.push(entries.map((entry) => entry.key));
          for (let i = 0; i < entries.length; i++) entries[i] = { key: (entries[i] as Entry).key, copies: (entries[i] as Entry).copies + 1 };
        },
      );
      return { list, calls };
    }

    it('lays a chunk out again after RELOCATE_AFTER out-of-order writes, in key order', () => {
      const { list, calls } = relocatingList();
      // Even keys in order first: a run in key order is never relocated.
      for (let key = 0; key < 200; key += 2) list.insert({ key, copies: 0 });
      expect(calls).toEqual([]);
      // Odd keys, in a scrambled order: each lands away from the previous write.
      const odd = Array.from({ length: RELOCATE_AFTER }, (_, i) => ((i * 37) % 100) * 2 + 1);
      for (const key of odd.slice(0, -1)) list.insert({ key, copies: 0 });
      expect(calls).toEqual([]);
      list.insert({ key: odd[odd.length - 1] as number, copies: 0 });
      expect(calls).toHaveLength(1);
      const keys = [...list.values()].map((entry) => entry.key);
      expect(calls[0]).toEqual(keys);
      expect(keys).toEqual([...keys].sort(byNumber));
      // Every entry is now the relocated copy, and lookups (fenced or not) still find them.
      expect([...list.values()].every((entry) => entry.copies === 1)).toBe(true);
      for (const key of [0, 2, 198, odd[0] as number, odd[5] as number]) {
        expect(list.find(keyProbe(key))?.copies).toBe(1);
        expect(list.at(list.lowerBound(keyProbe(key), (fence) => key - fence))?.key).toBe(key);
      }
    });

    it('counts overwrites as scattered writes, and replace() as none', () => {
      const { list, calls } = relocatingList();
      for (let key = 0; key < 100; key++) list.insert({ key, copies: 0 });
      for (let i = 0; i < RELOCATE_AFTER; i++) expect(list.replace({ key: (i * 37) % 100, copies: 10 })?.key).toBe((i * 37) % 100);
      expect(list.replace({ key: 1000, copies: 0 })).toBeUndefined();
      expect(calls).toEqual([]);
      for (let i = 0; i < RELOCATE_AFTER; i++) list.insert({ key: (i * 37) % 100, copies: 20 });
      expect(calls).toHaveLength(1);
      expect(list.size).toBe(100);
    });

    it('keeps order, size and fences under random writes that relocate chunks (property)', () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.nat(9), fc.integer({ min: 0, max: 4000 })), { minLength: 500, maxLength: 4000 }), (operations) => {
          const { list, calls } = relocatingList();
          const model = new Map<number, number>();
          for (const [kind, key] of operations) {
            if (kind < 7) {
              // Insert (or overwrite): the list keeps the latest write of a key, possibly a relocated copy of it.
              list.insert({ key, copies: 0 });
              model.set(key, key);
            } else {
              expect(list.remove(keyProbe(key))?.key).toBe(model.get(key));
              model.delete(key);
            }
          }
          const expected = [...model.keys()].sort(byNumber);
          expect([...list.values()].map((entry) => entry.key)).toEqual(expected);
          expect(list.size).toBe(expected.length);
          // Each relocation was given one chunk, ascending, never larger than a chunk.
          for (const chunk of calls) {
            expect(chunk.length).toBeLessThanOrEqual(MAX_CHUNK);
            for (let i = 1; i < chunk.length; i++) expect(chunk[i] as number).toBeGreaterThan(chunk[i - 1] as number);
          }
          for (const key of [0, 1000, 2500, 4000]) {
            const fenced = list.lowerBound(keyProbe(key), (fence) => key - fence);
            expect(fenced).toEqual(list.lowerBound(keyProbe(key)));
            expect(list.at(fenced)?.key).toBe(expected.find((k) => k >= key));
          }
        }),
        { numRuns: 30 },
      );
    });
  });
});
