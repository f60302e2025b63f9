import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { and, between, call, compare, deepFreeze, isIn, not, or, path, size, value } from './evaluate.fixtures';
import { beginsWith, compareOperands, compareScalars, contains, evaluateCondition, resolveOperand, sizeOf } from './evaluateCondition';
import type { Item, PreparedCondition } from './prepared';

const bytes = (...values: number[]) => Uint8Array.from(values);
const S = (s: string): AttributeValue => ({ S: s });
const N = (n: string): AttributeValue => ({ N: n });

/** The item the DynamoDB Local probes ran against (Scan with FilterExpression `(<case>) AND pk = :pk`). */
const ITEM: Item = deepFreeze({
  s: S('abc'),
  n: N('10'),
  b: { B: bytes(1, 2, 3) },
  t: { BOOL: true },
  f: { BOOL: false },
  nul: { NULL: true },
  ss: { SS: ['x', 'y'] },
  ab: { SS: ['b', 'a'] },
  ns: { NS: ['1', '2.5'] },
  bs: { BS: [bytes(1), bytes(2)] },
  l: { L: [N('1'), S('a'), { M: { z: N('1') } }] },
  l2: { L: [N('1')] },
  nested: { L: [{ SS: ['a', 'b'] }, { L: [N('1')] }, { M: { k: { NS: ['1'] } } }, { B: bytes(1, 2) }] },
  m: { M: { a: N('1'), b: { L: [S('q')] } } },
  m2: { M: { a: N('2') } },
  emo: S('€𝄞'),
  es: S(''),
  eb: { B: bytes() },
  lo: N('11'),
  hi: N('1'),
  sx: S('z'),
});

type Case = readonly [expression: string, condition: PreparedCondition, expected: boolean];

function check(cases: readonly Case[]) {
  it.each(cases)('%s', (_expression, condition, expected) => {
    expect(evaluateCondition(condition, ITEM)).toBe(expected);
  });
}

// Every case below was run on DynamoDB Local 3.3.1 with the same item and gave the expected result.
describe('comparators', () => {
  check([
    ['n = :v (10.0)', compare(path('n'), '=', value(N('10.0'))), true],
    ['n = :v (1e1)', compare(path('n'), '=', value(N('1e1'))), true],
    ['n <> :v (S "10")', compare(path('n'), '<>', value(S('10'))), true],
    ['n = :v (S "10")', compare(path('n'), '=', value(S('10'))), false],
    ['nope = :v', compare(path('nope'), '=', value(S('10'))), false],
    ['nope <> :v', compare(path('nope'), '<>', value(S('10'))), true],
    ['nope < :v', compare(path('nope'), '<', value(S('10'))), false],
    ['nope >= :v', compare(path('nope'), '>=', value(S('10'))), false],
    ['NOT (nope < :v)', not(compare(path('nope'), '<', value(S('10')))), true],
    ['nope = nope2', compare(path('nope'), '=', path('nope2')), false],
    ['nope <> nope2', compare(path('nope'), '<>', path('nope2')), true],
    ['nope <> s', compare(path('nope'), '<>', path('s')), true],
    ['s <> nope', compare(path('s'), '<>', path('nope')), true],
    ['ns = :v (same members, other order and spelling)', compare(path('ns'), '=', value({ NS: ['2.50', '1.0'] })), true],
    ['ns = :v (subset)', compare(path('ns'), '=', value({ NS: ['1'] })), false],
    ['ss = :v (other order)', compare(path('ss'), '=', value({ SS: ['y', 'x'] })), true],
    ['ss = :v (superset)', compare(path('ss'), '=', value({ SS: ['x', 'y', 'z'] })), false],
    ['bs = :v (other order)', compare(path('bs'), '=', value({ BS: [bytes(2), bytes(1)] })), true],
    ['bs = :v (subset)', compare(path('bs'), '=', value({ BS: [bytes(1)] })), false],
    ['l = :v (numbers spelled differently)', compare(path('l'), '=', value({ L: [N('1.0'), S('a'), { M: { z: N('1.00') } }] })), true],
    ['l = :v (other order)', compare(path('l'), '=', value({ L: [S('a'), N('1'), { M: { z: N('1') } }] })), false],
    ['m = :v (other key order)', compare(path('m'), '=', value({ M: { b: { L: [S('q')] }, a: N('1.00') } })), true],
    ['m <> :v (equal)', compare(path('m'), '<>', value({ M: { b: { L: [S('q')] }, a: N('1.00') } })), false],
    ['m = :v (extra key)', compare(path('m'), '=', value({ M: { a: N('1'), b: { L: [S('q')] }, c: S('x') } })), false],
    ['t = :v (true)', compare(path('t'), '=', value({ BOOL: true })), true],
    ['t = :v (false)', compare(path('t'), '=', value({ BOOL: false })), false],
    ['t <> :v (false)', compare(path('t'), '<>', value({ BOOL: false })), true],
    ['nul = :v', compare(path('nul'), '=', value({ NULL: true })), true],
    ['nul <> :v (BOOL)', compare(path('nul'), '<>', value({ BOOL: false })), true],
    ['l = l2', compare(path('l'), '=', path('l2')), false],
    ['l <> l2', compare(path('l'), '<>', path('l2')), true],
    ['m.b = :v', compare(path('m.b'), '=', value({ L: [S('q')] })), true],
    ['l[1] = :v', compare(path('l[1]'), '=', value(S('a'))), true],
    ['l[5] <> :v', compare(path('l[5]'), '<>', value(S('a'))), true],
    ['l[2].z = :v', compare(path('l[2].z'), '=', value(N('1'))), true],
    [':a = :b (1, 1.0)', compare(value(N('1')), '=', value(N('1.0'))), true],
  ]);
});

describe('ordering comparators', () => {
  check([
    ['s < :v (N)', compare(path('s'), '<', value(N('1'))), false],
    ['s >= :v (N)', compare(path('s'), '>=', value(N('1'))), false],
    ['b < :v (1,2,4)', compare(path('b'), '<', value({ B: bytes(1, 2, 4) })), true],
    ['b < :v (0x80): unsigned', compare(path('b'), '<', value({ B: bytes(0x80) })), true],
    ['b > :v (prefix)', compare(path('b'), '>', value({ B: bytes(1, 2) })), true],
    ['n > :v (9.999…)', compare(path('n'), '>', value(N('9.99999999999999999999999999999999999'))), true],
    ['n < :v (1E+2)', compare(path('n'), '<', value(N('1E+2'))), true],
    ['n <= :v (10.0)', compare(path('n'), '<=', value(N('10.0'))), true],
    ['n >= :v (10)', compare(path('n'), '>=', value(N('10'))), true],
    ['n > :v (10)', compare(path('n'), '>', value(N('10'))), false],
    ['n > :v (-11)', compare(path('n'), '>', value(N('-11'))), true],
    [':a < :b (€, 𝄞): UTF-8 order', compare(value(S('€')), '<', value(S('𝄞'))), true],
    [':a < :b (U+FFFF, 𝄞): UTF-8, not UTF-16', compare(value(S('\uFFFF')), '<', value(S('𝄞'))), true],
    [':a < :b ("10", "9"): bytes', compare(value(S('10')), '<', value(S('9'))), true],
    // Ordering a non-scalar is a validation error when both sides are values; between paths it is just false.
    ['l < l2', compare(path('l'), '<', path('l2')), false],
    ['l <= l2', compare(path('l'), '<=', path('l2')), false],
    ['m < m2', compare(path('m'), '<', path('m2')), false],
    ['f < t (BOOL)', compare(path('f'), '<', path('t')), false],
    ['ss < bs', compare(path('ss'), '<', path('bs')), false],
    ['s < b', compare(path('s'), '<', path('b')), false],
    ['size(s) < size(l)', compare(size('s'), '<', size('l')), false],
    ['size(s) = size(l)', compare(size('s'), '=', size('l')), true],
    ['n = size(s)', compare(path('n'), '=', size('s')), false],
  ]);
});

describe('BETWEEN', () => {
  check([
    ['s BETWEEN :a AND :b (inclusive)', between(path('s'), value(S('abc')), value(S('abc'))), true],
    ['s BETWEEN :a AND :b', between(path('s'), value(S('abc')), value(S('abd'))), true],
    ['b BETWEEN :a AND :b', between(path('b'), value({ B: bytes(1) }), value({ B: bytes(1, 2, 3) })), true],
    ['n BETWEEN :a AND :b (5.0, 10.00)', between(path('n'), value(N('5.0')), value(N('10.00'))), true],
    ['n BETWEEN hi AND lo', between(path('n'), path('hi'), path('lo')), true],
    // low > high: a validation error with two literal bounds, false at run time.
    ['n BETWEEN lo AND hi', between(path('n'), path('lo'), path('hi')), false],
    ['n BETWEEN hi AND sx (types differ)', between(path('n'), path('hi'), path('sx')), false],
    ['n BETWEEN :a AND sx', between(path('n'), value(N('1')), path('sx')), false],
    ['nope BETWEEN hi AND lo', between(path('nope'), path('hi'), path('lo')), false],
    ['s BETWEEN :a AND :b (N bounds)', between(path('s'), value(N('1')), value(N('2'))), false],
    ['l BETWEEN l2 AND l2', between(path('l'), path('l2'), path('l2')), false],
    ['size(nested) BETWEEN :a AND :b', between(size('nested'), value(N('4')), value(N('4'))), true],
  ]);
});

describe('IN', () => {
  check([
    ['n IN (:a, :b)', isIn(path('n'), value(S('10')), value(N('1e1'))), true],
    ['n IN (:a, :b) (5.00 S)', isIn(path('n'), value(N('10.00')), value(S('x'))), true],
    ['nope IN (:a)', isIn(path('nope'), value({ NULL: true })), false],
    ['ns IN (:a)', isIn(path('ns'), value({ NS: ['2.5', '1'] })), true],
    ['l2 IN (:a)', isIn(path('l2'), value({ L: [N('1.0')] })), true],
    ['n IN (:a, nope)', isIn(path('n'), value(N('3')), path('nope')), false],
    ['n IN (:a, lo)', isIn(path('n'), value(N('3')), path('lo')), false],
    ['n IN (:a, s)', isIn(path('n'), value(N('10')), path('s')), true],
    [':a IN (n, s)', isIn(value(N('10')), path('n'), path('s')), true],
    ['size(s) IN (:a)', isIn(size('s'), value(N('3'))), true],
  ]);
});

describe('size()', () => {
  check([
    ['size(s) = 3', compare(size('s'), '=', value(N('3'))), true],
    // UTF-16 code units: € is 1, 𝄞 is 2. Not UTF-8 bytes (7), not code points (2). Same on real
    // DynamoDB (ExtendDB PR #67, verified there: size("é𝄞") = 3).
    ['size(emo) = 3', compare(size('emo'), '=', value(N('3'))), true],
    ['size(emo) = 7', compare(size('emo'), '=', value(N('7'))), false],
    ['size(emo) = 2', compare(size('emo'), '=', value(N('2'))), false],
    ['size(es) = 0', compare(size('es'), '=', value(N('0'))), true],
    ['size(b) = 3', compare(size('b'), '=', value(N('3'))), true],
    ['size(eb) = 0', compare(size('eb'), '=', value(N('0'))), true],
    ['size(l) = 3', compare(size('l'), '=', value(N('3'))), true],
    ['size(m) = 2', compare(size('m'), '=', value(N('2'))), true],
    ['size(ns) = 2', compare(size('ns'), '=', value(N('2'))), true],
    ['size(ss) = 2.0', compare(size('ss'), '=', value(N('2.0'))), true],
    ['size(bs) > 1', compare(size('bs'), '>', value(N('1'))), true],
    ['size(m.b) = 1', compare(size('m.b'), '=', value(N('1'))), true],
    ['size(l[2]) = 1', compare(size('l[2]'), '=', value(N('1'))), true],
    // N, BOOL, NULL and missing paths have no size: the operand is missing.
    ['size(n) = 2', compare(size('n'), '=', value(N('2'))), false],
    ['size(n) <> 2', compare(size('n'), '<>', value(N('2'))), true],
    ['size(t) <> 2', compare(size('t'), '<>', value(N('2'))), true],
    ['size(nul) <> 2', compare(size('nul'), '<>', value(N('2'))), true],
    ['size(nope) = 2', compare(size('nope'), '=', value(N('2'))), false],
    ['size(nope) <> 2', compare(size('nope'), '<>', value(N('2'))), true],
    ['size(n) = size(t)', compare(size('n'), '=', size('t')), false],
    ['size(n) <> size(t)', compare(size('n'), '<>', size('t')), true],
  ]);
});

describe('attribute_exists, attribute_not_exists, attribute_type', () => {
  check([
    ['attribute_exists(s)', call('attribute_exists', path('s')), true],
    ['attribute_exists(nul)', call('attribute_exists', path('nul')), true],
    ['attribute_exists(es)', call('attribute_exists', path('es')), true],
    ['attribute_exists(nope)', call('attribute_exists', path('nope')), false],
    ['attribute_exists(m.b[0])', call('attribute_exists', path('m.b[0]')), true],
    ['attribute_exists(m.b[1])', call('attribute_exists', path('m.b[1]')), false],
    ['attribute_exists(s.x): through a string', call('attribute_exists', path('s.x')), false],
    ['attribute_exists(s[0]): index into a string', call('attribute_exists', path('s[0]')), false],
    ['attribute_exists(m[0]): index into a map', call('attribute_exists', path('m[0]')), false],
    ['attribute_exists(l.a): name into a list', call('attribute_exists', path('l.a')), false],
    ['attribute_exists(l[2].z)', call('attribute_exists', path('l[2].z')), true],
    ['attribute_not_exists(s.x)', call('attribute_not_exists', path('s.x')), true],
    ['attribute_not_exists(nested[9])', call('attribute_not_exists', path('nested[9]')), true],
    ['attribute_not_exists(s)', call('attribute_not_exists', path('s')), false],
    ['attribute_type(s, S)', call('attribute_type', path('s'), value(S('S'))), true],
    ['attribute_type(s, N)', call('attribute_type', path('s'), value(S('N'))), false],
    ['attribute_type(nul, NULL)', call('attribute_type', path('nul'), value(S('NULL'))), true],
    ['attribute_type(t, BOOL)', call('attribute_type', path('t'), value(S('BOOL'))), true],
    ['attribute_type(l, L)', call('attribute_type', path('l'), value(S('L'))), true],
    ['attribute_type(m, M)', call('attribute_type', path('m'), value(S('M'))), true],
    ['attribute_type(ss, SS)', call('attribute_type', path('ss'), value(S('SS'))), true],
    ['attribute_type(ns, NS)', call('attribute_type', path('ns'), value(S('NS'))), true],
    ['attribute_type(bs, BS)', call('attribute_type', path('bs'), value(S('BS'))), true],
    ['attribute_type(b, B)', call('attribute_type', path('b'), value(S('B'))), true],
    ['attribute_type(nested[0], SS)', call('attribute_type', path('nested[0]'), value(S('SS'))), true],
    ['attribute_type(nope, S)', call('attribute_type', path('nope'), value(S('S'))), false],
  ]);
});

describe('begins_with', () => {
  check([
    ['begins_with(s, "ab")', call('begins_with', path('s'), value(S('ab'))), true],
    ['begins_with(s, "")', call('begins_with', path('s'), value(S(''))), true],
    ['begins_with(s, "abcd")', call('begins_with', path('s'), value(S('abcd'))), false],
    ['begins_with(b, 1,2)', call('begins_with', path('b'), value({ B: bytes(1, 2) })), true],
    ['begins_with(b, 2)', call('begins_with', path('b'), value({ B: bytes(2) })), false],
    ['begins_with(eb, empty)', call('begins_with', path('eb'), value({ B: bytes() })), true],
    ['begins_with(nested[3], 1)', call('begins_with', path('nested[3]'), value({ B: bytes(1) })), true],
    ['begins_with(ss, "x")', call('begins_with', path('ss'), value(S('x'))), false],
    ['begins_with(s, sx)', call('begins_with', path('s'), path('sx')), false],
    ['begins_with(s, n)', call('begins_with', path('s'), path('n')), false],
    ['begins_with(n, s)', call('begins_with', path('n'), path('s')), false],
    ['begins_with(nope, "a")', call('begins_with', path('nope'), value(S('a'))), false],
    ['begins_with(s, nope)', call('begins_with', path('s'), path('nope')), false],
  ]);
});

describe('contains', () => {
  check([
    ['contains(s, "bc")', call('contains', path('s'), value(S('bc'))), true],
    ['contains(s, "")', call('contains', path('s'), value(S(''))), true],
    ['contains(es, "")', call('contains', path('es'), value(S(''))), true],
    ['contains(s, N)', call('contains', path('s'), value(N('1'))), false],
    ['contains(s, BOOL)', call('contains', path('s'), value({ BOOL: true })), false],
    ['contains(s, SS)', call('contains', path('s'), value({ SS: ['a'] })), false],
    ['contains(ss, "x")', call('contains', path('ss'), value(S('x'))), true],
    ['contains(ss, N 1)', call('contains', path('ss'), value(N('1'))), false],
    ['contains(ss, SS [x]): a set is no member', call('contains', path('ss'), value({ SS: ['x'] })), false],
    ['contains(ss, L [])', call('contains', path('ss'), value({ L: [] })), false],
    ['contains(ns, 2.50)', call('contains', path('ns'), value(N('2.50'))), true],
    ['contains(ns, 2.5e0)', call('contains', path('ns'), value(N('2.5e0'))), true],
    ['contains(ns, S "1")', call('contains', path('ns'), value(S('1'))), false],
    ['contains(bs, B 2)', call('contains', path('bs'), value({ B: bytes(2) })), true],
    ['contains(b, B 2,3)', call('contains', path('b'), value({ B: bytes(2, 3) })), true],
    ['contains(b, B 1,3): contiguous only', call('contains', path('b'), value({ B: bytes(1, 3) })), false],
    ['contains(b, empty)', call('contains', path('b'), value({ B: bytes() })), true],
    ['contains(eb, empty)', call('contains', path('eb'), value({ B: bytes() })), true],
    ['contains(l, N 1.0)', call('contains', path('l'), value(N('1.0'))), true],
    ['contains(l, M {z: 1})', call('contains', path('l'), value({ M: { z: N('1') } })), true],
    ['contains(l, S "a")', call('contains', path('l'), value(S('a'))), true],
    ['contains(l, L [1]): no such element', call('contains', path('l'), value({ L: [N('1')] })), false],
    ['contains(nested, SS [b, a])', call('contains', path('nested'), value({ SS: ['b', 'a'] })), true],
    ['contains(nested, L [1.0])', call('contains', path('nested'), value({ L: [N('1.0')] })), true],
    ['contains(nested, M {k: NS [1.00]})', call('contains', path('nested'), value({ M: { k: { NS: ['1.00'] } } })), true],
    ['contains(nested, B 1,2)', call('contains', path('nested'), value({ B: bytes(1, 2) })), true],
    ['contains(nested, B 1): elements, not bytes', call('contains', path('nested'), value({ B: bytes(1) })), false],
    ['contains(nested, NS [1])', call('contains', path('nested'), value({ NS: ['1'] })), false],
    ['contains(m, "a"): maps contain nothing', call('contains', path('m'), value(S('a'))), false],
    ['contains(n, N 1)', call('contains', path('n'), value(N('1'))), false],
    ['contains(nope, "a")', call('contains', path('nope'), value(S('a'))), false],
    ['contains(s, nope)', call('contains', path('s'), path('nope')), false],
    ['contains(s, n)', call('contains', path('s'), path('n')), false],
    ['contains(nested, ab)', call('contains', path('nested'), path('ab')), true],
    ['contains(nested, ss)', call('contains', path('nested'), path('ss')), false],
  ]);
});

describe('AND, OR, NOT', () => {
  const yes = call('attribute_exists', path('s'));
  const no = call('attribute_exists', path('nope'));
  check([
    ['yes AND yes', and(yes, yes), true],
    ['yes AND no', and(yes, no), false],
    ['no OR yes', or(no, yes), true],
    ['no OR no', or(no, no), false],
    ['NOT no', not(no), true],
    ['NOT yes OR s = "abc"', or(not(yes), compare(path('s'), '=', value(S('abc')))), true],
    ['NOT (yes AND (no OR yes))', not(and(yes, or(no, yes))), false],
  ]);
});

describe('helpers', () => {
  it('resolveOperand gives size() as a shared N without allocating for small sizes', () => {
    const first = resolveOperand(size('ss'), ITEM);
    expect(first).toEqual({ N: '2' });
    expect(resolveOperand(size('ns'), ITEM)).toBe(first);
    expect(sizeOf({ L: new Array<AttributeValue>(5000).fill(N('1')) })).toEqual({ N: '5000' });
  });

  it('compareOperands and compareScalars follow the contract', () => {
    expect(compareOperands('<>', undefined, undefined)).toBe(true);
    expect(compareOperands('=', undefined, undefined)).toBe(false);
    expect(compareScalars(S('a'), S('b'))).toBeLessThan(0);
    expect(compareScalars({ B: bytes(2) }, { B: bytes(1, 9) })).toBeGreaterThan(0);
    expect(compareScalars({ BOOL: true }, { BOOL: true })).toBeNaN();
  });

  it('beginsWith and contains handle prefixes longer than the value', () => {
    expect(beginsWith({ B: bytes(1) }, { B: bytes(1, 2) })).toBe(false);
    expect(contains({ B: bytes(1) }, { B: bytes(1, 2) })).toBe(false);
    expect(contains({ S: 'a' }, { S: 'ab' })).toBe(false);
  });

  it('does not find attributes inherited from Object.prototype', () => {
    const item: Item = JSON.parse('{"__proto__": {"S": "own"}}') as Item;
    expect(evaluateCondition(call('attribute_exists', path('constructor')), ITEM)).toBe(false);
    expect(evaluateCondition(call('attribute_exists', path('toString')), {})).toBe(false);
    expect(evaluateCondition(call('attribute_exists', path('__proto__')), {})).toBe(false);
    expect(evaluateCondition(compare(path('__proto__'), '=', value(S('own'))), item)).toBe(true);
    expect(evaluateCondition(call('attribute_exists', path('m.constructor')), ITEM)).toBe(false);
  });
});

describe('properties', () => {
  const scalar = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 6 }).map(S),
    fc.integer({ min: -1000, max: 1000 }).map((n) => N(String(n))),
    fc.uint8Array({ maxLength: 4 }).map((b): AttributeValue => ({ B: b })),
  );
  const operand = fc.option(scalar, { nil: undefined });

  it('NOT (a = b) is exactly a <> b, also for missing operands', () => {
    fc.assert(
      fc.property(operand, operand, (a, b) => {
        expect(compareOperands('<>', a, b)).toBe(!compareOperands('=', a, b));
      }),
    );
  });

  it('BETWEEN is >= low AND <= high', () => {
    fc.assert(
      fc.property(operand, operand, operand, (x, low, high) => {
        const item: Item = {};
        if (x) item.x = x;
        if (low) item.low = low;
        if (high) item.high = high;
        const expected = evaluateCondition(and(compare(path('x'), '>=', path('low')), compare(path('x'), '<=', path('high'))), item);
        expect(evaluateCondition(between(path('x'), path('low'), path('high')), item)).toBe(expected);
      }),
    );
  });

  it('ordering comparators agree with each other (a < b ⇔ b > a; <= is < or =)', () => {
    fc.assert(
      fc.property(scalar, scalar, (a, b) => {
        expect(compareOperands('<', a, b)).toBe(compareOperands('>', b, a));
        const sameType = Object.keys(a)[0] === Object.keys(b)[0];
        expect(compareOperands('<=', a, b)).toBe(sameType && (compareOperands('<', a, b) || compareOperands('=', a, b)));
      }),
    );
  });

  it('IN is an OR of =', () => {
    fc.assert(
      fc.property(operand, fc.array(scalar, { minLength: 1, maxLength: 5 }), (x, list) => {
        const item: Item = x ? { x } : {};
        const expected = list.some((candidate) => compareOperands('=', x, candidate));
        expect(evaluateCondition(isIn(path('x'), ...list.map(value)), item)).toBe(expected);
      }),
    );
  });
});
