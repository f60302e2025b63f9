import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKeySize, compileKeyTemplate, MAX_KEY_BYTES, type FieldValues, type KeyTemplate } from './codecs';
import { MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES } from '../dynamo';
import { compareFieldValues } from './compareFieldValues';
import { compareUtf8 } from './compareUtf8';
import { buildRawKey, decodeKey, encodeKey } from './encodeKey';
import type { KeyFinding, KeyResult } from './keyFinding';
import { parseKeyTemplate } from './parseKeyTemplate';
import { expectErr, expectOk } from '../errors/testing';

const sign = (n: number): number => Math.sign(n) || 0;

function ok<T>(result: KeyResult<T>): T {
  expectOk(result);
  return result.value;
}

function findingsOf(result: KeyResult<unknown>): readonly KeyFinding[] {
  expectErr(result);
  return result.findings;
}

const template = (text: string): KeyTemplate => ok(parseKeyTemplate(text));
const RANK = '{score:int(10)}#{ts:epoch(16)}#{playerId}';

describe('encodeKey', () => {
  it('encodes the leaderboard rank key', () => {
    expect(ok(encodeKey(RANK, { score: '1500', ts: '1719100800', playerId: 'p_8842' }))).toBe('0000001500#0000001719100800#p_8842');
  });

  it('accepts a parsed template as well as text', () => {
    expect(ok(encodeKey(template('EVT#{at:iso}'), { at: '2026-06-23T19:00:00+09:00' }))).toBe('EVT#2026-06-23T10:00:00Z');
  });

  it('returns the template findings when the template text is bad', () => {
    expect(findingsOf(encodeKey('{score:int(0)}', { score: '1' }))[0]?.code).toBe('template.badArguments');
  });

  it('reports a finding for every bad field at once, each naming its field', () => {
    const findings = findingsOf(encodeKey('{playerId}#{score:int(10)}#{ts:epoch(16)}', { ts: '1719100800.5', playerId: 'a#b' }));
    expect(findings.map((f) => [f.code, f.field])).toEqual([
      ['keys.delimiterInValue', 'playerId'],
      ['keys.missingValue', 'score'],
      ['keys.notWholeNumber', 'ts'],
    ]);
    // The last field has no delimiter after it, so it may contain one.
    expect(ok(encodeKey(RANK, { score: '1', ts: '2', playerId: 'a#b' }))).toBe('0000000001#0000000000000002#a#b');
  });

  it('checks a string field against the literal that follows it, not against later literals', () => {
    expect(ok(encodeKey('{a}#{b}|{c}', { a: 'x|y', b: 'p#q', c: 'r#|s' }))).toBe('x|y#p#q|r#|s');
    expect(findingsOf(encodeKey('{a}#{b}|{c}', { a: 'x', b: 'p|q', c: 'r' }))[0]).toMatchObject({ code: 'keys.delimiterInValue', field: 'b' });
  });

  it('ignores values for fields the template does not have', () => {
    expect(ok(encodeKey('{a}', { a: 'x', extra: 'y' }))).toBe('x');
  });
});

describe('key size', () => {
  it('exposes DynamoDB’s limits', () => {
    expect(MAX_KEY_BYTES).toEqual({ partition: MAX_PARTITION_KEY_BYTES, sort: MAX_SORT_KEY_BYTES }); // src/dynamo's limits (the codecs import nothing: they become the exported module)
  });

  it.each([
    ['a'.repeat(1024), 'sort', undefined],
    ['a'.repeat(1025), 'sort', 'keys.sortKeyTooLong'],
    ['€'.repeat(341), 'sort', undefined], // 1023 bytes in 341 UTF-16 units
    ['€'.repeat(342), 'sort', 'keys.sortKeyTooLong'], // 1026 bytes in only 342 units
    ['𝄞'.repeat(256), 'sort', undefined], // 1024 bytes
    ['𝄞'.repeat(257), 'sort', 'keys.sortKeyTooLong'],
    ['a'.repeat(2048), 'partition', undefined],
    ['a'.repeat(2049), 'partition', 'keys.partitionKeyTooLong'],
    ['ä'.repeat(1025), 'partition', 'keys.partitionKeyTooLong'],
    ['', 'sort', 'keys.emptyKey'],
    ['', 'partition', 'keys.emptyKey'],
  ] as const)('%#: %s key → %s', (key, role, code) => {
    expect(checkKeySize(key, role)?.code).toBe(code);
  });

  it('says how long the key is, the limit, and what to do', () => {
    expect(checkKeySize('€'.repeat(342), 'sort')?.message).toBe(
      'The sort key is 1026 bytes in UTF-8; DynamoDB allows at most 1024 bytes for a sort key: shorten string fields or narrow numeric widths.',
    );
    expect(checkKeySize('a'.repeat(2049), 'partition')?.message).toMatch(/partition key is 2049 bytes.*at most 2048 bytes for a partition key/);
    expect(checkKeySize('', 'sort')?.message).toBe('The sort key is empty: DynamoDB key values must be at least 1 byte long.');
    expect(checkKeySize('', 'partition')?.message).toMatch(/partition key is empty/);
  });

  it('applies the limit of the role the template is compiled for', () => {
    const t = template('PK#{name}');
    const name = 'x'.repeat(1500);
    expect(findingsOf(compileKeyTemplate(t).encode({ name }))).toEqual([expect.objectContaining({ code: 'keys.sortKeyTooLong' })]);
    expect(findingsOf(encodeKey(t, { name }, 'sort'))[0]?.code).toBe('keys.sortKeyTooLong');
    expect(ok(compileKeyTemplate(t, 'partition').encode({ name }))).toHaveLength(1503);
    expect(findingsOf(encodeKey(t, { name: 'x'.repeat(2046) }, 'partition'))[0]?.code).toBe('keys.partitionKeyTooLong');
  });

  it('reports an empty key from a template without segments', () => {
    expect(findingsOf(compileKeyTemplate({ segments: [] }).encode({}))).toEqual([expect.objectContaining({ code: 'keys.emptyKey' })]);
  });
});

describe('decodeKey', () => {
  it.each<[string, string, Record<string, string>]>([
    [RANK, '0000001500#0000001719100800#p_8842', { score: '1500', ts: '1719100800', playerId: 'p_8842' }],
    ['{score:int(10,desc)}#{playerId}', '9999998499#p_8842', { score: '1500', playerId: 'p_8842' }],
    ['EVT#{at:iso}', 'EVT#2026-06-23T10:00:00Z', { at: '2026-06-23T10:00:00Z' }],
    ['{name}#{n:int(5)}', 'ä𝄞#00042', { name: 'ä𝄞', n: '42' }],
    ['{n:int(5)}{name}', '00042#tail#', { n: '42', name: '#tail#' }],
    ['{a}##{b}', 'x#y##z##', { a: 'x#y', b: 'z##' }],
    ['{d:sint(3)}|{p:dec(2,1)}', '-899|05.5', { d: '-100', p: '5.5' }],
    ['{{{a}}}', '{x}', { a: 'x' }],
  ])('%s reads %s', (text, key, values) => {
    expect(ok(decodeKey(text, key))).toEqual(values);
  });

  it.each<[string, string, RegExp, string | undefined]>([
    // [template, key, message, field]
    [
      RANK,
      '0000001500-0000001719100800#p_8842',
      /"0000001500-0000001719100800#p_8842" does not match the template: expected "#" at position 11\. Was it written with a different template or width\?/,
      undefined,
    ],
    [RANK, '00015', /expected a value for score at position 1/, undefined],
    [RANK, '0000001500#00000017191008', /expected a value for ts at position 12/, undefined],
    [RANK, '0000001500#0000001719100800', /expected "#" at position 28/, undefined],
    ['EVT#{at:iso}', 'EVT#2026-06-23T10:00:00Zjunk', /expected the key to end at position 24/, undefined],
    ['EVT#{at:iso}', 'evt#2026-06-23T10:00:00Z', /expected "EVT#" at position 1/, undefined],
    ['{a}#{b}', 'abc', /expected a value for a at position 1/, undefined],
    ['{a}#{b}', '#x', /"" is not a valid string value for a/, 'a'],
    ['{a}#{b}', 'x#', /"" is not a valid string value for b/, 'b'],
    [RANK, '00000015x0#0000001719100800#p', /"00000015x0" is not a valid int\(10\) value for score/, 'score'],
    ['EVT#{at:iso}', 'EVT#2026-02-30T10:00:00Z', /is not a valid iso value for at/, 'at'],
    ['{d:sint(3)}', '-999', /is not a valid sint\(3\) value for d/, 'd'],
  ])('%s does not read %s', (text, key, message, field) => {
    const findings = findingsOf(decodeKey(text, key));
    expect(findings).toHaveLength(1);
    expect(findings[0]?.code).toBe('keys.decodeMismatch');
    expect(findings[0]?.message).toMatch(message);
    expect(findings[0]?.field).toBe(field);
  });

  it('returns the template findings when the template text is bad', () => {
    expect(findingsOf(decodeKey('{a', 'x'))[0]?.code).toBe('template.syntax');
  });
});

describe('compileKeyTemplate', () => {
  it('lists the fields in template order and keeps the template', () => {
    const t = template(RANK);
    const compiled = compileKeyTemplate(t);
    expect(compiled.template).toBe(t);
    expect(compiled.fields.map((f) => f.name)).toEqual(['score', 'ts', 'playerId']);
  });
});

describe('buildRawKey', () => {
  it('joins the values as plain text, without encoding or checks', () => {
    expect(buildRawKey(template(RANK), { score: '9', ts: '1719100800', playerId: 'p_1' })).toBe('9#1719100800#p_1');
    expect(buildRawKey(template(RANK), { score: '9' })).toBe('9##');
    expect(buildRawKey(template('EVT#{at:iso}'), { at: '6/23/2026' })).toBe('EVT#6/23/2026');
  });
});

// ---------------------------------------------------------------------------
// Composite keys: the byte order of encoded keys is the lexicographic order
// of the field tuples under compareFieldValues.

/**
 * Characters for a string field followed by a delimiter d. A key "a" + d + …
 * must sort before "a" + c + … for every character c a longer value can have
 * at that place, so every character must sort above d: with d = "#" (0x23),
 * "a!" (0x21 < 0x23) would sort before "a", although "a" < "a!". Hence
 * characters strictly above the delimiter only, which also keeps the
 * delimiter itself out of the values.
 */
const charAbove = (delimiter: string): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      fc.constantFrom('$', '0', 'a', 'z', '~', 'ä', '€', '漢', '\uFFFF', '𝄞', '\u{10FFFF}'),
    )
    .filter((c) => compareUtf8(c, delimiter) > 0 && !c.includes(delimiter));
const stringAbove = (delimiter: string) => fc.string({ unit: charAbove(delimiter), minLength: 1, maxLength: 5 });
/** A string in the last place needs no delimiter, so anything well-formed goes. */
const anyString = fc.string({
  unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom('#', '!', ' ', '\u0000')),
  minLength: 1,
  maxLength: 5,
});
const digits = (width: number) => fc.bigInt({ min: 0n, max: 10n ** BigInt(width) - 1n }).map(String);
const signed = (width: number) => fc.bigInt({ min: 1n - 10n ** BigInt(width), max: 10n ** BigInt(width) - 1n }).map(String);
const isoMs = fc.integer({ min: 0, max: 253402300799999 }).map((ms) => new Date(ms).toISOString());
const isoS = fc.integer({ min: -62167219200, max: 253402300799 }).map((s) => new Date(s * 1000).toISOString().replace('.000Z', 'Z'));
const decimal = fc.tuple(digits(4), fc.string({ unit: fc.constantFrom('0', '1', '9'), maxLength: 2 })).map(([i, f]) => (f ? `${i}.${f}` : i));

const COMPOSITES: ReadonlyArray<readonly [string, Record<string, fc.Arbitrary<string>>]> = [
  ['{name}#{n:int(5)}', { name: stringAbove('#'), n: digits(5) }],
  [
    RANK,
    {
      score: digits(10),
      ts: fc.oneof(
        digits(12),
        isoS.filter((s) => !s.startsWith('0') && s >= '1970'),
      ),
      playerId: anyString,
    },
  ],
  ['{n:int(3,desc)}#{d:sint(4)}|{p:dec(4,2)}', { n: digits(3), d: signed(4), p: decimal }],
  ['EVT#{at:iso(ms)}#{kind}#{seq:epochms(15)}', { at: isoMs, kind: stringAbove('#'), seq: fc.oneof(digits(15), isoMs) }],
  ['{a}/{b}/{c:iso}', { a: stringAbove('/'), b: stringAbove('/'), c: isoS }],
  ['{n:int(2)}{name}', { n: digits(2), name: anyString }],
];

describe('properties', () => {
  describe.each(COMPOSITES)('%s', (text, arbs) => {
    const t = template(text);
    const compiled = compileKeyTemplate(t);
    // Small value pools make equal prefixes (ties in the first fields) frequent.
    const row = fc.record(arbs) as fc.Arbitrary<FieldValues>;
    const compareTuples = (a: FieldValues, b: FieldValues): number => {
      for (const f of compiled.fields) {
        const order = compareFieldValues(f.format, a[f.name] as string, b[f.name] as string);
        if (order !== 0) return order;
      }
      return 0;
    };

    it('encoded byte order = lexicographic order of the field tuples', () => {
      const pair = fc.tuple(row, row, fc.array(fc.boolean(), { minLength: 4, maxLength: 4 })).map(([a, b, share]) => {
        // Copy some leading fields from a into b so that later fields decide.
        const copy: Record<string, string | undefined> = { ...b };
        compiled.fields.forEach((f, i) => {
          if (share[i] && compiled.fields.slice(0, i).every((g, j) => share[j] || g === undefined)) copy[f.name] = a[f.name];
        });
        return [a, copy as FieldValues] as const;
      });
      fc.assert(
        fc.property(pair, ([a, b]) => {
          const x = ok(compiled.encode(a));
          const y = ok(compiled.encode(b));
          expect(sign(compareUtf8(x, y))).toBe(sign(compareTuples(a, b)));
        }),
        { numRuns: 200 },
      );
    });

    it('decode(encode(values)) gives every field back in canonical form', () => {
      fc.assert(
        fc.property(row, (values) => {
          const key = ok(compiled.encode(values));
          const back = ok(compiled.decode(key));
          expect(Object.keys(back).sort(compareUtf8)).toEqual(compiled.fields.map((f) => f.name).sort(compareUtf8));
          for (const f of compiled.fields) expect(sign(compareFieldValues(f.format, back[f.name] as string, values[f.name] as string))).toBe(0);
          // Canonical values encode to the same key.
          expect(ok(compiled.encode(back))).toBe(key);
        }),
        { numRuns: 150 },
      );
    });
  });

  it('a value with a character below the delimiter breaks the order (why the generators above are constrained)', () => {
    const compiled = compileKeyTemplate(template('{name}#{n:int(5)}'));
    const short = ok(compiled.encode({ name: 'a', n: '1' }));
    const long = ok(compiled.encode({ name: 'a!', n: '1' }));
    expect(compareUtf8('a', 'a!')).toBeLessThan(0);
    // "a#…" vs "a!#…": "!" (0x21) sorts below "#" (0x23), so the longer name comes first.
    expect(compareUtf8(short, long)).toBeGreaterThan(0);
  });
});
