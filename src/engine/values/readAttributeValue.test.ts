import { describe, expect, it } from 'vitest';
import { copyItem } from './copyItem';
import { flatString } from './flatString';
import { readAttributeValue, readItem, readNumber } from './readAttributeValue';

/*
 * The item-level messages are tested through PutItem in ../items.test.ts; here the reader itself.
 * DynamoDB Local words numbers differently ("A value provided cannot be converted into a number",
 * "DynamoDB only supports precision up to 38 digits"); DynamoDB's (dynalite's recordings) are used.
 */

describe('readAttributeValue', () => {
  it('normalises numbers everywhere, keeps other values as given', () => {
    expect(readAttributeValue({ M: { n: { N: '01.50' }, l: { L: [{ NS: ['1e2', '-0.0'] }, { BOOL: false }, { NULL: true }] } } })).toEqual({
      M: { n: { N: '1.5' }, l: { L: [{ NS: ['0', '100'] }, { BOOL: false }, { NULL: true }] } },
    });
  });

  it('keeps set members sorted, as DynamoDB Local returns them: strings by UTF-8 bytes, numbers numerically, binary by unsigned bytes', () => {
    expect(readAttributeValue({ SS: ['zeta', 'alpha', 'Mu', '\u{1F600}', '\uFFFD'] })).toEqual({ SS: ['Mu', 'alpha', 'zeta', '\uFFFD', '\u{1F600}'] });
    expect(readAttributeValue({ NS: ['10', '2', '-1', '3.5'] })).toEqual({ NS: ['-1', '2', '3.5', '10'] });
    expect(readAttributeValue({ BS: [Uint8Array.of(200), Uint8Array.of(9), Uint8Array.of(1)] })).toEqual({
      BS: [Uint8Array.of(1), Uint8Array.of(9), Uint8Array.of(200)],
    });
  });

  it('copies: binary values and nested containers are the reader’s own', () => {
    const bytes = Uint8Array.of(1, 2);
    const list = [{ B: bytes }];
    const value = readAttributeValue({ L: list }) as { L: { B: Uint8Array }[] };
    bytes[0] = 9;
    list.push({ B: bytes });
    expect(value.L).toHaveLength(1);
    expect([...(value.L[0]?.B ?? [])]).toEqual([1, 2]);
  });

  it('ignores members that are undefined or null, as the SDK serialises them away', () => {
    expect(readAttributeValue({ S: 'a', N: undefined, B: null })).toEqual({ S: 'a' });
  });

  it('keeps a map key named __proto__ as a plain key', () => {
    const map = JSON.parse('{"__proto__": {"S": "x"}}');
    const value = readAttributeValue({ M: map }) as { M: Record<string, unknown> };
    expect(Object.keys(value.M)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value.M)).toBe(Object.prototype);
  });

  it('refuses documents nested deeper than 32 levels', () => {
    let value: unknown = { S: 'leaf' };
    for (let i = 0; i < 32; i++) value = { L: [value] };
    expect(() => readAttributeValue(value)).not.toThrow();
    expect(() => readAttributeValue({ L: [value] })).toThrow('Nesting Levels have exceeded supported limits');
  });

  it('refuses members of the wrong JavaScript type as a SerializationException', () => {
    for (const value of [{ S: 5 }, { N: 5 }, { B: 'Yg==' }, { BOOL: 'true' }, { L: {} }, { M: [] }, { SS: 'a' }]) {
      expect(() => readAttributeValue(value), JSON.stringify(value)).toThrow(expect.objectContaining({ name: 'SerializationException' }));
    }
  });

  // One validator with ExpressionAttributeValues (src/expressions/attributeValueShape.ts): each type's own check before the count of types (dynalite's recording).
  it.each<[unknown, string]>([
    [{ S: 'a', N: '' }, 'The parameter cannot be converted to a numeric value'],
    [{ SS: [], S: 'a' }, 'One or more parameter values were invalid: An string set  may not be empty'],
    [{ S: 'a', BOOL: true }, 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes'],
    [{ M: { a: { S: 'x' }, b: {} } }, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
  ])('readAttributeValue(%j) → %j', (value, message) => {
    expect(() => readAttributeValue(value)).toThrow(expect.objectContaining({ name: 'ValidationException', message }));
  });

  it.each([
    ['', 'The parameter cannot be converted to a numeric value'],
    ['1.2.3', 'The parameter cannot be converted to a numeric value: 1.2.3'],
    [' 1', 'The parameter cannot be converted to a numeric value:  1'],
    ['Infinity', 'The parameter cannot be converted to a numeric value: Infinity'],
  ])('readNumber refuses %j', (text, message) => {
    expect(() => readNumber(text)).toThrow(message);
  });

  it('readItem skips undefined attributes', () => {
    expect(readItem({ a: { S: 'a' }, b: undefined })).toEqual({ a: { S: 'a' } });
  });
});

describe('copyItem and flatString', () => {
  it('copy deeply, flat or not, to equal values', () => {
    const item = { s: { S: 'K#' + '7'.padStart(8, '0') }, b: { BS: [Uint8Array.of(1)] }, m: { M: { l: { L: [{ NS: ['1'] }] } } } };
    for (const flat of [false, true]) {
      const copy = copyItem(item, flat);
      expect(copy).toEqual(item);
      expect(copy.m).not.toBe(item.m);
      expect(copy.b?.BS?.[0]).not.toBe(item.b.BS[0]);
    }
    expect(flatString('K#' + '1'.repeat(20))).toBe('K#' + '1'.repeat(20));
    expect(flatString('')).toBe('');
  });
});
