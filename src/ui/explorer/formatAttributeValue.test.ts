import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toVisibleText } from '../common/visibleText';
import { attributeAsDynamoDBJson, formatAttributeValue, formatAttributeValueIndented, isPlainVisibleText, memberCountOf } from './formatAttributeValue';

describe('formatAttributeValueIndented', () => {
  it('indents nested lists and maps, keeping exact digits', () => {
    const value = { M: { name: { S: 'Ann' }, scores: { L: [{ N: '10.50' }, { M: { deep: { BOOL: true } } }] }, tags: { SS: ['a', 'b'] }, empty: { L: [] } } };
    expect(formatAttributeValueIndented(value)).toBe(
      [
        '{',
        '  "name": "Ann",',
        '  "scores": [',
        '    10.50,',
        '    {',
        '      "deep": true',
        '    }',
        '  ],',
        '  "tags": {"a", "b"},',
        '  "empty": []',
        '}',
      ].join('\n'),
    );
  });

  it('writes scalars as the one-line form does', () => {
    expect(formatAttributeValueIndented({ S: 'x' })).toBe('x');
    expect(formatAttributeValueIndented({ N: '1e3' })).toBe(formatAttributeValue({ N: '1e3' }));
  });
});

describe('memberCountOf', () => {
  it('counts sets, lists and maps only', () => {
    expect(memberCountOf({ NS: ['1', '2', '3'] })).toBe(3);
    expect(memberCountOf({ M: { a: { NULL: true } } })).toBe(1);
    expect(memberCountOf({ L: [] })).toBe(0);
    expect(memberCountOf({ S: 'abc' })).toBeUndefined();
  });
});

describe('isPlainVisibleText', () => {
  it('accepts printable ASCII and refuses what VisibleText would mark', () => {
    expect(isPlainVisibleText('SEASON#2026-SPRING')).toBe(true);
    expect(isPlainVisibleText('a b')).toBe(true);
    expect(isPlainVisibleText('')).toBe(false);
    expect(isPlainVisibleText(' a')).toBe(false);
    expect(isPlainVisibleText('a ')).toBe(false);
    expect(isPlainVisibleText('a\tb')).toBe(false);
    expect(isPlainVisibleText('a\u200bb')).toBe(false);
    expect(isPlainVisibleText('a\u00a0b')).toBe(false);
    expect(isPlainVisibleText('a\x7f')).toBe(false);
    expect(isPlainVisibleText('café')).toBe(false);
  });

  it('only says yes when VisibleText would show the text unchanged', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)) }));
    fc.assert(
      fc.property(text, (value) => {
        if (isPlainVisibleText(value)) expect(toVisibleText(value)).toEqual([{ kind: 'text', text: value }]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('attributeAsDynamoDBJson', () => {
  it('writes the attribute as the AWS CLI reads it: numbers as strings, binary as base64', () => {
    expect(attributeAsDynamoDBJson('rankKey', { S: '0000000003#000000171974' })).toBe('{"rankKey":{"S":"0000000003#000000171974"}}');
    expect(attributeAsDynamoDBJson('n', { N: '12345678901234567890.5' })).toBe('{"n":{"N":"12345678901234567890.5"}}');
    expect(attributeAsDynamoDBJson('id', { B: Uint8Array.of(1, 2) })).toBe('{"id":{"B":"AQI="}}');
    expect(attributeAsDynamoDBJson('m', { M: { bs: { BS: [Uint8Array.of(255)] }, l: { L: [{ NULL: true }, { BOOL: false }] } } })).toBe(
      '{"m":{"M":{"bs":{"BS":["/w=="]},"l":{"L":[{"NULL":true},{"BOOL":false}]}}}}',
    );
    expect(JSON.parse(attributeAsDynamoDBJson('s', { S: '05\u202Egnp.exe' }))).toEqual({ s: { S: '05\u202Egnp.exe' } });
  });
});
