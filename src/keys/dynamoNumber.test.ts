import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDynamoNumber, MAX_SIGNIFICANT_DIGITS, parseDecimal, parseDynamoNumber, type DynamoNumber } from './codecs';
import { compareDynamoNumbers, compareParsedNumbers, isNormalizedNumberText, normalizeDynamoNumber } from './dynamoNumber';
import { expectErr, expectOk } from '../errors/testing';

const RUNS = { numRuns: 300 };
const sign = (n: number): number => Math.sign(n) || 0;

const NOT_NUMERIC = (text: string) => `The parameter cannot be converted to a numeric value: ${text}`;
const TOO_MANY_DIGITS = 'Attempting to store more than 38 significant digits in a Number';
const OVERFLOW = 'Number overflow. Attempting to store a number with magnitude larger than supported range';
const UNDERFLOW = 'Number underflow. Attempting to store a number with magnitude smaller than supported range';

function parsed(text: string): DynamoNumber {
  const result = parseDynamoNumber(text);
  expectOk(result);
  return result.number;
}

function messageOf(text: string): string {
  const result = parseDynamoNumber(text);
  expectErr(result, `${text} parsed`);
  return result.message;
}

describe('normalizeDynamoNumber', () => {
  it.each([
    ['00042', '42'],
    ['42', '42'],
    ['1e3', '1000'],
    ['1E3', '1000'],
    ['1e+3', '1000'],
    ['1.50', '1.5'],
    ['1.0', '1'],
    ['-0', '0'],
    ['0', '0'],
    ['0.000', '0'],
    ['-0.000e5', '0'],
    ['0e999999', '0'],
    ['1.5E2', '150'],
    ['-1.5e2', '-150'],
    ['0.00120', '0.0012'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['100e-2', '1'],
    ['0.01E+2', '1'],
    ['-00012.3400', '-12.34'],
    ['123.456e-5', '0.00123456'],
    ['1E-130', '0.' + '0'.repeat(129) + '1'],
    ['-1E125', '-1' + '0'.repeat(125)],
    ['9.9999999999999999999999999999999999999E+125', '9'.repeat(38) + '0'.repeat(88)],
    // More than 38 digits, but the extra ones are zeros: 38 significant digits or fewer.
    ['1' + '0'.repeat(50), '1' + '0'.repeat(50)],
    ['0'.repeat(50) + '1', '1'],
    ['1.' + '0'.repeat(50), '1'],
    ['1' + '0'.repeat(50) + 'e-50', '1'],
  ])('%s → %s', (text, expected) => {
    expect(normalizeDynamoNumber(text)).toBe(expected);
  });

  it.each([
    '',
    '.',
    '-',
    '+',
    'e5',
    '1e',
    '1e+',
    '--1',
    '1.2.3',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '1_000',
    '1,5',
    '12abc',
    'abc',
    '١٢',
    '1e1.5',
    '1' + '0'.repeat(1000),
  ])('rejects garbage %j with DynamoDB’s message', (text) => {
    expect(messageOf(text)).toBe(NOT_NUMERIC(text));
    expect(normalizeDynamoNumber(text)).toBeUndefined();
  });
});

describe('parseDynamoNumber', () => {
  it('returns sign, digits without leading or trailing zeros, and the point position', () => {
    expect(parsed('-1.5E2')).toEqual({ sign: -1, digits: '15', pointPosition: 3 });
    expect(parsed('00042')).toEqual({ sign: 1, digits: '42', pointPosition: 2 });
    expect(parsed('0.0015')).toEqual({ sign: 1, digits: '15', pointPosition: -2 });
    expect(parsed('-0')).toEqual({ sign: 0, digits: '', pointPosition: 0 });
    expect(parsed('1000')).toEqual(parsed('1e3'));
  });

  it('accepts exactly 38 significant digits and refuses 39', () => {
    expect(MAX_SIGNIFICANT_DIGITS).toBe(38);
    const digits38 = '12345678901234567890123456789012345678';
    const digits39 = '123456789012345678901234567890123456789';
    expect(normalizeDynamoNumber(digits38)).toBe(digits38);
    expect(normalizeDynamoNumber('-0.' + digits38)).toBe('-0.' + digits38);
    expect(messageOf(digits39)).toBe(TOO_MANY_DIGITS);
    expect(messageOf('-1.23456789012345678901234567890123456789')).toBe(TOO_MANY_DIGITS);
    expect(messageOf('1' + '0'.repeat(37) + '1')).toBe(TOO_MANY_DIGITS);
    // Trailing zeros are not significant: 38 digits and a zero fit.
    expect(normalizeDynamoNumber(digits38 + '0')).toBe(digits38 + '0');
  });

  it.each([
    ['1E126', OVERFLOW],
    ['1e126', OVERFLOW],
    ['-1e126', OVERFLOW],
    ['10E125', OVERFLOW],
    ['1' + '0'.repeat(126), OVERFLOW],
    ['1e99999999999999999999', OVERFLOW],
    ['1E-131', UNDERFLOW],
    ['-1e-131', UNDERFLOW],
    ['0.1E-130', UNDERFLOW],
    ['9.9E-131', UNDERFLOW],
    ['1e-99999999999999999999', UNDERFLOW],
  ])('%s is out of range', (text, message) => {
    expect(messageOf(text)).toBe(message);
  });

  it.each(['1E-130', '-1E-130', '10E-131', '9.9999999999999999999999999999999999999E+125', '-9.9999999999999999999999999999999999999E+125', '1E125'])(
    '%s is at the edge of the range and accepted',
    (text) => {
      expect(parseDynamoNumber(text).ok).toBe(true);
    },
  );
});

describe('parseDecimal', () => {
  it('reads what parseDynamoNumber reads, without DynamoDB’s digit and range limits', () => {
    expect(parseDecimal('-1.5E2')).toEqual(parsed('-1.5E2'));
    expect(parseDecimal('-0')).toEqual({ sign: 0, digits: '', pointPosition: 0 });
    expect(parseDecimal('123456789012345678901234567890123456789')).toEqual({ sign: 1, digits: '123456789012345678901234567890123456789', pointPosition: 39 });
    expect(parseDecimal('1e126')).toEqual({ sign: 1, digits: '1', pointPosition: 127 });
    expect(parseDecimal('1e-131')).toEqual({ sign: 1, digits: '1', pointPosition: -130 });
    expect(parseDecimal('1' + '0'.repeat(1000))).toEqual({ sign: 1, digits: '1', pointPosition: 1001 });
  });

  it.each(['', '.', 'abc', '1e', ' 1', '1,5'])('%j is not a number', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });
});

describe('formatDynamoNumber', () => {
  it.each([
    [{ sign: -1, digits: '15', pointPosition: 3 }, '-150'],
    [{ sign: 1, digits: '15', pointPosition: 1 }, '1.5'],
    [{ sign: 1, digits: '15', pointPosition: 0 }, '0.15'],
    [{ sign: 1, digits: '15', pointPosition: -2 }, '0.0015'],
    [{ sign: 1, digits: '15', pointPosition: 2 }, '15'],
    [{ sign: 0, digits: '', pointPosition: 0 }, '0'],
  ] as const)('%j → %s', (number, expected) => {
    expect(formatDynamoNumber(number)).toBe(expected);
  });
});

describe('compareDynamoNumbers', () => {
  it.each([
    ['10', '9', 1],
    ['9', '10', -1],
    ['1e3', '1000', 0],
    ['1000', '1E3', 0],
    ['-0', '0', 0],
    ['0.1', '0.10', 0],
    ['00042', '42', 0],
    ['-12', '-5', -1],
    ['-5', '-12', 1],
    ['-5', '3', -1],
    ['0', '-5', 1],
    ['0', '5', -1],
    ['0', '10', -1],
    ['0.15', '0.151', -1],
    ['-0.15', '-0.151', 1],
    ['1E-130', '0', 1],
    ['-1E-130', '0', -1],
    ['9.9999999999999999999999999999999999999E+125', '1E125', 1],
    ['12345678901234567890123456789012345678', '12345678901234567890123456789012345679', -1],
    ['2.5', '10', -1],
    ['-2.5', '-10', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(sign(compareDynamoNumbers(a, b))).toBe(expected);
    expect(sign(compareParsedNumbers(parsed(a), parsed(b)))).toBe(expected);
  });

  it.each([
    ['10', '9.5', 1],
    ['-0.5', '-0.25', -1],
    ['0.001', '0.01', -1],
    ['0.15', '0.151', -1],
    ['0.5', '0.05', 1],
    ['100', '99.99', 1],
    ['-100', '-99.99', -1],
    ['-1', '0', -1],
    ['0', '0.0001', -1],
    ['12.5', '12.5', 0],
    ['1e3', '1000', 0],
    ['5', '5.0', 0],
    ['+5', '5', 0],
    ['-0', '0', 0],
    ['0.0', '-0.00', 0],
    ['9.9999999999999999999999999999999999999E+125', '1E+125', 1],
    ['1E-130', '0', 1],
  ] as const)('compareDynamoNumbers(%s, %s) has sign %i', (a, b, expected) => {
    expect(sign(compareDynamoNumbers(a, b))).toBe(expected);
    expect(sign(compareDynamoNumbers(b, a))).toBe(expected === 0 ? 0 : -expected);
  });

  it('sorts the doc example numerically', () => {
    expect(['10', '9', '1e3', '-2.5'].sort(compareDynamoNumbers)).toEqual(['-2.5', '9', '10', '1e3']);
  });

  it('throws RangeError with DynamoDB’s message on a number DynamoDB would not accept', () => {
    expect(() => compareDynamoNumbers('12abc', '1')).toThrow(RangeError);
    expect(() => compareDynamoNumbers('1', '12abc')).toThrow(NOT_NUMERIC('12abc'));
    expect(() => compareDynamoNumbers('1E126', '1')).toThrow(OVERFLOW);
    expect(() => compareDynamoNumbers('', '1')).toThrow(NOT_NUMERIC(''));
  });
});

// ---------------------------------------------------------------------------
// Properties against a BigInt oracle. A value is mantissa × 10^exponent.

interface Decimal {
  readonly negative: boolean;
  readonly mantissa: bigint;
  readonly exponent: number;
}

const decimalArb: fc.Arbitrary<Decimal> = fc.record({
  negative: fc.boolean(),
  mantissa: fc.oneof(
    fc.constantFrom(0n, 1n, 9n, 10n, 100n, 10n ** 37n, 10n ** 38n - 1n),
    fc.bigInt({ min: 0n, max: 10n ** 20n }),
    fc.bigInt({ min: 0n, max: 10n ** 38n - 1n }),
  ),
  exponent: fc.integer({ min: -60, max: 60 }),
});

/** Oracle order: both sides scaled to a common exponent, compared as BigInt. */
function oracleCompare(a: Decimal, b: Decimal): number {
  const e = Math.min(a.exponent, b.exponent);
  const x = (a.negative ? -1n : 1n) * a.mantissa * 10n ** BigInt(a.exponent - e);
  const y = (b.negative ? -1n : 1n) * b.mantissa * 10n ** BigInt(b.exponent - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Oracle normal form: plain decimal, no leading or trailing zeros, "0" for zero. */
function oracleCanonical({ negative, mantissa, exponent }: Decimal): string {
  if (mantissa === 0n) return '0';
  let m = mantissa;
  let e = exponent;
  while (m % 10n === 0n) {
    m /= 10n;
    e++;
  }
  let body: string;
  if (e >= 0) body = m.toString() + '0'.repeat(e);
  else {
    const digits = m.toString().padStart(-e + 1, '0');
    body = digits.slice(0, digits.length + e) + '.' + digits.slice(digits.length + e);
  }
  return (negative ? '-' : '') + body;
}

/** The ways one value can be written: exponent form, plain form, padded with zeros. */
const spellingArb = (value: Decimal): fc.Arbitrary<string> =>
  fc
    .record({ style: fc.integer({ min: 0, max: 3 }), leadingZeros: fc.integer({ min: 0, max: 3 }), shift: fc.integer({ min: 0, max: 3 }), upper: fc.boolean() })
    .map(({ style, leadingZeros, shift, upper }) => {
      const minus = value.negative ? '-' : '';
      const m = value.mantissa * 10n ** BigInt(shift);
      const e = value.exponent - shift;
      const zeros = '0'.repeat(leadingZeros);
      const E = upper ? 'E' : 'e';
      switch (style) {
        case 0:
          return `${minus}${zeros}${m}${E}${e}`;
        case 1:
          return `${minus}${zeros}${m}${E}${e >= 0 ? '+' : ''}${e}`;
        case 2: {
          // Plain decimal with trailing zeros after the point.
          if (e >= 0) return `${minus}${zeros}${m}${'0'.repeat(e)}.${'0'.repeat(leadingZeros)}`;
          const digits = m.toString().padStart(-e + 1, '0');
          return `${minus}${zeros}${digits.slice(0, digits.length + e)}.${digits.slice(digits.length + e)}`;
        }
        default: {
          // A point inside the mantissa, the exponent compensating.
          const digits = m.toString();
          return `${minus}${zeros}${digits.slice(0, 1)}.${digits.slice(1)}${E}${e + digits.length - 1}`;
        }
      }
    });

const valueWithSpelling = decimalArb.chain((value) => spellingArb(value).map((text) => ({ value, text })));

describe('properties', () => {
  it('normalise gives the oracle’s plain form for every spelling', () => {
    fc.assert(
      fc.property(valueWithSpelling, ({ value, text }) => {
        expect(normalizeDynamoNumber(text)).toBe(oracleCanonical(value));
      }),
      RUNS,
    );
  });

  it('normalise is idempotent and its output parses to the same number', () => {
    fc.assert(
      fc.property(valueWithSpelling, ({ text }) => {
        const once = normalizeDynamoNumber(text);
        expect(once).toBeDefined();
        expect(normalizeDynamoNumber(once as string)).toBe(once);
        expect(sign(compareDynamoNumbers(once as string, text))).toBe(0);
      }),
      RUNS,
    );
  });

  it('equal values in different spellings compare 0', () => {
    fc.assert(
      fc.property(
        decimalArb.chain((value) => fc.tuple(spellingArb(value), spellingArb(value))),
        ([a, b]) => compareDynamoNumbers(a, b) === 0,
      ),
      RUNS,
    );
  });

  it('compareDynamoNumbers agrees with the BigInt oracle', () => {
    fc.assert(
      fc.property(valueWithSpelling, valueWithSpelling, (a, b) => {
        expect(sign(compareDynamoNumbers(a.text, b.text))).toBe(oracleCompare(a.value, b.value));
      }),
      RUNS,
    );
  });

  it('the canonical-integer fast path agrees with BigInt order', () => {
    const integer = fc.oneof(fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }), fc.bigInt({ min: -1000n, max: 1000n }));
    fc.assert(
      fc.property(integer, integer, (a, b) => {
        expect(sign(compareDynamoNumbers(a.toString(), b.toString()))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
      RUNS,
    );
  });

  it('is antisymmetric and transitive', () => {
    fc.assert(
      fc.property(valueWithSpelling, valueWithSpelling, valueWithSpelling, (a, b, c) => {
        expect(sign(compareDynamoNumbers(a.text, b.text))).toBe(sign(-compareDynamoNumbers(b.text, a.text)));
        if (compareDynamoNumbers(a.text, b.text) <= 0 && compareDynamoNumbers(b.text, c.text) <= 0) {
          expect(compareDynamoNumbers(a.text, c.text)).toBeLessThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('parse never throws, and anything it accepts normalises to canonical plain decimal', () => {
    const canonical = /^(0|-?(0\.\d*[1-9]|[1-9]\d*(\.\d*[1-9])?))$/;
    const text = fc.string({ unit: fc.constantFrom('0', '0', '1', '5', '9', '.', 'e', 'E', '-', '+', 'x', ' '), maxLength: 10 });
    fc.assert(
      fc.property(text, (t) => {
        const result = parseDynamoNumber(t);
        if (result.ok) expect(formatDynamoNumber(result.number)).toMatch(canonical);
        else expect(result.message.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});

describe('isNormalizedNumberText', () => {
  it.each(['0', '5', '-5', '12.5', '-0.001', '0.5', '99999999999999999999999999999999999999'])('%s is normalised', (text) => {
    expect(isNormalizedNumberText(text)).toBe(true);
  });

  it.each(['', '-', '-0', '05', '0.50', '5.', '.5', '1e3', '+5', '1.2.3', ' 5', '5 ', 'abc'])('%j is not', (text) => {
    expect(isNormalizedNumberText(text)).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// The plain-decimal fast path (two normalised spellings, compared character by
// character) against the slow path (parse both, compare sign, point position,
// digits), over DynamoDB's whole range: 1 to 38 significant digits, leading
// digit exponents from -130 to 125.

const significantDigitsArb = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: 36 }), fc.integer({ min: 1, max: 9 }))
  .map(([first, middle, last]) => (middle.length === 0 && first === last ? String(first) : `${first}${middle}${last}`));

const dynamoNumberArb: fc.Arbitrary<DynamoNumber> = fc.oneof(
  fc.constant<DynamoNumber>({ sign: 0, digits: '', pointPosition: 0 }),
  fc.record({
    sign: fc.constantFrom<-1 | 1>(-1, 1),
    digits: significantDigitsArb,
    // The leading digit's exponent is pointPosition - 1, within -130 … 125.
    pointPosition: fc.oneof(fc.integer({ min: -129, max: 126 }), fc.integer({ min: -3, max: 4 })),
  }),
);

/** Two numbers that are often close: the second shares the first's point and a prefix of its digits. */
const numberPairArb: fc.Arbitrary<[DynamoNumber, DynamoNumber]> = fc.oneof(
  fc.tuple(dynamoNumberArb, dynamoNumberArb),
  fc.tuple(dynamoNumberArb, significantDigitsArb, fc.boolean()).map(([a, tail, flip]): [DynamoNumber, DynamoNumber] => {
    if (a.sign === 0) return [a, a];
    const digits = (a.digits + tail).slice(0, MAX_SIGNIFICANT_DIGITS).replace(/0+$/, '');
    return [a, { sign: flip ? (-a.sign as -1 | 1) : a.sign, digits, pointPosition: a.pointPosition }];
  }),
);

/** The same value in exponent notation, which takes the slow path. */
function exponentSpelling(number: DynamoNumber): string {
  if (number.sign === 0) return '0e5';
  return `${number.sign < 0 ? '-' : ''}0.${number.digits}E${number.pointPosition}`;
}

describe('the plain-decimal fast path', () => {
  it('agrees with the parsed slow path on random decimals with exponents and up to 38 digits', () => {
    fc.assert(
      fc.property(numberPairArb, ([x, y]) => {
        const a = formatDynamoNumber(x);
        const b = formatDynamoNumber(y);
        expect(isNormalizedNumberText(a) && isNormalizedNumberText(b)).toBe(true);
        const slow = sign(compareParsedNumbers(parsed(a), parsed(b)));
        expect(sign(compareDynamoNumbers(a, b))).toBe(slow);
        expect(sign(compareDynamoNumbers(exponentSpelling(x), b))).toBe(slow);
        expect(sign(compareDynamoNumbers(a, exponentSpelling(y)))).toBe(slow);
      }),
      { numRuns: 2000 },
    );
  });
});
