/**
 * prepareExpressions, the checks every expression shares (step 2, ./checker.ts): reserved words and placeholders.
 * Unless a comment says otherwise, each message was checked on DynamoDB
 * Local 3.3.1 (more cases, replayed verbatim, in ../prepare.recordings.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS } from '../reservedWords';
import { prepareExpressions } from './index';
import { filterMessage, messageOf, N, S } from './prepare.fixtures';

describe('reserved words', () => {
  it('rejects each of the 573 words as a name, in the case written, in any path element', () => {
    expect(RESERVED_WORDS.size).toBe(573);
    for (const word of RESERVED_WORDS) {
      // AND, OR, NOT, BETWEEN, IN, SET, REMOVE, ADD, DELETE are keywords: a syntax error comes first.
      if (['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE'].includes(word)) continue;
      const written = word.charAt(0) + word.slice(1).toLowerCase();
      expect(messageOf({ ProjectionExpression: `a.${written}[0]` })).toBe(
        `Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: ${written}`,
      );
    }
  });

  it.each([
    ['name = b', 'name'],
    ['NAME = b', 'NAME'],
    ['a.b.name.c = b', 'name'],
    ['size(name) = b', 'name'],
    ['a = b AND (c = d OR name = e)', 'name'],
    [':a < abOrT', 'abOrT'],
    ['attribute_exists(a.status)', 'status'],
  ])('%j → %s', (text, word) => {
    expect(filterMessage(text)).toBe(`Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: ${word}`);
  });

  it('allows reserved words through ExpressionAttributeNames', () => {
    expect(
      prepareExpressions({ FilterExpression: '#n = :v', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':v': S('x') } }).filter,
    ).toEqual({
      kind: 'compare',
      operator: '=',
      left: { kind: 'path', path: ['name'] },
      right: { kind: 'value', value: S('x') },
    });
  });

  it('treats SIZE as reserved, as DynamoDB documents (DynamoDB Local 3.3.1 accepts `size` as a name)', () => {
    expect(filterMessage('size = :v', { ':v': S('x') })).toBe('Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: size');
    expect(() => prepareExpressions({ FilterExpression: 'size(a) > :v', ExpressionAttributeValues: { ':v': N('1') } })).not.toThrow();
  });
});

describe('placeholders', () => {
  it.each([
    ['a = :x', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['a = #x', 'An expression attribute name used in the document path is not defined; attribute name: #x'],
    ['#4g > a', 'An expression attribute name used in the document path is not defined; attribute name: #4g'],
    ['a.:a < b.:b', 'An expression attribute name used in the document path is not defined; attribute name: :a'],
    [':x = :y', 'An expression attribute value used in expression is not defined; attribute value: :x'],
    ['#x.#y = a', 'An expression attribute name used in the document path is not defined; attribute name: #x'],
    ['a = :x AND #y = b', 'An expression attribute value used in expression is not defined; attribute value: :x'],
  ])('%j', (text, message) => {
    expect(filterMessage(text)).toBe(`Invalid FilterExpression: ${message}`);
  });

  it('finds placeholders of the object itself only (no prototype lookups)', () => {
    expect(filterMessage('#constructor = :toString', undefined, { '#a': 'a' })).toBe(
      'Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #constructor',
    );
  });
});
