import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { readWireValue, type WireReadRules } from '../../../dynamo';
import { locateJsonError } from '../../../design';
import { DYNAMO_JSON_RULES } from '../../queryBuilder/typedValue';

/**
 * The Parameters box of the PartiQL tab: a JSON array of DynamoDB JSON values
 * (`[{"S": "G#1"}, {"N": "10"}]`), one per `?` of the statement, in order.
 * Read here before anything is sent, so a typo gets its line and column.
 */
export type ParametersResult = { readonly ok: true; readonly values: readonly AttributeValue[] } | { readonly ok: false; readonly message: string };

/** DynamoDB JSON as the query builder reads it, with binary as DynamoDB's wire takes it (canonical, padded base64): the SDK sends the bytes, so "AR==" would go as "AQ==". */
const PARAMETER_RULES: WireReadRules = { ...DYNAMO_JSON_RULES, canonicalBinary: true };
const EXAMPLE = 'e.g. {"S": "text"}, {"N": "42"}, {"BOOL": true}';

/**
 * Reads the Parameters text: empty (or only spaces) means no parameters.
 *
 * @example
 * parseStatementParameters('[{"S": "G#1"}]')   // { ok: true, values: [{ S: "G#1" }] }
 * parseStatementParameters('[{"S": 5}]')       // { ok: false, message: 'Parameter 1 (line 1, column 2) at S: a string value is text: write {"S": "…"}, not the number 5.' }
 */
export function parseStatementParameters(text: string): ParametersResult {
  if (text.trim() === '') return { ok: true, values: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const { where, reason } = locateJsonError(text, error);
    const at = where ? ` at line ${where.line}, column ${where.column}${where.endsEarly ? ' (the text ends too early)' : ''}` : '';
    return { ok: false, message: `Parameters are not valid JSON${at}: ${reason}. Write a JSON array of DynamoDB JSON values, ${EXAMPLE}.` };
  }
  if (!Array.isArray(parsed)) return { ok: false, message: `Parameters must be a JSON array, one value per ? in the statement: [${EXAMPLE.slice(5)}].` };
  const starts = elementStarts(text);
  const values: AttributeValue[] = [];
  for (const [index, value] of parsed.entries()) {
    // src/dynamo's one DynamoDB-JSON reader, as the query builder's lists and maps and pasted requests are read.
    const read = readWireValue(value, '', PARAMETER_RULES);
    if (!read.ok) {
      const before = text.slice(0, starts[index] ?? 0);
      const line = before.split('\n').length;
      const column = before.length - before.lastIndexOf('\n');
      const problems = read.problems.map((problem) => `${problem.path === '' ? '' : ` at ${problem.path}`}: ${problem.message}`);
      return { ok: false, message: `Parameter ${index + 1} (line ${line}, column ${column})${problems.join(` Parameter ${index + 1}`)}` };
    }
    values.push(read.value);
  }
  return { ok: true, values };
}

/** The offset where each top-level element of a JSON array starts (the text is known to parse). */
function elementStarts(text: string): number[] {
  const starts: number[] = [];
  let depth = 0;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"') {
      if (depth === 1 && expectValue) {
        starts.push(i);
        expectValue = false;
      }
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (' \t\r\n'.includes(char)) continue;
    if (depth === 1 && expectValue && char !== ']') {
      starts.push(i);
      expectValue = false;
    }
    if (char === '[' || char === '{') {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) expectValue = true;
  }
  return starts;
}
