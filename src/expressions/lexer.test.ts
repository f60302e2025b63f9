import { describe, expect, it } from 'vitest';
import { tokenize, type TokenKind } from './lexer';

const kinds = (text: string): TokenKind[] => tokenize(text).map((token) => token.kind);
const texts = (text: string): string[] => tokenize(text).map((token) => text.slice(token.start, token.end));

describe('tokenize', () => {
  it.each<[string, TokenKind[]]>([
    ['a.b[0] <> :v', ['name', '.', 'name', '[', 'number', ']', '<>', 'valueRef', 'eof']],
    ['#n >= :v1 AND x <= y', ['nameRef', '>=', 'valueRef', 'AND', 'name', '<=', 'name', 'eof']],
    ['a<b>c=d', ['name', '<', 'name', '>', 'name', '=', 'name', 'eof']],
    ['(a,b)+c-d', ['(', 'name', ',', 'name', ')', '+', 'name', '-', 'name', 'eof']],
    // Keywords in any case; names that merely start with one are names.
    ['and Or nOT between IN set Remove ADD delete', ['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'SET', 'REMOVE', 'ADD', 'DELETE', 'eof']],
    ['andy SETa inx', ['name', 'name', 'name', 'eof']],
    // Placeholders take [A-Za-z0-9_]+; a lone # or : is a token of its own.
    ['#_ #1 :_ :9a # : #$', ['nameRef', 'nameRef', 'valueRef', 'valueRef', 'unknown', 'unknown', 'unknown', 'unknown', 'eof']],
    // Whitespace is space, tab, CR, LF only.
    [' \t\r\na', ['name', 'eof']],
    ['a\fb\vc', ['name', 'unknown', 'name', 'unknown', 'name', 'eof']],
    ['', ['eof']],
  ])('%j', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('reads a name as [A-Za-z][A-Za-z0-9_]*, so a leading underscore or digit is a separate token', () => {
    expect(texts('_a a_1 1a')).toEqual(['_', 'a', 'a_1', '1', 'a', '']);
  });

  it('reads 0 alone and other numbers without leading zeros, so 01 is two tokens and 4.5 three', () => {
    expect(texts('01 4.5 120')).toEqual(['0', '1', '4', '.', '5', '120', '']);
  });

  it('makes one token of each UTF-16 code unit it does not know (an emoji is two), and of non-ASCII letters', () => {
    expect(texts('ü😀"')).toEqual(['ü', '\uD83D', '\uDE00', '"', '']);
    expect(kinds('ü😀"')).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'eof']);
  });

  it('puts the eof token, empty, at the end of the text', () => {
    const tokens = tokenize('a  ');
    expect(tokens.at(-1)).toEqual({ kind: 'eof', start: 3, end: 3 });
  });
});
