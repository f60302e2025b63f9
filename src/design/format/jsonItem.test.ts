import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAttributeValueProblem, type Item } from '../../expressions';
import { itemToJsonItem, jsonItemToItem, readJsonAttributeValue, readJsonItem } from './jsonItem';
import { expectErr } from '../../errors/testing';

describe('readJsonItem', () => {
  it('reads every DynamoDB JSON type, exactly (numbers stay text)', () => {
    const item = {
      s: { S: '' },
      n: { N: '00012.50' },
      b: { B: 'AAEC' },
      bool: { BOOL: false },
      nul: { NULL: true },
      m: { M: { inner: { L: [{ S: 'a' }, { N: '1e3' }] } } },
      ss: { SS: ['a', 'b'] },
      ns: { NS: ['1', '2.5'] },
      bs: { BS: ['AA==', 'AQ=='] },
    };
    expect(readJsonItem(item, 'item')).toEqual({ ok: true, item });
  });

  it.each([
    [[], 'item', /must be an object of attribute names/],
    [{ '': { S: 'x' } }, 'item[""]', /an attribute name is empty/],
    [{ a: { BS: ['AA==', 'AA=='] } }, 'item.a.BS[1]', /repeats element 0/],
    [{ a: { SS: ['x', 3] } }, 'item.a.SS[1]', /a string set holds text, not the number 3/],
    [{ a: { L: {} } }, 'item.a.L', /a list is a JSON array/],
    [{ a: { M: [] } }, 'item.a.M', /must be an object of attribute names/],
    [{ a: {} }, 'item.a', /is empty: a DynamoDB JSON value has exactly one of/],
    [{ a: { N: '1'.repeat(39) } }, 'item.a.N', /not a number DynamoDB accepts.*38 significant digits/],
  ])('%j is refused at %s', (value, path, message) => {
    const read = readJsonItem(value, 'item');
    expectErr(read);
    expect(read.problems).toContainEqual({ path, severity: 'error', message: expect.stringMatching(message) });
  });

  it('refuses nesting deeper than DynamoDB allows', () => {
    let value: unknown = { S: 'leaf' };
    for (let i = 0; i < 40; i++) value = { L: [value] };
    const read = readJsonAttributeValue(value, 'v');
    expectErr(read);
    expect(read.problems[0]?.message).toMatch(/deeper than DynamoDB's 32 levels/);
  });
});

const attributeValue = fc.letrec<{ value: Item[string] }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string().map((S) => ({ S })),
    fc.integer().map((n) => ({ N: String(n) })),
    fc.uint8Array({ maxLength: 5 }).map((B) => ({ B })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constant({ NULL: true }),
    fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 3 }).map((SS) => ({ SS })),
    fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 3 }).map((ns) => ({ NS: ns.map(String) })),
    fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
    fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
  ),
})).value;

describe('jsonItemToItem / itemToJsonItem', () => {
  it('convert B between base64 and bytes', () => {
    expect(jsonItemToItem({ b: { B: 'AAE=' }, bs: { BS: ['Ag=='] } })).toEqual({ b: { B: Uint8Array.of(0, 1) }, bs: { BS: [Uint8Array.of(2)] } });
    expect(itemToJsonItem({ b: { B: Uint8Array.of(0, 1) } })).toEqual({ b: { B: 'AAE=' } });
  });

  it('round-trip any item, and what they give is valid both ways', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), attributeValue, { maxKeys: 4 }), (item) => {
        const json = itemToJsonItem(item);
        expect(readJsonItem(JSON.parse(JSON.stringify(json)), 'item')).toEqual({ ok: true, item: json });
        const back = jsonItemToItem(json);
        expect(back).toEqual(item);
        for (const value of Object.values(back)) expect(findAttributeValueProblem(value)).toBeUndefined();
      }),
    );
  });
});
