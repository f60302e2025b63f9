import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttributeValue, Item } from './attributeValue';
import { readWireItem, readWireJsonItem, readWireValue, type WireReadRules } from './readWireJson';
import { toWireJsonValue, writeWireJson } from './writeWireJson';

/** Plain decimals only, as their own stored form: src/keys' grammar is tested with src/keys (this layer may not import it). */
const rules: WireReadRules = { normalizeNumber: (text) => (/^-?(0|[1-9]\d{0,37})(\.\d*[1-9])?$/.test(text) ? text.replace(/^-0$/, '0') : undefined) };

const number = fc
  .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.option(fc.integer({ min: 1, max: 999 }), { nil: undefined }))
  .map(([whole, fraction]) => `${whole}${fraction === undefined || fraction % 10 === 0 ? '' : `.${fraction}`}`);

const attributeValue = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'grapheme' }).map((S) => ({ S })),
    number.map((N) => ({ N })),
    fc.uint8Array({ maxLength: 200 }).map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true as const }),
    fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 4 }).map((SS) => ({ SS })),
    fc.uniqueArray(number, { minLength: 1, maxLength: 4 }).map((NS) => ({ NS })),
    fc.uniqueArray(fc.uint8Array({ maxLength: 8 }), { minLength: 1, maxLength: 4, selector: (bytes) => bytes.join() }).map((BS) => ({ BS })),
    fc.array(tie('value'), { maxLength: 4 }).map((L) => ({ L })),
    fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 4 }).map((M) => ({ M })),
  ),
})).value;

const item: fc.Arbitrary<Item> = fc.dictionary(fc.oneof(fc.string({ minLength: 1 }), fc.constant('__proto__')), attributeValue, { maxKeys: 6 });

describe('DynamoDB JSON: writer → reader', () => {
  it('round-trips every attribute value: binary as base64, sets, nested M and L, numbers as strings (property)', () => {
    fc.assert(
      fc.property(item, (original) => {
        const text = writeWireJson(original);
        expect(readWireItem(JSON.parse(text), 'Item', rules)).toEqual({ ok: true, value: original });
        // The JSON form (binary as text) reads back as itself.
        expect(readWireJsonItem(JSON.parse(text), 'Item', rules)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
    );
  });

  it('writes binary as base64, as the wire and `aws dynamodb` do, and dates as epoch seconds', () => {
    expect(writeWireJson({ pk: { S: 'a' }, b: { B: Uint8Array.of(255) }, bs: { BS: [Uint8Array.of(1, 2, 3)] } })).toBe(
      '{"pk":{"S":"a"},"b":{"B":"/w=="},"bs":{"BS":["AQID"]}}',
    );
    expect(writeWireJson({ CreationDateTime: new Date(1_795_996_458_406) })).toBe('{"CreationDateTime":1795996458.406}');
    expect(writeWireJson({ b: { B: Uint8Array.of(1) } }, { encodeBinary: (bytes) => `<${bytes.length}>` })).toBe('{"b":{"B":"<1>"}}');
    expect(writeWireJson({ a: { S: 'x' } }, { indent: 2 })).toBe('{\n  "a": {\n    "S": "x"\n  }\n}');
  });

  it('copies nothing when there is nothing to convert, and never changes its input', () => {
    const plain = { a: { L: [{ S: 'x' }, { M: { n: { N: '1' } } }] } };
    expect(toWireJsonValue(plain)).toBe(plain);
    const binary = { a: { S: 'x' }, b: { L: [{ B: Uint8Array.of(1) }] } };
    const converted = toWireJsonValue(binary) as typeof plain;
    expect(converted).toEqual({ a: { S: 'x' }, b: { L: [{ B: 'AQ==' }] } });
    expect(converted.a).toBe(binary.a);
    expect(binary.b.L[0]?.B).toEqual(Uint8Array.of(1));
  });

  it('keeps an attribute named __proto__ an attribute, both ways', () => {
    const parsed = JSON.parse('{"__proto__":{"B":"AQ=="}}') as unknown;
    const read = readWireItem(parsed, '', rules);
    expect(read.ok && Object.keys(read.value)).toEqual(['__proto__']);
    expect(read.ok && writeWireJson(read.value)).toBe('{"__proto__":{"B":"AQ=="}}');
  });
});

describe('DynamoDB JSON reader: items of scalars only', () => {
  it('reads them as the full reader does, problems and paths included (property)', () => {
    // readWireItem checks S/N/BOOL/NULL-only items without the full reader; readWireJsonItem always uses it, and without binary the two agree.
    const scalarOrNot = fc.oneof(
      fc.string().map((S) => ({ S })),
      number.map((N) => ({ N })),
      fc.boolean().map((BOOL) => ({ BOOL })),
      fc.constant({ NULL: true }),
      fc.constantFrom<unknown>({ S: 1 }, { N: 5 }, { N: '1e' }, { N: '' }, { S: 'a', N: '1' }, {}, null, 'x', [], { BOOL: 'true' }, { NULL: false }, { X: 1 }),
    );
    const json = fc.oneof(
      fc.dictionary(fc.oneof(fc.string(), fc.constant('__proto__')), scalarOrNot, { maxKeys: 5 }),
      fc.constantFrom<unknown>(null, [], 'item'),
    );
    fc.assert(
      fc.property(json, (value) => {
        const text = JSON.stringify(value);
        expect(readWireItem(JSON.parse(text), 'Items[2]', rules)).toEqual(readWireJsonItem(JSON.parse(text), 'Items[2]', rules));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('DynamoDB JSON reader: every problem, with its path', () => {
  it.each([
    [
      { tags: { L: [{ S: 'a' }, { S: 'b' }, { X: 1 }] } },
      'Items[3].tags.L[2]',
      /^has "X", which is not a type: a DynamoDB JSON value has exactly one of S, N, B, BOOL, NULL, M, L, SS, NS, BS/,
    ],
    [{ a: {} }, 'Items[3].a', /^is empty: a DynamoDB JSON value has exactly one of/],
    [{ a: { S: 'x', N: '1' } }, 'Items[3].a', /^has 2 types/],
    [{ a: 'x' }, 'Items[3].a', /^must be a DynamoDB JSON value such as \{"S": "x"\}, not the text "x"/],
    [{ a: { S: 1 } }, 'Items[3].a.S', /^a string value is text/],
    [{ a: { N: 12 } }, 'Items[3].a.N', /^a number is written as text so it stays exact: \{"N": "12"\}/],
    [{ a: { N: 'twelve' } }, 'Items[3].a.N', /^"twelve" is not a number DynamoDB accepts/],
    [{ a: { B: 'A?' } }, 'Items[3].a.B', /^binary is written as base64 text.*"A\?" is not base64/],
    [{ a: { NULL: false } }, 'Items[3].a.NULL', /^must be true \(\{"NULL": true\}\), not false/],
    [{ a: { BOOL: 'yes' } }, 'Items[3].a.BOOL', /^must be true or false/],
    [{ a: { SS: [] } }, 'Items[3].a.SS', /DynamoDB has no empty sets: remove the attribute instead/],
    [{ a: { NS: ['1', '2', '1'] } }, 'Items[3].a.NS[2]', /^"1" repeats element 0 \("1"\): a set holds each value once/],
    [{ a: { BS: ['AQ==', 'AQ'] } }, 'Items[3].a.BS[1]', /^"AQ" repeats element 0/],
    [{ 'first name': { M: { x: { L: {} } } } }, 'Items[3]["first name"].M.x.L', /^a list is a JSON array/],
    [{ '': { S: 'x' } }, 'Items[3][""]', /an attribute name is empty/],
  ])('%j → %s', (json, path, message) => {
    const read = readWireItem(json, 'Items[3]', rules);
    expect(read).toEqual({ ok: false, problems: [{ path, message: expect.stringMatching(message) }] });
  });

  it('reports every problem, not only the first', () => {
    const read = readWireItem({ a: { N: 'x' }, b: { L: [{ NULL: 1 }, { S: 's' }, {}] } }, '', rules);
    expect(read.ok ? [] : read.problems.map((problem) => problem.path)).toEqual(['a.N', 'b.L[0].NULL', 'b.L[2]']);
  });

  it('refuses nesting deeper than 32 levels, and an item that is not an object', () => {
    let value: unknown = { S: 'leaf' };
    for (let i = 0; i < 40; i++) value = { L: [value] };
    const read = readWireValue(value, 'v', rules);
    expect(read.ok ? '' : read.problems[0]?.message).toMatch(/deeper than DynamoDB's 32 levels/);
    expect(readWireItem([], 'Item', rules)).toEqual({
      ok: false,
      problems: [{ path: 'Item', message: expect.stringMatching(/^must be an object of attribute names/) }],
    });
  });
});
