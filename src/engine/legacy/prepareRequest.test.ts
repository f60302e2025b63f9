import { describe, expect, it } from 'vitest';
import { evaluateCondition, type Item } from '../../expressions';
import { createLocalDynamoDB } from '../createLocalDynamoDB';
import { N, S } from '../engine.fixtures';
import { checkAttributeUpdateTypes, checkExpressionMixing, prepareRequest } from '.';

const KEYS = { partitionKey: { name: 'pk', type: 'S' as const }, sortKey: { name: 'sk', type: 'N' as const } };
const cond = (ComparisonOperator: string, ...AttributeValueList: unknown[]) => ({ ComparisonOperator, AttributeValueList });

describe('checkExpressionMixing', () => {
  it('names both kinds of parameters in DynamoDB order', () => {
    expect(() =>
      checkExpressionMixing({ KeyConditionExpression: 'pk = :p', AttributesToGet: ['a'], KeyConditions: {}, ConditionalOperator: 'OR' }, 'Query'),
    ).toThrow(
      'Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, ConditionalOperator, KeyConditions} Expression parameters: {KeyConditionExpression}',
    );
  });
  it('lets KeyConditions stand beside a FilterExpression', () => {
    expect(() => checkExpressionMixing({ FilterExpression: 'a = :a', KeyConditions: {} }, 'Query')).not.toThrow();
  });
});

describe('prepareRequest', () => {
  it('translates KeyConditions into the key condition a KeyConditionExpression gives', () => {
    const legacy = prepareRequest({ KeyConditions: { pk: cond('EQ', S('u')), sk: cond('BETWEEN', N(1), N(5)) } }, 'Query', {
      keySchema: KEYS,
      operation: 'Query',
    });
    const expression = prepareRequest(
      { KeyConditionExpression: 'pk = :p AND sk BETWEEN :a AND :b', ExpressionAttributeValues: { ':p': S('u'), ':a': N(1), ':b': N(5) } },
      'Query',
      { keySchema: KEYS, operation: 'Query' },
    );
    expect(legacy.keyCondition).toEqual(expression.keyCondition);
  });

  it.each([
    ['NE is true when the attribute is missing or of another type', { n: cond('NE', N(1)) }, [true, false, true, true]],
    ['NOT_CONTAINS is false when the attribute is missing', { s: cond('NOT_CONTAINS', S('b')) }, [false, true, false, true]],
    ['NULL', { n: cond('NULL') }, [false, false, false, true]],
    ['IN', { n: cond('IN', N(1), N(3)) }, [false, true, false, false]],
  ])('filters: %s', (_, QueryFilter, expected) => {
    const { filter } = prepareRequest({ KeyConditions: { pk: cond('EQ', S('u')) }, QueryFilter }, 'Query', { keySchema: KEYS, operation: 'Query' });
    const items: Item[] = [{ n: N(2), s: S('abc') }, { n: N(1), s: S('xyz') }, { n: S('1'), s: S('b') }, { s: S('q') }];
    expect(items.map((item) => evaluateCondition(filter!, item))).toEqual(expected);
  });

  it('joins Expected entries with ConditionalOperator OR', () => {
    const { condition } = prepareRequest({ Expected: { a: { Value: N(1) }, b: { Exists: false } }, ConditionalOperator: 'OR' }, 'PutItem', {
      operation: 'PutItem',
    });
    expect(evaluateCondition(condition!, { a: N(2) })).toBe(true);
    expect(evaluateCondition(condition!, { a: N(2), b: N(1) })).toBe(false);
  });

  it.each([
    [{ Expected: { a: { Exists: true } } }, 'One or more parameter values were invalid: Value must be provided when Exists is true for Attribute: a'],
    [
      { Expected: { a: { ComparisonOperator: 'EQ' } } },
      'One or more parameter values were invalid: Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a',
    ],
    [{ Expected: { a: { Value: N(1) } }, ConditionalOperator: 'OR' }, 'ConditionalOperator can only be used when Filter or Expected has two or more elements'],
    [
      { ConditionalOperator: 'XOR' },
      "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]",
    ],
    [
      { Expected: { a: cond('LT', { SS: ['x'] }) } },
      'One or more parameter values were invalid: ComparisonOperator LT is not valid for SS AttributeValue type',
    ],
    [{ Expected: { a: cond('BETWEEN', N(5), N(1)) } }, 'The BETWEEN condition was provided a range where the lower bound is greater than the upper bound'],
  ])('refuses %j', (input, message) => {
    expect(() => prepareRequest(input as never, 'PutItem', { operation: 'PutItem' })).toThrow(message);
  });

  it('translates AttributeUpdates: PUT by default, DELETE without a value removes, ADD of a list appends', () => {
    const { update } = prepareRequest(
      { AttributeUpdates: { a: { Value: S('x') }, b: { Action: 'DELETE' }, c: { Action: 'ADD', Value: { L: [N(1)] } }, d: { Action: 'ADD', Value: N(2) } } },
      'UpdateItem',
      { operation: 'UpdateItem' },
    );
    expect(update?.actions.map((action) => action.kind)).toEqual(['SET', 'REMOVE', 'SET', 'ADD']);
  });

  it('checks ADD and DELETE values against the stored types', () => {
    const { update } = prepareRequest({ AttributeUpdates: { n: { Action: 'ADD', Value: N(1) } } }, 'UpdateItem', { operation: 'UpdateItem' });
    expect(() => checkAttributeUpdateTypes(update!, { n: S('text') })).toThrow('Type mismatch for attribute to update');
    expect(() => checkAttributeUpdateTypes(update!, {})).not.toThrow();
  });

  it('takes AttributesToGet literally and refuses an empty or repeated list', () => {
    expect(prepareRequest({ AttributesToGet: ['a.b', 'size'] }, 'GetItem', { operation: 'GetItem' }).projection).toEqual([['a.b'], ['size']]);
    expect(() => prepareRequest({ AttributesToGet: [] }, 'GetItem')).toThrow(
      "Value '[]' at 'attributesToGet' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
    expect(() => prepareRequest({ AttributesToGet: ['a', 'a'] }, 'GetItem')).toThrow('Cannot have two attributes with the same name');
  });
});

describe('AttributeUpdates value types', () => {
  it('are checked after Expected, as DynamoDB Local does: a failed condition is ConditionalCheckFailedException even with a value its action does not take', async () => {
    const db = createLocalDynamoDB();
    await db.createTable({
      TableName: 'Things',
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    });
    const update = (Expected: Record<string, unknown> | undefined) =>
      db.updateItem({
        TableName: 'Things',
        Key: { pk: S('a') },
        AttributeUpdates: { v: { Action: 'ADD', Value: { B: Uint8Array.of(1) } } },
        ...(Expected ? { Expected: Expected as never } : {}),
      });
    await expect(update({ f: { Value: N(1) } })).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    await expect(update(undefined)).rejects.toThrow('One or more parameter values were invalid: ADD action is not supported for the type BINARY');
  });
});

describe('ComparisonOperator values', () => {
  it('are checked value by value, as DynamoDB Local does: BETWEEN of a BOOL and a number names the BOOL', () => {
    expect(() => prepareRequest({ Expected: { f: cond('BETWEEN', { BOOL: true }, N(8)) } }, 'PutItem', { operation: 'PutItem' })).toThrow(
      'One or more parameter values were invalid: ComparisonOperator BETWEEN is not valid for BOOL AttributeValue type',
    );
    expect(() => prepareRequest({ Expected: { f: cond('IN', N(1), S('1')) } }, 'PutItem', { operation: 'PutItem' })).toThrow(
      'One or more parameter values were invalid: AttributeValues inside AttributeValueList must be of same type',
    );
  });
});
