import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareFieldValues } from '../compareFieldValues';
import { compareUtf8 } from '../compareUtf8';
import type { KeyFinding, KeyFindingCode } from '../keyFinding';
import { decodeField, encodeField, fieldWidth } from './fieldCodecs';
import type { FieldFormat } from './keyTemplate.types';

const RUNS = { numRuns: 300 };
const sign = (n: number): number => Math.sign(n) || 0;

const int = (width: number, descending = false): FieldFormat => ({ kind: 'int', width, descending });
const sint = (width: number): FieldFormat => ({ kind: 'sint', width });
const dec = (integerDigits: number, fractionDigits: number): FieldFormat => ({ kind: 'dec', integerDigits, fractionDigits });
const iso = (precision: 's' | 'ms'): FieldFormat => ({ kind: 'iso', precision });
const epoch = (unit: 's' | 'ms', width: number): FieldFormat => ({ kind: 'epoch', unit, width });
const STRING: FieldFormat = { kind: 'string' };

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z. */
const MIN_MS = -62167219200000;
const MAX_MS = 253402300799999;

function encoded(format: FieldFormat, value: string, delimiter?: string): string {
  const result = encodeField(format, value, 'f', delimiter);
  if (typeof result !== 'string') throw new Error(`${value}: ${result.message}`);
  return result;
}

function decoded(format: FieldFormat, text: string): string {
  const result = decodeField(format, text, 'f');
  if (typeof result !== 'string') throw new Error(`${text}: ${result.message}`);
  return result;
}

function encodeFinding(format: FieldFormat, value: string | undefined, field: string, delimiter?: string): KeyFinding {
  const result = encodeField(format, value, field, delimiter);
  if (typeof result === 'string') throw new Error(`${value} encoded as ${result}`);
  return result;
}

describe('fieldWidth', () => {
  it.each<[FieldFormat, number | undefined]>([
    [STRING, undefined],
    [int(10), 10],
    [int(10, true), 10],
    [sint(4), 5],
    [dec(8, 2), 11],
    [dec(8, 0), 8],
    [iso('s'), 20],
    [iso('ms'), 24],
    [epoch('s', 16), 16],
    [epoch('ms', 13), 13],
  ])('%j → %s', (format, width) => {
    expect(fieldWidth(format)).toBe(width);
  });
});

describe('encodeField: values that encode', () => {
  it.each<[string, FieldFormat, string, string, string]>([
    // [label, format, value, encoded, decoded (canonical)]
    ['int', int(10), '1500', '0000001500', '1500'],
    ['int', int(10), '0', '0000000000', '0'],
    ['int', int(10), '9999999999', '9999999999', '9999999999'],
    ['int', int(10), '00042', '0000000042', '42'],
    ['int', int(10), '000000000042', '0000000042', '42'],
    ['int', int(10), '1e3', '0000001000', '1000'],
    ['int', int(10), '1.5e1', '0000000015', '15'],
    ['int', int(10), '150.00', '0000000150', '150'],
    ['int', int(10), '-0', '0000000000', '0'],
    ['int', int(1), '7', '7', '7'],
    ['int desc', int(10, true), '1500', '9999998499', '1500'],
    ['int desc', int(10, true), '0', '9999999999', '0'],
    ['int desc', int(10, true), '9999999999', '0000000000', '9999999999'],
    ['int desc', int(10, true), '9', '9999999990', '9'],
    ['sint', sint(4), '150', '00150', '150'],
    ['sint', sint(4), '-150', '-9849', '-150'],
    ['sint', sint(4), '0', '00000', '0'],
    ['sint', sint(4), '-0', '00000', '0'],
    ['sint', sint(4), '9999', '09999', '9999'],
    ['sint', sint(4), '-9999', '-0000', '-9999'],
    ['sint', sint(4), '-1', '-9998', '-1'],
    ['sint', sint(4), '-1.5e2', '-9849', '-150'],
    ['dec', dec(8, 2), '1234.5', '00001234.50', '1234.5'],
    ['dec', dec(8, 2), '1234.50', '00001234.50', '1234.5'],
    ['dec', dec(8, 2), '0', '00000000.00', '0'],
    ['dec', dec(8, 2), '0.01', '00000000.01', '0.01'],
    ['dec', dec(8, 2), '99999999.99', '99999999.99', '99999999.99'],
    ['dec', dec(8, 2), '007', '00000007.00', '7'],
    ['dec', dec(8, 2), '1.230', '00000001.23', '1.23'],
    ['dec', dec(8, 2), '1e3', '00001000.00', '1000'],
    ['dec', dec(8, 2), '.5', '00000000.50', '0.5'],
    ['dec', dec(8, 2), '-0', '00000000.00', '0'],
    ['dec', dec(8, 2), '12.5e-1', '00000001.25', '1.25'],
    ['dec', dec(3, 0), '5', '005', '5'],
    ['dec', dec(3, 0), '5.0', '005', '5'],
    ['iso', iso('s'), '2026-06-23T10:00:00Z', '2026-06-23T10:00:00Z', '2026-06-23T10:00:00Z'],
    ['iso', iso('s'), '2026-06-23T19:00:00+09:00', '2026-06-23T10:00:00Z', '2026-06-23T10:00:00Z'],
    ['iso', iso('s'), '2026-06-23T05:30:00-04:30', '2026-06-23T10:00:00Z', '2026-06-23T10:00:00Z'],
    ['iso', iso('s'), '2026-06-23', '2026-06-23T00:00:00Z', '2026-06-23T00:00:00Z'],
    ['iso', iso('s'), '2026-06-23 10:00z', '2026-06-23T10:00:00Z', '2026-06-23T10:00:00Z'],
    ['iso', iso('s'), '2026-06-23T10:00:00.000Z', '2026-06-23T10:00:00Z', '2026-06-23T10:00:00Z'],
    ['iso', iso('s'), '0000-02-29', '0000-02-29T00:00:00Z', '0000-02-29T00:00:00Z'],
    ['iso', iso('s'), '9999-12-31T23:59:59Z', '9999-12-31T23:59:59Z', '9999-12-31T23:59:59Z'],
    ['iso ms', iso('ms'), '2026-06-23T10:00:00.5Z', '2026-06-23T10:00:00.500Z', '2026-06-23T10:00:00.500Z'],
    ['iso ms', iso('ms'), '2026-06-23T10:00:00.123000Z', '2026-06-23T10:00:00.123Z', '2026-06-23T10:00:00.123Z'],
    ['iso ms', iso('ms'), '2026-06-23T10:00:00Z', '2026-06-23T10:00:00.000Z', '2026-06-23T10:00:00.000Z'],
    ['epoch', epoch('s', 16), '1719100800', '0000001719100800', '1719100800'],
    ['epoch', epoch('s', 16), '2024-06-23T00:00:00Z', '0000001719100800', '1719100800'],
    ['epoch', epoch('s', 16), '2024-06-23T09:00:00+09:00', '0000001719100800', '1719100800'],
    ['epoch', epoch('s', 16), '1970-01-01T00:00:00Z', '0000000000000000', '0'],
    ['epoch', epoch('s', 16), '2024-06-23T00:00:00.000Z', '0000001719100800', '1719100800'],
    ['epoch', epoch('s', 10), '1719100800', '1719100800', '1719100800'],
    ['epochms', epoch('ms', 13), '1719100800000', '1719100800000', '1719100800000'],
    ['epochms', epoch('ms', 13), '2024-06-23T00:00:00.5Z', '1719100800500', '1719100800500'],
    ['epochms', epoch('ms', 13), '42', '0000000000042', '42'],
    ['string', STRING, 'p_8842', 'p_8842', 'p_8842'],
    ['string', STRING, '𝄞 ä € 漢字', '𝄞 ä € 漢字', '𝄞 ä € 漢字'],
  ])('%s: %s', (_label, format, value, expectedKey, canonical) => {
    const key = encoded(format, value);
    expect(key).toBe(expectedKey);
    const width = fieldWidth(format);
    if (width !== undefined) expect(key).toHaveLength(width);
    expect(decoded(format, key)).toBe(canonical);
  });

  it('a string may contain a delimiter when none follows it', () => {
    expect(encoded(STRING, 'a#b')).toBe('a#b');
    expect(encoded(STRING, 'a#b', '|')).toBe('a#b');
  });
});

describe('encodeField: findings', () => {
  it.each<[string, FieldFormat, string | undefined, string | undefined, KeyFindingCode, RegExp[]]>([
    // [label, format, value, delimiter, code, message patterns]
    ['missing', int(10), undefined, undefined, 'keys.missingValue', [/^score has no value: every field of the key needs one\.$/]],
    ['empty', STRING, '', undefined, 'keys.missingValue', [/score has no value/]],
    [
      'int overflow',
      int(10),
      '12345678901',
      undefined,
      'keys.padOverflow',
      [/score 12345678901 has 11 digits, but int\(10\) holds at most 10 \(9999999999\)/, /sort by its first digit/, /widen the field to int\(11\) or more/],
    ],
    ['int overflow', int(2), '150', undefined, 'keys.padOverflow', [/score 150 has 3 digits, but int\(2\) holds at most 2 \(99\)/, /int\(3\)/]],
    ['int overflow wide', int(45), '1' + '0'.repeat(45), undefined, 'keys.padOverflow', [/holds at most 45 \(9{40}…\)/, /int\(46\)/]],
    ['int desc overflow', int(10, true), '12345678901', undefined, 'keys.padOverflow', [/int\(10,desc\)/, /int\(11,desc\)/]],
    ['int overflow by exponent', int(3), '1e3', undefined, 'keys.padOverflow', [/score 1e3 has 4 digits/, /int\(4\)/]],
    ['int not a number', int(10), 'abc', undefined, 'keys.notANumber', [/score "abc" is not a number: int\(10\) needs plain digits, e\.g\. 1500/]],
    ['int not a number', int(10), ' 15', undefined, 'keys.notANumber', [/" 15"/]],
    ['int not a number', int(10), '1,500', undefined, 'keys.notANumber', [/"1,500"/]],
    [
      'int fraction',
      int(10),
      '1.5',
      undefined,
      'keys.notWholeNumber',
      [/score 1\.5 is not a whole number, and int\(10\) stores whole numbers only/, /round it, or use \{score:dec\(10,1\)\}/],
    ],
    ['int fraction', int(10), '1e-5', undefined, 'keys.notWholeNumber', [/\{score:dec\(10,5\)\}/]],
    ['int fraction', int(10), '1.2345678', undefined, 'keys.notWholeNumber', [/\{score:dec\(10,6\)\}/]],
    [
      'int negative',
      int(10),
      '-5',
      undefined,
      'keys.negativeUnsigned',
      [/score -5 is negative, but int\(10\) holds only whole numbers ≥ 0/, /use \{score:sint\(10\)\}/],
    ],
    ['int desc negative', int(8, true), '-5', undefined, 'keys.negativeUnsigned', [/int\(8,desc\)/, /\{score:sint\(8\)\}/]],
    ['sint overflow', sint(4), '-10000', undefined, 'keys.padOverflow', [/score -10000 has 5 digits, but sint\(4\) holds at most 4/, /sint\(5\)/]],
    ['sint overflow', sint(4), '10000', undefined, 'keys.padOverflow', [/sint\(5\)/]],
    ['sint fraction', sint(4), '-1.5', undefined, 'keys.notWholeNumber', [/score -1\.5 is not a whole number, and sint\(4\)/]],
    ['sint not a number', sint(4), 'x', undefined, 'keys.notANumber', [/score "x" is not a number: sint\(4\)/]],
    [
      'dec fraction digits',
      dec(8, 2),
      '1.234',
      undefined,
      'keys.tooManyFractionDigits',
      [/score 1\.234 has 3 digits after the point, but dec\(8,2\) keeps 2/, /Use \{score:dec\(8,3\)\}/],
    ],
    ['dec fraction digits', dec(3, 0), '5.5', undefined, 'keys.tooManyFractionDigits', [/dec\(3,0\) keeps 0/, /\{score:dec\(3,1\)\}/]],
    ['dec fraction digits by exponent', dec(8, 2), '1e-5', undefined, 'keys.tooManyFractionDigits', [/score 1e-5 has 5 digits after the point/, /dec\(8,5\)/]],
    [
      'dec negative',
      dec(8, 2),
      '-1.5',
      undefined,
      'keys.negativeUnsigned',
      [/score -1\.5 is negative, but dec\(8,2\) holds only values ≥ 0/, /store an offset/],
    ],
    [
      'dec not a number',
      dec(8, 2),
      'abc',
      undefined,
      'keys.notANumber',
      [/score "abc" is not a decimal number: dec\(8,2\) needs digits with an optional fraction/],
    ],
    ['dec not a number', dec(8, 2), '1.2.3', undefined, 'keys.notANumber', [/"1\.2\.3"/]],
    ['dec overflow', dec(8, 2), '123456789', undefined, 'keys.padOverflow', [/score 123456789 has 9 digits, but dec\(8,2\) holds at most 8/, /dec\(9,2\)/]],
    [
      'iso no zone',
      iso('s'),
      '2026-06-23T10:00:00',
      undefined,
      'keys.notIsoDate',
      [/score 2026-06-23T10:00:00 has no time zone/, /add Z for UTC \(2026-06-23T10:00:00Z\)/],
    ],
    [
      'iso US date',
      iso('s'),
      '6/23/2026',
      undefined,
      'keys.notIsoDate',
      [/score "6\/23\/2026" is not an ISO-8601 timestamp/, /Write 2026-06-23T00:00:00Z/, /sort by month first/],
    ],
    ['iso garbage', iso('s'), 'soon', undefined, 'keys.notIsoDate', [/"soon"/, /2026-06-23T10:00:00Z/]],
    ['iso impossible', iso('s'), '2026-02-30', undefined, 'keys.invalidDate', [/score 2026-02-30 is not a real date and time/]],
    ['iso impossible', iso('ms'), '2026-06-23T25:00:00Z', undefined, 'keys.invalidDate', [/hours \(00–23\)/]],
    ['iso out of range', iso('s'), '0000-01-01T00:00:00+00:01', undefined, 'keys.invalidDate', [/0000–9999/]],
    [
      'iso ms in s',
      iso('s'),
      '2026-06-23T10:00:00.5Z',
      undefined,
      'keys.precisionLoss',
      [/score 2026-06-23T10:00:00\.5Z has milliseconds, which iso would drop/, /use \{score:iso\(ms\)\}/],
    ],
    ['iso sub-ms in s', iso('s'), '2026-06-23T10:00:00.0001Z', undefined, 'keys.precisionLoss', [/digits below a millisecond, which iso would drop/]],
    [
      'iso sub-ms in ms',
      iso('ms'),
      '2026-06-23T10:00:00.1234Z',
      undefined,
      'keys.precisionLoss',
      [/has digits below a millisecond, which iso\(ms\) would drop/, /use a millisecond value/],
    ],
    [
      'epoch ms in s',
      epoch('s', 16),
      '2024-06-23T00:00:00.500Z',
      undefined,
      'keys.precisionLoss',
      [/has milliseconds, which epoch\(16\) would drop/, /use \{score:epochms\(13\)\}/],
    ],
    [
      'epochms sub-ms',
      epoch('ms', 13),
      '2024-06-23T00:00:00.5001Z',
      undefined,
      'keys.precisionLoss',
      [/digits below a millisecond, which epochms\(13\) would drop/],
    ],
    [
      'epoch before 1970',
      epoch('s', 16),
      '1969-12-31T23:59:59Z',
      undefined,
      'keys.negativeUnsigned',
      [/score 1969-12-31T23:59:59Z is negative, but epoch\(16\)/, /\{score:sint\(16\)\}/],
    ],
    ['epoch negative', epoch('s', 16), '-1', undefined, 'keys.negativeUnsigned', [/score -1 is negative/]],
    ['epoch overflow', epoch('s', 16), '12345678901234567', undefined, 'keys.padOverflow', [/17 digits, but epoch\(16\)/, /epoch\(17\)/]],
    ['epochms overflow', epoch('ms', 13), '2300-01-01T00:00:00Z', undefined, 'keys.padOverflow', [/14 digits, but epochms\(13\)/, /epochms\(14\)/]],
    ['epoch not a number', epoch('s', 16), 'abc', undefined, 'keys.notANumber', [/score "abc" is not a number: epoch\(16\)/]],
    ['epoch US date', epoch('s', 16), '6/23/2026', undefined, 'keys.notANumber', [/"6\/23\/2026"/]],
    ['epoch impossible', epoch('s', 16), '2026-02-30', undefined, 'keys.invalidDate', [/2026-02-30 is not a real date/]],
    ['epoch no zone', epoch('s', 16), '2026-06-23T10:00:00', undefined, 'keys.notIsoDate', [/no time zone/]],
    [
      'delimiter',
      STRING,
      'a#b',
      '#',
      'keys.delimiterInValue',
      [/score "a#b" contains the delimiter "#" that follows it in the key/, /sort as if score ended early/, /Remove "#" from the value or choose a delimiter/],
    ],
    ['delimiter', STRING, 'x##y', '##', 'keys.delimiterInValue', [/contains the delimiter "##"/]],
    [
      'delimiter overlap',
      STRING,
      'x#',
      '##',
      'keys.delimiterInValue',
      [/score "x#" ends with "#", the start of the delimiter "##"/, /Remove "#" from the end of the value/],
    ],
    ['delimiter overlap', STRING, 'x|', '||', 'keys.delimiterInValue', [/ends with "|", the start of the delimiter "||"/]],
    [
      'lone surrogate',
      STRING,
      'a\uD800',
      undefined,
      'keys.invalidUnicode',
      [/score contains an unpaired surrogate \(\\uD800\) at position 2, which UTF-8 cannot store: remove it/],
    ],
    ['lone surrogate', STRING, '\uDD1E𝄞', '#', 'keys.invalidUnicode', [/\\uDD1E\) at position 1/]],
  ])('%s: %j', (_label, format, value, delimiter, code, messages) => {
    const finding = encodeFinding(format, value, 'score', delimiter);
    expect(finding.code).toBe(code);
    expect(finding.field).toBe('score');
    for (const message of messages) expect(finding.message).toMatch(message);
  });
});

describe('decodeField', () => {
  it.each<[FieldFormat, string, string]>([
    [int(10), '0000001500', '1500'],
    [int(10), '0000000000', '0'],
    [int(10, true), '9999998499', '1500'],
    [int(10, true), '9999999999', '0'],
    [sint(4), '00150', '150'],
    [sint(4), '-9849', '-150'],
    [sint(4), '-0000', '-9999'],
    [dec(8, 2), '00001234.50', '1234.5'],
    [dec(8, 2), '00000000.00', '0'],
    [dec(3, 0), '005', '5'],
    [iso('s'), '2026-06-23T10:00:00Z', '2026-06-23T10:00:00Z'],
    [iso('ms'), '2026-06-23T10:00:00.120Z', '2026-06-23T10:00:00.120Z'],
    [epoch('s', 16), '0000001719100800', '1719100800'],
    [STRING, 'p_8842', 'p_8842'],
  ])('%j: %s → %s', (format, text, value) => {
    expect(decoded(format, text)).toBe(value);
  });

  it.each<[FieldFormat, string]>([
    [int(10), '00001500'],
    [int(10), '00000015x0'],
    [int(10), '-000001500'],
    [int(10, true), '999999849 '],
    [sint(4), '-9999'],
    [sint(4), '+0150'],
    [sint(4), '0015'],
    [sint(4), '00-15'],
    [dec(8, 2), '00001234,50'],
    [dec(8, 2), '0000123.450'],
    [dec(8, 2), '000012345.0'],
    [dec(3, 0), '0.5'],
    [iso('s'), '2026-06-23T10:00:00.000Z'],
    [iso('s'), '2026-02-30T10:00:00Z'],
    [iso('s'), '2026-06-23 10:00:00Z'],
    [iso('s'), '2026-06-23T10:00:00z'],
    [iso('ms'), '2026-06-23T10:00:00Z'],
    [epoch('s', 16), '00000017191008x0'],
    [STRING, ''],
  ])('%j: %j is a mismatch', (format, text) => {
    const result = decodeField(format, text, 'score');
    expect(typeof result).toBe('object');
    const finding = result as KeyFinding;
    expect(finding.code).toBe('keys.decodeMismatch');
    expect(finding.field).toBe('score');
    expect(finding.message).toContain(`"${text}"`);
    expect(finding.message).toMatch(/for score: the stored key was not written with this template/);
  });

  it('names the format in a mismatch', () => {
    expect((decodeField(int(10), '15', 'score') as KeyFinding).message).toMatch(/is not a valid int\(10\) value for score/);
    expect((decodeField(STRING, '', 'name') as KeyFinding).message).toMatch(/is not a valid string value for name/);
  });
});

describe('compareFieldValues', () => {
  it.each<[FieldFormat, string, string, number]>([
    [int(10), '9', '10', -1],
    [int(10), '1e3', '1000', 0],
    [int(10), '00042', '42', 0],
    [int(10, true), '9', '10', 1],
    [int(10, true), '1500', '240', -1],
    [sint(4), '-150', '5', -1],
    [sint(4), '-150', '-5', -1],
    [sint(4), '-0', '0', 0],
    [dec(8, 2), '1.5', '1.50', 0],
    [dec(8, 2), '1.05', '1.5', -1],
    [dec(8, 2), '10', '9.99', 1],
    [iso('s'), '2026-06-23T19:00:00+09:00', '2026-06-23T10:00:00Z', 0],
    [iso('s'), '2025-12-31T23:59:59Z', '2026-01-01', -1],
    [iso('ms'), '0000-02-29', '0000-03-01', -1],
    [epoch('s', 16), '1719100800', '2024-06-23T00:00:00Z', 0],
    [epoch('s', 16), '2024-06-23T00:00:01Z', '1719100800', 1],
    [epoch('s', 16), '9', '10', -1],
    // Epoch digits beyond the year 9999 still compare with ISO input, as their padded digits sort.
    [epoch('s', 16), '99999999999999', '2026-06-23T10:00:00Z', 1],
    [epoch('ms', 16), '9999999999999999', '9999-12-31T23:59:59.999Z', 1],
    [epoch('ms', 16), '9007199254740993', '9007199254740992', 1],
    [STRING, '\uFFFF', '𝄞', -1],
    [STRING, '10', '9', -1],
  ])('%j: %s vs %s → %i', (format, a, b, expected) => {
    expect(sign(compareFieldValues(format, a, b))).toBe(expected);
    const x = encodeField(format, a, 'f');
    const y = encodeField(format, b, 'f');
    if (typeof x === 'string' && typeof y === 'string') expect(sign(compareUtf8(x, y))).toBe(expected);
  });
});

// ---------------------------------------------------------------------------
// Properties: for every codec, decode(encode(v)) is canonical(v), and the byte
// order of encoded values is the intended order of the values.

interface Case {
  /** The value as written by the user. */
  readonly value: string;
  /** What decode(encode(value)) must give. */
  readonly canonical: string;
  /** The value as an exact number, for the oracle order (BigInt scaled by the format's fraction digits, or epoch ms). */
  readonly rank: bigint;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);
const withLeadingZeros = (digits: string) => fc.integer({ min: 0, max: 3 }).map((n) => '0'.repeat(n) + digits);

/** Whole numbers 0..10^w−1, biased to the boundaries. */
const unsignedCase = (width: number): fc.Arbitrary<Case> =>
  fc
    .oneof(fc.constantFrom(0n, 1n, 9n, pow10(width) - 1n, pow10(width - 1), pow10(width - 1) - 1n), fc.bigInt({ min: 0n, max: pow10(width) - 1n }))
    .filter((n) => n >= 0n && n < pow10(width))
    .chain((n) => withLeadingZeros(n.toString()).map((value) => ({ value, canonical: n.toString(), rank: n })));

const signedCase = (width: number): fc.Arbitrary<Case> =>
  fc
    .oneof(fc.constantFrom(0n, 1n, -1n, pow10(width) - 1n, 1n - pow10(width)), fc.bigInt({ min: 1n - pow10(width), max: pow10(width) - 1n }))
    .filter((n) => n > -pow10(width) && n < pow10(width))
    .map((n) => ({ value: n.toString(), canonical: n.toString(), rank: n }));

/** Decimals 0..10^i−1 with up to f fraction digits, written with optional trailing zeros. */
const decimalCase = (integerDigits: number, fractionDigits: number): fc.Arbitrary<Case> =>
  fc
    .record({
      whole: fc.oneof(fc.constantFrom(0n, pow10(integerDigits) - 1n), fc.bigInt({ min: 0n, max: pow10(integerDigits) - 1n })),
      fraction: fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: fractionDigits }),
      extraZeros: fc.integer({ min: 0, max: 2 }),
    })
    .map(({ whole, fraction, extraZeros }) => {
      const significant = fraction.replace(/0+$/, '');
      const written = fraction + (fraction ? '0'.repeat(extraZeros) : '');
      return {
        value: whole.toString() + (written ? '.' + written : ''),
        canonical: whole.toString() + (significant ? '.' + significant : ''),
        rank: whole * pow10(fractionDigits) + BigInt(fraction.padEnd(fractionDigits, '0') || '0'),
      };
    });

const epochMsArb = fc.oneof(fc.integer({ min: MIN_MS, max: MAX_MS }), fc.constantFrom(MIN_MS, MAX_MS, 0, 951782400000, -62162121600000));

/** An ISO timestamp, written in Z or with an offset, optionally with a fraction of zeros. */
const isoCase = (precision: 's' | 'ms', minMs = MIN_MS): fc.Arbitrary<Case> =>
  fc.record({ ms: epochMsArb, offset: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }), useOffset: fc.boolean() }).map(({ ms, offset, useOffset }) => {
    const instant = Math.max(minMs, precision === 's' ? Math.floor(ms / 1000) * 1000 : ms);
    const utc = new Date(instant).toISOString();
    const canonical = precision === 's' ? utc.replace('.000Z', 'Z') : utc;
    const local = instant + offset * 60_000;
    let value = utc;
    if (useOffset && local >= MIN_MS && local <= MAX_MS) {
      const abs = Math.abs(offset);
      value =
        new Date(local).toISOString().slice(0, -1) +
        `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
    } else if (precision === 's') {
      value = canonical;
    }
    return { value, canonical, rank: BigInt(instant) };
  });

/** Epoch values as digits (any up to the width) or as ISO timestamps from 1970 on. */
const epochCase = (unit: 's' | 'ms', width: number): fc.Arbitrary<Case> => {
  const perUnit = unit === 's' ? 1000n : 1n;
  return fc.oneof(
    unsignedCase(width).map((c) => ({ ...c, rank: c.rank * perUnit })),
    isoCase(unit, 0).map((c) => {
      const digits = (c.rank / perUnit).toString();
      return { value: c.value, canonical: digits, rank: c.rank };
    }),
  );
};

const CODECS: ReadonlyArray<readonly [string, FieldFormat, fc.Arbitrary<Case>]> = [
  ['int(1)', int(1), unsignedCase(1)],
  ['int(5)', int(5), unsignedCase(5)],
  ['int(10)', int(10), unsignedCase(10)],
  ['int(40)', int(40), unsignedCase(40)],
  ['int(10,desc)', int(10, true), unsignedCase(10)],
  ['int(3,desc)', int(3, true), unsignedCase(3)],
  ['int(1,desc)', int(1, true), unsignedCase(1)],
  ['int(39,desc)', int(39, true), unsignedCase(39)],
  ['sint(1)', sint(1), signedCase(1)],
  ['sint(4)', sint(4), signedCase(4)],
  ['sint(20)', sint(20), signedCase(20)],
  ['dec(8,2)', dec(8, 2), decimalCase(8, 2)],
  ['dec(3,0)', dec(3, 0), decimalCase(3, 0)],
  ['dec(2,6)', dec(2, 6), decimalCase(2, 6)],
  ['iso', iso('s'), isoCase('s')],
  ['iso(ms)', iso('ms'), isoCase('ms')],
  ['epoch(16)', epoch('s', 16), epochCase('s', 16)],
  ['epoch(12)', epoch('s', 12), epochCase('s', 12)],
  ['epochms(16)', epoch('ms', 16), epochCase('ms', 16)],
];

describe('properties', () => {
  describe.each(CODECS)('%s', (_name, format, arb) => {
    const descending = format.kind === 'int' && format.descending;

    it('decode(encode(v)) is canonical(v), at the fixed width, in ASCII', () => {
      fc.assert(
        fc.property(arb, ({ value, canonical }) => {
          const key = encoded(format, value);
          expect(key).toHaveLength(fieldWidth(format) as number);
          expect(key).toMatch(/^[\x20-\x7e]+$/);
          expect(decoded(format, key)).toBe(canonical);
          // Encoding the canonical form gives the same key.
          expect(encoded(format, canonical)).toBe(key);
        }),
        { numRuns: 150 },
      );
    });

    it('byte order of encoded values = compareFieldValues = the oracle order', () => {
      fc.assert(
        fc.property(arb, arb, (a, b) => {
          const bytes = sign(compareUtf8(encoded(format, a.value), encoded(format, b.value)));
          const intended = sign(compareFieldValues(format, a.value, b.value));
          const oracle = a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0;
          expect(bytes).toBe(intended);
          expect(intended).toBe(descending ? -oracle || 0 : oracle);
        }),
        { numRuns: 150 },
      );
    });
  });

  it('int(w) refuses every value of more than w digits, suggesting the width it needs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 5 }), fc.boolean(), (width, extra, descending) => {
        const value = (pow10(width + extra - 1) + BigInt(extra)).toString();
        const finding = encodeFinding(int(width, descending), value, 'n');
        expect(finding.code).toBe('keys.padOverflow');
        expect(finding.message).toContain(`int(${width + extra}${descending ? ',desc' : ''})`);
      }),
      { numRuns: 100 },
    );
  });

  const nameChar = fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    fc.constantFrom('\uFFFF', '𝄞', 'ä', '€', '漢', '\uE000', '#'),
  );

  it('string: encode and decode are the identity, and order is UTF-8 byte order', () => {
    fc.assert(
      fc.property(fc.string({ unit: nameChar, minLength: 1, maxLength: 6 }), fc.string({ unit: nameChar, minLength: 1, maxLength: 6 }), (a, b) => {
        expect(encoded(STRING, a)).toBe(a);
        expect(decoded(STRING, a)).toBe(a);
        expect(sign(compareFieldValues(STRING, a, b))).toBe(sign(compareUtf8(a, b)));
      }),
      RUNS,
    );
  });

  it('string: a value is refused exactly when the delimiter would be found inside or across its end', () => {
    const small = fc.string({ unit: fc.constantFrom('a', 'b', '#'), minLength: 1, maxLength: 5 });
    const delimiter = fc.string({ unit: fc.constantFrom('a', 'b', '#'), minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(small, delimiter, (value, delim) => {
        const result = encodeField(STRING, value, 'name', delim);
        // Readable back: the first occurrence of the delimiter after the value's start is right after it.
        const readable = (value + delim).indexOf(delim) === value.length;
        if (readable) expect(result).toBe(value);
        else expect(result).toMatchObject({ code: 'keys.delimiterInValue', field: 'name' });
      }),
      RUNS,
    );
  });
});
