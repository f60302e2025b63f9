import type { QueryCommandInput, QueryCommandOutput, ScanCommandInput, ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import type { Item } from '../expressions';

/**
 * Export's fast path for an SDK client (`npm run export`, and the bench):
 * each Scan or Query page's items as DynamoDB JSON lines cut straight out of
 * the response's own text, instead of the SDK turning every attribute into
 * objects (base64 into bytes) and export turning them back into JSON. The
 * SDK still reads the rest of the page (LastEvaluatedKey, Count, errors,
 * retries, signing): only the Items array is taken out of the body before it
 * parses it. The lines are the wire's own DynamoDB JSON, which is what export
 * writes (numbers as strings, binary base64, sets as sets), so they re-import
 * to identical items; an item with whitespace in it is re-written compact so
 * each stays on one line. The SDK command and its middleware are in
 * src/sources/wireClient.ts: this file only reads the body's text.
 */

/** A page's items as DynamoDB JSON lines (each ends with `\n`), as the wire spelled them. */
export interface WireLinesPage {
  readonly wireLines: string;
  readonly count: number;
}

/**
 * What the fast path needs of an SDK client: a Scan or Query that gives its
 * raw response body (as text) to `readBody` and lets the SDK read what that
 * returns instead (src/sources/wireClient.ts builds one from a client).
 */
export interface WireSource {
  sendReadingBody(
    operation: 'scan' | 'query',
    input: ScanCommandInput | QueryCommandInput,
    readBody: (body: string) => string | undefined,
    signal?: AbortSignal,
  ): Promise<ScanCommandOutput | QueryCommandOutput>;
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (code: number) => code === SPACE || code === LF || code === CR || code === TAB;

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The end (exclusive) of the JSON string whose opening quote is at `at`; -1 when it never closes. */
function stringEnd(text: string, at: number): number {
  let quote = text.indexOf('"', at + 1);
  while (quote !== -1) {
    let slash = quote - 1;
    while (text.charCodeAt(slash) === BACKSLASH) slash--;
    // An even number of backslashes before it (none included): the quote closes the string.
    if ((quote - 1 - slash) % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/**
 * The end (exclusive) of the JSON value starting at `at` (no space before
 * it), or -1 when it is cut short; `spacing.found` is set when whitespace
 * outside strings is inside it.
 */
function valueEnd(text: string, at: number, spacing: { found: boolean }): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let end = at;
    for (
      let code = text.charCodeAt(end);
      end < text.length && code !== COMMA && code !== CLOSE_BRACE && code !== CLOSE_BRACKET && !isSpace(code);
      code = text.charCodeAt(++end)
    );
    return end > at ? end : -1;
  }
  let depth = 0;
  for (let index = at; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const end = stringEnd(text, index);
      if (end === -1) return -1;
      index = end - 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (--depth === 0) return index + 1;
    } else if (isSpace(code)) spacing.found = true;
  }
  return -1;
}

/** Whether a member's name (its JSON text, quotes included) is Items, however it is escaped. */
function isItemsName(nameJson: string): boolean {
  return nameJson === '"Items"' || (nameJson.includes('\\') && JSON.parse(nameJson) === 'Items');
}

/**
 * A Scan or Query response body split in two: its items as DynamoDB JSON
 * lines, and the rest of the body (the same JSON object without `Items`)
 * for the SDK to read. Undefined when the body isn't the JSON object
 * expected (the SDK then reads the whole body as usual).
 *
 * @example
 * splitWireItems('{"Count":1,"Items":[{"pk":{"S":"a"}}],"ScannedCount":1}')
 * // { wireLines: '{"pk":{"S":"a"}}\n', count: 1, rest: '{"Count":1,"ScannedCount":1}' }
 */
export function splitWireItems(body: string): (WireLinesPage & { readonly rest: string }) | undefined {
  try {
    return splitBody(body);
  } catch {
    // A name or an item JSON.parse refuses: the SDK reads the body and says what is wrong with it.
    return undefined;
  }
}

function splitBody(body: string): (WireLinesPage & { readonly rest: string }) | undefined {
  let at = skipSpace(body, 0);
  if (body.charCodeAt(at) !== OPEN_BRACE) return undefined;
  at = skipSpace(body, at + 1);
  const members: string[] = [];
  let lines: string[] | undefined;
  if (body.charCodeAt(at) === CLOSE_BRACE) return { wireLines: '', count: 0, rest: body };
  for (;;) {
    const nameStart = at;
    if (body.charCodeAt(nameStart) !== QUOTE) return undefined;
    const nameEnd = stringEnd(body, nameStart);
    if (nameEnd === -1) return undefined;
    at = skipSpace(body, nameEnd);
    if (body.charCodeAt(at) !== COLON) return undefined;
    at = skipSpace(body, at + 1);
    if (isItemsName(body.slice(nameStart, nameEnd))) {
      if (body.charCodeAt(at) !== OPEN_BRACKET) return undefined;
      lines = [];
      at = skipSpace(body, at + 1);
      if (body.charCodeAt(at) === CLOSE_BRACKET) at++;
      else
        for (;;) {
          if (body.charCodeAt(at) !== OPEN_BRACE) return undefined;
          const spacing = { found: false };
          const end = valueEnd(body, at, spacing);
          if (end === -1) return undefined;
          const item = body.slice(at, end);
          lines.push(spacing.found ? JSON.stringify(JSON.parse(item)) : item);
          at = skipSpace(body, end);
          const next = body.charCodeAt(at);
          at = skipSpace(body, at + 1);
          if (next === CLOSE_BRACKET) break;
          if (next !== COMMA) return undefined;
        }
    } else {
      const end = valueEnd(body, at, { found: false });
      if (end === -1) return undefined;
      members.push(body.slice(nameStart, end));
      at = skipSpace(body, end);
    }
    at = skipSpace(body, at);
    const next = body.charCodeAt(at);
    at = skipSpace(body, at + 1);
    if (next === CLOSE_BRACE) break;
    if (next !== COMMA) return undefined;
  }
  if (!lines) return { wireLines: '', count: 0, rest: body };
  return { wireLines: lines.length > 0 ? `${lines.join('\n')}\n` : '', count: lines.length, rest: `{${members.join(',')}}` };
}

/**
 * One page of `request` through `client`, its items as wire lines (or, when
 * the body could not be split, as the SDK read them), and where the next
 * page starts.
 */
export async function fetchWirePage(
  client: WireSource,
  operation: 'scan' | 'query',
  input: ScanCommandInput | QueryCommandInput,
  signal?: AbortSignal,
): Promise<{ page: WireLinesPage | readonly Item[]; lastKey: Item | undefined }> {
  let split: WireLinesPage | undefined;
  const output = await client.sendReadingBody(
    operation,
    input,
    (body) => {
      // Each attempt's body (the SDK retries): the last one read is the page.
      const parts = splitWireItems(body);
      split = parts;
      return parts?.rest;
    },
    signal,
  );
  return { page: split ?? ((output.Items ?? []) as Item[]), lastKey: output.LastEvaluatedKey as Item | undefined };
}
