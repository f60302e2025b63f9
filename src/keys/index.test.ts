/**
 * Acceptance cases from the articles in shared/seeds (zero-padding-sort-keys,
 * sort-key-strategies) and the DynamoDB Local observation in
 * shared/docs/dynamodb-semantics.md §1, run against the public API.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareKeys,
  compareSampleOrders,
  compareUtf8,
  decodeKey,
  encodeKey,
  parseKeyTemplate,
  type KeyResult,
  type KeyTemplate,
  type OrderEntry,
  type SampleRow,
} from './index';
import { expectErr, expectOk } from '../errors/testing';

function ok<T>(result: KeyResult<T>): T {
  expectOk(result);
  return result.value;
}

const template = (text: string): KeyTemplate => ok(parseKeyTemplate(text));
const encodeAll = (text: string, field: string, values: readonly string[]) => values.map((value) => ok(encodeKey(text, { [field]: value })));
const decodeAll = (text: string, field: string, keys: readonly string[]) => keys.map((key) => ok(decodeKey(text, key))[field]);
/** Every order of the input must sort to the same result. */
const sortedFromAnyOrder = (values: readonly string[], expected: readonly string[]) =>
  fc.assert(
    fc.property(fc.shuffledSubarray([...values], { minLength: values.length }), (shuffled) => {
      expect([...shuffled].sort(compareUtf8)).toEqual(expected);
    }),
    { numRuns: 30 },
  );

const SCORES = ['9', '10', '240', '1500'];

describe('article: zero-padding sort keys', () => {
  it('raw score strings sort by bytes: "10", "1500", "240", "9"', () => {
    sortedFromAnyOrder(SCORES, ['10', '1500', '240', '9']);
  });

  it('"100", "11", "2" is the order DynamoDB gives numbers stored as strings', () => {
    sortedFromAnyOrder(['2', '11', '100'], ['100', '11', '2']);
  });

  it('padding to width 10 turns "2" into "0000000002"', () => {
    expect(ok(encodeKey('{score:int(10)}', { score: '2' }))).toBe('0000000002');
  });

  it('padded to width 10, an ascending query returns 9, 10, 240, 1500', () => {
    const keys = encodeAll('{score:int(10)}', 'score', SCORES);
    expect(keys).toEqual(['0000000009', '0000000010', '0000000240', '0000001500']);
    const ascending = [...keys].sort(compareUtf8);
    expect(decodeAll('{score:int(10)}', 'score', ascending)).toEqual(['9', '10', '240', '1500']);
  });

  it('inverted int(10,desc): 9999999999 − 1500 = 9999998499, and ascending bytes give 1500, 240, 10, 9', () => {
    expect((9999999999n - 1500n).toString()).toBe('9999998499');
    expect(ok(encodeKey('{score:int(10,desc)}', { score: '1500' }))).toBe('9999998499');
    const keys = encodeAll('{score:int(10,desc)}', 'score', SCORES);
    const ascending = [...keys].sort(compareUtf8);
    expect(ascending).toEqual(['9999998499', '9999999759', '9999999989', '9999999990']);
    expect(decodeAll('{score:int(10,desc)}', 'score', ascending)).toEqual(['1500', '240', '10', '9']);
  });

  it('the width is a one-way door: an 11-digit score sorts before a 10-digit one, so int(10) refuses it', () => {
    expect(compareUtf8('12345678901', '9999999999')).toBeLessThan(0);
    const result = encodeKey('{score:int(10)}', { score: '12345678901' });
    expectErr(result);
    expect(result.findings[0]?.code).toBe('keys.padOverflow');
    expect(result.findings[0]?.message).toMatch(/int\(11\)/);
  });

  it('composite tiebreaker {score:int(10)}#{ts:epoch(16)}#{playerId}: 1500/1719100800/p_8842 → 0000001500#0000001719100800#p_8842', () => {
    const rank = '{score:int(10)}#{ts:epoch(16)}#{playerId}';
    expect(ok(encodeKey(rank, { score: '1500', ts: '1719100800', playerId: 'p_8842' }))).toBe('0000001500#0000001719100800#p_8842');
    expect(ok(decodeKey(rank, '0000001500#0000001719100800#p_8842'))).toEqual({ score: '1500', ts: '1719100800', playerId: 'p_8842' });
    // Same score: the earlier timestamp sorts first; unpadded timestamps would get that wrong.
    const later = ok(encodeKey(rank, { score: '1500', ts: '1719100800', playerId: 'p_1' }));
    const earlier = ok(encodeKey(rank, { score: '1500', ts: '999999999', playerId: 'p_2' }));
    expect(compareUtf8(earlier, later)).toBeLessThan(0);
    expect(compareUtf8('1500#999999999#p_2', '1500#1719100800#p_1')).toBeGreaterThan(0);
  });
});

describe('article: sort-key strategies', () => {
  it('EVT#{at:iso} → EVT#2026-06-23T10:00:00Z', () => {
    expect(ok(encodeKey('EVT#{at:iso}', { at: '2026-06-23T10:00:00Z' }))).toBe('EVT#2026-06-23T10:00:00Z');
    expect(ok(encodeKey('EVT#{at:iso}', { at: '2026-06-23T19:00:00+09:00' }))).toBe('EVT#2026-06-23T10:00:00Z');
  });

  it('SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z" selects exactly that day', () => {
    const at = ['2026-06-22T23:59:59Z', '2026-06-23T00:00:00Z', '2026-06-23T10:00:00Z', '2026-06-23T23:59:59Z', '2026-06-24T00:00:00Z'];
    const keys = encodeAll('EVT#{at:iso}', 'at', at);
    const inRange = keys.filter((key) => compareUtf8(key, 'EVT#2026-06-23T00:00:00Z') >= 0 && compareUtf8(key, 'EVT#2026-06-23T23:59:59Z') <= 0);
    expect(inRange).toEqual(['EVT#2026-06-23T00:00:00Z', 'EVT#2026-06-23T10:00:00Z', 'EVT#2026-06-23T23:59:59Z']);
  });

  it('ISO-8601 timestamps sort chronologically; 6/23/2026-style dates do not', () => {
    // Chronological: 2025-12-31, 2026-01-02, 2026-06-23.
    const us = ['6/23/2026', '12/31/2025', '1/2/2026'];
    sortedFromAnyOrder(us, ['1/2/2026', '12/31/2025', '6/23/2026']); // 2 Jan 2026 before 31 Dec 2025: wrong
    const iso = ['2026-06-23T00:00:00Z', '2025-12-31T00:00:00Z', '2026-01-02T00:00:00Z'];
    sortedFromAnyOrder(iso, ['2025-12-31T00:00:00Z', '2026-01-02T00:00:00Z', '2026-06-23T00:00:00Z']);
  });

  it('a US date in an iso field is refused, with the ISO spelling to use', () => {
    const result = encodeKey('EVT#{at:iso}', { at: '6/23/2026' });
    expectErr(result);
    expect(result.findings[0]?.code).toBe('keys.notIsoDate');
    expect(result.findings[0]?.message).toMatch(/2026-06-23T00:00:00Z/);
  });
});

describe('DynamoDB Local observed order (dynamodb-semantics.md §1)', () => {
  const observed = ['10', '1500', '240', '9', 'z', 'ä', '€', '\uFFFF', '𝄞'];

  it('"10" "1500" "240" "9" "z" "ä" "€" "\\uFFFF" "𝄞" with compareUtf8', () => {
    sortedFromAnyOrder(observed, observed);
  });

  it('and with compareKeys over S values', () => {
    const reversed = [...observed].reverse().map((S) => ({ S }));
    expect(reversed.sort(compareKeys).map((key) => key.S)).toEqual(observed);
  });
});

describe('article leaderboard in compareSampleOrders', () => {
  // Input in the order the raw query returns, as in the article.
  const leaderboard: SampleRow[] = ['10', '1500', '240', '9'].map((score) => ({ id: `score ${score}`, values: { score } }));
  const view = (entries: readonly OrderEntry[]) => entries.map((entry) => [entry.key, entry.inPlace]);

  it('raw keys come back 10, 1500, 240, 9 with three rows out of place; encoded keys 9, 10, 240, 1500, all in place', () => {
    const result = compareSampleOrders(template('{score:int(10)}'), leaderboard);
    expect(view(result.rawOrder)).toEqual([
      ['10', false],
      ['1500', false],
      ['240', true],
      ['9', false],
    ]);
    expect(view(result.encodedOrder)).toEqual([
      ['0000000009', true],
      ['0000000010', true],
      ['0000000240', true],
      ['0000001500', true],
    ]);
    expect(result.encodedOrder.map((entry) => entry.intendedPosition)).toEqual([1, 2, 3, 4]);
    expect(result.rawOrder.map((entry) => entry.intendedPosition)).toEqual([2, 4, 3, 1]);
  });

  it('the desc template gives 1500, 240, 10, 9', () => {
    const result = compareSampleOrders(template('{score:int(10,desc)}'), leaderboard);
    expect(result.encodedOrder.map((entry) => entry.id)).toEqual(['score 1500', 'score 240', 'score 10', 'score 9']);
    expect(result.encodedOrder.every((entry) => entry.inPlace)).toBe(true);
    expect(view(result.rawOrder)).toEqual([
      ['10', false],
      ['1500', false],
      ['240', false],
      ['9', true],
    ]);
  });

  it('reading descending (ScanIndexForward: false) reverses both lists', () => {
    const result = compareSampleOrders(template('{score:int(10)}'), leaderboard, 'descending');
    expect(view(result.encodedOrder)).toEqual([
      ['0000001500', true],
      ['0000000240', true],
      ['0000000010', true],
      ['0000000009', true],
    ]);
    expect(view(result.rawOrder)).toEqual([
      ['9', false],
      ['240', true],
      ['1500', false],
      ['10', false],
    ]);
  });

  it('two players with the same score collide without a tiebreaker: keys.duplicateKey, left out', () => {
    const tied: SampleRow[] = [
      { id: 'a', values: { score: '1500', playerId: 'p_8842' } },
      { id: 'b', values: { score: '1500', playerId: 'p_1234' } },
      { id: 'c', values: { score: '240', playerId: 'p_7' } },
    ];
    const bare = compareSampleOrders(template('{score:int(10)}'), tied);
    expect(bare.excludedIds).toEqual(['b']);
    expect(bare.rows[1]?.findings[0]?.code).toBe('keys.duplicateKey');
    expect(bare.rows[1]?.findings[0]?.message).toMatch(/Row 2 encodes to the same key as row 1 \(0000001500\)/);
    expect(bare.encodedOrder.map((entry) => entry.id)).toEqual(['c', 'a']);
    expect(bare.rawOrder.map((entry) => entry.id)).toEqual(['a', 'c']);

    const withTiebreaker = compareSampleOrders(template('{score:int(10)}#{playerId}'), tied);
    expect(withTiebreaker.excludedIds).toEqual([]);
    expect(withTiebreaker.encodedOrder.map((entry) => entry.key)).toEqual(['0000000240#p_7', '0000001500#p_1234', '0000001500#p_8842']);
  });
});
