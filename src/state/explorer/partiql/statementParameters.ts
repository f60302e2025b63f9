import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { ATTRIBUTE_TYPES, checkBase64 } from '../../../dynamo';
import { locateJsonError } from '../../../design';
import { readDynamoJsonValue } from '../../queryBuilder/typedValue';

/**
 * The Parameters box of the PartiQL tab: a JSON array of DynamoDB JSON values
 * (`[{"S": "G#1"}, {"N": "10"}]`), one per `?` of the statement, in order.
 * Read here before anything is sent, so a typo gets its line and column.
 */
export type ParametersResult = { readonly ok: true; readonly values: readonly AttributeValue[] } | { readonly ok: false; readonly message: string };

const ALL_TYPES: readonly string[] = ATTRIBUTE_TYPES;
const EXAMPLE = 'e.g. {"S": "text"}, {"N": "42"}, {"BOOL": true}';
const NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
/** Canonical, padded base64 (src/dynamo's check, as DynamoDB's wire requires it). */
const isBase64 = (text: string): boolean => checkBase64(text, true) === undefined;

/**
 * Reads the Parameters text: empty (or only spaces) means no parameters.
 *
 * @example
 * parseStatementParameters('[{"S": "G#1"}]')   // { ok: true, values: [{ S: "G#1" }] }
 * parseStatementParameters('[{"S": 5}]')       // { ok: false, message: "Parameter 1 (line 1, column 2): S holds a string …" }
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
  for (const [index, value] of parsed.entries()) {
    const problem = valueProblem(value);
    if (problem) {
      const before = text.slice(0, starts[index] ?? 0);
      const line = before.split('\n').length;
      const column = before.length - before.lastIndexOf('\n');
      return { ok: false, message: `Parameter ${index + 1} (line ${line}, column ${column}): ${problem}` };
    }
  }
  const values: AttributeValue[] = [];
  for (const [index, value] of parsed.entries()) {
    const read = readDynamoJsonValue(value, `Parameter ${index + 1}`);
    if (!read.ok) return { ok: false, message: read.problems.join(' ') };
    values.push(read.value);
  }
  return { ok: true, values };
}

/** What is wrong with one DynamoDB JSON value, or undefined when it is one. */
function valueProblem(value: unknown, depth = 0): string | undefined {
  if (depth > 32) return 'nested deeper than DynamoDB allows (32 levels).';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `${JSON.stringify(value) ?? String(value)} is not a DynamoDB JSON value: write an object with one type name, ${EXAMPLE}.`;
  }
  const entries = Object.entries(value);
  if (entries.length !== 1) {
    return entries.length === 0
      ? `{} has no type: write one type name, ${EXAMPLE}.`
      : `one value has one type, this one has ${entries.length} (${entries.map(([type]) => type).join(', ')}).`;
  }
  const [type, inner] = entries[0] as [string, unknown];
  if (!ALL_TYPES.includes(type)) return `"${type}" is not a DynamoDB type: use one of ${ALL_TYPES.join(', ')}.`;
  const inside = (problem: string) => `${type} ${problem}`;
  switch (type) {
    case 'S':
      return typeof inner === 'string' ? undefined : inside('holds a string: {"S": "text"}.');
    case 'N':
      return typeof inner === 'string' && NUMBER.test(inner) ? undefined : inside('holds a number written as a string: {"N": "42"}.');
    case 'B':
      return typeof inner === 'string' && isBase64(inner) ? undefined : inside('holds base64 text: {"B": "AQID"}.');
    case 'BOOL':
      return typeof inner === 'boolean' ? undefined : inside('holds true or false: {"BOOL": true}.');
    case 'NULL':
      return inner === true ? undefined : inside('is written {"NULL": true}.');
    case 'SS':
    case 'NS':
    case 'BS': {
      const member = type === 'SS' ? 'strings' : type === 'NS' ? 'numbers written as strings' : 'base64 texts';
      const fits = (item: unknown) => typeof item === 'string' && (type === 'SS' || (type === 'NS' ? NUMBER.test(item) : isBase64(item)));
      if (!Array.isArray(inner) || inner.length === 0 || !inner.every(fits)) return inside(`holds a non-empty array of ${member}.`);
      return undefined;
    }
    case 'L': {
      if (!Array.isArray(inner)) return inside('holds an array of DynamoDB JSON values: {"L": [{"S": "a"}]}.');
      for (const [index, item] of inner.entries()) {
        const problem = valueProblem(item, depth + 1);
        if (problem) return `in L, element ${index + 1}: ${problem}`;
      }
      return undefined;
    }
    default: {
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
        return inside('holds an object of DynamoDB JSON values: {"M": {"name": {"S": "a"}}}.');
      for (const [name, item] of Object.entries(inner)) {
        const problem = valueProblem(item, depth + 1);
        if (problem) return `in M, "${name}": ${problem}`;
      }
      return undefined;
    }
  }
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
