/**
 * prepareExpressions, UpdateExpression (step 2, ./update.ts).
 * Unless a comment says otherwise, each message was checked on DynamoDB
 * Local 3.3.1 (more cases, replayed verbatim, in ../prepare.recordings.test.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { prepareExpressions } from './index';
import { messageOf, N, S } from './prepare.fixtures';

describe('UpdateExpression', () => {
  const updateMessage = (text: string, values?: Record<string, AttributeValue>, names?: Record<string, string>): string =>
    messageOf({ UpdateExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names });

  it.each<[string, Record<string, AttributeValue> | undefined, string]>([
    ['SET a = :a SET b = :a', { ':a': S('x') }, 'The "SET" section can only be used once in an update expression;'],
    ['REMOVE a SET b = c REMOVE d', undefined, 'The "REMOVE" section can only be used once in an update expression;'],
    ['ADD a :n ADD b :n', { ':n': N('1') }, 'The "ADD" section can only be used once in an update expression;'],
    ['SET a = b SET c = name', undefined, 'Attribute name is a reserved keyword; reserved keyword: name'],
    ['SET a = whatever(b) SET c = d', undefined, 'Invalid function name; function: whatever'],
    ['SET a = size(b)', undefined, 'The function is not allowed in an update expression; function: size'],
    ['SET a = attribute_exists(b)', undefined, 'The function is not allowed in an update expression; function: attribute_exists'],
    ['SET a = If_not_exists(b, c)', undefined, 'Invalid function name; function: If_not_exists'],
    ['SET a = if_not_exists(b, list_append(c, d))', undefined, 'The function is not allowed to be used this way in an expression; function: list_append'],
    ['SET a = list_append(b, c) + d', undefined, 'The function is not allowed to be used this way in an expression; function: list_append'],
    [
      'SET a = :a, a = :a',
      { ':a': S('x') },
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]',
    ],
    [
      'SET a.b = :a REMOVE a',
      { ':a': S('x') },
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]',
    ],
    [
      'SET a[0] = b, a.c = d',
      undefined,
      'Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [0]], path two: [a, c]',
    ],
    [
      'SET a = b, c = d, a.b = e REMOVE c',
      undefined,
      'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [c], path two: [c]',
    ],
    ['SET a = :x, a = b', undefined, 'Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]'],
    ['SET a = b, a = c REMOVE #x', undefined, 'An expression attribute name used in the document path is not defined; attribute name: #x'],
    // DynamoDB resolves the actions last to first.
    ['SET #x = b, #y = c', undefined, 'An expression attribute name used in the document path is not defined; attribute name: #y'],
    ['SET a = :x, b = :y', undefined, 'An expression attribute value used in expression is not defined; attribute value: :y'],
    ['SET a = :x + :y', undefined, 'An expression attribute value used in expression is not defined; attribute value: :x'],
    [
      'SET c = :x, a = if_not_exists(b)',
      undefined,
      'Incorrect number of operands for operator or function; operator or function: if_not_exists, number of operands: 1',
    ],
    ['SET a = if_not_exists(b), c = :x', undefined, 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['SET a = if_not_exists(:n, b)', { ':n': N('1') }, 'Operator or function requires a document path; operator or function: if_not_exists'],
    ['SET a = list_append(b)', undefined, 'Incorrect number of operands for operator or function; operator or function: list_append, number of operands: 1'],
    ['SET a = list_append(b, :n)', { ':n': N('1') }, 'Incorrect operand type for operator or function; operator or function: list_append, operand type: N'],
    ['SET a = b - :n', { ':n': S('1') }, 'Incorrect operand type for operator or function; operator or function: -, operand type: S'],
    ['SET a = :n + b', { ':n': { SS: ['1'] } }, 'Incorrect operand type for operator or function; operator or function: +, operand type: SS'],
    // DynamoDB Local 3.3.1 appends ", typeSet: ALLOWED_FOR_ADD_OPERAND"; dynalite recorded DynamoDB without it.
    ['ADD a :s', { ':s': S('x') }, 'Incorrect operand type for operator or function; operator: ADD, operand type: STRING'],
    ['ADD a :s', { ':s': { L: [] } }, 'Incorrect operand type for operator or function; operator: ADD, operand type: LIST'],
    ['DELETE a :s', { ':s': N('1') }, 'Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER'],
    ['DELETE a :s', { ':s': { M: {} } }, 'Incorrect operand type for operator or function; operator: DELETE, operand type: MAP'],
    ['ADD a :n, b :m', { ':n': S('1'), ':m': { BOOL: true } }, 'Incorrect operand type for operator or function; operator: ADD, operand type: BOOLEAN'],
    [
      'SET b = c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg.hh, a = :n + :m',
      { ':n': S('1'), ':m': { L: [] } },
      'Incorrect operand type for operator or function; operator or function: +, operand type: S',
    ],
    [
      'SET a = :x, b = c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg.hh',
      undefined,
      'An expression attribute value used in expression is not defined; attribute value: :x',
    ],
    [
      'SET #b = c, a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg.hh = :x',
      undefined,
      'The document path has too many nesting levels; nesting levels: 34',
    ],
    ['SET a[1] = :x REMOVE a[99999999999]', undefined, 'List index is not within the allowable range; index: [99999999999]'],
  ])('%j', (text, values, message) => {
    expect(updateMessage(text, values)).toBe(`Invalid UpdateExpression: ${message}`);
  });

  it('allows 300 operators (+, -, functions), counted last action first', () => {
    const actions = (count: number): string => Array.from({ length: count }, (_, n) => `a${n}=b+c`).join(',');
    expect(() => prepareExpressions({ UpdateExpression: `SET ${actions(300)}` })).not.toThrow();
    expect(updateMessage(`SET ${actions(301)}`)).toBe('Invalid UpdateExpression: The expression contains too many operators; operator count: 301');
    expect(updateMessage(`SET x = :x, ${actions(301)}`)).toBe('Invalid UpdateExpression: The expression contains too many operators; operator count: 301');
    expect(updateMessage(`SET ${actions(301)}, x = :x`)).toBe(
      'Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :x',
    );
    const functions = Array.from({ length: 151 }, (_, n) => `a${n}=if_not_exists(b,c)+d`).join(',');
    expect(updateMessage(`SET ${functions}`)).toBe('Invalid UpdateExpression: The expression contains too many operators; operator count: 301');
  });

  it('prepares the actions in the order written, with values resolved', () => {
    const prepared = prepareExpressions({
      UpdateExpression: 'REMOVE prev[0] SET #c = if_not_exists(#c, :zero) + :one, history = list_append(history, :entry) ADD tags :tags DELETE seen :seen',
      ExpressionAttributeNames: { '#c': 'count' },
      ExpressionAttributeValues: { ':zero': N('0'), ':one': N('1'), ':entry': { L: [S('x')] }, ':tags': { SS: ['a'] }, ':seen': { NS: ['2'] } },
    });
    expect(prepared.update).toEqual({
      actions: [
        { kind: 'REMOVE', path: ['prev', 0] },
        {
          kind: 'SET',
          path: ['count'],
          value: {
            kind: 'arithmetic',
            operator: '+',
            left: { kind: 'if_not_exists', path: ['count'], fallback: { kind: 'value', value: N('0') } },
            right: { kind: 'value', value: N('1') },
          },
        },
        {
          kind: 'SET',
          path: ['history'],
          value: { kind: 'list_append', first: { kind: 'path', path: ['history'] }, second: { kind: 'value', value: { L: [S('x')] } } },
        },
        { kind: 'ADD', path: ['tags'], value: { SS: ['a'] } },
        { kind: 'DELETE', path: ['seen'], value: { NS: ['2'] } },
      ],
    });
  });
});
