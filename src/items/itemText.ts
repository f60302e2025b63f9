import { locateJsonError } from '../errors';
import type { Item } from '../expressions';
import { decodeBase64, writeWireJson } from '../dynamo';
import { documentToCandidate, jsonFormatOf } from './documentJson';
import { childPath, type ItemProblem, type ItemReadResult } from './itemProblems';
import { readEditedItem } from './readEditedItem';

/**
 * The editor's **DynamoDB JSON** view: an item as the text DynamoDB's wire
 * format and the AWS CLI use (`{"pk": {"S": "a"}, "b": {"B": "/wA="}}`), and
 * back. Numbers are strings, so every digit survives; binary is base64.
 */

/**
 * An item as indented DynamoDB JSON.
 *
 * @example
 * itemToText({ b: { B: Uint8Array.of(0xff, 0) } }) // '{\n  "b": {\n    "B": "/wA="\n  }\n}'
 */
export function itemToText(item: Item): string {
  return escapeInvisibles(writeWireJson(item, { indent: 2 }));
}

/**
 * Characters a text box would render invisibly or let reorder the text
 * around them (bidirectional controls: `05\u202Egnp.exe` reads "05exe.png"),
 * zero-width and separator characters, C1 controls: the same ones the grid
 * shows as markers.
 */
const INVISIBLE = /[\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * JSON text with those characters written as `\uXXXX` escapes: the same JSON
 * (it reads back to the same strings, so the stored value doesn't change),
 * but nothing in the editor's text box is hidden or reordered.
 *
 * @example
 * escapeInvisibles('{"S": "05\u202Egnp.exe"}') // '{"S": "05\\u202egnp.exe"}'
 */
export function escapeInvisibles(json: string): string {
  return json.replace(INVISIBLE, (char) => `\\u${(char.codePointAt(0) as number).toString(16).padStart(4, '0')}`);
}

/**
 * Reads DynamoDB JSON text: a syntax error with its line and column; an
 * attribute DynamoDB would refuse with its message and the attribute's path;
 * otherwise the item, normalised as DynamoDB stores it, and the numbers it
 * will spell differently.
 *
 * @example
 * itemFromText('{"n": {"N": "1e3"}}')  // { ok: true, item: { n: { N: "1000" } }, respelled: [{ path: "n", typed: "1e3", stored: "1000" }] }
 * itemFromText('{"n": {"N": 1}}')      // { ok: false, problems: [{ path: "n", message: "…N must be a string…" }] }
 */
export function itemFromText(text: string): ItemReadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const { where, reason } = locateJsonError(text, error);
    return {
      ok: false,
      problems: [{ path: '', message: `The DynamoDB JSON is not valid JSON: ${reason}`, ...(where ? { line: where.line, column: where.column } : {}) }],
    };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      ok: false,
      problems: [
        {
          path: '',
          message:
            'An item is a JSON object of attributes, each with its type: {"pk": {"S": "CUSTOMER#c1"}, "total": {"N": "42"}} (or as plain JSON: {"pk": "CUSTOMER#c1", "total": 42})',
        },
      ],
    };
  }
  if (jsonFormatOf(parsed) === 'document') {
    const problems: ItemProblem[] = [];
    const candidate = documentToCandidate(parsed, text, problems);
    if (problems.length > 0) return { ok: false, problems };
    const read = readEditedItem(candidate);
    return read.ok ? { ...read, format: 'document' } : read;
  }
  const problems: ItemProblem[] = [];
  const candidate: Record<string, unknown> = {};
  for (const name of Object.keys(parsed)) {
    const value = decodeWireValue((parsed as Record<string, unknown>)[name], childPath('', name), problems);
    Object.defineProperty(candidate, name, { value, enumerable: true, writable: true, configurable: true });
  }
  if (problems.length > 0) return { ok: false, problems };
  return readEditedItem(candidate);
}

/** Turns the wire's base64 strings (B, BS) into bytes and checks each value is typed, so DynamoDB's reader sees SDK-shaped values. */
function decodeWireValue(value: unknown, path: string, problems: ItemProblem[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({
      path,
      message: `Each attribute's value names its type: {"S": "text"}, {"N": "42"}, {"BOOL": true}, {"L": […]}, {"M": {…}} — found ${describeJson(value)}. (Plain JSON, with no typed value at all, is read as a document: {"score": 10})`,
    });
    return value;
  }
  const typed = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...typed };
  if (typeof typed.B === 'string') out.B = decodeBinary(typed.B, path, problems);
  if (Array.isArray(typed.BS)) out.BS = typed.BS.map((member, i) => (typeof member === 'string' ? decodeBinary(member, childPath(path, i), problems) : member));
  if (Array.isArray(typed.L)) out.L = typed.L.map((member, i) => decodeWireValue(member, childPath(path, i), problems));
  if (typed.M !== null && typeof typed.M === 'object' && !Array.isArray(typed.M)) {
    const map: Record<string, unknown> = {};
    for (const name of Object.keys(typed.M)) {
      Object.defineProperty(map, name, {
        value: decodeWireValue((typed.M as Record<string, unknown>)[name], childPath(path, name), problems),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    out.M = map;
  }
  return out;
}

function decodeBinary(text: string, path: string, problems: ItemProblem[]): Uint8Array {
  const bytes = decodeBase64(text);
  if (bytes) return bytes;
  problems.push({
    path,
    message: `"${text.length > 40 ? `${text.slice(0, 37)}…` : text}" is not base64: binary in DynamoDB JSON is base64 (A–Z, a–z, 0–9, + and /, = padding)`,
  });
  return new Uint8Array();
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value.length > 30 ? `${value.slice(0, 27)}…` : value)}` : `${typeof value} ${String(value)}`;
}
