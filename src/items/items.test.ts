import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readItem } from '../engine';
import type { Item } from '../expressions';
import { changedAttributes, formFromText, formToText, itemFromForm, itemFromText, itemToForm, itemToText, textToBinary, binaryToText, type FormEntry } from '.';
import { expectErr, expectOk } from '../errors/testing';

/*
 * The editor's two views of an item must keep every type exact: for random
 * items (sets of 38-digit numbers, binary with high bytes, deep nesting, empty
 * strings), text → item and form → item give back the item DynamoDB stores.
 */

const digits38 = fc.stringMatching(/^[1-9]\d{37}$/);
const number = fc.oneof(digits38, fc.integer().map(String), fc.constantFrom('0', '-0.5', '1e-130', '9.9999999999999999999999999999999999999e+125', '12.50'));
const bytes = fc.uint8Array({ minLength: 1, maxLength: 24 }).map((b) => (b.length > 0 ? b : Uint8Array.of(0xff)));
const leaf: fc.Arbitrary<AttributeValue> = fc.oneof(
  fc.string({ unit: 'grapheme' }).map((S) => ({ S })),
  number.map((N) => ({ N })),
  bytes.map((B) => ({ B })),
  fc.boolean().map((BOOL) => ({ BOOL })),
  fc.constant({ NULL: true as const }),
  fc.uniqueArray(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }).map((SS) => ({ SS })),
  fc.uniqueArray(digits38, { minLength: 1, maxLength: 4 }).map((NS) => ({ NS })),
  fc.uniqueArray(bytes, { minLength: 1, maxLength: 3, selector: (b) => b.join(',') }).map((BS) => ({ BS })),
);
const { value } = fc.letrec<{ value: AttributeValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
}));
const item: fc.Arbitrary<Item> = fc.dictionary(fc.string({ minLength: 1 }), value, { maxKeys: 6 }).map((candidate) => readItem(candidate));

describe('item editor model', () => {
  it('DynamoDB JSON text round-trips any item exactly, and an untouched item has no changes (property)', () => {
    fc.assert(
      fc.property(item, (original) => {
        const read = itemFromText(itemToText(original));
        expectOk(read);
        expect(read.item).toEqual(original);
        expect(read.respelled).toEqual([]);
        expect(changedAttributes(original, read.item)).toEqual([]);
      }),
    );
  });

  it('the typed form round-trips any item exactly, with binary in base64 or hex (property)', () => {
    fc.assert(
      fc.property(item, fc.constantFrom('base64' as const, 'hex' as const), (original, encoding) => {
        const read = itemFromForm(itemToForm(original, encoding), encoding);
        expectOk(read);
        expect(read.item).toEqual(original);
      }),
    );
  });

  it('the two views bridge exactly: form → text → form gives the same form, in base64 or hex (property)', () => {
    fc.assert(
      fc.property(item, fc.constantFrom('base64' as const, 'hex' as const), (original, encoding) => {
        const form = itemToForm(original, encoding);
        expect(formFromText(formToText(form, encoding), encoding)).toEqual(form);
        expect(formToText(form, encoding)).toBe(itemToText(original));
      }),
    );
    // Half-typed values survive the bridge (DynamoDB's checks run on Save).
    const draft: FormEntry[] = [
      { name: 'n', value: { type: 'N', text: '1e' } },
      { name: 's', value: { type: 'SS', members: [] } },
      { name: 'b', value: { type: 'B', text: 'ff0' } },
    ];
    expect(formFromText(formToText(draft, 'hex'), 'hex')).toEqual(draft);
    expect(formFromText('{"a": {"S": "x", "N": "1"}}', 'hex')).toBeUndefined();
  });

  it('text errors say where: the line and column of broken JSON, the attribute of a value DynamoDB refuses', () => {
    const broken = itemFromText('{\n  "pk": {"S": "a"},\n  "n": {"N": 1,}\n}');
    expectErr(broken);
    expect(broken.problems[0]).toMatchObject({ line: 3, path: '' });
    const refused = itemFromText('{"pk": {"S": "a"}, "tags": {"SS": []}, "bin": {"B": "**"}}');
    expectErr(refused);
    // Every attribute's problem, not only the first.
    expect(refused.problems.map((problem) => problem.path)).toEqual(['tags', 'bin.B']);
    expect(refused.problems[1]?.message).toMatch(/not base64/);
    const emptySet = itemFromText('{"pk": {"S": "a"}, "tags": {"SS": []}}');
    expect(emptySet.ok ? [] : emptySet.problems).toEqual([
      { path: 'tags', message: 'One or more parameter values were invalid: An string set  may not be empty' },
    ]);
    // One typed value makes the text DynamoDB JSON, so an untyped one beside it is named (all untyped is plain JSON: see below).
    const notTyped = itemFromText('{"pk": {"S": "a"}, "n": "a"}');
    expect(notTyped.ok ? '' : notTyped.problems[0]?.message).toMatch(
      /must be a DynamoDB JSON value such as \{"S": "a"\}, not the text "a".*read as a document/,
    );
    expect(itemFromText('[1]').ok).toBe(false);
  });

  // src/dynamo's DynamoDB-JSON reader: every problem at its exact path, the fix in the message; DynamoDB's own message where DynamoDB states the rule.
  it.each<[string, string, RegExp]>([
    ['{"pk": {"S": "a"}, "n": {"N": 1}}', 'n.N', /^a number is written as text so it stays exact: \{"N": "1"\}/],
    ['{"pk": {"S": "a"}, "m": {"M": {"x": {"B": "**"}}}}', 'm.M.x.B', /"\*\*" is not base64/],
    ['{"pk": {"S": "a"}, "l": {"L": [{"S": "x"}, {"BOOL": "yes"}]}}', 'l.L[1].BOOL', /^must be true or false, not the text "yes"/],
    ['{"pk": {"S": "a"}, "bs": {"BS": ["AAE=", 7]}}', 'bs.BS[1]', /^binary is written as base64 text/],
    ['{"pk": {"S": "a"}, "s": {"SS": ["a", "a"]}}', 's', /^One or more parameter values were invalid: Input collection \[a, a\] contains duplicates\.$/],
    ['{"pk": {"S": "a"}, "z": {"NULL": false}}', 'z', /^One or more parameter values were invalid: Null attribute value types must have the value of true$/],
  ])('%s is refused at %s', (text, path, message) => {
    const read = itemFromText(text);
    expectErr(read);
    expect(read.problems).toEqual([{ path, message: expect.stringMatching(message) }]);
  });

  it('reads plain document JSON with marshall’s types, and says so', () => {
    const read = itemFromText('{"pk": "a", "n": 10, "l": [true, null, {"x": 1.5}]}');
    expect(read).toEqual({
      ok: true,
      format: 'document',
      respelled: [],
      item: { pk: { S: 'a' }, n: { N: '10' }, l: { L: [{ BOOL: true }, { NULL: true }, { M: { x: { N: '1.5' } } }] } },
    });
    expect(itemFromText('{"pk": {"S": "a"}}')).not.toHaveProperty('format');
  });

  it('writes invisible and direction-changing characters as escapes, reading back the same value', () => {
    const item: Item = { 'name\u200b': { S: '05\u202Egnp.exe\u2028' } };
    const text = itemToText(item);
    expect(text).not.toMatch(/[\u200b\u202e\u2028]/);
    expect(text).toContain('05\\u202egnp.exe\\u2028');
    expect(itemFromText(text)).toMatchObject({ ok: true, item });
    expect(formToText(itemToForm(item, 'hex'), 'hex')).toBe(text);
  });

  it('shows the numbers DynamoDB will respell before saving, at any depth', () => {
    const read = itemFromText('{"n": {"N": "001.50"}, "m": {"M": {"x": {"NS": ["1e3", "2"]}}}, "l": {"L": [{"N": "-0"}]}}');
    expect(read.ok && read.respelled).toEqual([
      { path: 'n', typed: '001.50', stored: '1.5' },
      { path: 'm.x[0]', typed: '1e3', stored: '1000' },
      { path: 'l[0]', typed: '-0', stored: '0' },
    ]);
    expect(read.ok && read.item.n).toEqual({ N: '1.5' });
  });

  it("form problems: duplicate names, unreadable hex, and DynamoDB's own messages", () => {
    const entries: FormEntry[] = [
      { name: 'a', value: { type: 'S', text: 'x' } },
      { name: 'a', value: { type: 'B', text: 'abc' } },
      { name: 'm', value: { type: 'M', entries: [{ name: 'n', value: { type: 'N', text: 'twelve' } }] } },
    ];
    const read = itemFromForm(entries, 'hex');
    expectErr(read);
    expect(read.problems.map((problem) => [problem.path, problem.message.slice(0, 30)])).toEqual([
      ['a', 'Two attributes are named "a": '],
      ['a', '3 hex digits is not a whole nu'],
    ]);
    const dynamo = itemFromForm([{ name: 'm', value: { type: 'M', entries: [{ name: 'n', value: { type: 'N', text: 'twelve' } }] } }], 'hex');
    expect(dynamo.ok ? '' : dynamo.problems[0]).toEqual({ path: 'm', message: 'The parameter cannot be converted to a numeric value: twelve' });
  });

  it('binary text: hex with spaces and either case, base64, and clear refusals', () => {
    expect(textToBinary('FF 00 0a', 'hex')).toEqual(Uint8Array.of(0xff, 0, 10));
    expect(binaryToText(Uint8Array.of(0xff, 0, 10), 'hex')).toBe('ff000a');
    expect(binaryToText(Uint8Array.of(0xff, 0), 'base64')).toBe('/wA=');
    expect(textToBinary('zz', 'hex')).toEqual({ problem: expect.stringMatching(/^"z" is not a hex digit \(character 1 of the text\)/) });
    // The query builder's forms too (one reader for both): 0x, ":", "_", "-" between bytes.
    expect(textToBinary('0xff:00_0a-01', 'hex')).toEqual(Uint8Array.of(0xff, 0, 10, 1));
  });

  it('lists what an edit changed, comparing as DynamoDB does', () => {
    expect(changedAttributes({ a: { N: '1' }, s: { SS: ['x', 'y'] }, gone: { S: '' } }, { a: { N: '1' }, s: { SS: ['y', 'x'] }, b: { S: 'new' } })).toEqual([
      { name: 'gone', kind: 'removed' },
      { name: 'b', kind: 'added' },
    ]);
    expect(changedAttributes({ a: { N: '1' } }, { a: { N: '2' } })).toEqual([{ name: 'a', kind: 'changed' }]);
  });
});
