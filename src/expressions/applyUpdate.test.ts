import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addValue, applyUpdate, deleteMembers, evaluateSetValue, findPathOverlap, formatDocumentPath } from './applyUpdate';
import { attributeValuesEqual, sortSetMembers } from './attributeValues';
import { isDynamoDBError } from './errors';
import { add, arithmetic, deepFreeze, del, ifNotExists, listAppend, path, remove, set, size, update, value } from './evaluate.fixtures';
import type { Item, PreparedUpdate } from './prepared';

const bytes = (...values: number[]) => Uint8Array.from(values);
const S = (s: string): AttributeValue => ({ S: s });
const N = (n: string): AttributeValue => ({ N: n });

/** The item the DynamoDB Local probes updated (UpdateItem, ReturnValues ALL_NEW). */
const BASE: Item = deepFreeze({
  s: S('abc'),
  n: N('10'),
  ss: { SS: ['x', 'y'] },
  ns: { NS: ['1', '2.5'] },
  bs: { BS: [bytes(1), bytes(2)] },
  l: { L: [N('0'), N('1'), N('2'), N('3')] },
  m: { M: { a: N('1'), sub: { M: {} } } },
  t: { BOOL: true },
});

/** BASE with some attributes replaced (`undefined`: removed). */
function changed(overrides: Record<string, AttributeValue | undefined>): Item {
  const item: Item = { ...BASE };
  for (const [name, attributeValue] of Object.entries(overrides)) {
    if (attributeValue === undefined) delete item[name];
    else item[name] = attributeValue;
  }
  return item;
}

const INVALID_PATH = 'The document path provided in the update expression is invalid for update';
const WRONG_TYPE = 'An operand in the update expression has an incorrect data type';
const MISSING = 'The provided expression refers to an attribute that does not exist in the item';
const OVERFLOW = 'Number overflow. Attempting to store a number with magnitude larger than supported range';
const UNDERFLOW = 'Number underflow. Attempting to store a number with magnitude smaller than supported range';

type Case = readonly [expression: string, update: PreparedUpdate, expected: Item | { readonly error: string }];

function check(cases: readonly Case[], base: Item = BASE) {
  it.each(cases)('%s', (_expression, prepared, expected) => {
    if ('error' in expected) {
      let thrown: unknown;
      try {
        applyUpdate(prepared, base);
      } catch (error) {
        thrown = error;
      }
      expect(isDynamoDBError(thrown, 'ValidationException')).toBe(true);
      expect((thrown as Error).message).toBe(expected.error);
    } else {
      expect(applyUpdate(prepared, base)).toEqual(expected);
    }
  });
}

// Every case was run on DynamoDB Local 3.3.1 against BASE; differences from real DynamoDB are commented.
describe('SET', () => {
  check([
    ['SET x = :v', update(set('x', value(S('new')))), changed({ x: S('new') })],
    ['SET s = :v (type change)', update(set('s', value({ SS: ['a'] }))), changed({ s: { SS: ['a'] } })],
    // DynamoDB Local stores `001.10` as given here (it normalises PutItem values but not SET values);
    // DynamoDB normalises every number it stores, and so do we.
    ['SET w = :v (001.10)', update(set('w', value(N('001.10')))), changed({ w: N('1.1') })],
    ['SET l[1] = :v', update(set('l[1]', value(S('q')))), changed({ l: { L: [N('0'), S('q'), N('2'), N('3')] } })],
    ['SET l[10] = :v appends', update(set('l[10]', value(S('end')))), changed({ l: { L: [N('0'), N('1'), N('2'), N('3'), S('end')] } })],
    [
      'SET l[10] = :a, l[20] = :b',
      update(set('l[10]', value(S('a'))), set('l[20]', value(S('b')))),
      changed({ l: { L: [N('0'), N('1'), N('2'), N('3'), S('a'), S('b')] } }),
    ],
    [
      'SET l[20] = :a, l[10] = :b appends in index order',
      update(set('l[20]', value(S('a'))), set('l[10]', value(S('b')))),
      changed({ l: { L: [N('0'), N('1'), N('2'), N('3'), S('b'), S('a')] } }),
    ],
    ['SET m.x = :v', update(set('m.x', value(S('a')))), changed({ m: { M: { a: N('1'), sub: { M: {} }, x: S('a') } } })],
    ['SET m.sub.z = :v', update(set('m.sub.z', value(S('a')))), changed({ m: { M: { a: N('1'), sub: { M: { z: S('a') } } } } })],
    ['SET m.x.y = :v (missing parent)', update(set('m.x.y', value(S('a')))), { error: INVALID_PATH }],
    ['SET nope.x = :v', update(set('nope.x', value(S('a')))), { error: INVALID_PATH }],
    ['SET s.x = :v (through a string)', update(set('s.x', value(S('a')))), { error: INVALID_PATH }],
    ['SET l[0].x = :v (through a number)', update(set('l[0].x', value(S('a')))), { error: INVALID_PATH }],
    ['SET m[0] = :v (index into a map)', update(set('m[0]', value(S('a')))), { error: INVALID_PATH }],
    ['SET l.k = :v (name into a list)', update(set('l.k', value(S('a')))), { error: INVALID_PATH }],
    ['SET s[0] = :v', update(set('s[0]', value(S('a')))), { error: INVALID_PATH }],
    ['SET nope[0] = :v', update(set('nope[0]', value(S('a')))), { error: INVALID_PATH }],
    ['SET l[7].x = :v (past the end)', update(set('l[7].x', value(S('a')))), { error: INVALID_PATH }],
    ['SET x = n', update(set('x', path('n'))), changed({ x: N('10') })],
    ['SET x = m.a', update(set('x', path('m.a'))), changed({ x: N('1') })],
    ['SET x = s.x (missing)', update(set('x', path('s.x'))), { error: MISSING }],
    ['SET x = l[9] (missing)', update(set('x', path('l[9]'))), { error: MISSING }],
  ]);
});

describe('SET arithmetic', () => {
  const numbers = (a: string, operator: '+' | '-', b: string) => update(set('x', arithmetic(value(N(a)), operator, value(N(b)))));
  check([
    ['SET x = n + :v', update(set('x', arithmetic(path('n'), '+', value(N('0.5'))))), changed({ x: N('10.5') })],
    ['SET x = n - :v', update(set('x', arithmetic(path('n'), '-', value(N('10'))))), changed({ x: N('0') })],
    ['SET x = m.a + :v', update(set('x', arithmetic(path('m.a'), '+', value(N('5'))))), changed({ x: N('6') })],
    ['SET x = l[1] - l[2]', update(set('x', arithmetic(path('l[1]'), '-', path('l[2]')))), changed({ x: N('-1') })],
    ['SET n = n + :v', update(set('n', arithmetic(path('n'), '+', value(N('1'))))), changed({ n: N('11') })],
    ['SET x = nope + :v', update(set('x', arithmetic(path('nope'), '+', value(N('1'))))), { error: MISSING }],
    ['SET x = :v + nope', update(set('x', arithmetic(value(N('1')), '+', path('nope')))), { error: MISSING }],
    ['SET x = s + :v', update(set('x', arithmetic(path('s'), '+', value(N('1'))))), { error: WRONG_TYPE }],
    ['SET x = :v + s', update(set('x', arithmetic(value(N('1')), '+', path('s')))), { error: WRONG_TYPE }],
    // Left operand first, fully: missing before wrong type, and wrong type before looking right.
    ['SET x = nope + s', update(set('x', arithmetic(path('nope'), '+', path('s')))), { error: MISSING }],
    ['SET x = s + nope', update(set('x', arithmetic(path('s'), '+', path('nope')))), { error: WRONG_TYPE }],
    ['SET x = l[9] - l[2]', update(set('x', arithmetic(path('l[9]'), '-', path('l[2]')))), { error: MISSING }],
    ['0.1 + 0.2', numbers('0.1', '+', '0.2'), changed({ x: N('0.3') })],
    ['1E+37 + 1', numbers('1E+37', '+', '1'), changed({ x: N('10000000000000000000000000000000000001') })],
    ['38 nines + 1', numbers('99999999999999999999999999999999999999', '+', '1'), changed({ x: N('100000000000000000000000000000000000000') })],
    // DynamoDB Local: "1.50 + 1" gives "2.50" and "1E-130 - 1E-130" gives "0." and 130 zeros; DynamoDB normalises.
    ['1.50 + 1', numbers('1.50', '+', '1'), changed({ x: N('2.5') })],
    ['1E-130 - 1E-130', numbers('1E-130', '-', '1E-130'), changed({ x: N('0') })],
    ['1 - 3.25', numbers('1', '-', '3.25'), changed({ x: N('-2.25') })],
    ['2E-130 - 1E-130', numbers('2E-130', '-', '1E-130'), changed({ x: N(`0.${'0'.repeat(129)}1`) })],
    // A result needing more than 38 significant digits is refused, never rounded. DynamoDB Local says
    // "DynamoDB only supports precision up to 38 digits"; real DynamoDB answers with the overflow text
    // (scylladb test/alternator/test_number.py, test_update_expression_plus_imprecise, run against AWS).
    ['1E+38 + 1', numbers('1E+38', '+', '1'), { error: OVERFLOW }],
    ['1e50 + 1', numbers('1e50', '+', '1'), { error: OVERFLOW }],
    ['1e50 - 1', numbers('1e50', '-', '1'), { error: OVERFLOW }],
    ['38 nines + 0.1', numbers('99999999999999999999999999999999999999', '+', '0.1'), { error: OVERFLOW }],
    ['38 digits + 0.5', numbers('12345678901234567890123456789012345678', '+', '0.5'), { error: OVERFLOW }],
    ['1 + 1e-50', numbers('1', '+', '1e-50'), { error: OVERFLOW }],
    ['1E+125 + 1E-130', numbers('1E+125', '+', '1E-130'), { error: OVERFLOW }],
    ['9e125 + 9e125', numbers('9e125', '+', '9e125'), { error: OVERFLOW }],
    ['9e125 - -9e125', numbers('9e125', '-', '-9e125'), { error: OVERFLOW }],
    ['max + max', numbers('9.9999999999999999999999999999999999999E+125', '+', '9.9999999999999999999999999999999999999E+125'), { error: OVERFLOW }],
    ['1.1E-130 - 1E-130', numbers('1.1E-130', '-', '1E-130'), { error: UNDERFLOW }],
  ]);
});

describe('if_not_exists and list_append', () => {
  const tail = value({ L: [S('z')] });
  check([
    ['SET x = if_not_exists(nope, :v)', update(set('x', ifNotExists('nope', value(S('fb'))))), changed({ x: S('fb') })],
    ['SET x = if_not_exists(n, :v)', update(set('x', ifNotExists('n', value(S('fb'))))), changed({ x: N('10') })],
    ['SET x = if_not_exists(s.x, :v)', update(set('x', ifNotExists('s.x', value(N('1'))))), changed({ x: N('1') })],
    ['SET x = if_not_exists(nope, nope2)', update(set('x', ifNotExists('nope', path('nope2')))), { error: MISSING }],
    ['SET x = if_not_exists(nope, s)', update(set('x', ifNotExists('nope', path('s')))), changed({ x: S('abc') })],
    // The fallback is evaluated even when the path exists, so a missing fallback path fails.
    ['SET x = if_not_exists(s, nope)', update(set('x', ifNotExists('s', path('nope')))), { error: MISSING }],
    ['SET x = if_not_exists(s, l[5])', update(set('x', ifNotExists('s', path('l[5]')))), { error: MISSING }],
    ['SET x = if_not_exists(n, nope) + :v', update(set('x', arithmetic(ifNotExists('n', path('nope')), '+', value(N('1'))))), { error: MISSING }],
    ['SET x = if_not_exists(nope, :zero) + :v', update(set('x', arithmetic(ifNotExists('nope', value(N('0'))), '+', value(N('5'))))), changed({ x: N('5') })],
    ['SET x = list_append(l, :v)', update(set('x', listAppend(path('l'), tail))), changed({ x: { L: [N('0'), N('1'), N('2'), N('3'), S('z')] } })],
    ['SET x = list_append(:v, l)', update(set('x', listAppend(tail, path('l')))), changed({ x: { L: [S('z'), N('0'), N('1'), N('2'), N('3')] } })],
    ['SET l = list_append(l, l)', update(set('l', listAppend(path('l'), path('l')))), changed({ l: { L: [...(BASE.l?.L ?? []), ...(BASE.l?.L ?? [])] } })],
    ['SET x = list_append(nope, :v)', update(set('x', listAppend(path('nope'), tail))), { error: MISSING }],
    ['SET x = list_append(s, :v)', update(set('x', listAppend(path('s'), tail))), { error: WRONG_TYPE }],
    ['SET x = list_append(:v, s)', update(set('x', listAppend(tail, path('s')))), { error: WRONG_TYPE }],
    [
      'SET x = list_append(if_not_exists(nope, :empty), :v)',
      update(set('x', listAppend(ifNotExists('nope', value({ L: [] })), tail))),
      changed({ x: { L: [S('z')] } }),
    ],
  ]);
});

describe('REMOVE', () => {
  check([
    ['REMOVE s', update(remove('s')), changed({ s: undefined })],
    ['REMOVE nope', update(remove('nope')), BASE],
    ['REMOVE l[0], l[2]: original indexes', update(remove('l[0]'), remove('l[2]')), changed({ l: { L: [N('1'), N('3')] } })],
    ['REMOVE l[2], l[0]', update(remove('l[2]'), remove('l[0]')), changed({ l: { L: [N('1'), N('3')] } })],
    ['REMOVE l[10]: past the end', update(remove('l[10]')), BASE],
    ['REMOVE l[0], l[1], l[2], l[3], l[4]', update(remove('l[0]'), remove('l[1]'), remove('l[2]'), remove('l[3]'), remove('l[4]')), changed({ l: { L: [] } })],
    ['REMOVE m.a, m.zz', update(remove('m.a'), remove('m.zz')), changed({ m: { M: { sub: { M: {} } } } })],
    ['REMOVE nope.x', update(remove('nope.x')), { error: INVALID_PATH }],
    ['REMOVE s.x', update(remove('s.x')), { error: INVALID_PATH }],
    ['REMOVE s[0]', update(remove('s[0]')), { error: INVALID_PATH }],
    ['REMOVE m[0]', update(remove('m[0]')), { error: INVALID_PATH }],
    ['REMOVE l.k', update(remove('l.k')), { error: INVALID_PATH }],
  ]);
});

describe('ADD', () => {
  check([
    ['ADD n :v', update(add('n', N('-10.5'))), changed({ n: N('-0.5') })],
    ['ADD nope :v (N)', update(add('nope', N('2'))), changed({ nope: N('2') })],
    ['ADD nope :v (2.50)', update(add('nope', N('2.50'))), changed({ nope: N('2.5') })],
    ['ADD ss :v', update(add('ss', { SS: ['y', 'z'] })), changed({ ss: { SS: ['x', 'y', 'z'] } })],
    ['ADD ss :v (nothing new)', update(add('ss', { SS: ['y'] })), BASE],
    ['ADD nope :v (SS)', update(add('nope', { SS: ['y', 'z'] })), changed({ nope: { SS: ['y', 'z'] } })],
    ['ADD ns :v (1.0 is 1)', update(add('ns', { NS: ['1.0', '3'] })), changed({ ns: { NS: ['1', '2.5', '3'] } })],
    ['ADD bs :v', update(add('bs', { BS: [bytes(2), bytes(3)] })), changed({ bs: { BS: [bytes(1), bytes(2), bytes(3)] } })],
    ['ADD m.x :v', update(add('m.x', N('1'))), changed({ m: { M: { a: N('1'), sub: { M: {} }, x: N('1') } } })],
    ['ADD l[1] :v', update(add('l[1]', N('1'))), changed({ l: { L: [N('0'), N('2'), N('2'), N('3')] } })],
    ['ADD l[9] :v appends', update(add('l[9]', N('1'))), changed({ l: { L: [N('0'), N('1'), N('2'), N('3'), N('1')] } })],
    ['ADD ss :v (NS)', update(add('ss', { NS: ['1'] })), { error: WRONG_TYPE }],
    ['ADD s :v (SS)', update(add('s', { SS: ['q'] })), { error: WRONG_TYPE }],
    ['ADD s :v (N)', update(add('s', N('1'))), { error: WRONG_TYPE }],
    ['ADD n :v (SS)', update(add('n', { SS: ['q'] })), { error: WRONG_TYPE }],
    ['ADD t :v (N)', update(add('t', N('1'))), { error: WRONG_TYPE }],
    ['ADD m.q.r :v', update(add('m.q.r', N('1'))), { error: INVALID_PATH }],
    ['ADD m[0] :v', update(add('m[0]', N('1'))), { error: INVALID_PATH }],
    // DynamoDB Local: "DynamoDB only supports precision up to 38 digits" (see SET arithmetic).
    ['ADD n :v (38 nines)', update(add('n', N('99999999999999999999999999999999999999'))), { error: OVERFLOW }],
  ]);
});

describe('DELETE', () => {
  check([
    ['DELETE ss :v', update(del('ss', { SS: ['y', 'q'] })), changed({ ss: { SS: ['x'] } })],
    ['DELETE ss :v (every member)', update(del('ss', { SS: ['x', 'y'] })), changed({ ss: undefined })],
    ['DELETE ns :v (1.00 is 1)', update(del('ns', { NS: ['1.00'] })), changed({ ns: { NS: ['2.5'] } })],
    ['DELETE ns :v (all, and more)', update(del('ns', { NS: ['2.50', '1', '3'] })), changed({ ns: undefined })],
    ['DELETE bs :v', update(del('bs', { BS: [bytes(1)] })), changed({ bs: { BS: [bytes(2)] } })],
    ['DELETE ss :v (no member present)', update(del('ss', { SS: ['q'] })), BASE],
    ['DELETE nope :v', update(del('nope', { SS: ['x'] })), BASE],
    ['DELETE m.nope :v', update(del('m.nope', { SS: ['x'] })), BASE],
    ['DELETE l[9] :v', update(del('l[9]', { SS: ['x'] })), BASE],
    ['DELETE nope.x :v', update(del('nope.x', { SS: ['x'] })), { error: INVALID_PATH }],
    ['DELETE ss :v (NS)', update(del('ss', { NS: ['1'] })), { error: WRONG_TYPE }],
    ['DELETE s :v (SS)', update(del('s', { SS: ['a'] })), { error: WRONG_TYPE }],
    ['DELETE l[0] :v (N element)', update(del('l[0]', { SS: ['a'] })), { error: WRONG_TYPE }],
  ]);
});

describe('actions together: everything reads the original item', () => {
  check([
    ['SET a = :v, b = a', update(set('a', value(S('new'))), set('b', path('a'))), { error: MISSING }],
    ['SET s = :v, b = s', update(set('s', value(S('new'))), set('b', path('s'))), changed({ s: S('new'), b: S('abc') })],
    ['SET b = s, s = :v', update(set('b', path('s')), set('s', value(S('new')))), changed({ s: S('new'), b: S('abc') })],
    ['SET b = s REMOVE s', update(set('b', path('s')), remove('s')), changed({ s: undefined, b: S('abc') })],
    ['SET n = n + :v, b = n', update(set('n', arithmetic(path('n'), '+', value(N('1')))), set('b', path('n'))), changed({ n: N('11'), b: N('10') })],
    ['SET l[5] = :v REMOVE l[0]', update(set('l[5]', value(S('q'))), remove('l[0]')), changed({ l: { L: [N('1'), N('2'), N('3'), S('q')] } })],
    ['REMOVE l[0] SET l[1] = :v', update(remove('l[0]'), set('l[1]', value(S('q')))), changed({ l: { L: [S('q'), N('2'), N('3')] } })],
    ['SET l[1] = :v REMOVE l[0]', update(set('l[1]', value(S('q'))), remove('l[0]')), changed({ l: { L: [S('q'), N('2'), N('3')] } })],
    ['REMOVE l[0] ADD l[1] :v', update(remove('l[0]'), add('l[1]', N('5'))), changed({ l: { L: [N('6'), N('2'), N('3')] } })],
    ['SET m.newkey = :v REMOVE m.a', update(set('m.newkey', value(S('q'))), remove('m.a')), changed({ m: { M: { sub: { M: {} }, newkey: S('q') } } })],
    // Errors: the first failing action in order; within one action its path before its value.
    ['SET x.y = nope: path before value', update(set('x.y', path('nope'))), { error: INVALID_PATH }],
    ['SET x.y = s + :v: path before value', update(set('x.y', arithmetic(path('s'), '+', value(N('1'))))), { error: INVALID_PATH }],
    ['SET l[5].y = nope: path before value', update(set('l[5].y', path('nope'))), { error: INVALID_PATH }],
    ['SET x.y = :v ADD s :v', update(set('x.y', value(N('1'))), add('s', N('1'))), { error: INVALID_PATH }],
    ['ADD s :v REMOVE q.r', update(add('s', N('1')), remove('q.r')), { error: WRONG_TYPE }],
    [
      'SET b = s + :v, a = nope + :v',
      update(set('b', arithmetic(path('s'), '+', value(N('1')))), set('a', arithmetic(path('nope'), '+', value(N('1'))))),
      { error: WRONG_TYPE },
    ],
    // With several failing actions, DynamoDB Local reports the error of one chosen by an internal order of
    // the top-level attribute names (Java HashMap iteration, the last failing name winning), not by position:
    // it answers MISSING (z's error) for the first case below, WRONG_TYPE (b's) for the second and WRONG_TYPE
    // (s's) for the third. DynamoDB documents no order; Keylab reports the first failing action.
    ['SET x.y = :v, z = nope + :v', update(set('x.y', value(N('1'))), set('z', arithmetic(path('nope'), '+', value(N('1'))))), { error: INVALID_PATH }],
    [
      'SET a = nope + :v, b = s + :v',
      update(set('a', arithmetic(path('nope'), '+', value(N('1')))), set('b', arithmetic(path('s'), '+', value(N('1'))))),
      { error: MISSING },
    ],
    ['REMOVE q.r ADD s :v', update(remove('q.r'), add('s', N('1'))), { error: INVALID_PATH }],
  ]);

  const twoElements: Item = deepFreeze({ l: { L: [N('0'), N('1')] } });
  check(
    [
      [
        'SET l[2] = :v, l[4] = :w REMOVE l[0]',
        update(set('l[2]', value(S('v'))), set('l[4]', value(S('w'))), remove('l[0]')),
        { l: { L: [N('1'), S('v'), S('w')] } },
      ],
      ['SET l[3] = :v REMOVE l[1]', update(set('l[3]', value(S('x'))), remove('l[1]')), { l: { L: [N('0'), S('x')] } }],
      ['REMOVE l[0], l[1], l[2]', update(remove('l[0]'), remove('l[1]'), remove('l[2]')), { l: { L: [] } }],
      ['SET x = l[2] (past the end)', update(set('x', path('l[2]'))), { error: MISSING }],
    ],
    twoElements,
  );

  check(
    [
      ['REMOVE l[1] SET l[0].a = :v', update(remove('l[1]'), set('l[0].a', value(S('v')))), { l: { L: [{ M: { a: S('v') } }] } }],
      ['DELETE l[1] :v (last member removes the element)', update(del('l[1]', { SS: ['a'] })), { l: { L: [{ M: {} }] } }],
      ['ADD l[1] :v', update(add('l[1]', { SS: ['b'] })), { l: { L: [{ M: {} }, { SS: ['a', 'b'] }] } }],
    ],
    deepFreeze({ l: { L: [{ M: {} }, { SS: ['a'] }] } }),
  );
});

describe('overlapping paths', () => {
  const overlap = (one: string, two: string) =>
    `Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: ${one}, path two: ${two}`;
  check([
    ['SET a = :v REMOVE a', update(set('a', value(N('0'))), remove('a')), { error: overlap('[a]', '[a]') }],
    ['SET a = :v, a.b = :v', update(set('a', value(N('0'))), set('a.b', value(N('0')))), { error: overlap('[a]', '[a, b]') }],
    ['SET a.b = :v REMOVE a', update(set('a.b', value(N('0'))), remove('a')), { error: overlap('[a, b]', '[a]') }],
    ['SET l[1] = :v REMOVE l[1]', update(set('l[1]', value(N('0'))), remove('l[1]')), { error: overlap('[l, [1]]', '[l, [1]]') }],
    [
      'SET a[0] = :v, a.b = :v',
      update(set('a[0]', value(N('1'))), set('a.b', value(N('1')))),
      {
        error:
          'Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [0]], path two: [a, b]',
      },
    ],
  ]);

  it('findPathOverlap accepts disjoint paths and formats paths as DynamoDB does', () => {
    expect(findPathOverlap([['a', 'b'], ['a', 'c'], ['l', 0], ['l', 1], ['b']])).toBeUndefined();
    expect(findPathOverlap([['x'], ['a', 'b'], ['c'], ['a']])?.message).toContain('path one: [a, b], path two: [a]');
    expect(formatDocumentPath(['a', 0, 'b', 12])).toBe('[a, [0], b, [12]]');
  });
});

describe('helpers', () => {
  it('addValue and deleteMembers work on large sets too', () => {
    const members = Array.from({ length: 40 }, (_, i) => String(i));
    const added = addValue({ NS: members }, { NS: ['5.0', '40', '41.50'] });
    expect(added.NS).toEqual([...members, '40', '41.5']);
    const rest = deleteMembers(added, { NS: [...members.map((m) => `${m}.0`), '40'] });
    expect(rest).toEqual({ NS: ['41.5'] });
    expect(deleteMembers({ SS: ['a'] }, { SS: ['b'] })).toEqual({ SS: ['a'] });
  });

  it('evaluateSetValue computes size() and normalises nested numbers of values', () => {
    expect(evaluateSetValue(size('l'), BASE)).toEqual({ N: '4' });
    expect(() => evaluateSetValue(size('n'), BASE)).toThrow(MISSING);
    expect(evaluateSetValue(value({ M: { a: { L: [N('1.0'), { NS: ['2.00'] }] } } }), BASE)).toEqual({ M: { a: { L: [N('1'), { NS: ['2'] }] } } });
  });

  it('errors point at the UpdateExpression', () => {
    try {
      applyUpdate(update(set('x', arithmetic(value(N('9e125')), '+', value(N('9e125'))))), BASE);
      expect.unreachable();
    } catch (error) {
      expect(isDynamoDBError(error) && error.location.expression).toBe('UpdateExpression');
    }
  });

  it('handles an attribute named __proto__ as an ordinary attribute', () => {
    const result = applyUpdate(update(set('__proto__', value(S('x')))), {});
    expect(Object.keys(result)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(applyUpdate(update(remove('__proto__')), result)).toEqual({});
  });
});

describe('properties', () => {
  const scalar = fc.oneof(
    fc.string({ maxLength: 4 }).map(S),
    fc.integer({ min: -50, max: 50 }).map((n) => N(String(n))),
    fc.constant<AttributeValue>({ NULL: true }),
  );
  const attributeValue = fc.letrec<{ value: AttributeValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('value'), { maxLength: 3 }).map((L): AttributeValue => ({ L })),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }).map((M): AttributeValue => ({ M })),
      fc.uniqueArray(fc.constantFrom('p', 'q', 'r'), { minLength: 1 }).map((SS): AttributeValue => ({ SS })),
    ),
  })).value;
  const item = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), attributeValue, { maxKeys: 4 });
  const step = fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 3 }));
  const target = fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.array(step, { maxLength: 2 })).map(([first, rest]) => [first, ...rest]);
  const action = fc.oneof(
    fc.record({
      kind: fc.constant('SET' as const),
      path: target,
      value: fc.oneof(
        attributeValue.map((v) => ({ kind: 'value' as const, value: v })),
        target.map((p) => ({ kind: 'path' as const, path: p })),
      ),
    }),
    fc.record({ kind: fc.constant('REMOVE' as const), path: target }),
    fc.record({
      kind: fc.constant('ADD' as const),
      path: target,
      value: fc.oneof(fc.constant<AttributeValue>({ N: '1' }), fc.constant<AttributeValue>({ SS: ['q', 's'] })),
    }),
    fc.record({ kind: fc.constant('DELETE' as const), path: target, value: fc.constant<AttributeValue>({ SS: ['p', 'q'] }) }),
  );

  it('never mutates its input', () => {
    fc.assert(
      fc.property(item, fc.array(action, { maxLength: 4 }), (input, actions) => {
        const snapshot = structuredClone(input);
        deepFreeze(input);
        try {
          applyUpdate({ actions }, input);
        } catch (error) {
          if (!isDynamoDBError(error)) throw error;
        }
        expect(input).toEqual(snapshot);
      }),
    );
  });

  it('ADD then DELETE of a fresh member restores the set', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 20 }), fc.string({ maxLength: 5 }), (members, fresh) => {
        fc.pre(!members.includes(fresh));
        // Sorted, as stored sets are (sortSetMembers): ADD keeps them so, DELETE keeps the order.
        const start: Item = { s: { SS: sortSetMembers('SS', [...members]) } };
        const added = applyUpdate(update(add('s', { SS: [fresh] })), start);
        expect(added.s?.SS).toHaveLength(members.length + 1);
        expect(applyUpdate(update(del('s', { SS: [fresh] })), added)).toEqual(start);
      }),
    );
  });

  it('ADD then DELETE of fresh numbers restores a number set, whatever their spelling', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1001, max: 2000 }),
        (members, fresh) => {
          const start: Item = { s: { NS: sortSetMembers('NS', members.map(String)) } };
          const added = applyUpdate(update(add('s', { NS: [`${fresh}.0`] })), start);
          const restored = applyUpdate(update(del('s', { NS: [`${fresh}e0`] })), added);
          expect(restored).toEqual(start);
        },
      ),
    );
  });

  it('number arithmetic matches a BigInt oracle on integers', () => {
    const integer = fc.bigInt({ min: -(10n ** 37n), max: 10n ** 37n });
    fc.assert(
      fc.property(integer, integer, fc.constantFrom('+' as const, '-' as const), (a, b, operator) => {
        const result = applyUpdate(update(set('x', arithmetic(value(N(String(a))), operator, value(N(String(b)))))), {});
        expect(result.x).toEqual(N(String(operator === '+' ? a + b : a - b)));
      }),
    );
  });

  it('ADD of a number equals SET x = x + n', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: -1e6, max: 1e6 }), (start, scale, delta) => {
        const stored = N(String(start));
        const n = `${delta}e-${scale}`;
        const viaAdd = applyUpdate(update(add('x', N(n))), { x: stored });
        const viaSet = applyUpdate(update(set('x', arithmetic(path('x'), '+', value(N(n))))), { x: stored });
        expect(viaAdd).toEqual(viaSet);
        expect(attributeValuesEqual(viaAdd.x as AttributeValue, viaSet.x as AttributeValue)).toBe(true);
      }),
    );
  });
});
