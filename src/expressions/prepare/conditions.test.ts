/**
 * prepareExpressions, conditions (step 2, ./conditions.ts): functions and operands, their counts and types, BETWEEN and IN.
 * Unless a comment says otherwise, each message was checked on DynamoDB
 * Local 3.3.1 (more cases, replayed verbatim, in ../prepare.recordings.test.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { prepareExpressions } from './index';
import { filterMessage, N, S } from './prepare.fixtures';

describe('functions and operands', () => {
  it.each([
    // Unknown and misplaced functions, in document order with reserved words.
    ['whatever(a) = b', 'Invalid function name; function: whatever'],
    ['Size(a) = b', 'Invalid function name; function: Size'],
    ['size(a)', 'The function is not allowed to be used this way in an expression; function: size'],
    ['attribute_exists(a) = b', 'The function is not allowed to be used this way in an expression; function: attribute_exists'],
    ['size(contains(a, b)) > a', 'The function is not allowed to be used this way in an expression; function: contains'],
    ['a in (b, attribute_exists(c))', 'The function is not allowed to be used this way in an expression; function: attribute_exists'],
    ['if_not_exists(a, b) = :x', 'The function is not allowed in a condition expression; function: if_not_exists'],
    ['whatever(name) = :x', 'Invalid function name; function: whatever'],
    ['name = :x AND whatever(c)', 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['size(a) AND name = b', 'The function is not allowed to be used this way in an expression; function: size'],
    ['b[9999999999] = name', 'List index is not within the allowable range; index: [9999999999]'],
    ['a = b[ 2147483648 ]', 'List index is not within the allowable range; index: [2147483648]'],
    // Operand counts, children first, in document order.
    ['attribute_exists(a, b)', 'Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2'],
    ['size(a, b) = :x', 'Incorrect number of operands for operator or function; operator or function: size, number of operands: 2'],
    [':x = size(a, b)', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['begins_with(a, :n, :x)', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['c = :x AND attribute_exists(a, b)', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    // Distinct operands (paths after resolving names).
    ['a = a', 'The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]'],
    [
      'contains(#a.#b, a.b)',
      'The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b]',
    ],
    [
      'a BETWEEN a AND b',
      'The first operand must be distinct from the remaining operands for this operator or function; operator: BETWEEN, first operand: [a]',
    ],
    ['a IN (b, a)', 'The first operand must be distinct from the remaining operands for this operator or function; operator: IN, first operand: [a]'],
    [
      'contains(a.b[1], a.b[1])',
      'The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b, [1]]',
    ],
    // Paths.
    ['attribute_exists(:n)', 'Operator or function requires a document path; operator or function: attribute_exists'],
    ['attribute_exists(size(a))', 'Operator or function requires a document path; operator or function: attribute_exists'],
    [`a${'.b'.repeat(32)} = :n`, 'The document path has too many nesting levels; nesting levels: 33'],
    [`a${'[0]'.repeat(32)} = :n`, 'The document path has too many nesting levels; nesting levels: 33'],
  ])('%j', (text, message) => {
    expect(filterMessage(text, text.includes(':n') ? { ':n': N('1') } : undefined, text.includes('#a') ? { '#a': 'a', '#b': 'b' } : undefined)).toBe(
      `Invalid FilterExpression: ${message}`,
    );
  });

  it.each<[string, AttributeValue, string]>([
    ['begins_with(a, :v)', N('1'), 'operator or function: begins_with, operand type: N'],
    ['begins_with(:v, a)', { BOOL: true }, 'operator or function: begins_with, operand type: BOOL'],
    ['begins_with(a, :v)', { SS: ['x'] }, 'operator or function: begins_with, operand type: SS'],
    ['size(:v) = a', N('1'), 'operator or function: size, operand type: N'],
    ['size(:v) = a', { NULL: true }, 'operator or function: size, operand type: NULL'],
    ['a < :v', { BOOL: true }, 'operator or function: <, operand type: BOOL'],
    ['a >= :v', { L: [] }, 'operator or function: >=, operand type: L'],
    ['a BETWEEN :v AND :v', { SS: ['a'] }, 'operator or function: BETWEEN, operand type: SS'],
    ['attribute_type(a, :v)', N('1'), 'operator or function: attribute_type, operand type: N'],
  ])('%j with %j', (text, value, detail) => {
    expect(filterMessage(text, { ':v': value })).toBe(`Invalid FilterExpression: Incorrect operand type for operator or function; ${detail}`);
  });

  it('checks static types of size() too, and only what is known without an item', () => {
    expect(filterMessage('size(size(a)) = b')).toBe(
      'Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N',
    );
    expect(filterMessage('begins_with(a, size(b))')).toBe(
      'Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N',
    );
    expect(() =>
      prepareExpressions({ FilterExpression: 'a < b AND contains(:v, a) AND :v = :w', ExpressionAttributeValues: { ':v': N('1'), ':w': { M: {} } } }),
    ).not.toThrow();
  });

  it("checks attribute_type's type name", () => {
    expect(filterMessage('attribute_type(a, :t)', { ':t': S('ss') })).toBe(
      'Invalid FilterExpression: Invalid attribute type name found; type: ss, valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}',
    );
    // dynalite recorded this set from DynamoDB; DynamoDB Local lists internal types as well.
    expect(filterMessage('attribute_type(a, b)')).toBe(
      'Invalid FilterExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}',
    );
    for (const type of ['S', 'SS', 'N', 'NS', 'B', 'BS', 'BOOL', 'NULL', 'L', 'M']) {
      expect(() => prepareExpressions({ FilterExpression: 'attribute_type(a, :t)', ExpressionAttributeValues: { ':t': S(type) } })).not.toThrow();
    }
  });

  it.each<[AttributeValue, AttributeValue, string]>([
    [
      S('9'),
      S('1'),
      'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {S:1}',
    ],
    [
      S('9'),
      S('10'),
      'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {S:10}',
    ],
    [
      N('010'),
      N('9.50'),
      'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:010}, upper bound operand: AttributeValue: {N:9.50}',
    ],
    [
      S('9'),
      N('1'),
      'requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {N:1}',
    ],
    // DynamoDB Local shows a Java object for B; Keylab shows base64.
    [
      { B: Uint8Array.of(2) },
      { B: Uint8Array.of(1) },
      'requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {B:Ag==}, upper bound operand: AttributeValue: {B:AQ==}',
    ],
  ])('BETWEEN %j AND %j', (low, high, detail) => {
    expect(filterMessage('size(a) BETWEEN :lo AND :hi', { ':lo': low, ':hi': high })).toBe(`Invalid FilterExpression: The BETWEEN operator ${detail}`);
  });

  it('accepts BETWEEN with equal bounds, and numbers compared by value', () => {
    expect(() => prepareExpressions({ FilterExpression: 'a BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':lo': N('9'), ':hi': N('10') } })).not.toThrow();
    expect(() =>
      prepareExpressions({ FilterExpression: 'a BETWEEN :lo AND :hi', ExpressionAttributeValues: { ':lo': N('1e3'), ':hi': N('1000') } }),
    ).not.toThrow();
  });

  it('allows 100 IN operands, not 101', () => {
    const list = (count: number): string => `a IN (${Array.from({ length: count }, () => ':v').join(', ')})`;
    expect(() => prepareExpressions({ FilterExpression: list(100), ExpressionAttributeValues: { ':v': S('x') } })).not.toThrow();
    expect(filterMessage(list(101), { ':v': S('x') })).toBe(
      'Invalid FilterExpression: The IN operator is provided with too many operands; number of operands: 101',
    );
  });

  it('allows 300 operators (comparators, BETWEEN, IN, AND, OR, NOT, functions; not parentheses), and stops counting at 301', () => {
    const conditions = (count: number): string => Array.from({ length: count }, (_, n) => `a${n} = :v`).join(' AND ');
    expect(() => prepareExpressions({ FilterExpression: conditions(150), ExpressionAttributeValues: { ':v': S('x') } })).not.toThrow();
    expect(filterMessage(conditions(151), { ':v': S('x') })).toBe('Invalid FilterExpression: The expression contains too many operators; operator count: 301');
    expect(() => prepareExpressions({ FilterExpression: `${'NOT '.repeat(298)}size(a) = :v`, ExpressionAttributeValues: { ':v': N('1') } })).not.toThrow();
    expect(filterMessage(`${'NOT '.repeat(299)}size(a) = :v`, { ':v': N('1') })).toBe(
      'Invalid FilterExpression: The expression contains too many operators; operator count: 301',
    );
    expect(() => prepareExpressions({ FilterExpression: `${'NOT '.repeat(299)}(a = :v)`, ExpressionAttributeValues: { ':v': N('1') } })).not.toThrow();
    expect(filterMessage(`${'NOT '.repeat(1000)}a = :v`, { ':v': S('x') })).toBe(
      'Invalid FilterExpression: The expression contains too many operators; operator count: 301',
    );
    // Errors found before the 301st operator win.
    expect(filterMessage(`${'NOT '.repeat(301)}a = :x`)).toBe(
      'Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :x',
    );
  });

  it('resolves filters into the prepared form', () => {
    const prepared = prepareExpressions({
      FilterExpression: '(#s = :open OR attribute_not_exists(#s)) AND NOT a.b[2] IN (:x, :y) AND size(tags) > :n AND size(:str) = :n',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':open': S('open'), ':x': S('x'), ':y': N('2'), ':n': N('3'), ':str': S('abc') },
    });
    expect(prepared.filter).toEqual({
      kind: 'and',
      left: {
        kind: 'and',
        left: {
          kind: 'and',
          left: {
            kind: 'or',
            left: { kind: 'compare', operator: '=', left: { kind: 'path', path: ['status'] }, right: { kind: 'value', value: S('open') } },
            right: { kind: 'function', name: 'attribute_not_exists', args: [{ kind: 'path', path: ['status'] }] },
          },
          right: {
            kind: 'not',
            operand: {
              kind: 'in',
              operand: { kind: 'path', path: ['a', 'b', 2] },
              list: [
                { kind: 'value', value: S('x') },
                { kind: 'value', value: N('2') },
              ],
            },
          },
        },
        right: { kind: 'compare', operator: '>', left: { kind: 'size', path: ['tags'] }, right: { kind: 'value', value: N('3') } },
      },
      // size() of a value is folded to its size.
      right: { kind: 'compare', operator: '=', left: { kind: 'value', value: N('3') }, right: { kind: 'value', value: N('3') } },
    });
  });

  it('prepares ConditionExpression the same way', () => {
    expect(prepareExpressions({ ConditionExpression: 'attribute_not_exists(pk)' }).condition).toEqual({
      kind: 'function',
      name: 'attribute_not_exists',
      args: [{ kind: 'path', path: ['pk'] }],
    });
  });
});
