import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal, type DynamoNumber, type FieldFormat } from './codecs';
import { compareUtf8 } from './compareUtf8';
import { compareParsedNumbers } from './dynamoNumber';
import { isIdLikeName, judgeIntendedOrder, type IntendedOrderInput, type ValueMeaning } from './intendedOrder';

const judge = (declaredType: 'S' | 'N' | 'B', values: readonly string[], extra: Partial<IntendedOrderInput> = {}) =>
  judgeIntendedOrder({ declaredType, values, ...extra });
const sorted = (input: IntendedOrderInput) => {
  const order = judgeIntendedOrder(input);
  return [...input.values].sort(order.compare);
};

describe('judgeIntendedOrder: the table of meanings', () => {
  it.each<[string, IntendedOrderInput, ValueMeaning, readonly string[], string]>([
    // The declared type decides first: N is a number, B is bytes, whatever the values look like.
    [
      'N: the Leaderboard ts',
      { declaredType: 'N', values: ['1719705600', '999'], field: 'ts' },
      { kind: 'number', signed: false, decimal: false },
      ['999', '1719705600'],
      'highest first',
    ],
    [
      'N that looks like an id',
      { declaredType: 'N', values: ['12345', '9'], field: 'customerId' },
      { kind: 'number', signed: false, decimal: false },
      ['9', '12345'],
      'highest first',
    ],
    [
      'N signed decimals',
      { declaredType: 'N', values: ['-1.5', '2', '-10'] },
      { kind: 'number', signed: true, decimal: true },
      ['-10', '-1.5', '2'],
      'highest first',
    ],
    ['B', { declaredType: 'B', values: ['AQ==', 'AAE='] }, { kind: 'bytes' }, ['AAE=', 'AQ=='], 'in reverse byte order'],
    // Formats that already order by value.
    [
      'int',
      { declaredType: 'S', values: ['10', '9'], format: { kind: 'int', width: 4, descending: false } },
      { kind: 'number', signed: false, decimal: false },
      ['9', '10'],
      'highest first',
    ],
    [
      'sint',
      { declaredType: 'S', values: ['-3', '2'], format: { kind: 'sint', width: 4 } },
      { kind: 'number', signed: true, decimal: false },
      ['-3', '2'],
      'highest first',
    ],
    [
      'dec',
      { declaredType: 'S', values: ['10.5', '9.25'], format: { kind: 'dec', integerDigits: 4, fractionDigits: 2 } },
      { kind: 'number', signed: false, decimal: true },
      ['9.25', '10.5'],
      'highest first',
    ],
    [
      'iso',
      { declaredType: 'S', values: ['2026-06-23T10:00:00+09:00', '2026-06-23T00:30:00Z'], format: { kind: 'iso', precision: 's' } },
      { kind: 'instant', offsets: ['Z'], precisions: ['s'] },
      ['2026-06-23T00:30:00Z', '2026-06-23T10:00:00+09:00'],
      'newest first',
    ],
    [
      'epoch',
      { declaredType: 'S', values: ['1719709200', '1719705600'], format: { kind: 'epoch', unit: 's', width: 10 } },
      { kind: 'epoch', unit: 's' },
      ['1719705600', '1719709200'],
      'newest first',
    ],
    // String fields: judged from all their values.
    [
      'plain numbers',
      { declaredType: 'S', values: ['10', '1500', '240', '9'], field: 'score' },
      { kind: 'number', signed: false, decimal: false },
      ['9', '10', '240', '1500'],
      'highest first',
    ],
    [
      'signed numbers',
      { declaredType: 'S', values: ['-2', '10', '-240'] },
      { kind: 'number', signed: true, decimal: false },
      ['-240', '-2', '10'],
      'highest first',
    ],
    [
      'decimals',
      { declaredType: 'S', values: ['0.25', '10.5', '9'] },
      { kind: 'number', signed: false, decimal: true },
      ['0.25', '9', '10.5'],
      'highest first',
    ],
    [
      'US dates',
      { declaredType: 'S', values: ['6/23/2026', '11/2/2025'] },
      { kind: 'date', forms: ['month-day-year'] },
      ['11/2/2025', '6/23/2026'],
      'newest first',
    ],
    [
      'German dates',
      { declaredType: 'S', values: ['23.06.2026', '02.11.2025'] },
      { kind: 'date', forms: ['day-month-year'] },
      ['02.11.2025', '23.06.2026'],
      'newest first',
    ],
    [
      'year-first dates',
      { declaredType: 'S', values: ['2026/06/23', '2025/11/02'] },
      { kind: 'date', forms: ['year-month-day'] },
      ['2025/11/02', '2026/06/23'],
      'newest first',
    ],
    ['ISO dates', { declaredType: 'S', values: ['2026-06-23', '2025-11-02'] }, { kind: 'date', forms: ['iso'] }, ['2025-11-02', '2026-06-23'], 'newest first'],
    [
      'ISO instants in mixed offsets',
      { declaredType: 'S', values: ['2026-06-23T10:00:00+09:00', '2026-06-23T02:00:00Z', '2026-06-22T19:30:00.250-05:00'] },
      { kind: 'instant', offsets: ['+09:00', 'Z', '-05:00'], precisions: ['s', 'ms'] },
      // 00:30:00.250Z, 01:00Z, 02:00Z: by instant, whereas their text puts the -05:00 one first and the +09:00 one last.
      ['2026-06-22T19:30:00.250-05:00', '2026-06-23T10:00:00+09:00', '2026-06-23T02:00:00Z'],
      'newest first',
    ],
    ['epoch seconds', { declaredType: 'S', values: ['1719709200', '1719705600'] }, { kind: 'epoch', unit: 's' }, ['1719705600', '1719709200'], 'newest first'],
    [
      'epoch milliseconds',
      { declaredType: 'S', values: ['1719709200000', '1719705600123'] },
      { kind: 'epoch', unit: 'ms' },
      ['1719705600123', '1719709200000'],
      'newest first',
    ],
    [
      'ULIDs',
      { declaredType: 'S', values: ['01BX5ZZKBKACTAV9WEVGEMMVRZ', '01ARZ3NDEKTSV4RRFFQ69G5FAV'] },
      { kind: 'timeOrderedId', scheme: 'ulid' },
      ['01ARZ3NDEKTSV4RRFFQ69G5FAV', '01BX5ZZKBKACTAV9WEVGEMMVRZ'],
      'newest first',
    ],
    [
      'KSUIDs',
      { declaredType: 'S', values: ['0ujtsYcgvSTl8PAuAdqWYSMnLOv', '0ujsswThIGTUYm2K8FjOOfXtY1K'] },
      { kind: 'timeOrderedId', scheme: 'ksuid' },
      ['0ujsswThIGTUYm2K8FjOOfXtY1K', '0ujtsYcgvSTl8PAuAdqWYSMnLOv'],
      'newest first',
    ],
    [
      'UUIDv7s',
      { declaredType: 'S', values: ['018f3c1e-7b2a-7cde-9f00-123456789abc', '018f3c1e-7b2a-7cde-8f00-123456789abc'] },
      { kind: 'timeOrderedId', scheme: 'uuidv7' },
      ['018f3c1e-7b2a-7cde-8f00-123456789abc', '018f3c1e-7b2a-7cde-9f00-123456789abc'],
      'newest first',
    ],
    [
      'UUIDv4s',
      { declaredType: 'S', values: ['9b2e4c1a-1d3f-4a5b-8c6d-7e8f9a0b1c2d', '1b2e4c1a-1d3f-4a5b-9c6d-7e8f9a0b1c2d'] },
      { kind: 'randomId', scheme: 'uuidv4' },
      ['1b2e4c1a-1d3f-4a5b-9c6d-7e8f9a0b1c2d', '9b2e4c1a-1d3f-4a5b-8c6d-7e8f9a0b1c2d'],
      'in reverse byte order',
    ],
    [
      'hex ids',
      { declaredType: 'S', values: ['deadbeef01', '0123abcd99'] },
      { kind: 'randomId', scheme: 'hex' },
      ['0123abcd99', 'deadbeef01'],
      'in reverse byte order',
    ],
    ['names in mixed case', { declaredType: 'S', values: ['Zoe', 'adam', 'Bea'] }, { kind: 'name', caseSensitive: true }, ['adam', 'Bea', 'Zoe'], 'Z to A'],
    ['words in one case', { declaredType: 'S', values: ['SHIPPED', 'PENDING'] }, { kind: 'name', caseSensitive: false }, ['PENDING', 'SHIPPED'], 'Z to A'],
    ['text', { declaredType: 'S', values: ['p_2', 'p_10'] }, { kind: 'text' }, ['p_10', 'p_2'], 'in reverse byte order'],
  ])('%s', (_label, input, meaning, order, descending) => {
    const judged = judgeIntendedOrder(input);
    expect(judged.meaning).toEqual(meaning);
    expect(sorted(input)).toEqual(order);
    expect(judged.directionWords('descending')).toBe(descending);
  });

  it('says directions in words of the meaning', () => {
    expect(judge('S', ['10', '9']).directionWords('ascending')).toBe('lowest first');
    expect(judge('S', ['6/23/2026', '1/2/2025']).directionWords('ascending')).toBe('oldest first');
    expect(judge('S', ['adam', 'Zoe']).directionWords('ascending')).toBe('A to Z');
  });
});

describe('judgeIntendedOrder: mixed and ambiguous values', () => {
  it.each<[string, readonly string[]]>([
    ['one word among numbers', ['10', '9', 'ten']],
    ['one blank among numbers', ['10', '', '9']],
    ['a date among numbers', ['10', '6/23/2026']],
    ['a single value', ['10']],
    ['prefixed numbers', ['p10', 'p9']],
  ])('%s: text, in byte order', (_label, values) => {
    const judged = judge('S', values);
    expect(judged.meaning).toEqual({ kind: 'text' });
    expect(judged.differsFromText).toBe(false);
    expect([...values].sort(judged.compare)).toEqual([...values].sort(compareUtf8));
  });

  it('5-digit ids: a field named like an id orders as text; the same digits in a quantity are numbers', () => {
    expect(judge('S', ['12345', '9', '100'], { field: 'customerId' }).meaning).toEqual({ kind: 'randomId', scheme: 'other' });
    expect(sorted({ declaredType: 'S', values: ['12345', '9', '100'], field: 'customerId' })).toEqual(['100', '12345', '9']);
    expect(judge('S', ['12345', '9', '100'], { field: 'quantity' }).meaning.kind).toBe('number');
  });

  it('an id-named field keeps a time-ordered scheme', () => {
    expect(judge('S', ['01BX5ZZKBKACTAV9WEVGEMMVRZ', '01ARZ3NDEKTSV4RRFFQ69G5FAV'], { field: 'orderId' }).meaning).toEqual({
      kind: 'timeOrderedId',
      scheme: 'ulid',
    });
  });

  it('slash dates that read both ways are read month first', () => {
    expect(sorted({ declaredType: 'S', values: ['2/1/2026', '1/2/2026'] })).toEqual(['1/2/2026', '2/1/2026']);
  });

  it('phone-like 10-digit numbers outside 2000–2100 are numbers, not epoch seconds', () => {
    expect(judge('S', ['5551234567', '5559876543']).meaning.kind).toBe('number');
  });

  it('a value typed after the judgement sorts after the values that have the meaning', () => {
    const judged = judge('N', ['10', '9']);
    expect(['x', '10', '9'].sort(judged.compare)).toEqual(['9', '10', 'x']);
  });
});

describe('isIdLikeName', () => {
  it.each(['id', 'ID', 'Id', 'sku', 'customerId', 'orderID', 'customer_id', 'playerIds', 'invoiceNumber', 'orderNo', 'postalCode', 'user-id', 'uuid'])(
    '%s is an id',
    (name) => {
      expect(isIdLikeName(name)).toBe(true);
    },
  );
  it.each(['score', 'ts', 'season', 'casino', 'video', 'width', 'amount', 'createdAt', 'paid', 'versionNumber', 'pageNo', 'sequence_number', 'lineNum'])(
    '%s is not',
    (name) => {
      expect(isIdLikeName(name)).toBe(false);
    },
  );
});

describe('judgeIntendedOrder: properties', () => {
  it('numbers: compare agrees with compareParsedNumbers, for N and for string fields of numbers', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }))
      .map(([negative, whole, fraction]) => `${negative && whole > 0n ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(fc.array(decimal, { minLength: 2, maxLength: 12 }), (values) => {
        for (const declaredType of ['N', 'S'] as const) {
          const judged = judgeIntendedOrder({ declaredType, values, field: 'amount' });
          if (judged.meaning.kind === 'epoch') continue;
          for (const a of values) {
            for (const b of values) {
              expect(Math.sign(judged.compare(a, b))).toBe(Math.sign(compareParsedNumbers(parseDecimal(a) as DynamoNumber, parseDecimal(b) as DynamoNumber)));
            }
          }
        }
      }),
    );
  });

  it('ISO instants in Z at one precision: the intended order is their text order', () => {
    const instant = fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
    fc.assert(
      fc.property(fc.array(instant, { minLength: 2, maxLength: 12 }), (values) => {
        const judged = judgeIntendedOrder({ declaredType: 'S', values });
        expect(judged.meaning).toEqual({ kind: 'instant', offsets: ['Z'], precisions: ['ms'] });
        expect([...values].sort(judged.compare)).toEqual([...values].sort(compareUtf8));
      }),
    );
  });

  it('ids and text: the intended order is UTF-8 byte order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 2, maxLength: 12 }), (values) => {
        const judged = judgeIntendedOrder({ declaredType: 'S', values, field: 'orderId' });
        expect([...values].sort(judged.compare)).toEqual([...values].sort(compareUtf8));
      }),
    );
  });

  it('a format that orders by value: compare is the format order', () => {
    const format: FieldFormat = { kind: 'int', width: 12, descending: false };
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10 ** 9 }).map(String), { minLength: 2, maxLength: 12 }), (values) => {
        const judged = judgeIntendedOrder({ declaredType: 'S', format, values });
        expect([...values].sort(judged.compare)).toEqual([...values].sort((a, b) => Number(a) - Number(b)));
      }),
    );
  });
});
