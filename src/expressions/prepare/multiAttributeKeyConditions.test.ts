import { describe, expect, it } from 'vitest';
import { keySchemaFrom } from '../keySchema';
import { prepareExpressions } from './index';

const keys = keySchemaFrom(
  [
    { name: 'a', type: 'S' },
    { name: 'b', type: 'N' },
  ],
  [
    { name: 'c', type: 'S' },
    { name: 'd', type: 'N' },
  ],
);
const values = { ':a': { S: 'x' }, ':b': { N: '1' }, ':c': { S: 'y' }, ':d': { N: '2' } };

function prepare(condition: string) {
  const used = Object.fromEntries(Object.entries(values).filter(([name]) => new RegExp(`${name}\\b`).test(condition)));
  return prepareExpressions({ KeyConditionExpression: condition, ExpressionAttributeValues: used }, { keySchema: keys, operation: 'Query' });
}

describe('multi-attribute key conditions', () => {
  it('reads every partition value, the sort prefix and the last condition', () => {
    expect(prepare('c = :c AND b = :b AND a = :a AND d > :d').keyCondition).toEqual({
      partitionKey: { name: 'a', value: { S: 'x' } },
      partitionKeys: [
        { name: 'a', value: { S: 'x' } },
        { name: 'b', value: { N: '1' } },
      ],
      sortKeyPrefix: [{ name: 'c', value: { S: 'y' } }],
      sortKey: { name: 'd', condition: { operator: '>', value: { N: '2' } } },
    });
  });

  it.each([
    ['a = :a', 'HASH key attributes b must have equality conditions specified in the query'],
    ['c = :c', 'HASH key attributes a, b must have equality conditions specified in the query'],
    [
      'a = :a AND b = :b AND d = :d',
      'RANGE key attributes c must have equality conditions specified in the query because a condition is present on key attribute d',
    ],
    [
      'a = :a AND b = :b AND c > :c AND d = :d',
      'RANGE key attributes c must have equality conditions specified in the query because a condition is present on key attribute d',
    ],
    ['a = :a AND b = :b AND e = :c', 'Query condition missed key schema element: c'],
    ['a = :a AND b = :b AND c = :c AND d = :d AND e = :a', 'Query key condition not supported'],
    ['a = :a AND b = :a', 'One or more parameter values were invalid: Condition parameter type does not match schema type'],
  ])('%s is refused: %s', (condition, message) => {
    expect(() => prepare(condition)).toThrow(message);
  });
});
