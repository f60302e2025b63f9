/** The parse cache (./parseCache.ts): one tree per (kind, text), bounded, frozen, and the same results and errors as parsing afresh. */
import { describe, expect, it } from 'vitest';
import { catchDynamoDBError } from '../expressionTestUtils';
import { parseCondition } from '../parse';
import { prepareExpressions } from './index';
import { PARSE_CACHE_SIZE, parseCacheSize, parsedExpression } from './parseCache';
import { S } from './prepare.fixtures';

describe('parsedExpression', () => {
  it('parses a text once per kind and returns the same frozen tree', () => {
    const first = parsedExpression('FilterExpression', 'cached = :v AND other <> :w');
    expect(parsedExpression('FilterExpression', 'cached = :v AND other <> :w')).toBe(first);
    expect(first).toEqual(parseCondition('cached = :v AND other <> :w', 'FilterExpression'));
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.kind === 'and' && Object.isFrozen(first.left)).toBe(true);
    // Another kind is another entry (its errors carry another prefix).
    expect(parsedExpression('ConditionExpression', 'cached = :v AND other <> :w')).not.toBe(first);
  });

  it('keeps no tree for a text that does not parse, and throws the same error every time', () => {
    const before = parseCacheSize();
    const message = 'Invalid FilterExpression: Syntax error; token: "<EOF>", near: "="';
    expect(catchDynamoDBError(() => parsedExpression('FilterExpression', 'broken =')).message).toBe(message);
    expect(catchDynamoDBError(() => parsedExpression('FilterExpression', 'broken =')).message).toBe(message);
    expect(parseCacheSize()).toBe(before);
  });

  it('stays bounded: a client sending ever-new texts cannot grow it past PARSE_CACHE_SIZE', () => {
    const kept = parsedExpression('FilterExpression', 'kept = :v');
    for (let i = 0; i < PARSE_CACHE_SIZE + 50; i++) {
      parsedExpression('FilterExpression', `a${i} = :v`);
      if (i % 100 === 0) parsedExpression('FilterExpression', 'kept = :v'); // recently used: not evicted
    }
    expect(parseCacheSize()).toBe(PARSE_CACHE_SIZE);
    expect(parsedExpression('FilterExpression', 'kept = :v')).toBe(kept);
  });

  it('a cached tree resolves each request with its own names and values', () => {
    const request = (value: string, name: string) => ({
      FilterExpression: '#n = :v',
      ExpressionAttributeNames: { '#n': name },
      ExpressionAttributeValues: { ':v': S(value) },
    });
    expect(prepareExpressions(request('x', 'a')).filter).toEqual({
      kind: 'compare',
      operator: '=',
      left: { kind: 'path', path: ['a'] },
      right: { kind: 'value', value: S('x') },
    });
    expect(prepareExpressions(request('y', 'b')).filter).toEqual({
      kind: 'compare',
      operator: '=',
      left: { kind: 'path', path: ['b'] },
      right: { kind: 'value', value: S('y') },
    });
    // A check that depends on the names still runs on the cached tree.
    expect(catchDynamoDBError(() => prepareExpressions({ FilterExpression: '#n = :v', ExpressionAttributeValues: { ':v': S('x') } })).message).toBe(
      'Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #n',
    );
  });
});
