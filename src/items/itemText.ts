import { locateJsonError } from '../errors';
import { readAttributeValue } from '../engine';
import { isDynamoDBError, type Item } from '../expressions';
import { isPlainObject, readWireValue, writeWireJson, type WireProblem, type WireReadRules } from '../dynamo';
import { normalizeDynamoNumber } from '../keys';
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
 * itemFromText('{"n": {"N": 1}}')      // { ok: false, problems: [{ path: "n.N", message: 'a number is written as text so it stays exact: {"N": "1"}, …' }] }
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
    const typed = (parsed as Record<string, unknown>)[name];
    const read = readWireValue(typed, childPath('', name), WIRE_RULES);
    if (read.ok) Object.defineProperty(candidate, name, { value: read.value, enumerable: true, writable: true, configurable: true });
    else problems.push(...problemsOf(typed, childPath('', name), read.problems));
  }
  if (problems.length > 0) return { ok: false, problems };
  return readEditedItem(candidate);
}

/**
 * src/dynamo's reader of DynamoDB JSON: binary from base64 to bytes; numbers stay as typed, so the editor
 * can show how DynamoDB respells them; empty keys of nested maps are left to the engine's reader, as a PutItem.
 */
const WIRE_RULES: WireReadRules = { normalizeNumber: normalizeDynamoNumber, emptyMapKeys: true };

/**
 * What to say about an attribute the DynamoDB-JSON reader refused: DynamoDB's
 * own message when DynamoDB states the rule (`An string set  may not be
 * empty`, a duplicate, a number out of range, at the attribute); otherwise
 * (binary that is not base64, a member of the wrong JSON type, a value with no
 * type) the reader's problems, each at its exact path.
 */
function problemsOf(typed: unknown, path: string, problems: readonly WireProblem[]): ItemProblem[] {
  if (!isPlainObject(typed)) return problems.map((problem) => ({ path: problem.path, message: `${problem.message} ${UNTYPED_HINT}` }));
  try {
    readAttributeValue(typed);
  } catch (error) {
    if (isDynamoDBError(error, 'ValidationException')) return [{ path, message: error.message }];
  }
  return [...problems];
}

const UNTYPED_HINT = '(Plain JSON, with no typed value at all, is read as a document: {"score": 10})';
