import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPath } from './attributeValues';
import type { ResolvedPath } from './ast';
import { deepFreeze, resolvedPath } from './evaluate.fixtures';
import type { Item } from './prepared';
import { projectItem } from './projectItem';

const S = (s: string): AttributeValue => ({ S: s });
const N = (n: string): AttributeValue => ({ N: n });

/** The item the DynamoDB Local probes projected (GetItem with a ProjectionExpression). */
const ITEM: Item = deepFreeze({
  l: { L: [N('0'), { M: { a: N('1'), b: N('2'), c: N('3') } }, N('2'), N('3')] },
  m: { M: { a: N('1'), b: { L: [S('q'), S('r')] }, c: { M: { d: S('deep') } } } },
  l2: { L: [{ L: [S('a'), S('b')] }, { L: [S('c'), S('d')] }] },
  s: S('x'),
  n: N('1.5'),
  ns: { NS: ['1.5', '2'] },
});

const project = (...paths: string[]) => projectItem(paths.map(resolvedPath), ITEM);

// Every case was run on DynamoDB Local 3.3.1 with the same item.
describe('projectItem', () => {
  it.each([
    ['n, ns', { n: N('1.5'), ns: { NS: ['1.5', '2'] } }],
    ['l[1], l[3]', { l: { L: [{ M: { a: N('1'), b: N('2'), c: N('3') } }, N('3')] } }],
    ['l[3], l[1]: index order, not path order', { l: { L: [{ M: { a: N('1'), b: N('2'), c: N('3') } }, N('3')] } }],
    ['l[3], l[0]', { l: { L: [N('0'), N('3')] } }],
    ['l[5]: past the end, nothing', {}],
    ['l[1], l[5]', { l: { L: [{ M: { a: N('1'), b: N('2'), c: N('3') } }] } }],
    ['l[7], l[3]', { l: { L: [N('3')] } }],
    ['l[1].a, l[1].c', { l: { L: [{ M: { a: N('1'), c: N('3') } }] } }],
    ['l[1].c, l[3], l[1].a', { l: { L: [{ M: { a: N('1'), c: N('3') } }, N('3')] } }],
    ['m.a, m.zz', { m: { M: { a: N('1') } } }],
    ['m.a.x: through a number', {}],
    ['s.x: through a string', {}],
    ['s[0]: index into a string', {}],
    ['m[0]: index into a map', {}],
    ['l.a: name into a list', {}],
    ['m.b[1]', { m: { M: { b: { L: [S('r')] } } } }],
    ['m.c.d, m.a', { m: { M: { a: N('1'), c: { M: { d: S('deep') } } } } }],
    ['l2[1][0], l2[0][1]', { l2: { L: [{ L: [S('b')] }, { L: [S('c')] }] } }],
    ['l2[1][1], l2[1][0]', { l2: { L: [{ L: [S('c'), S('d')] }] } }],
    ['nope, s', { s: S('x') }],
    ['s, m.a, n', { s: S('x'), m: { M: { a: N('1') } }, n: N('1.5') }],
  ] as const)('%s', (expression, expected) => {
    const paths = expression.split(':')[0]?.split(', ') ?? [];
    expect(project(...paths)).toEqual(expected);
  });

  it('lets a wider path win over a narrower one (DynamoDB refuses the pair as overlapping)', () => {
    expect(project('m', 'm.a')).toEqual({ m: ITEM.m });
    expect(project('m.a', 'm')).toEqual({ m: ITEM.m });
    expect(project('l[1].a', 'l[1]')).toEqual({ l: { L: [ITEM.l?.L?.[1]] } });
  });

  it('returns a new object that shares the selected values', () => {
    const result = project('m');
    expect(result).not.toBe(ITEM);
    expect(result.m).toBe(ITEM.m);
    expect(projectItem([], ITEM)).toEqual({});
  });

  it('keeps an attribute named __proto__ as an own property', () => {
    const item = JSON.parse('{"__proto__": {"M": {"__proto__": {"S": "x"}}}, "a": {"S": "y"}}') as Item;
    const top = projectItem([['__proto__']], item);
    expect(Object.keys(top)).toEqual(['__proto__']);
    const nested = projectItem([['__proto__', '__proto__'], ['a']], item);
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect(getPath(nested, ['__proto__', '__proto__'])).toEqual({ S: 'x' });
  });
});

describe('properties', () => {
  const leaf = fc.oneof(
    fc.string({ maxLength: 3 }).map(S),
    fc.integer({ min: 0, max: 99 }).map((n) => N(String(n))),
  );
  const attributeValue = fc.letrec<{ value: AttributeValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }).map((L): AttributeValue => ({ L })),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }).map((M): AttributeValue => ({ M })),
    ),
  })).value;
  const item = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), attributeValue, { maxKeys: 4 });
  const step = fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 0, max: 4 }));
  const target = fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.array(step, { maxLength: 3 })).map(([first, rest]): ResolvedPath => [first, ...rest]);

  it('projecting every top-level name gives the item back', () => {
    fc.assert(
      fc.property(item, (input) => {
        expect(
          projectItem(
            Object.keys(input).map((name) => [name]),
            input,
          ),
        ).toEqual(input);
      }),
    );
  });

  it('every selected leaf path that exists is in the result, and nothing is invented', () => {
    fc.assert(
      fc.property(item, fc.array(target, { maxLength: 5 }), (input, paths) => {
        const result = projectItem(paths, input);
        const found = paths.filter((p) => getPath(input, p) !== undefined);
        if (found.length === 0) expect(result).toEqual({});
        // Names present in the result are exactly the first steps of the found paths.
        expect(new Set(Object.keys(result))).toEqual(new Set(found.map((p) => p[0])));
        // A single found path (no compaction with others) resolves to the same value in the result,
        // once its list indexes are renumbered to 0.
        if (found.length === 1) {
          const only = found[0] as ResolvedPath;
          const renumbered = only.map((s) => (typeof s === 'number' ? 0 : s));
          expect(getPath(result, renumbered)).toEqual(getPath(input, only));
        }
      }),
    );
  });
});
