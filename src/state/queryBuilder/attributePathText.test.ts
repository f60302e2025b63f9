import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePathText, printPathText } from './attributePathText';
import { joinList, splitList } from './typedValue';
import { expectErr } from '../../errors/testing';

describe('attribute path text', () => {
  it.each([
    ['status', ['status']],
    ['address.city', ['address', 'city']],
    ['tags[0]', ['tags', 0]],
    ['m.list[2][3].x', ['m', 'list', 2, 3, 'x']],
    ['"first.name"', ['first.name']],
    ['zip code', ['zip code']],
    ['a."b ""c"""', ['a', 'b "c"']],
  ])('%s', (text, path) => {
    expect(parsePathText(text)).toEqual({ ok: true, path });
  });

  it.each([
    ['', /Enter an attribute name/],
    ['a.', /ends with a dot/],
    ['a[x]', /list index/],
    ['"open', /no closing/],
    ['[0]', /Expected an attribute name/],
  ])('refuses %j', (text, message) => {
    const parsed = parsePathText(text);
    expectErr(parsed);
    expect(parsed.message).toMatch(message);
  });

  it('prints what it parses', () => {
    const name = fc.string({ minLength: 1, maxLength: 5 });
    const path = fc.tuple(name, fc.array(fc.oneof(name, fc.nat(20)), { maxLength: 4 })).map(([first, rest]) => [first, ...rest]);
    fc.assert(
      fc.property(path, (elements) => {
        expect(parsePathText(printPathText(elements))).toEqual({ ok: true, path: elements });
      }),
    );
  });
});

describe('lists', () => {
  it('splits on commas, keeping quoted commas', () => {
    expect(splitList('a, "b, c", """d"""')).toEqual(['a', 'b, c', '"d"']);
    expect(splitList('')).toEqual([]);
  });
  it('joins what it splits', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (items) => {
        expect(splitList(joinList(items))).toEqual(items);
      }),
    );
  });
});
