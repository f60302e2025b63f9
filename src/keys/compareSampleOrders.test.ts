import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareUtf8 } from './compareUtf8';
import { compareSampleOrders, type OrderEntry, type SampleRow } from './compareSampleOrders';
import type { KeyResult } from './keyFinding';
import type { KeyTemplate } from './codecs';
import { parseKeyTemplate } from './parseKeyTemplate';
import { expectOk } from '../errors/testing';

function template(text: string): KeyTemplate {
  const result: KeyResult<KeyTemplate> = parseKeyTemplate(text);
  expectOk(result);
  return result.value;
}

const rows = (...scores: string[]): SampleRow[] => scores.map((score) => ({ id: `s${score}`, values: { score } }));
const ids = (entries: readonly OrderEntry[]) => entries.map((entry) => entry.id);
const flags = (entries: readonly OrderEntry[]) => entries.map((entry) => entry.inPlace);

describe('compareSampleOrders', () => {
  it('returns both keys and their byte lengths for every row', () => {
    const result = compareSampleOrders(template('€{score:int(4)}'), rows('9'));
    expect(result.rows).toEqual([{ id: 's9', rawKey: '€9', rawByteLength: 4, encodedKey: '€0009', encodedByteLength: 7, findings: [] }]);
  });

  it('leaves rows with findings out of both lists, keeping their findings and raw key', () => {
    const result = compareSampleOrders(template('{score:int(3)}'), rows('9', '1500', 'x', '10'));
    expect(result.excludedIds).toEqual(['s1500', 'sx']);
    expect(ids(result.rawOrder)).toEqual(['s10', 's9']);
    expect(ids(result.encodedOrder)).toEqual(['s9', 's10']);
    const overflow = result.rows[1];
    expect(overflow?.rawKey).toBe('1500');
    expect(overflow?.encodedKey).toBeUndefined();
    expect(overflow?.findings[0]).toMatchObject({ code: 'keys.padOverflow', field: 'score' });
    expect(result.rows[2]?.findings[0]).toMatchObject({ code: 'keys.notANumber' });
  });

  it('flags a row whose encoded key repeats an earlier row’s, and leaves it out', () => {
    const result = compareSampleOrders(template('{score:int(4)}'), [
      { id: 'a', values: { score: '42' } },
      { id: 'b', values: { score: '0042' } },
      { id: 'c', values: { score: '7' } },
      { id: 'd', values: { score: '4.2e1' } },
    ]);
    expect(result.excludedIds).toEqual(['b', 'd']);
    expect(result.rows[1]?.findings).toEqual([
      {
        code: 'keys.duplicateKey',
        message:
          'Row 2 encodes to the same key as row 1 (0042): in DynamoDB the second write replaces the first item. Add a tiebreaker field, such as {playerId}, so every item gets its own key.',
      },
    ]);
    expect(result.rows[3]?.findings[0]?.message).toMatch(/^Row 4 encodes to the same key as row 1 \(0042\)/);
    expect(ids(result.encodedOrder)).toEqual(['c', 'a']);
  });

  it('ties in the intended order share a position', () => {
    // Same score, different players: the tiebreaker makes the keys unique, the score ties.
    const result = compareSampleOrders(template('{score:int(3,desc)}#{playerId}'), [
      { id: 'b', values: { score: '5', playerId: 'p_2' } },
      { id: 'a', values: { score: '5', playerId: 'p_1' } },
      { id: 'c', values: { score: '7', playerId: 'p_3' } },
    ]);
    expect(result.encodedOrder).toEqual([
      { id: 'c', key: '992#p_3', intendedPosition: 1, inPlace: true },
      { id: 'a', key: '994#p_1', intendedPosition: 2, inPlace: true },
      { id: 'b', key: '994#p_2', intendedPosition: 3, inPlace: true },
    ]);
    const scoreOnly = compareSampleOrders(template('{score:int(3)}#{n:int(1)}'), [
      { id: 'x', values: { score: '5', n: '1' } },
      { id: 'y', values: { score: '5', n: '1' } },
    ]);
    expect(scoreOnly.excludedIds).toEqual(['y']);
  });

  it('compares rows by every field in template order', () => {
    const result = compareSampleOrders(template('{day:iso}#{n:int(2)}'), [
      { id: 'late', values: { day: '2026-06-24', n: '1' } },
      { id: 'early2', values: { day: '2026-06-23', n: '2' } },
      { id: 'early10', values: { day: '2026-06-23', n: '10' } },
    ]);
    expect(ids(result.encodedOrder)).toEqual(['early2', 'early10', 'late']);
    expect(flags(result.encodedOrder)).toEqual([true, true, true]);
    // Raw: "…#10" sorts before "…#2".
    expect(ids(result.rawOrder)).toEqual(['early10', 'early2', 'late']);
    expect(flags(result.rawOrder)).toEqual([false, false, true]);
  });

  // The articles' first pitfall: numbers and dates in a string field look ordered only if the intended order is the text.
  it('{score} over 10, 1500, 240, 9: the intended order is numeric, so three rows are out of place in both lists', () => {
    const result = compareSampleOrders(template('{score}'), rows('10', '1500', '240', '9'));
    expect(ids(result.encodedOrder)).toEqual(['s10', 's1500', 's240', 's9']);
    expect(flags(result.rawOrder)).toEqual([false, false, true, false]);
    expect(flags(result.encodedOrder)).toEqual([false, false, true, false]);
    expect(result.encodedOrder.map((entry) => entry.intendedPosition)).toEqual([2, 4, 3, 1]);
    expect(result.inferredOrders.map((order) => order.finding?.message.slice(0, 66))).toEqual([
      'Numbers stored in a string field sort as text: use {score:int(6)}.',
    ]);
  });

  it('EVT#{at} over 6/23/2026, 12/1/2025, 1/5/2026: the intended order is by date', () => {
    const dates = ['6/23/2026', '12/1/2025', '1/5/2026'].map((at, index) => ({ id: `d${index + 1}`, values: { at } }));
    const result = compareSampleOrders(template('EVT#{at}'), dates);
    expect(result.encodedOrder.map((entry) => entry.key)).toEqual(['EVT#1/5/2026', 'EVT#12/1/2025', 'EVT#6/23/2026']);
    expect(flags(result.encodedOrder)).toEqual([false, false, true]);
    expect(result.inferredOrders[0]?.finding?.message).toMatch(/^Dates stored in a string field sort as text: use \{at:iso\}/);
  });

  it('infers only from the rows that are compared', () => {
    // Row "x" is refused by the delimiter check, so the rest still read as numbers.
    const result = compareSampleOrders(template('{score}#{id}'), [
      { id: 'a', values: { score: '10', id: '1' } },
      { id: 'b', values: { score: '9', id: '2' } },
      { id: 'c', values: { score: 'x#', id: '3' } },
    ]);
    expect(result.excludedIds).toEqual(['c']);
    // The judge keeps a field named like an id (`id`) an id, ordered as text, whatever its digits.
    expect(result.inferredOrders.map((order) => order.field)).toEqual(['score']);
    expect(flags(result.encodedOrder)).toEqual([false, false]);
  });

  it('handles no rows', () => {
    expect(compareSampleOrders(template('{score:int(3)}'), [])).toEqual({ rows: [], rawOrder: [], encodedOrder: [], excludedIds: [], inferredOrders: [] });
  });

  describe('properties', () => {
    const scores = fc
      .uniqueArray(fc.bigInt({ min: 0n, max: 10n ** 10n - 1n }), { maxLength: 12 })
      .map((values) => values.map((v, i): SampleRow => ({ id: `r${i}`, values: { score: v.toString(), playerId: `p${i}` } })));

    it.each([
      ['{score:int(10)}#{playerId}', 'ascending'],
      ['{score:int(10)}#{playerId}', 'descending'],
      ['{score:int(10,desc)}#{playerId}', 'ascending'],
      ['{score:int(10,desc)}#{playerId}', 'descending'],
    ] as const)('%s read %s: every encoded row is in place', (text, direction) => {
      fc.assert(
        fc.property(scores, (sample) => {
          const result = compareSampleOrders(template(text), sample, direction);
          expect(result.excludedIds).toEqual([]);
          expect(flags(result.encodedOrder).every(Boolean)).toBe(true);
          expect(result.encodedOrder.map((entry) => entry.intendedPosition)).toEqual(sample.map((_, i) => i + 1));
          // Both lists hold the same rows.
          expect(ids(result.rawOrder).sort(compareUtf8)).toEqual(ids(result.encodedOrder).sort(compareUtf8));
        }),
        { numRuns: 100 },
      );
    });

    it('descending is ascending reversed', () => {
      fc.assert(
        fc.property(scores, (sample) => {
          const t = template('{score:int(10)}#{playerId}');
          const up = compareSampleOrders(t, sample, 'ascending');
          const down = compareSampleOrders(t, sample, 'descending');
          expect(ids(down.encodedOrder)).toEqual(ids(up.encodedOrder).reverse());
          expect(ids(down.rawOrder)).toEqual(ids(up.rawOrder).reverse());
        }),
        { numRuns: 100 },
      );
    });
  });
});
