/**
 * prepareExpressions, the request-level checks (steps 1 and 3, ./requestChecks.ts): the names and values maps, their keys and values, and the ones no expression used.
 * Unless a comment says otherwise, each message was checked on DynamoDB
 * Local 3.3.1 (more cases, replayed verbatim, in ../prepare.recordings.test.ts).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { prepareExpressions, type ExpressionRequest, type PrepareOptions } from './index';
import { filterMessage, messageOf, S } from './prepare.fixtures';

describe('ExpressionAttributeNames and ExpressionAttributeValues', () => {
  it.each<[string, ExpressionRequest, PrepareOptions | undefined, string]>([
    [
      'names without expressions',
      { ExpressionAttributeNames: { '#a': 'a' } },
      undefined,
      'ExpressionAttributeNames can only be specified when using expressions',
    ],
    [
      'values without a Scan filter',
      { ProjectionExpression: 'x', ExpressionAttributeValues: { ':a': S('a') } },
      { operation: 'Scan' },
      'ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null',
    ],
    [
      'values without a Query condition',
      { ExpressionAttributeValues: { ':a': S('a') } },
      { operation: 'Query' },
      'ExpressionAttributeValues can only be specified when using expressions: FilterExpression and KeyConditionExpression are null',
    ],
    [
      'values without an UpdateItem expression',
      { ExpressionAttributeValues: { ':a': S('a') } },
      { operation: 'UpdateItem' },
      'ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and ConditionExpression are null',
    ],
    [
      'values without a PutItem condition',
      { ExpressionAttributeValues: { ':a': S('a') } },
      { operation: 'PutItem' },
      'ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null',
    ],
    // Without the operation (and for GetItem) unusable values are simply unused.
    [
      'values and only a projection',
      { ProjectionExpression: 'x', ExpressionAttributeValues: { ':a': S('a') } },
      undefined,
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:a}',
    ],
    [
      'empty names',
      { FilterExpression: 'a = :v', ExpressionAttributeNames: {}, ExpressionAttributeValues: {} },
      undefined,
      'ExpressionAttributeNames must not be empty',
    ],
    ['empty values', { FilterExpression: 'a = b', ExpressionAttributeValues: {} }, undefined, 'ExpressionAttributeValues must not be empty'],
    [
      'a name key without #',
      { FilterExpression: 'a = b', ExpressionAttributeNames: { a: 'x' } },
      undefined,
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "a"',
    ],
    [
      'a lone #',
      { FilterExpression: 'a = b', ExpressionAttributeNames: { '#': 'x' } },
      undefined,
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "#"',
    ],
    [
      'a name key with -',
      { FilterExpression: 'a = b', ExpressionAttributeNames: { '#a-b': 'x' } },
      undefined,
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "#a-b"',
    ],
    [
      'a name key with ä',
      { FilterExpression: 'a = b', ExpressionAttributeNames: { '#ä': 'x' } },
      undefined,
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "#ä"',
    ],
    [
      'a value key without :',
      { FilterExpression: 'a = :v', ExpressionAttributeValues: { ':v': S('x'), v: S('x') } },
      undefined,
      'ExpressionAttributeValues contains invalid key: Syntax error; key: "v"',
    ],
    [
      'a value key with a space',
      { FilterExpression: 'a = :v', ExpressionAttributeValues: { ':v': S('x'), ':a b': S('x') } },
      undefined,
      'ExpressionAttributeValues contains invalid key: Syntax error; key: ":a b"',
    ],
    [
      'a 256-character name key',
      { FilterExpression: 'a = b', ExpressionAttributeNames: { [`#${'n'.repeat(255)}`]: 'x' } },
      undefined,
      'ExpressionAttributeNames contains invalid key: The expression attribute map contains a key that is too long; size of key: 256',
    ],
    // Sic: no size for values.
    [
      'a 256-character value key',
      { FilterExpression: 'a = b', ExpressionAttributeValues: { [`:${'v'.repeat(255)}`]: S('x') } },
      undefined,
      'ExpressionAttributeValues contains invalid key: The expression attribute map contains a key that is too long;',
    ],
    [
      'an empty attribute name',
      { FilterExpression: '#n = b', ExpressionAttributeNames: { '#n': '' } },
      undefined,
      'ExpressionAttributeNames contains invalid value: Empty attribute name for key #n',
    ],
    [
      'an attribute name of 64 KB',
      { FilterExpression: '#n = b', ExpressionAttributeNames: { '#n': 'x'.repeat(65_536) } },
      undefined,
      'ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less than 65536 bytes for key #n',
    ],
    // Keys are checked before values: names, then values; then values' values, then names' values.
    [
      'names keys first',
      { FilterExpression: 'a = b', ExpressionAttributeValues: { x: {} as AttributeValue }, ExpressionAttributeNames: { y: 'z' } },
      undefined,
      'ExpressionAttributeNames contains invalid key: Syntax error; key: "y"',
    ],
    [
      'values before names values',
      { FilterExpression: 'a = b', ExpressionAttributeValues: { ':x': {} as AttributeValue }, ExpressionAttributeNames: { '#y': '' } },
      undefined,
      'ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key :x',
    ],
    [
      'keys before values',
      { FilterExpression: 'a = :x', ExpressionAttributeValues: { ':y': { SS: [] }, x: S('x') } },
      undefined,
      'ExpressionAttributeValues contains invalid key: Syntax error; key: "x"',
    ],
  ])('%s', (_case, request, options, message) => {
    expect(messageOf(request, options)).toBe(message);
  });

  it.each<[AttributeValue | object, string]>([
    [{}, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    [{ S: 'a', N: '1' }, 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes'],
    [{ SS: [] }, 'One or more parameter values were invalid: An string set  may not be empty'],
    [{ NS: [] }, 'One or more parameter values were invalid: An number set  may not be empty'],
    [{ BS: [] }, 'One or more parameter values were invalid: Binary sets should not be empty'],
    // DynamoDB Local 3.3.1 drops the period; dynalite recorded it from DynamoDB, and the semantics doc has it.
    [{ SS: ['a', 'a'] }, 'One or more parameter values were invalid: Input collection [a, a] contains duplicates.'],
    [{ NS: ['1', '1.0'] }, 'Input collection contains duplicates'],
    // Sic (dynalite's recording): no space before "of"; DynamoDB Local omits the members.
    [
      { BS: [Uint8Array.of(0x62), Uint8Array.of(0x62)] },
      'One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates.',
    ],
    // Numbers: parseDynamoNumber's messages, as dynalite recorded them (DynamoDB Local: "A value provided cannot be converted into a number").
    [{ N: 'abc' }, 'The parameter cannot be converted to a numeric value: abc'],
    [{ N: '' }, 'The parameter cannot be converted to a numeric value'],
    [{ N: '1e126' }, 'Number overflow. Attempting to store a number with magnitude larger than supported range'],
    [{ N: '1234567890123456789012345678901234567890' }, 'Attempting to store more than 38 significant digits in a Number'],
    [{ NS: ['1', 'x'] }, 'The parameter cannot be converted to a numeric value: x'],
    [{ NULL: false }, 'One or more parameter values were invalid: Null attribute value types must have the value of true'],
    [{ M: { a: {} } }, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    [{ L: [S('a'), { SS: [] }] }, 'One or more parameter values were invalid: An string set  may not be empty'],
    [{ M: { '': S('x') } }, 'Empty attribute name'],
  ])('value %j', (value, problem) => {
    expect(filterMessage('a = :x', { ':x': value as AttributeValue })).toBe(`ExpressionAttributeValues contains invalid value: ${problem} for key :x`);
  });

  it('accepts empty S and B, and sets with an empty member, outside keys', () => {
    expect(() =>
      prepareExpressions({
        FilterExpression: 'a IN (:s, :b, :ss)',
        ExpressionAttributeValues: { ':s': S(''), ':b': { B: new Uint8Array() }, ':ss': { SS: ['a', ''] } },
      }),
    ).not.toThrow();
  });

  it('limits M and L nesting in a value to 32 levels', () => {
    let value: AttributeValue = S('x');
    for (let n = 0; n < 32; n++) value = { L: [value] };
    expect(() => prepareExpressions({ FilterExpression: 'a = :x', ExpressionAttributeValues: { ':x': value } })).not.toThrow();
    expect(filterMessage('a = :x', { ':x': { M: { k: value } } })).toBe(
      'ExpressionAttributeValues contains invalid value: Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit for key :x',
    );
  });

  it("lists unused names, then values, in DynamoDB's (Java HashMap) order, after all expressions are valid", () => {
    expect(messageOf({ FilterExpression: 'a = :a', ExpressionAttributeValues: { ':a': S('x'), ':z': S('x'), ':c': S('x'), ':b': S('x') } })).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:z, :b, :c}',
    );
    expect(
      messageOf({ FilterExpression: 'a = :a', ExpressionAttributeValues: { ':a': S('x'), ':u': S('x') }, ExpressionAttributeNames: { '#u': 'u', '#v': 'v' } }),
    ).toBe('Value provided in ExpressionAttributeNames unused in expressions: keys: {#u, #v}');
    const many = Object.fromEntries([':a', ...Array.from({ length: 20 }, (_, n) => `:k${String.fromCharCode(97 + n)}`)].map((key) => [key, S('x')]));
    expect(messageOf({ FilterExpression: 'a = :a', ExpressionAttributeValues: many })).toBe(
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:kq, :kr, :ks, :kt, :ka, :kb, :kc, :kd, :ke, :kf, :kg, :kh, :ki, :kj, :kk, :kl, :km, :kn, :ko, :kp}',
    );
    // Used by any expression of the request counts.
    expect(() =>
      prepareExpressions({
        FilterExpression: '#a = :a',
        ProjectionExpression: '#b',
        ExpressionAttributeNames: { '#a': 'a', '#b': 'b' },
        ExpressionAttributeValues: { ':a': S('x') },
      }),
    ).not.toThrow();
  });
});
