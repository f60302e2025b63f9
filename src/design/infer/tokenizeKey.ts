import { readDates } from '../../keys';

/**
 * Splits a stored key into the pieces template inference reasons about:
 * runs of delimiter characters, ISO-8601 timestamps (kept whole, although
 * they contain `:`), dates in their other common spellings (`6/23/2026`,
 * `23.06.2026`, `2026/06/23`, `2026-06-23`: one token, although `/` is a
 * delimiter), e-mail addresses (one token, although `@` is a delimiter),
 * and the text between them.
 */

/** The characters keys are usually built with between their parts. */
export const KEY_DELIMITERS = '#|:/~$@;!^';

export interface KeyToken {
  /** `iso`: an ISO-8601 date and time; `date`: a date in another spelling, or an ISO date without a time. */
  readonly kind: 'delimiter' | 'text' | 'iso' | 'date';
  readonly text: string;
}

const DELIMITER_SET = new Set(KEY_DELIMITERS);
/** Lookahead for the end of one part of a key: a delimiter or the key's end. */
const PART_END = String.raw`(?=[${KEY_DELIMITERS.replace(/[\^\]\\/-]/g, '\\$&')}]|$)`;
/** A timestamp at any precision and zone; the classifier decides which of them a template can hold. */
const ISO_AT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?/y;
/**
 * A date written another way, ending where the key's part ends: month or day
 * first (`6/23/2026`, `23.06.2026`, `6-23-2026`), year first (`2026/06/23`,
 * `2026.06.23`), an ISO date without a time (`2026-06-23`), or an ISO hour or
 * month bucket (`2026-06-23T10`, `2026-06`), each date with an optional
 * ` 10:00[:00]`. Whether it is a real date is asked of the one date reader
 * (readDates), not of this shape.
 */
const DATE_AT = new RegExp(
  String.raw`(?:\d{1,2}([/.-])\d{1,2}\1\d{4}|\d{4}([/.])\d{1,2}\2\d{1,2}|\d{4}-\d{2}-\d{2}(?:T\d{2})?|\d{4}-\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?${PART_END}`,
  'y',
);
/**
 * An e-mail address, ending where the key's part ends (`ada@acme.example` in
 * `USER#ada@acme.example`): `@` separates parts of many keys, but inside an
 * address it is part of one value, and splitting it would invent two fields.
 */
const EMAIL_AT = new RegExp(String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}${PART_END}`, 'y');
/** An ISO month (`2026-06`) or hour (`2026-06-23T10`) bucket: the date reader reads its day. */
const ISO_BUCKET = /^(\d{4}-\d{2})(?:(-\d{2})T(\d{2}))?$/;
/** Years a date in a key is taken to be in: a version like `1.2.3456` is no date. */
const DATE_YEARS = { min: 1900, max: 2199 };

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
      const date = dateAt(key, i);
      if (date !== undefined) {
        tokens.push({ kind: 'date', text: date });
        i += date.length;
        continue;
      }
    }
    if (textStart < 0) {
      EMAIL_AT.lastIndex = i;
      const email = EMAIL_AT.exec(key);
      if (email) {
        tokens.push({ kind: 'text', text: email[0] });
        i += email[0].length;
        continue;
      }
    }
    if (textStart < 0) textStart = i;
    i++;
  }
  flush(key.length);
  return tokens;
}

/** The date spelled from `start`, when one is, up to the end of the key's part. */
function dateAt(key: string, start: number): string | undefined {
  DATE_AT.lastIndex = start;
  const match = DATE_AT.exec(key);
  if (!match) return undefined;
  const text = match[0];
  const year = Number(/\d{4}/.exec(text)?.[0]);
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return undefined;
  const bucket = ISO_BUCKET.exec(text);
  if (bucket && bucket[3] !== undefined && Number(bucket[3]) > 23) return undefined;
  const day = bucket ? `${bucket[1]!}${bucket[2] ?? '-01'}` : text;
  return readDates([day]) === undefined ? undefined : text;
}

/** Whether a token is a date or an instant (one field however it is spelled). */
export function isTimeToken(token: KeyToken): boolean {
  return token.kind === 'iso' || token.kind === 'date';
}

/** One string per token shape: keys with the same signature line up part by part (dates and instants alike). */
export function tokenSignature(tokens: readonly KeyToken[]): string {
  return tokens.map((token) => (token.kind === 'delimiter' ? 'D' + token.text : isTimeToken(token) ? 'I' : 'T')).join('\u0000');
}
