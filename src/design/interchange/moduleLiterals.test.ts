import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiteralReader, ModuleReadError, tokenizeModule, type LiteralValue } from './moduleLiterals';

/** Reads the one value of `text` (a module holding just an expression). */
function read(text: string): LiteralValue {
  const { tokens, positionOf } = tokenizeModule(text);
  return new LiteralReader(text, tokens, positionOf).readValue();
}

/** The literal as plain data (unread values as their description), to compare. */
function plain(value: LiteralValue): unknown {
  switch (value.kind) {
    case 'string':
    case 'boolean':
      return value.value;
    case 'number':
      return Number(value.text);
    case 'null':
      return null;
    case 'array':
      return value.items.map(plain);
    case 'object':
      return Object.fromEntries([...value.entries].map(([key, entry]) => [key, plain(entry)]));
    case 'unread':
      return `<${value.what}>`;
  }
}

describe('the module literal reader', () => {
  it('reads JSON exactly: any JSON value is read back to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // -0 prints as 0; JSON has no other difference from the literal it reads.
        expect(plain(read(JSON.stringify(value)))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['{ a: \'x\', "b": `y`, 3: true, c: null, }', { a: 'x', b: 'y', 3: true, c: null }],
    ["[1_000, 0x1F, -2.5e3, .5, 'it\\'s', \"\\u{1F600}\\x41\\n\"]", [1000, 31, -2500, 0.5, "it's", '😀A\n']],
    ['{ /* a comment */ a: 1, // another\n b: [2, 3,], }', { a: 1, b: [2, 3] }],
    ["{ a: 'x' as const, b: { c: 1 } satisfies Record<string, number>, d: [1] as readonly number[] }", { a: 'x', b: { c: 1 }, d: [1] }],
    [
      '{ f: () => 1, g(x) { return x / 2; }, h: a / b, r: /a[/]b/g, i: someVariable, t: `a${b}` }',
      {
        f: '<a function>',
        h: '<an expression>',
        r: '<a regular expression>',
        i: '<the identifier someVariable (a variable or import the reader cannot see)>',
        t: '<a template string with ${…} interpolation>',
      },
    ],
    ["{ a: 'x' + y, b: new Date(), c: fn('z'), d: -x }", { a: '<an expression>', b: '<a constructor call>', c: '<an expression>', d: '<an expression>' }],
    // Not JavaScript at all: stepped over as one unread expression, never guessed.
    ['{ a: 1 b: 2 }', { a: '<an expression>' }],
  ])('%s', (text, expected) => {
    expect(plain(read(text))).toEqual(expected);
  });

  it('keeps spreads, computed keys and methods apart, with where they are', () => {
    const value = read('{\n  ...base,\n  [key]: 1,\n  method() { return 2; },\n  a: 1,\n}');
    expect(value.kind === 'object' && value.unread.map((entry) => [entry.what, entry.at.line, entry.at.column])).toEqual([
      ['a spread (...)', 2, 3],
      ['a computed key ([…])', 3, 3],
      ['the method method()', 4, 3],
    ]);
    expect(value.kind === 'object' && [...value.entries.keys()]).toEqual(['a']);
  });

  it('keeps __proto__ and constructor as keys of a Map, never as a prototype', () => {
    const value = read("{ __proto__: { polluted: 'yes' }, constructor: 1 }");
    expect(value.kind === 'object' && [...value.entries.keys()]).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["{ a: 'open", /^a string is never closed \(' missing before the end of the line\)$/, 1, 6],
    ['{ a: `open', /^a template string is never closed/, 1, 6],
    ['{ a: 1 /* open', /^a comment is never closed/, 1, 8],
    ['{ a: 1 ) }', /^expected , or } in an object, found "\)"$/, 1, 8],
    [`${'['.repeat(70)}${']'.repeat(70)}`, /^literals are nested more than 64 deep here/, 1, 66],
  ])('refuses %s with its place', (text, message, line, column) => {
    let error: unknown;
    try {
      read(text);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ModuleReadError);
    expect((error as ModuleReadError).message).toMatch(message);
    expect((error as ModuleReadError).at).toEqual({ line, column });
  });
});
