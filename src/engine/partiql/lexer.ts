import { statementError } from './errors';

/**
 * The tokens of DynamoDB's PartiQL subset. Keywords are case-insensitive
 * (`select` = `SELECT`); a double-quoted name (`"Orders"`) is an identifier
 * that is never a keyword and keeps its case; single quotes delimit strings,
 * with `''` for a quote inside one.
 */
export type PartiqlTokenKind = 'identifier' | 'quotedIdentifier' | 'string' | 'number' | 'parameter' | 'punctuation' | 'end';

export interface PartiqlToken {
  readonly kind: PartiqlTokenKind;
  /** The identifier (as written), the string's content, the number's text, or the punctuation. */
  readonly text: string;
  /** Offset in the statement, for messages (`at 1:8`). */
  readonly offset: number;
}

/** Punctuation, longest first so `<=` wins over `<` and `<<` over `<`. */
const PUNCTUATION = ['<<', '>>', '<=', '>=', '<>', '!=', '=', '<', '>', '(', ')', '[', ']', '{', '}', ',', '.', ':', '*', '+', '-', ';'];

/** Splits a statement into tokens, ending with one `end` token. */
export function tokenizePartiql(statement: string): PartiqlToken[] {
  const tokens: PartiqlToken[] = [];
  let i = 0;
  while (i < statement.length) {
    const char = statement[i] as string;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (statement.startsWith('--', i)) {
      // A line comment, as PartiQL allows.
      while (i < statement.length && statement[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (char === "'" || char === '"') {
      let text = '';
      i++;
      for (;;) {
        if (i >= statement.length) throw statementError(statement, `the ${char === "'" ? 'string' : 'quoted name'} starting here is not closed`, start);
        const next = statement[i] as string;
        if (next === char) {
          if (statement[i + 1] === char) {
            text += char;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += next;
        i++;
      }
      tokens.push({ kind: char === "'" ? 'string' : 'quotedIdentifier', text, offset: start });
      continue;
    }
    if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(statement[i + 1] ?? ''))) {
      const match = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(statement.slice(i)) as RegExpExecArray;
      tokens.push({ kind: 'number', text: match[0], offset: start });
      i += match[0].length;
      continue;
    }
    if (/[A-Za-z_$]/.test(char)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(statement.slice(i)) as RegExpExecArray;
      tokens.push({ kind: 'identifier', text: match[0], offset: start });
      i += match[0].length;
      continue;
    }
    if (char === '?') {
      tokens.push({ kind: 'parameter', text: '?', offset: start });
      i++;
      continue;
    }
    const punctuation = PUNCTUATION.find((candidate) => statement.startsWith(candidate, i));
    if (!punctuation) throw statementError(statement, `unexpected character ${JSON.stringify(char)}`, start);
    tokens.push({ kind: 'punctuation', text: punctuation, offset: start });
    i += punctuation.length;
  }
  tokens.push({ kind: 'end', text: '', offset: statement.length });
  return tokens;
}
