/**
 * prepareExpressions, ProjectionExpression (step 2, ./projection.ts).
 * Unless a comment says otherwise, each message was checked on DynamoDB
 * Local 3.3.1 (more cases, replayed verbatim, in ../prepare.recordings.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { prepareExpressions } from './index';
import { messageOf } from './prepare.fixtures';

describe('ProjectionExpression', () => {
  const projectionMessage = (text: string, names?: Record<string, string>): string =>
    messageOf({ ProjectionExpression: text, ExpressionAttributeNames: names });

  it.each([
    ['a.b, a', 'overlap', '[a, b]', '[a]'],
    ['a, a.b', 'overlap', '[a]', '[a, b]'],
    ['a[0], a[0].b', 'overlap', '[a, [0]]', '[a, [0], b]'],
    ['a[0], a.b', 'conflict', '[a, [0]]', '[a, b]'],
    ['a.b.c, a.b[0]', 'conflict', '[a, b, c]', '[a, b, [0]]'],
    // DynamoDB's choice of the two paths is its own (see documentPaths.ts).
    ['a, b, a', 'overlap', '[a]', '[b]'],
    ['a.b, a.c, x.y, a.b.c', 'overlap', '[a, b]', '[a, c]'],
    ['a, b, a, c', 'overlap', '[a]', '[c]'],
    ['a, a, b.c, b[0]', 'conflict', '[b, c]', '[b, [0]]'],
  ])('%j: %s', (text, verb, one, two) => {
    expect(projectionMessage(text)).toBe(
      `Invalid ProjectionExpression: Two document paths ${verb} with each other; must remove or rewrite one of these paths; path one: ${one}, path two: ${two}`,
    );
  });

  it('compares paths after resolving names, resolves the last path first, and returns resolved paths', () => {
    expect(projectionMessage('#a, a', { '#a': 'a' })).toContain('path one: [a], path two: [a]');
    expect(projectionMessage('#x, #y')).toBe(
      'Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #y',
    );
    expect(projectionMessage('name, status')).toBe('Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: name');
    expect(prepareExpressions({ ProjectionExpression: 'a[1], a[2], #n.c', ExpressionAttributeNames: { '#n': 'name' } }).projection).toEqual([
      ['a', 1],
      ['a', 2],
      ['name', 'c'],
    ]);
  });
});
