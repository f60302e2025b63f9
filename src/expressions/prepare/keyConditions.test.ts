/**
 * prepareExpressions, key conditions (steps 4 and 5, ./keyConditions.ts): structure, the key schema, and filters on key attributes.
 * Unless a comment says otherwise, each message was checked on DynamoDB
 * Local 3.3.1 (more cases, replayed verbatim, in ../prepare.recordings.test.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { KeySchemaInfo } from '../prepared';
import { prepareExpressions } from './index';
import { HASH_ONLY, messageOf, N, RANGE_B, RANGE_N, RANGE_S, S } from './prepare.fixtures';

describe('KeyConditionExpression', () => {
  const key = (text: string, values: Record<string, AttributeValue>, schema: KeySchemaInfo = RANGE_S, names?: Record<string, string>): string =>
    messageOf({ KeyConditionExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names }, { keySchema: schema });
  const AB = { ':a': S('x'), ':b': S('y') };

  // The table of dynamodb-semantics.md §2, and the structural rules dynalite recorded.
  it.each<[string, string, Record<string, AttributeValue>, KeySchemaInfo, string]>([
    // Local says "Query condition missed key schema element" without the name; the semantics doc has it.
    ['no partition key', 'sk = :a', { ':a': S('x') }, RANGE_S, 'Query condition missed key schema element: pk'],
    ['no partition key (two conditions)', 'x = :a AND y = :b', AB, RANGE_S, 'Query condition missed key schema element: pk'],
    ['second condition not on the sort key', 'pk = :a AND x > :b', AB, RANGE_S, 'Query condition missed key schema element: sk'],
    ['non-= on the partition key', 'pk < :a', { ':a': S('x') }, RANGE_S, 'Query key condition not supported'],
    ['BETWEEN on the partition key', 'pk BETWEEN :a AND :b', AB, RANGE_S, 'Query key condition not supported'],
    ['begins_with on the partition key', 'begins_with(pk, :a)', { ':a': S('x') }, RANGE_S, 'Query key condition not supported'],
    ['a second condition on a hash-only table', 'pk = :a AND sk = :b', AB, HASH_ONLY, 'Query key condition not supported'],
    ['three conditions', 'pk = :a AND sk = :b AND x = :a', AB, RANGE_S, 'Conditions can be of length 1 or 2 only'],
    ['two conditions on the sort key', 'pk = :a AND sk = :b AND sk = :a', AB, RANGE_S, 'KeyConditionExpressions must only contain one condition per key'],
    ['two conditions on the partition key', 'pk = :a AND pk = :b', AB, RANGE_S, 'KeyConditionExpressions must only contain one condition per key'],
    [
      'one condition per key before the count',
      '(pk = :a AND sk > :b) AND (sk < :b AND x = :a)',
      AB,
      RANGE_S,
      'KeyConditionExpressions must only contain one condition per key',
    ],
    ['OR', 'pk = :a OR sk = :b', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: OR'],
    ['NOT', 'pk = :a AND NOT sk = :b', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: NOT'],
    ['IN', 'pk = :a AND sk IN (:b)', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: IN'],
    ['<>', 'pk <> :a', { ':a': S('x') }, RANGE_S, 'Invalid operator used in KeyConditionExpression: <>'],
    ['contains', 'pk = :a AND contains(sk, :b)', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: contains'],
    ['attribute_exists', 'pk = :a AND attribute_exists(sk) AND sk = :b', AB, RANGE_S, 'Invalid operator used in KeyConditionExpression: attribute_exists'],
    ['size', 'pk = :a AND size(sk) = :b', AB, RANGE_S, 'KeyConditionExpressions cannot contain nested operations'],
    [
      'value first in BETWEEN',
      ':a BETWEEN sk AND :b AND pk = :a',
      AB,
      RANGE_S,
      'Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand',
    ],
    [
      'value first in begins_with',
      'pk = :a AND begins_with(:b, sk)',
      AB,
      RANGE_S,
      'Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand',
    ],
    [
      'two attributes',
      'pk = :a AND sk = x',
      { ':a': S('x') },
      RANGE_S,
      'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition',
    ],
    ['no attribute', 'pk = :a AND :b = :a', AB, RANGE_S, 'Invalid condition in KeyConditionExpression: No key attribute specified'],
    // DynamoDB Local: "Key attributes must be scalars; …" for a key's nested path; dynalite and ExtendDB (against DynamoDB) have this.
    ['nested path', 'pk = :a AND sk.x = :b', AB, RANGE_S, 'KeyConditionExpressions cannot have conditions on nested attributes'],
    ['nested non-key path', 'x.y = :a', { ':a': S('x') }, RANGE_S, 'KeyConditionExpressions cannot have conditions on nested attributes'],
    [
      'structure in document order',
      'pk = sk AND NOT c = :a',
      { ':a': S('x') },
      RANGE_S,
      'Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition',
    ],
    [
      'BETWEEN low > high',
      'pk = :a AND sk BETWEEN :b AND :c',
      { ':a': S('x'), ':b': S('9'), ':c': S('1') },
      RANGE_S,
      'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {S:1}',
    ],
    [
      'BETWEEN low > high, numbers',
      'pk = :a AND sk BETWEEN :b AND :c',
      { ':a': S('x'), ':b': N('10'), ':c': N('9') },
      RANGE_N,
      'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:10}, upper bound operand: AttributeValue: {N:9}',
    ],
    [
      'partition key type',
      'pk = :a',
      { ':a': N('1') },
      RANGE_S,
      'One or more parameter values were invalid: Condition parameter type does not match schema type',
    ],
    [
      'partition key type before its operator',
      'pk < :a',
      { ':a': N('1') },
      RANGE_S,
      'One or more parameter values were invalid: Condition parameter type does not match schema type',
    ],
    [
      'sort key type',
      'pk = :a AND sk = :b',
      { ':a': S('1'), ':b': N('1') },
      RANGE_S,
      'One or more parameter values were invalid: Condition parameter type does not match schema type',
    ],
    [
      'begins_with a string on N',
      'pk = :a AND begins_with(sk, :b)',
      { ':a': S('1'), ':b': S('1') },
      RANGE_N,
      'One or more parameter values were invalid: Condition parameter type does not match schema type',
    ],
    [
      'begins_with a number',
      'pk = :a AND begins_with(sk, :b)',
      { ':a': S('1'), ':b': N('1') },
      RANGE_N,
      'Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N',
    ],
    [
      'empty partition key',
      'pk = :a AND sk = :b',
      { ':a': S(''), ':b': N('1') },
      RANGE_S,
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk',
    ],
    [
      'empty sort key',
      'pk = :a AND begins_with(sk, :b)',
      { ':a': S('x'), ':b': S('') },
      RANGE_S,
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: sk',
    ],
    [
      'empty binary sort key',
      'pk = :a AND sk > :b',
      { ':a': S('x'), ':b': { B: new Uint8Array() } },
      RANGE_B,
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: sk',
    ],
    ['reserved word', 'pk = :a AND name = :b', AB, RANGE_S, 'Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: name'],
    [
      'undefined value',
      'pk = :a AND sk = :c',
      AB,
      RANGE_S,
      'Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :c',
    ],
    [
      'unused values before the structure',
      'pk = :a AND attribute_exists(sk)',
      AB,
      RANGE_S,
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:b}',
    ],
  ])('%s', (_case, text, values, schema, message) => {
    expect(key(text, values, schema)).toBe(message);
  });

  it('prepares the partition key and the sort-key condition, value-first comparisons turned around', () => {
    const prepare = (text: string, values: Record<string, AttributeValue>, names?: Record<string, string>) =>
      prepareExpressions({ KeyConditionExpression: text, ExpressionAttributeValues: values, ExpressionAttributeNames: names }, { keySchema: RANGE_S })
        .keyCondition;
    expect(prepare('pk = :a', { ':a': S('x') })).toEqual({ partitionKey: { name: 'pk', value: S('x') } });
    expect(prepare(':b < sk AND :a = pk', AB)).toEqual({
      partitionKey: { name: 'pk', value: S('x') },
      sortKey: { name: 'sk', condition: { operator: '>', value: S('y') } },
    });
    expect(prepare('#p = :a AND (#s BETWEEN :a AND :b)', AB, { '#p': 'pk', '#s': 'sk' })).toEqual({
      partitionKey: { name: 'pk', value: S('x') },
      sortKey: { name: 'sk', condition: { operator: 'between', low: S('x'), high: S('y') } },
    });
    expect(prepare('pk = :a AND begins_with(sk, :b)', AB)).toEqual({
      partitionKey: { name: 'pk', value: S('x') },
      sortKey: { name: 'sk', condition: { operator: 'begins_with', prefix: S('y') } },
    });
    for (const [written, operator] of [
      ['<=', '>='],
      ['>', '<'],
      ['>=', '<='],
      ['=', '='],
    ] as const) {
      expect(prepare(`pk = :a AND :b ${written} sk`, AB)?.sortKey?.condition).toEqual({ operator, value: S('y') });
    }
  });

  it('checks the structure without a key schema, and then returns no keyCondition', () => {
    expect(prepareExpressions({ KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': S('x') } })).toEqual({});
    expect(messageOf({ KeyConditionExpression: 'pk = :a OR x = :a', ExpressionAttributeValues: { ':a': S('x') } })).toBe(
      'Invalid operator used in KeyConditionExpression: OR',
    );
  });

  it('keeps a Query filter off key attributes, naming keys in key order', () => {
    const options = { keySchema: RANGE_S, primaryKeyNames: ['pk', 'sk'] };
    const base = { KeyConditionExpression: 'pk = :a', ExpressionAttributeValues: { ':a': S('x') } };
    const filterOn = (text: string, names?: Record<string, string>): string =>
      messageOf({ ...base, FilterExpression: text, ExpressionAttributeNames: names }, options);
    expect(filterOn('sk = :a AND pk = :a')).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: pk');
    expect(filterOn('x = :a AND #s = :a', { '#s': 'sk' })).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: sk');
    expect(filterOn('size(sk) = :a')).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: sk');
    // DynamoDB Local says "Key attributes must be scalars; …" here.
    expect(filterOn('pk.x = :a')).toBe('Filter Expression can only contain non-primary key attributes: Primary key attribute: pk');
    expect(() => prepareExpressions({ ...base, FilterExpression: 'x.pk = :a' }, options)).not.toThrow();
    // The key condition's own errors come first.
    expect(messageOf({ ...base, KeyConditionExpression: 'pk = :a AND x = :a', FilterExpression: 'pk = :a' }, options)).toBe(
      'Query condition missed key schema element: sk',
    );
  });
});
