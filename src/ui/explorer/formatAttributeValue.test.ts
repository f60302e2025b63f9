import { describe, expect, it } from 'vitest';
import { formatAttributeValue, formatAttributeValueIndented, memberCountOf } from './formatAttributeValue';

describe('formatAttributeValueIndented', () => {
  it('indents nested lists and maps, keeping exact digits', () => {
    const value = { M: { name: { S: 'Ann' }, scores: { L: [{ N: '10.50' }, { M: { deep: { BOOL: true } } }] }, tags: { SS: ['a', 'b'] }, empty: { L: [] } } };
    expect(formatAttributeValueIndented(value)).toBe(
      ['{', '  "name": "Ann",', '  "scores": [', '    10.50,', '    {', '      "deep": true', '    }', '  ],', '  "tags": {"a", "b"},', '  "empty": []', '}'].join('\n'),
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
