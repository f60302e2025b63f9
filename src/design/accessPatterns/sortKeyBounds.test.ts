import { describe, expect, it } from 'vitest';
import { parseKeyTemplate, type KeyTemplate } from '../../keys';
import { buildFieldSortCondition, HIGHEST_CHARACTER, readPeriod, type FieldSortOperator } from './sortKeyBounds';
import { expectErr, expectOk } from '../../errors/testing';

function template(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  expectOk(parsed, `bad template ${text}`);
  return parsed.value;
}

function condition(text: string, operator: FieldSortOperator, values: Record<string, string>, high: Record<string, string> = {}) {
  const result = buildFieldSortCondition(template(text), operator, values, high);
  expectOk(result);
  return result.condition;
}

describe('sort-key bounds from field values (the articles)', () => {
  it('scores between 200 and 2000 under {score:int(10)}', () => {
    expect(condition('{score:int(10)}', 'between', { score: '200' }, { score: '2000' })).toEqual({
      operator: 'between',
      low: { S: '0000000200' },
      high: { S: '0000002000' },
    });
  });

  it('events on 2026-06-23 under EVT#{at:iso}: the whole day, at second and millisecond precision', () => {
    expect(condition('EVT#{at:iso}', '=', { at: '2026-06-23' })).toEqual({
      operator: 'between',
      low: { S: 'EVT#2026-06-23T00:00:00Z' },
      high: { S: 'EVT#2026-06-23T23:59:59Z' },
    });
    expect(condition('EVT#{at:iso(ms)}', '=', { at: '2026-06-23' })).toEqual({
      operator: 'between',
      low: { S: 'EVT#2026-06-23T00:00:00.000Z' },
      high: { S: 'EVT#2026-06-23T23:59:59.999Z' },
    });
    expect(condition('EVT#{at:iso}', 'between', { at: '2026-06-23' }, { at: '2026-06-23' })).toEqual({
      operator: 'between',
      low: { S: 'EVT#2026-06-23T00:00:00Z' },
      high: { S: 'EVT#2026-06-23T23:59:59Z' },
    });
  });

  it('a month and a year are whole periods too (leap years included)', () => {
    expect(condition('EVT#{at:iso}', '=', { at: '2028-02' })).toEqual({
      operator: 'between',
      low: { S: 'EVT#2028-02-01T00:00:00Z' },
      high: { S: 'EVT#2028-02-29T23:59:59Z' },
    });
    expect(condition('EVT#{at:iso}', '=', { at: '2026' })).toEqual({
      operator: 'between',
      low: { S: 'EVT#2026-01-01T00:00:00Z' },
      high: { S: 'EVT#2026-12-31T23:59:59Z' },
    });
    expect(readPeriod('2026-02-30')).toBeUndefined();
    expect(readPeriod('2026-06-23T10:00:00Z')).toBeUndefined();
  });

  it('a full timestamp is one key', () => {
    expect(condition('EVT#{at:iso}', '=', { at: '2026-06-23T19:00:00+09:00' })).toEqual({ operator: '=', value: { S: 'EVT#2026-06-23T10:00:00Z' } });
    expect(condition('EVT#{at:iso}', '>=', { at: '2026-06-23T10:00:00Z' })).toEqual({ operator: '>=', value: { S: 'EVT#2026-06-23T10:00:00Z' } });
  });

  it('a prefix of fields gives begins_with, up to the next field', () => {
    expect(condition('USER#{userId}#ORDER#{date:iso}', '=', { userId: 'u1' })).toEqual({ operator: 'begins_with', prefix: { S: 'USER#u1#ORDER#' } });
    expect(condition('{score:int(10)}#{ts:epoch(16)}#{playerId}', '=', { score: '1500' })).toEqual({ operator: 'begins_with', prefix: { S: '0000001500#' } });
    expect(condition('{score:int(10)}#{ts:epoch(16)}#{playerId}', '=', { score: '1500', ts: '1719100800', playerId: 'p_8842' })).toEqual({
      operator: '=',
      value: { S: '0000001500#0000001719100800#p_8842' },
    });
  });

  it('a day in the middle of a key is a begins_with on the day', () => {
    expect(condition('EVT#{at:iso}#{id}', '=', { at: '2026-06-23' })).toEqual({ operator: 'begins_with', prefix: { S: 'EVT#2026-06-23T' } });
    expect(condition('EVT#{at:iso}#{id}', '=', { at: '2026-06' })).toEqual({ operator: 'begins_with', prefix: { S: 'EVT#2026-06-' } });
  });

  it('bounds on a prefix include every key that continues them', () => {
    expect(condition('{score:int(10)}#{playerId}', 'between', { score: '200' }, { score: '2000' })).toEqual({
      operator: 'between',
      low: { S: '0000000200#' },
      high: { S: `0000002000#${HIGHEST_CHARACTER}` },
    });
    expect(condition('{score:int(10)}#{playerId}', '<=', { score: '200' })).toEqual({ operator: '<=', value: { S: `0000000200#${HIGHEST_CHARACTER}` } });
    expect(condition('{score:int(10)}#{playerId}', '>', { score: '200' })).toEqual({ operator: '>', value: { S: `0000000200#${HIGHEST_CHARACTER}` } });
    expect(condition('{score:int(10)}#{playerId}', '<', { score: '200' })).toEqual({ operator: '<', value: { S: '0000000200#' } });
  });

  it('descending fields swap the bounds and flip comparisons', () => {
    expect(condition('{score:int(10,desc)}', 'between', { score: '200' }, { score: '2000' })).toEqual({
      operator: 'between',
      low: { S: '9999997999' },
      high: { S: '9999999799' },
    });
    expect(condition('{score:int(10,desc)}', '>=', { score: '200' })).toEqual({ operator: '<=', value: { S: '9999999799' } });
    expect(condition('{score:int(10,desc)}', '<', { score: '200' })).toEqual({ operator: '>', value: { S: '9999999799' } });
  });

  it('epoch fields take a date as its whole day', () => {
    expect(condition('{ts:epoch(16)}', '=', { ts: '2026-06-23' })).toEqual({
      operator: 'between',
      low: { S: '0000001782172800' },
      high: { S: '0000001782259199' },
    });
    expect(condition('{ts:epochms(13)}', '=', { ts: '2026-06-23' })).toEqual({
      operator: 'between',
      low: { S: '1782172800000' },
      high: { S: '1782259199999' },
    });
  });

  it("says which field is wrong, in the codec's words", () => {
    const overflow = buildFieldSortCondition(template('{score:int(3)}'), '=', { score: '2000' }, {});
    expectErr(overflow);
    expect(overflow.errors['sortField:score']).toMatch(/wider|digits|width/i);
    const gap = buildFieldSortCondition(template('{a}#{b}#{c}'), '=', { a: 'x', c: 'z' }, {});
    expectErr(gap);
    expect(gap.errors['sortField:b']).toMatch(/Enter b too/);
    const none = buildFieldSortCondition(template('{a}'), '=', {}, {});
    expectErr(none);
    expect(none.errors['sortField:a']).toBe('Enter a value for a.');
    const backwards = buildFieldSortCondition(template('{score:int(10)}'), 'between', { score: '2000' }, { score: '200' });
    expect(backwards.ok).toBe(false);
  });
});
