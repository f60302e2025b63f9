/**
 * prepareExpressions, the whole request (./index.ts): the order of the steps across expressions, error locations, robustness.
 * Unless a comment says otherwise, each message was checked on DynamoDB
 * Local 3.3.1 (more cases, replayed verbatim, in ../prepare.recordings.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDynamoDBError } from '../errors';
import { catchDynamoDBError } from '../expressionTestUtils';
import { prepareExpressions, type ExpressionRequest } from './index';
import { messageOf, N, RANGE_N, S } from './prepare.fixtures';

describe('one request, several expressions', () => {
  it('validates UpdateExpression, ConditionExpression, FilterExpression, ProjectionExpression, KeyConditionExpression in that order', () => {
    expect(messageOf({ UpdateExpression: 'SET a = :zz', ConditionExpression: 'b = :yy' })).toBe(
      'Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :zz',
    );
    expect(messageOf({ KeyConditionExpression: 'pk = :zz', FilterExpression: 'x = :yy', ProjectionExpression: '#ww' })).toBe(
      'Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :yy',
    );
    expect(messageOf({ KeyConditionExpression: 'pk = :zz', ProjectionExpression: '#ww' })).toBe(
      'Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #ww',
    );
    expect(messageOf({ KeyConditionExpression: 'x'.repeat(5000), FilterExpression: 'x = ' })).toBe(
      'Invalid FilterExpression: Syntax error; token: "<EOF>", near: "= "',
    );
    expect(messageOf({ KeyConditionExpression: '', FilterExpression: '' })).toBe('Invalid FilterExpression: The expression can not be empty;');
  });

  it('locates errors: the expression and the span at fault', () => {
    const error = catchDynamoDBError(() => prepareExpressions({ FilterExpression: 'a = :v AND name = :v', ExpressionAttributeValues: { ':v': S('x') } }));
    expect(error.location).toEqual({ expression: 'FilterExpression', span: { start: 11, end: 15 } });
    const undefinedValue = catchDynamoDBError(() => prepareExpressions({ ConditionExpression: 'a = :nope' }));
    expect(undefinedValue.location).toEqual({ expression: 'ConditionExpression', span: { start: 4, end: 9 } });
    expect(catchDynamoDBError(() => prepareExpressions({ ProjectionExpression: 'a, a.b' })).location).toEqual({
      expression: 'ProjectionExpression',
      span: { start: 3, end: 6 },
    });
  });

  it('treats undefined and null parameters as absent', () => {
    const request = { FilterExpression: undefined, ProjectionExpression: null, ExpressionAttributeNames: undefined } as unknown as ExpressionRequest;
    expect(prepareExpressions(request)).toEqual({});
  });
});

describe('robustness', () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  const attributeValue = fc.oneof(
    json,
    fc.constantFrom<unknown>(
      S('x'),
      N('1'),
      N('-0.5e3'),
      { SS: ['a', 'b'] },
      { NS: ['1'] },
      { L: [] },
      { M: { a: S('') } },
      { BOOL: true },
      { NULL: true },
      { B: Uint8Array.of(1) },
    ),
  );
  const names = fc.oneof(json, fc.dictionary(fc.constantFrom('#a', '#b', '#c', 'x', '#'), fc.oneof(fc.string(), json), { maxKeys: 4 }));
  const values = fc.oneof(json, fc.dictionary(fc.constantFrom(':a', ':b', ':c', 'y', ':'), attributeValue, { maxKeys: 4 }));
  const words = [
    'a',
    '#a',
    '#b',
    ':a',
    ':b',
    ':c',
    'pk',
    'sk',
    '=',
    '<',
    'AND',
    'OR',
    'NOT',
    'BETWEEN',
    'IN',
    '(',
    ')',
    ',',
    '.',
    '[0]',
    'size(',
    'begins_with(',
    'contains(',
    'attribute_type(',
    'if_not_exists(',
    'list_append(',
    'SET',
    'REMOVE',
    'ADD',
    'DELETE',
    '+',
    '-',
  ];
  const expression = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.array(fc.constantFrom(...words), { maxLength: 25 }).map((parts) => parts.join(' ')),
  );

  it('throws nothing but a ValidationException for any request', () => {
    fc.assert(
      fc.property(expression, expression, names, values, fc.boolean(), (a, b, rawNames, rawValues, query) => {
        const request = {
          FilterExpression: a,
          KeyConditionExpression: query ? b : undefined,
          UpdateExpression: query ? undefined : b,
          ProjectionExpression: query ? a : undefined,
          ExpressionAttributeNames: rawNames,
          ExpressionAttributeValues: rawValues,
        } as unknown as ExpressionRequest;
        try {
          prepareExpressions(request, query ? { keySchema: RANGE_N, primaryKeyNames: ['pk', 'sk'], operation: 'Query' } : { operation: 'UpdateItem' });
        } catch (error) {
          if (!isDynamoDBError(error, 'ValidationException')) throw error;
        }
      }),
      { numRuns: 2500 },
    );
  });

  it('rejects a request that is not an object with a ValidationException', () => {
    expect(catchDynamoDBError(() => prepareExpressions(null as unknown as ExpressionRequest)).name).toBe('ValidationException');
  });
});
