import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attributeValuesEqual,
  attributeValueSize,
  getOwnAttribute,
  getPath,
  indexOfSetMember,
  itemSize,
  normalizeAttributeValue,
  setMemberKey,
  setOwnAttribute,
  typeOfAttributeValue,
} from './attributeValues';
import { deepFreeze, resolvedPath } from './evaluate.fixtures';
import type { Item } from './prepared';

const bytes = (...values: number[]) => Uint8Array.from(values);
const S = (s: string): AttributeValue => ({ S: s });
const N = (n: string): AttributeValue => ({ N: n });

describe('typeOfAttributeValue', () => {
  it.each([
    [S(''), 'S'],
    [N('1'), 'N'],
    [{ B: bytes() }, 'B'],
    [{ BOOL: false }, 'BOOL'],
    [{ NULL: true }, 'NULL'],
    [{ M: {} }, 'M'],
    [{ L: [] }, 'L'],
    [{ SS: ['a'] }, 'SS'],
    [{ NS: ['1'] }, 'NS'],
    [{ BS: [bytes(1)] }, 'BS'],
  ] as const)('%o is %s', (attributeValue, type) => {
    expect(typeOfAttributeValue(attributeValue as AttributeValue)).toBe(type);
  });

  it('throws on something that is not an AttributeValue', () => {
    expect(() => typeOfAttributeValue({} as AttributeValue)).toThrow(TypeError);
  });
});

describe('getPath', () => {
  const item: Item = deepFreeze({
    a: { M: { b: { L: [{ M: { c: N('1') } }, S('x')] } } },
    s: S('str'),
    l: { L: [{ L: [S('deep')] }] },
  });
  it.each([
    ['a', item.a],
    ['a.b[0].c', N('1')],
    ['a.b[1]', S('x')],
    ['l[0][0]', S('deep')],
    ['a.b[2]', undefined],
    ['a.b.c', undefined],
    ['a[0]', undefined],
    ['s.x', undefined],
    ['s[0]', undefined],
    ['nope.x', undefined],
    ['constructor', undefined],
    ['a.toString', undefined],
  ] as const)('%s', (text, expected) => {
    expect(getPath(item, resolvedPath(text))).toEqual(expected);
  });

  it('own-property helpers ignore the prototype and keep __proto__ as data', () => {
    const record: Record<string, AttributeValue> = {};
    expect(getOwnAttribute(record, 'hasOwnProperty')).toBeUndefined();
    setOwnAttribute(record, '__proto__', S('x'));
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(getOwnAttribute(record, '__proto__')).toEqual(S('x'));
  });
});

describe('attributeValuesEqual', () => {
  // = on each type, verified on DynamoDB Local (see evaluateCondition.test.ts for the expressions).
  it.each([
    [N('1'), N('1.0'), true],
    [N('1'), N('1e0'), true],
    [N('-0'), N('0'), true],
    [N('1'), S('1'), false],
    [S('a'), S('a'), true],
    [S('a'), S('A'), false],
    [{ B: bytes(1, 2) }, { B: bytes(1, 2) }, true],
    [{ B: bytes(1, 2) }, { B: bytes(1) }, false],
    [{ BOOL: true }, { BOOL: true }, true],
    [{ BOOL: true }, { BOOL: false }, false],
    [{ NULL: true }, { NULL: true }, true],
    [{ NULL: true }, { BOOL: false }, false],
    [{ SS: ['a', 'b'] }, { SS: ['b', 'a'] }, true],
    [{ SS: ['a', 'b'] }, { SS: ['a'] }, false],
    [{ NS: ['1', '2.5'] }, { NS: ['2.50', '1.0'] }, true],
    [{ BS: [bytes(1), bytes(2)] }, { BS: [bytes(2), bytes(1)] }, true],
    [{ SS: ['1'] }, { NS: ['1'] }, false],
    [{ L: [N('1'), S('a')] }, { L: [N('1.0'), S('a')] }, true],
    [{ L: [N('1'), S('a')] }, { L: [S('a'), N('1')] }, false],
    [{ L: [] }, { M: {} }, false],
    [{ M: { a: N('1'), b: { L: [S('q')] } } }, { M: { b: { L: [S('q')] }, a: N('1.00') } }, true],
    [{ M: { a: N('1') } }, { M: { a: N('1'), b: N('1') } }, false],
    [{ M: { a: N('1'), b: N('1') } }, { M: { a: N('1') } }, false],
  ] as const)('%o = %o is %s', (a, b, expected) => {
    expect(attributeValuesEqual(a as AttributeValue, b as AttributeValue)).toBe(expected);
    expect(attributeValuesEqual(b as AttributeValue, a as AttributeValue)).toBe(expected);
  });

  it('compares large sets by their members', () => {
    const members = Array.from({ length: 50 }, (_, i) => `${i}`);
    expect(attributeValuesEqual({ NS: members }, { NS: [...members].reverse().map((m) => `${m}.0`) })).toBe(true);
    expect(attributeValuesEqual({ SS: members }, { SS: [...members.slice(1), 'x'] })).toBe(false);
    expect(attributeValuesEqual({ BS: members.map((m) => bytes(Number(m))) }, { BS: members.map((m) => bytes(Number(m))).reverse() })).toBe(true);
  });

  const attributeValue = fc.letrec<{ value: AttributeValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.string({ maxLength: 4 }).map(S),
      fc.integer({ min: -100, max: 100 }).map((n) => N(String(n))),
      fc.uint8Array({ maxLength: 3 }).map((B): AttributeValue => ({ B })),
      fc.boolean().map((BOOL): AttributeValue => ({ BOOL })),
      fc.constant<AttributeValue>({ NULL: true }),
      fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 25 }).map((ns): AttributeValue => ({ NS: ns.map(String) })),
      fc.uniqueArray(fc.string({ maxLength: 2 }), { minLength: 1, maxLength: 5 }).map((SS): AttributeValue => ({ SS })),
      fc.array(tie('value'), { maxLength: 3 }).map((L): AttributeValue => ({ L })),
      fc.dictionary(fc.string({ maxLength: 2 }), tie('value'), { maxKeys: 3 }).map((M): AttributeValue => ({ M })),
    ),
  })).value;

  /** The same value spelled differently: numbers with a trailing `.0`, sets reversed, map keys reordered. */
  function respell(value: AttributeValue): AttributeValue {
    if (value.N !== undefined) return { N: value.N.includes('.') ? value.N : `${value.N}.0` };
    if (value.NS !== undefined) return { NS: [...value.NS].reverse().map((n) => `${n}e0`) };
    if (value.SS !== undefined) return { SS: [...value.SS].reverse() };
    if (value.L !== undefined) return { L: value.L.map(respell) };
    if (value.M !== undefined)
      return {
        M: Object.fromEntries(
          Object.entries(value.M)
            .reverse()
            .map(([k, v]) => [k, respell(v)]),
        ),
      };
    return value;
  }

  it('is reflexive, symmetric, and ignores spelling and order where DynamoDB does', () => {
    fc.assert(
      fc.property(attributeValue, attributeValue, (a, b) => {
        expect(attributeValuesEqual(a, structuredClone(a))).toBe(true);
        expect(attributeValuesEqual(a, respell(a))).toBe(true);
        expect(attributeValuesEqual(a, b)).toBe(attributeValuesEqual(b, a));
        expect(attributeValuesEqual(a, b)).toBe(attributeValuesEqual(respell(a), b));
      }),
    );
  });
});

describe('sets and normalisation', () => {
  it('indexOfSetMember and setMemberKey follow DynamoDB equality', () => {
    expect(indexOfSetMember('NS', ['1', '2.5'], '2.50')).toBe(1);
    expect(indexOfSetMember('SS', ['a'], 'A')).toBe(-1);
    expect(indexOfSetMember('BS', [bytes(1), bytes(1, 2)], bytes(1, 2))).toBe(1);
    expect(setMemberKey('NS', '1.50')).toBe(setMemberKey('NS', '15e-1'));
    expect(setMemberKey('BS', bytes(0, 255))).not.toBe(setMemberKey('BS', bytes(255, 0)));
  });

  it('normalizeAttributeValue rewrites numbers only, and returns the same object when nothing changes', () => {
    const canonical: AttributeValue = { M: { a: { L: [N('1'), { NS: ['2', '0.5'] }, S('1.0')] } } };
    expect(normalizeAttributeValue(canonical)).toBe(canonical);
    expect(normalizeAttributeValue({ M: { a: { L: [N('1.0'), { NS: ['2', '.50'] }, S('1.0')] }, b: N('3') } })).toEqual({
      M: { a: { L: [N('1'), { NS: ['2', '0.5'] }, S('1.0')] }, b: N('3') },
    });
    expect(() => normalizeAttributeValue(N('1e200'))).toThrow('Number overflow');
  });
});

describe('attributeValueSize and itemSize', () => {
  // Measured on DynamoDB Local 3.3.1: for each value, the largest filler that still fits the
  // 409,600-byte item limit; the same rules as the Developer Guide's "Item sizes and formats".
  it.each([
    [S(''), 0],
    [S('abc'), 3],
    [S('€𝄞'), 7],
    [N('0'), 1],
    [N('5'), 2],
    [N('1.2'), 3],
    [N('-5'), 3],
    [{ B: bytes(1, 2, 3) }, 3],
    [{ BOOL: true }, 1],
    [{ NULL: true }, 1],
    [{ L: [] }, 3],
    [{ L: [S('a')] }, 5],
    [{ L: [S('a'), S('b')] }, 7],
    [{ L: [{ L: [] }] }, 7],
    [{ M: {} }, 3],
    [{ M: { a: S('b') } }, 6],
    [{ M: { ab: S('c'), d: N('1') } }, 11],
    [{ SS: ['a'] }, 1],
    [{ SS: ['a', 'bc'] }, 3],
    [{ NS: ['1'] }, 2],
    [{ NS: ['1', '22'] }, 4],
    [{ BS: [bytes(1)] }, 1],
  ] as const)('%o takes %i bytes', (attributeValue, size) => {
    expect(attributeValueSize(attributeValue as AttributeValue)).toBe(size);
  });

  it('adds the UTF-8 bytes of every attribute name', () => {
    expect(itemSize({})).toBe(0);
    expect(itemSize({ pk: S('p'), n: N('12') })).toBe(6);
    expect(itemSize({ é: S('€') })).toBe(5);
    // 409,600 bytes is the largest item DynamoDB (Local) accepts: pk:"p" + f:"x"×409,596.
    expect(itemSize({ pk: S('p'), f: S('x'.repeat(409_596)) })).toBe(409_600);
  });
});
