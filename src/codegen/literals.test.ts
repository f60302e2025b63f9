import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printCodeValue, RawCode, type CodeValue } from './codeTree';
import { JS_SYNTAX, printJsKey, printJsString } from './jsSyntax';
import { printPythonBytes, printPythonString } from './pythonSyntax';
import { isVisibleAscii } from './invisibleCharacters';
import { quoteShellWord, stringifyAsciiJson } from './shellSyntax';

const HOSTILE = `He said "it's $HOME" \\ back\nslash — 🏆`;

/** Reads a Python str/bytes literal the way Python does, for the escapes our printers use. */
function readPythonLiteral(literal: string): string {
  const body = literal.replace(/^b?"/, '').replace(/"$/, '');
  return body.replace(/\\(x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|[\\"nrt])/g, (_match, escape: string) => {
    const simple: Record<string, string> = { '\\': '\\', '"': '"', n: '\n', r: '\r', t: '\t' };
    if (escape in simple) return simple[escape] as string;
    return String.fromCodePoint(parseInt(escape.slice(1), 16));
  });
}

/** Reads a POSIX shell word as sh does (unquoted safe characters, or single-quoted runs joined by \'). */
function readShellWord(word: string): string {
  if (!word.startsWith("'")) return word;
  return word
    .split(`'\\''`)
    .map((part, index, parts) => part.slice(index === 0 ? 1 : 0, index === parts.length - 1 ? -1 : undefined))
    .join("'");
}

describe('Python string literals', () => {
  it.each([
    ['plain', '"plain"'],
    [HOSTILE, '"He said \\"it\'s $HOME\\" \\\\ back\\nslash \\u2014 \\U0001f3c6"'],
    ['tab\tcr\r nul\u0000 del\u007f é', '"tab\\tcr\\r nul\\x00 del\\x7f \\xe9"'],
  ])('%j → %s', (value, literal) => {
    expect(printPythonString(value)).toBe(literal);
  });

  it('escapes bidirectional controls like every other non-ASCII character', () => {
    expect(printPythonString('05\u202Egnp.exe \u2066x\u2069 \u200E\u200F')).toBe('"05\\u202egnp.exe \\u2066x\\u2069 \\u200e\\u200f"');
  });

  it('escapes an astral character as one \\U escape, never a surrogate pair (Python would keep two lone surrogates)', () => {
    expect(printPythonString('🏆')).toBe('"\\U0001f3c6"');
    expect(printPythonString('🏆')).not.toMatch(/\\ud8/i);
  });

  it('is plain ASCII and reads back as the same text, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const literal = printPythonString(value);
        expect(isVisibleAscii(literal)).toBe(true);
        expect(readPythonLiteral(literal)).toBe(value);
      }),
    );
  });

  it('writes bytes as a bytes literal that reads back byte for byte', () => {
    expect(printPythonBytes(Uint8Array.of(0, 255, 39, 34, 92, 10, 65))).toBe('b"\\x00\\xff\'\\"\\\\\\x0aA"');
    fc.assert(
      fc.property(fc.uint8Array(), (bytes) => {
        const read = readPythonLiteral(printPythonBytes(bytes));
        expect([...read].map((character) => character.charCodeAt(0))).toEqual([...bytes]);
      }),
    );
  });
});

describe('shell words', () => {
  it.each([
    ['Leaderboard', 'Leaderboard'],
    ['us-east-1', 'us-east-1'],
    ['#pk = :pk', "'#pk = :pk'"],
    ["it's $HOME `x` \\ \n", "'it'\\''s $HOME `x` \\ \n'"],
    ['', "''"],
  ])('%j → %s', (value, word) => {
    expect(quoteShellWord(value)).toBe(word);
  });

  it('reads back as the same text for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        expect(readShellWord(quoteShellWord(value))).toBe(value);
      }),
    );
  });
});

describe('ASCII JSON for the AWS CLI', () => {
  it('escapes bidirectional controls and other invisible characters', () => {
    expect(stringifyAsciiJson({ S: '05\u202Egnp.exe\u2066\u200F\u007f\u0085' })).toBe('{"S":"05\\u202egnp.exe\\u2066\\u200f\\u007f\\u0085"}');
  });

  it('escapes non-ASCII as \\u units and parses back to the same value', () => {
    expect(stringifyAsciiJson({ S: 'é🏆' })).toBe('{"S":"\\u00e9\\ud83c\\udfc6"}');
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = stringifyAsciiJson(value);
        expect(isVisibleAscii(json)).toBe(true);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('JavaScript literals', () => {
  it('computes the key __proto__, so the attribute is not swallowed as the prototype', () => {
    expect(printJsKey('__proto__')).toBe('["__proto__"]');
    const map: { [key: string]: CodeValue } = {};
    Object.defineProperty(map, '__proto__', { value: { S: 'x' }, enumerable: true });
    map.pk = { S: 'p' };
    const code = printCodeValue(map, JS_SYNTAX);
    const evaluated = new Function(`return ${code};`)() as object;
    expect(Object.keys(evaluated)).toEqual(['__proto__', 'pk']);
  });

  it('escapes bidirectional controls and other invisible characters, and reads back as the same text', () => {
    expect(printJsString('05\u202Egnp.exe')).toBe('"05\\u202Egnp.exe"');
    expect(printJsString('a\u2066b\u2069\u200E\u200F\u200B\u00A0\u0085\u2028')).toBe('"a\\u2066b\\u2069\\u200E\\u200F\\u200B\\u00A0\\u0085\\u2028"');
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u200D', '\uFEFF', '\u00AD'),
            fc.string({ unit: 'binary', maxLength: 1 }),
          ),
        }),
        (value) => {
          const literal = printJsString(value);
          expect(literal).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u);
          expect(new Function(`return ${literal};`)()).toBe(value);
        },
      ),
    );
  });

  it('evaluates back to the same data for any JSON-like value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const code = printCodeValue(value as CodeValue, JS_SYNTAX);
        expect(new Function(`return ${code};`)()).toEqual(value);
      }),
    );
  });

  it('prints raw code verbatim and keeps short maps on one line', () => {
    expect(printCodeValue({ B: new RawCode('new Uint8Array([1])') }, JS_SYNTAX)).toBe('{ B: new Uint8Array([1]) }');
    expect(printCodeValue({ 'a.b c': 'x', ok: true, n: null }, JS_SYNTAX)).toBe('{ "a.b c": "x", ok: true, n: null }');
  });
});
