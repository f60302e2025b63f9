import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDynamoNumbers, parseDynamoNumber } from '../keys';
import { isDynamoDBError } from './errors';
import { addNumbers, canonicalizeNumber, NUMBER_OVERFLOW_MESSAGE, NUMBER_UNDERFLOW_MESSAGE, numberByteSize, subtractNumbers } from './numberArithmetic';

/** A decimal as BigInt × 10^-scale, printed in the normalised spelling DynamoDB returns. */
function formatScaled(value: bigint, scale: number): string {
  if (value === 0n) return '0';
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    const integer = digits.slice(0, digits.length - scale);
    const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
    digits = fraction ? `${integer}.${fraction}` : integer;
  }
  return (negative ? '-' : '') + digits;
}

function significantDigits(text: string): number {
  return text.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '').length;
}

describe('addNumbers and subtractNumbers', () => {
  it.each([
    ['0.1', '+', '0.2', '0.3'],
    ['1.50', '+', '1', '2.5'],
    ['1', '-', '3.25', '-2.25'],
    ['10', '-', '10', '0'],
    ['-0', '+', '0', '0'],
    ['1E+37', '+', '1', '10000000000000000000000000000000000001'],
    ['99999999999999999999999999999999999999', '+', '1', '100000000000000000000000000000000000000'],
    ['1', '+', '10000000000000000000000', '10000000000000000000001'],
    ['10000000000000000000000', '-', '1', '9999999999999999999999'],
    ['2E-130', '-', '1E-130', `0.${'0'.repeat(129)}1`],
    ['9E+125', '-', '8E+125', '1' + '0'.repeat(125)],
  ] as const)('%s %s %s = %s', (a, operator, b, expected) => {
    expect(operator === '+' ? addNumbers(a, b) : subtractNumbers(a, b)).toBe(expected);
  });

  it.each([
    ['1E+38', '+', '1', NUMBER_OVERFLOW_MESSAGE],
    ['1e50', '-', '1', NUMBER_OVERFLOW_MESSAGE],
    ['1', '+', '1e-50', NUMBER_OVERFLOW_MESSAGE],
    ['9e125', '+', '9e125', NUMBER_OVERFLOW_MESSAGE],
    ['-9e125', '-', '9e125', NUMBER_OVERFLOW_MESSAGE],
    ['1.1E-130', '-', '1E-130', NUMBER_UNDERFLOW_MESSAGE],
    ['abc', '+', '1', 'The parameter cannot be converted to a numeric value: abc'],
  ] as const)('%s %s %s fails: %s', (a, operator, b, message) => {
    let thrown: unknown;
    try {
      if (operator === '+') addNumbers(a, b);
      else subtractNumbers(a, b);
    } catch (error) {
      thrown = error;
    }
    expect(isDynamoDBError(thrown, 'ValidationException')).toBe(true);
    expect((thrown as Error).message).toBe(message);
  });

  it('uses the same overflow and underflow texts as parseDynamoNumber', () => {
    expect(parseDynamoNumber('1e126')).toEqual({ ok: false, message: NUMBER_OVERFLOW_MESSAGE });
    expect(parseDynamoNumber('1e-131')).toEqual({ ok: false, message: NUMBER_UNDERFLOW_MESSAGE });
  });

  it('is exact on decimals: matches a scaled BigInt oracle, or refuses a result DynamoDB cannot store', () => {
    const decimal = fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }));
    fc.assert(
      fc.property(decimal, decimal, fc.boolean(), ([a, scaleA], [b, scaleB], plus) => {
        const scale = Math.max(scaleA, scaleB);
        const exact = a * 10n ** BigInt(scale - scaleA) + (plus ? 1n : -1n) * b * 10n ** BigInt(scale - scaleB);
        const expected = formatScaled(exact, scale);
        const textA = formatScaled(a, scaleA);
        const textB = formatScaled(b, scaleB);
        const compute = () => (plus ? addNumbers(textA, textB) : subtractNumbers(textA, textB));
        if (significantDigits(expected) > 38) expect(compute).toThrow(NUMBER_OVERFLOW_MESSAGE);
        else expect(compute()).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('adds in either order to the same result, and a - b = -(b - a)', () => {
    // At most 15 digits, exponents within ±10: every sum fits in 38 significant digits.
    const number = fc.tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: -10, max: 10 })).map(([m, e]) => `${m}e${e}`);
    fc.assert(
      fc.property(number, number, (a, b) => {
        expect(addNumbers(a, b)).toBe(addNumbers(b, a));
        expect(compareDynamoNumbers(subtractNumbers(a, b), subtractNumbers('0', subtractNumbers(b, a)))).toBe(0);
      }),
    );
  });
});

describe('canonicalizeNumber', () => {
  it.each([
    ['001.10', '1.1'],
    ['1e3', '1000'],
    ['-0', '0'],
    ['+5', '5'],
    ['.5', '0.5'],
    ['1.5E-3', '0.0015'],
    ['-12.50', '-12.5'],
  ])('%s → %s', (text, expected) => {
    expect(canonicalizeNumber(text)).toBe(expected);
  });

  it('returns normalised text unchanged', () => {
    for (const text of ['0', '42', '-7', '0.25', '-0.001', '12345678901234567890123456789012345678']) expect(canonicalizeNumber(text)).toBe(text);
  });

  it('refuses what DynamoDB refuses, with its messages', () => {
    expect(() => canonicalizeNumber('12abc')).toThrow('The parameter cannot be converted to a numeric value: 12abc');
    expect(() => canonicalizeNumber('1' + '0'.repeat(126))).toThrow(NUMBER_OVERFLOW_MESSAGE);
    expect(() => canonicalizeNumber('123456789012345678901234567890123456789')).toThrow('Attempting to store more than 38 significant digits in a Number');
  });
});

describe('numberByteSize', () => {
  // Measured on DynamoDB Local: the largest filler string that still fits the 409,600-byte item limit.
  it.each([
    ['0', 1],
    ['5', 2],
    ['12', 2],
    ['100', 2],
    ['0.5', 2],
    ['1E+100', 2],
    ['1.2', 3],
    ['123', 3],
    ['1234', 3],
    ['12345', 4],
    ['-5', 3],
    ['-12', 3],
    ['12345678901234567890123456789012345678', 20],
    ['-12345678901234567890123456789012345678', 21],
  ] as const)('%s takes %i bytes', (text, bytes) => {
    expect(numberByteSize(text)).toBe(bytes);
  });

  it('reads a normalised spelling off its text exactly as it sizes the parsed number', () => {
    // `${text}e0` is the same number in a spelling that is not normalised: the parsed path.
    const number = fc.oneof(
      fc.constantFrom('0', '-0.5', '100', '0.05', '-1200', '10.01'),
      fc.tuple(fc.bigInt({ min: -(10n ** 37n), max: 10n ** 37n }), fc.integer({ min: -40, max: 40 })).map(([m, e]) => canonicalizeNumber(`${m}e${e}`)),
    );
    fc.assert(
      fc.property(number, (text) => {
        expect(numberByteSize(text)).toBe(numberByteSize(`${text}e0`));
      }),
      { numRuns: 2000 },
    );
  });
});
