/**
 * Splits a stored key into the pieces template inference reasons about:
 * runs of delimiter characters, ISO-8601 timestamps (kept whole, although
 * they contain `:`), and the text between them.
 */

/** The characters keys are usually built with between their parts. */
export const KEY_DELIMITERS = '#|:/~$@;!^';

export interface KeyToken {
  readonly kind: 'delimiter' | 'text' | 'iso';
  readonly text: string;
}

const DELIMITER_SET = new Set(KEY_DELIMITERS);
/** A timestamp at any precision and zone; the classifier decides which of them a template can hold. */
const ISO_AT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?/y;

/**
 * @example
 * tokenizeKey("ORDER#2026-06-23T10:00:00Z#o_17")
 * // [text ORDER] [delimiter #] [iso 2026-06-23T10:00:00Z] [delimiter #] [text o_17]
 */
export function tokenizeKey(key: string): KeyToken[] {
  const tokens: KeyToken[] = [];
  /** Where the current run of text began (-1: none). */
  let textStart = -1;
  const flush = (end: number) => {
    if (textStart >= 0 && end > textStart) tokens.push({ kind: 'text', text: key.slice(textStart, end) });
    textStart = -1;
  };
  let i = 0;
  while (i < key.length) {
    const char = key[i] as string;
    if (DELIMITER_SET.has(char)) {
      flush(i);
      let end = i + 1;
      while (end < key.length && DELIMITER_SET.has(key[end] as string)) end++;
      tokens.push({ kind: 'delimiter', text: key.slice(i, end) });
      i = end;
      continue;
    }
    if (textStart < 0 && char >= '0' && char <= '9') {
      ISO_AT.lastIndex = i;
      const match = ISO_AT.exec(key);
      if (match) {
        tokens.push({ kind: 'iso', text: match[0] });
        i += match[0].length;
        continue;
      }
    }
    if (textStart < 0) textStart = i;
    i++;
  }
  flush(key.length);
  return tokens;
}

/** One string per token shape: keys with the same signature line up part by part. */
export function tokenSignature(tokens: readonly KeyToken[]): string {
  return tokens.map((token) => (token.kind === 'delimiter' ? 'D' + token.text : token.kind === 'iso' ? 'I' : 'T')).join('\u0000');
}
