import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBase64 } from '../dynamo';
import { attributeValueType, findAttributeValueProblem } from './expressionValues';

describe('findAttributeValueProblem', () => {
  it.each<[unknown]>([
    [{ S: '' }],
    [{ N: '-1.5e3' }],
    [{ B: new Uint8Array() }],
    [{ BOOL: false }],
    [{ NULL: true }],
    [{ SS: ['a', 'b'] }],
    [{ NS: ['1', '2'] }],
    [{ BS: [Uint8Array.of(1), Uint8Array.of(2)] }],
    [{ L: [{ S: 'a' }, { M: { b: { N: '1' } } }] }],
    // Keys holding undefined or null, and unknown keys, are ignored (like DynamoDB's JSON reader).
    [{ S: 'a', N: undefined, $unknown: ['x', 1] }],
  ])('accepts %j', (value) => {
    expect(findAttributeValueProblem(value)).toBeUndefined();
  });

  it.each<[unknown, string]>([
    [null, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    ['S', 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    [{ a: '' }, 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes'],
    [{ S: 'a', BOOL: true }, 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes'],
    // Each type's own check comes before the count of types (dynalite's recording).
    [{ S: 'a', N: '' }, 'The parameter cannot be converted to a numeric value'],
    [{ SS: ['a', 'b', 'a'] }, 'One or more parameter values were invalid: Input collection [a, b, a] contains duplicates.'],
    [{ NS: ['1', '01'] }, 'Input collection contains duplicates'],
    [{ N: '1e-131' }, 'Number underflow. Attempting to store a number with magnitude smaller than supported range'],
    // Shapes JSON can't express but JavaScript can: clear messages, still ValidationException material.
    [{ S: 1 }, 'One or more parameter values were invalid: An AttributeValue of type S must hold a string'],
    [{ B: 'AQ==' }, 'One or more parameter values were invalid: An AttributeValue of type B must hold binary data (a Uint8Array)'],
    [{ SS: 'a' }, 'One or more parameter values were invalid: An AttributeValue of type SS must hold a list of strings'],
    [{ L: {} }, 'One or more parameter values were invalid: An AttributeValue of type L must hold a list of AttributeValues'],
  ])('%j → %j', (value, message) => {
    expect(findAttributeValueProblem(value)).toBe(message);
  });

  it('answers for any JSON without throwing, and deep values stop at 32 levels', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const problem = findAttributeValueProblem(value);
        expect(problem === undefined || typeof problem === 'string').toBe(true);
      }),
      { numRuns: 1000 },
    );
    let deep: unknown = { S: 'x' };
    for (let n = 0; n < 10_000; n++) deep = { L: [deep] };
    expect(findAttributeValueProblem(deep)).toMatch(/^Nesting Levels have exceeded supported limits/);
  });
});

describe('attributeValueType and encodeBase64', () => {
  it('names the type of a valid value', () => {
    expect(attributeValueType({ NS: ['1'] })).toBe('NS');
    expect(attributeValueType({ M: {} })).toBe('M');
  });

  it.each<[number[], string]>([
    [[], ''],
    [[0x62], 'Yg=='],
    [[0x62, 0x63], 'YmM='],
    [[0x62, 0x63, 0x64], 'YmNk'],
    [[0xff, 0xfe, 0xfd, 0xfc], '//79/A=='],
  ])('%j → %j', (bytes, text) => {
    expect(encodeBase64(Uint8Array.from(bytes))).toBe(text);
  });
});
