import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareUtf8 } from './compareUtf8';
import { encodeField, printFormatSuffix, type FieldFormat, type FieldSegment } from './codecs';
import { inferFieldOrder, inferTemplateOrders, type InferredFieldOrder } from './inferFieldOrder';

const stringField = (name: string): FieldSegment => ({ kind: 'field', name, format: { kind: 'string' } });

function inferred(name: string, values: readonly string[]): InferredFieldOrder {
  const order = inferFieldOrder(stringField(name), values);
  if (!order) throw new Error(`expected an inferred order for ${JSON.stringify(values)}`);
  return order;
}

/** The distinct values in inferred (value) order. */
function valueOrder(order: InferredFieldOrder): string[] {
  return [...order.ordinal.entries()].sort((a, b) => a[1] - b[1] || compareUtf8(a[0], b[0])).map(([value]) => value);
}

const suffix = (format: FieldFormat | undefined) => (format ? printFormatSuffix(format).slice(1) : undefined);

describe('inferFieldOrder: numbers', () => {
  it.each<[string, readonly string[], readonly string[], string | undefined, string]>([
    // The article's leaderboard: "10", "1500", "240", "9" in byte order; 1500 needs 4 digits, 2 more for growth.
    ['the leaderboard scores', ['10', '1500', '240', '9'], ['9', '10', '240', '1500'], 'int(6)', '"10" sorts before "9"'],
    // The German article: "100", "11", "2" is the order DynamoDB gives you.
    ['"100", "11", "2"', ['100', '11', '2'], ['2', '11', '100'], 'int(5)', '"11" sorts before "2"'],
    ['"10" before "2"', ['10', '2'], ['2', '10'], 'int(4)', '"10" sorts before "2"'],
    ['negative whole numbers', ['-2', '10', '-240', '-3'], ['-240', '-3', '-2', '10'], 'sint(5)', '"-2" sorts before "-3"'],
    ['decimals', ['10.25', '9.5', '1500'], ['9.5', '10.25', '1500'], 'dec(6,2)', '"10.25" sorts before "9.5"'],
    ['numbers already in text order', ['0009', '0010'], ['0009', '0010'], 'int(4)', 'numeric order;'],
  ])('%s', (_label, values, order, format, example) => {
    const result = inferred('score', values);
    expect(result.kind).toBe('number');
    expect(valueOrder(result)).toEqual(order);
    expect(suffix(result.suggestedFormat)).toBe(format);
    expect(result.finding?.code).toBe('keys.numbersAsText');
    expect(result.finding?.field).toBe('score');
    expect(result.finding?.message).toContain(`Numbers stored in a string field sort as text: use {score:${format ?? ''}}`);
    expect(result.finding?.message).toContain(example);
  });

  it('suggests a width for growth, as the width advisor does', () => {
    expect(inferred('score', ['10', '1500', '240', '9']).finding?.message).toContain(
      'The largest sample, 1500, needs 4 digits; 2 more leave room for 100× growth',
    );
  });

  it('equal numbers share a place', () => {
    const result = inferred('score', ['10', '10.0', '9']);
    expect(result.ordinal.get('10')).toBe(result.ordinal.get('10.0'));
    expect(result.ordinal.get('9')).toBe(0);
  });

  it('negative decimals have no padded format: the finding says what to do instead', () => {
    const result = inferred('delta', ['-1.5', '2']);
    expect(result.suggestedFormat).toBeUndefined();
    expect(result.finding?.message).toContain('Numbers stored in a string field sort as text: store them in a number (N) attribute');
  });
});

describe('inferFieldOrder: dates', () => {
  it.each<[string, readonly string[], readonly string[], string]>([
    // The articles' 6/23/2026: month first, and 23 can't be a month.
    ['US dates (M/D/YYYY)', ['6/23/2026', '12/1/2025', '1/5/2026'], ['12/1/2025', '1/5/2026', '6/23/2026'], 'read as month/day/year.'],
    [
      'day-first slash dates (D/M/YYYY)',
      ['23/06/2026', '01/12/2025', '05/01/2026'],
      ['01/12/2025', '05/01/2026', '23/06/2026'],
      'read as day/month/year (not every one reads as month/day/year)',
    ],
    ['day-first dash dates (DD-MM-YYYY)', ['23-06-2026', '01-12-2025'], ['01-12-2025', '23-06-2026'], 'read as day/month/year'],
    ['ambiguous slash dates', ['1/5/2026', '2/3/2026', '12/1/2025'], ['12/1/2025', '1/5/2026', '2/3/2026'], 'every one would also read as day/month/year'],
    ['German dates (D.M.YYYY)', ['23.6.2026', '1.12.2025', '5.1.2026'], ['1.12.2025', '5.1.2026', '23.6.2026'], 'use {at:iso}'],
    ['year-first slash dates', ['2026/6/23', '2026/12/1', '2025/1/5'], ['2025/1/5', '2026/6/23', '2026/12/1'], '"2026/12/1" sorts before "2026/6/23"'],
    ['Japanese dates', ['2026年6月23日', '2026年12月1日'], ['2026年6月23日', '2026年12月1日'], 'use {at:iso}'],
    [
      'dates with times',
      ['6/23/2026 9:30', '6/23/2026 10:00', '6/22/2026 23:59:59'],
      ['6/22/2026 23:59:59', '6/23/2026 9:30', '6/23/2026 10:00'],
      'time order',
    ],
    [
      'ISO-8601 with mixed offsets',
      ['2026-06-23T10:00:00+09:00', '2026-06-23T02:00:00Z'],
      ['2026-06-23T10:00:00+09:00', '2026-06-23T02:00:00Z'],
      'sorts before',
    ],
    ['mixed forms', ['2026-06-23', '12/1/2025'], ['12/1/2025', '2026-06-23'], 'use {at:iso}'],
  ])('%s', (_label, values, order, phrase) => {
    const result = inferred('at', values);
    expect(result.kind).toBe('date');
    expect(valueOrder(result)).toEqual(order);
    expect(result.finding?.code).toBe('keys.datesAsText');
    expect(result.finding?.message).toContain('Dates stored in a string field sort as text: use {at:iso}');
    expect(result.finding?.message).toContain(phrase);
  });

  it('shows the first date in ISO-8601 UTC', () => {
    expect(inferred('at', ['6/23/2026', '12/1/2025', '1/5/2026']).finding?.message).toContain('(12/1/2025 → 2025-12-01T00:00:00Z)');
  });

  it('suggests iso(ms) when a value has milliseconds', () => {
    expect(suffix(inferred('at', ['2026-06-23T10:00:00.250+02:00', '2026-06-23T09:00:00Z']).suggestedFormat)).toBe('iso(ms)');
  });

  it('ISO-8601 text already in time order is ordered by date without a finding', () => {
    const result = inferred('at', ['2026-06-23T10:00:00Z', '2026-06-22T00:00:00Z', '2026-06-23']);
    expect(result.kind).toBe('date');
    expect(result.finding).toBeUndefined();
    expect(valueOrder(result)).toEqual(['2026-06-22T00:00:00Z', '2026-06-23', '2026-06-23T10:00:00Z']);
  });
});

describe('inferFieldOrder: no inference', () => {
  it.each<[string, readonly string[]]>([
    ['words', ['p_1021', 'p_8842']],
    ['one value', ['10']],
    ['no values', []],
    ['a blank among numbers', ['10', '']],
    ['a word among numbers', ['10', '1500', 'x']],
    ['exponent spellings', ['1e3', '2']],
    ['thousands separators', ['1,500', '240']],
    ['slash dates no reading fits', ['13/1/2026', '1/13/2026']],
    ['impossible dates', ['2/30/2026', '1/5/2026']],
    ['a date among numbers', ['6/23/2026', '10']],
    ['two-digit years', ['6/23/26', '1/5/26']],
  ])('%s', (_label, values) => {
    expect(inferFieldOrder(stringField('x'), values)).toBeUndefined();
  });

  it('only string fields: other formats already order by value', () => {
    expect(inferFieldOrder({ kind: 'field', name: 'score', format: { kind: 'int', width: 10, descending: false } }, ['10', '9'])).toBeUndefined();
  });
});

describe('inferTemplateOrders', () => {
  it('infers each string field from the rows, skipping the rest', () => {
    const fields: FieldSegment[] = [
      stringField('score'),
      { kind: 'field', name: 'ts', format: { kind: 'epoch', unit: 's', width: 16 } },
      stringField('playerId'),
    ];
    const rows = [
      { score: '10', ts: '1', playerId: 'p_1' },
      { score: '9', ts: '2', playerId: 'p_2' },
    ];
    expect(inferTemplateOrders(fields, rows).map((order) => [order.field, order.kind])).toEqual([['score', 'number']]);
  });

  it('a row without the field stops the inference for it', () => {
    expect(inferTemplateOrders([stringField('score')], [{ score: '10' }, {}, { score: '9' }])).toEqual([]);
  });
});

describe('inferFieldOrder: properties', () => {
  const byOrdinal = (order: InferredFieldOrder) => (a: string, b: string) => (order.ordinal.get(a) as number) - (order.ordinal.get(b) as number);

  it('whole numbers: the order is numeric, and keys under the suggested format sort the same way', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 30n }), { minLength: 2, maxLength: 12 }), (numbers) => {
        const values = numbers.map(String);
        const order = inferred('n', values);
        const sortedByValue = [...new Set(values)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
        expect(valueOrder(order)).toEqual(sortedByValue);
        const format = order.suggestedFormat as FieldFormat;
        const keys = sortedByValue.map((value) => encodeField(format, value, 'n'));
        for (const key of keys) expect(typeof key).toBe('string');
        expect([...keys].sort((a, b) => compareUtf8(a as string, b as string))).toEqual(keys);
      }),
    );
  });

  it('signed whole numbers and decimals: keys under the suggested format sort in value order', () => {
    const signed = fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String), { minLength: 2, maxLength: 10 });
    const decimals = fc.array(
      fc.tuple(fc.nat(99_999), fc.nat(999)).map(([whole, cents]) => `${whole}.${String(cents).padStart(3, '0')}`),
      { minLength: 2, maxLength: 10 },
    );
    fc.assert(
      fc.property(fc.oneof(signed, decimals), (values) => {
        const order = inferred('n', values);
        const format = order.suggestedFormat as FieldFormat;
        const sorted = [...new Set(values)].sort(byOrdinal(order));
        const keys = sorted.map((value) => encodeField(format, value, 'n') as string);
        for (let index = 1; index < sorted.length; index++) {
          const sameValue = order.ordinal.get(sorted[index - 1] as string) === order.ordinal.get(sorted[index] as string);
          expect(Math.sign(compareUtf8(keys[index - 1] as string, keys[index] as string))).toBe(sameValue ? 0 : -1);
        }
      }),
    );
  });

  const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 11, 31) }).map((ms) => new Date(ms - (ms % 1000)));
  const monthFirst = (date: Date) => `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
  const dayFirst = (date: Date) => `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()}`;
  const dayOf = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

  it('M/D/YYYY dates: the order is by day, and ISO keys under the suggestion sort the same way', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 2, maxLength: 10 }), (dates) => {
        const values = dates.map(monthFirst);
        const order = inferred('at', values);
        const sorted = [...new Set(values)].sort(byOrdinal(order));
        const days = sorted.map((value) => dayOf(dates[values.indexOf(value)] as Date));
        expect([...days].sort((a, b) => a - b)).toEqual(days);
        expect(order.finding?.message).toContain('month/day/year');
        const keys = days.map((day) => encodeField(order.suggestedFormat as FieldFormat, new Date(day).toISOString(), 'at') as string);
        expect([...keys].sort(compareUtf8)).toEqual(keys);
      }),
    );
  });

  it('D/M/YYYY dates with a day past 12 are read day first', () => {
    const lateDay = instant.filter((date) => date.getUTCDate() > 12);
    fc.assert(
      fc.property(lateDay, fc.array(instant, { minLength: 1, maxLength: 9 }), (late, others) => {
        const dates = [late, ...others];
        const values = dates.map(dayFirst);
        const order = inferred('at', values);
        expect(order.dateForms).toEqual(['day-month-year']);
        const sorted = [...new Set(values)].sort(byOrdinal(order));
        const days = sorted.map((value) => dayOf(dates[values.indexOf(value)] as Date));
        expect([...days].sort((a, b) => a - b)).toEqual(days);
      }),
    );
  });

  it('never infers a field whose values include a non-number non-date', () => {
    fc.assert(
      fc.property(fc.array(fc.nat().map(String), { minLength: 1, maxLength: 5 }), fc.stringMatching(/^[a-z_]+$/), (numbers, word) => {
        expect(inferFieldOrder(stringField('x'), [...numbers, word])).toBeUndefined();
      }),
    );
  });
});
