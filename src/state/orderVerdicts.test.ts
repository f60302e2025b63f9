import { describe, expect, it } from 'vitest';
import { compareSampleOrders, parseKeyTemplate, type KeyTemplate, type OrderEntry } from '../keys';
import { compareItemOrders } from './compareItemOrders';
import type { Item } from './explorerStore';
import { partitionScopeNote, sampleOrderVerdict, storedOrderVerdict } from './orderVerdicts';
import { expectOk } from '../errors/testing';

function template(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  expectOk(parsed);
  return parsed.value;
}

const entry = (id: string, inPlace: boolean): OrderEntry => ({ id, key: id, intendedPosition: 1, inPlace });

describe('sampleOrderVerdict', () => {
  it.each<[string, OrderEntry[], number, number, string, string]>([
    ['every row in place', [entry('a', true), entry('b', true)], 0, 0, 'success', 'Every row is in its intended place.'],
    ['rows out of place', [entry('a', false), entry('b', true)], 0, 0, 'error', '1 of 2 rows out of place.'],
    // "Every row is in its intended place" with 3 of 4 rows excluded is not a success.
    ['in place but most rows left out', [entry('a', true)], 3, 0, 'warning', 'The 1 row compared is in its intended place; 3 rows are left out.'],
    ['no rows', [], 0, 0, 'neutral', 'No rows to order.'],
    ['no rows because all have errors', [], 2, 0, 'warning', 'No rows to order: all 2 rows have errors.'],
    [
      'in place by coincidence',
      [entry('a', true), entry('b', true)],
      0,
      1,
      'warning',
      'Every row is in its intended place for now, but see the warning above.',
    ],
  ])('%s', (_label, entries, excluded, warnings, tone, text) => {
    expect(sampleOrderVerdict(entries, excluded, warnings)).toEqual({ tone, text });
  });
});

// Moved from e2e/keyBuilder.spec.ts ("dates stored in a string field…"): what the key builder's encoded order shows, from the same
// calls SampleOrderComparison.tsx makes (the note's wiring stays in the e2e test of numbers stored in a string field).
describe('the key builder over US dates in a string field (EVT#{at})', () => {
  const orders = compareSampleOrders(
    template('EVT#{at}'),
    ['6/23/2026', '12/1/2025', '1/5/2026'].map((at, index) => ({ id: `row-${index + 1}`, values: { at } })),
  );
  const warnings = orders.inferredOrders.filter((order) => order.finding).length;

  it('sorts them as text, two of three out of place', () => {
    expect(orders.encodedOrder.map((entry) => entry.key)).toEqual(['EVT#1/5/2026', 'EVT#12/1/2025', 'EVT#6/23/2026']);
    expect(sampleOrderVerdict(orders.encodedOrder, orders.excludedIds.length, warnings)).toEqual({ tone: 'error', text: '2 of 3 rows out of place.' });
  });

  it('notes how to store them, read month first', () => {
    const note = orders.inferredOrders.map((order) => order.finding?.message ?? '').join('\n');
    expect(note).toContain('Dates stored in a string field sort as text: use {at:iso}');
    expect(note).toContain('(12/1/2025 → 2025-12-01T00:00:00Z)');
    expect(note).toContain('read as month/day/year');
  });
});

describe('storedOrderVerdict', () => {
  const spring: Item[] = ['10', '1500', '240', '9'].map((score) => ({ pk: { S: 'SPRING' }, sk: { S: score }, score: { N: score } }));

  it('success only when the template puts every compared row in place and nothing is left out', () => {
    const orders = compareItemOrders(spring, { template: template('{score:int(10)}'), sortKeyName: 'sk', partitionKeyName: 'pk' });
    expect(storedOrderVerdict(orders)).toEqual({
      tone: 'success',
      text: '3 of 4 rows change rank under the template, which puts every row in its intended place.',
    });
  });

  it('a string template over numbers: nothing moves, and every row but one is out of place', () => {
    const orders = compareItemOrders(spring, { template: template('{score}'), sortKeyName: 'sk', partitionKeyName: 'pk' });
    expect(storedOrderVerdict(orders)).toEqual({
      tone: 'error',
      text: '0 of 4 rows change rank under the template, which leaves 3 rows out of their intended place.',
    });
  });

  it('no row encoded is a warning, not a success', () => {
    const orders = compareItemOrders(spring, { template: template('{missing:int(3)}'), sortKeyName: 'sk' });
    expect(storedOrderVerdict(orders)).toEqual({
      tone: 'warning',
      text: 'No row could be encoded under the template: all 4 loaded rows are listed under Not compared.',
    });
  });

  it('rows left out make it a warning', () => {
    const items = [...spring, { pk: { S: 'SPRING' }, sk: { S: 'x' }, score: { N: '-1' } }];
    const orders = compareItemOrders(items, { template: template('{score:int(10)}'), sortKeyName: 'sk', partitionKeyName: 'pk' });
    expect(storedOrderVerdict(orders)).toMatchObject({ tone: 'warning', text: expect.stringMatching(/; 1 not compared\.$/) });
  });

  it('says that it compares within each partition', () => {
    const summer: Item[] = ['3', '9'].map((score) => ({ pk: { S: 'SUMMER' }, sk: { S: score.padStart(4, '0') }, score: { N: score } }));
    const orders = compareItemOrders([...summer, ...spring], { template: template('{score:int(10)}'), sortKeyName: 'sk', partitionKeyName: 'pk' });
    expect(storedOrderVerdict(orders).text).toBe('3 of 6 rows change rank under the template, which puts every row in its intended place.');
    expect(partitionScopeNote(orders, 'pk')).toBe(
      'Compared within each of the 2 partitions (pk): a sort key orders items only inside their partition, so ranks count from 1 in each.',
    );
    expect(
      partitionScopeNote(compareItemOrders(spring, { template: template('{score:int(10)}'), sortKeyName: 'sk', partitionKeyName: 'pk' }), 'pk'),
    ).toBeUndefined();
  });

  it('collisions are an error', () => {
    const items: Item[] = ['7', '7'].map((score, index) => ({ pk: { S: 'P' }, sk: { S: `${score}#${index}` }, score: { N: score } }));
    const orders = compareItemOrders(items, { template: template('{score:int(3)}'), sortKeyName: 'sk', partitionKeyName: 'pk' });
    expect(storedOrderVerdict(orders)).toMatchObject({ tone: 'error', text: expect.stringMatching(/; 1 collision\.$/) });
  });
});
