/**
 * Validation of the AttributeValues a request supplies in
 * ExpressionAttributeValues, with DynamoDB's messages (recorded against live
 * DynamoDB by dynalite; the ones dynalite has no case for were observed on
 * DynamoDB Local 3.3.1).
 *
 * Values arrive from callers that may hold anything (JSON typed by a user),
 * so every check tolerates any input and answers with a message, never a
 * thrown TypeError.
 */
import { ATTRIBUTE_TYPES, encodeBase64, isAttributeType, type AttributeType } from '../dynamo';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { formatDynamoNumber, parseDynamoNumber } from '../keys';
import { MAX_VALUE_NESTING } from './limits';

const INVALID = 'One or more parameter values were invalid: ';

/** The ten type keys of an AttributeValue, in the order DynamoDB's own checks run (src/dynamo's list). */
const TYPE_KEYS = ATTRIBUTE_TYPES;
type TypeKey = AttributeType;

/**
 * DynamoDB's complaint about an AttributeValue, or `undefined` when it is
 * valid. Checks: exactly one type key (keys holding `undefined` or `null`
 * and unknown keys are ignored, as DynamoDB's JSON reader ignores them),
 * numbers (38 digits, magnitude), sets (non-empty, no duplicates — numbers
 * compared by value), `NULL: true`, nested M / L values (at most 32 levels).
 * Empty S and B are valid (they are only invalid in key attributes).
 *
 * @example
 * findAttributeValueProblem({ S: "x" })          // undefined
 * findAttributeValueProblem({ SS: ["a", "a"] })
 * // "One or more parameter values were invalid: Input collection [a, a] contains duplicates."
 * findAttributeValueProblem({})
 * // "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
 */
export function findAttributeValueProblem(value: unknown): string | undefined {
  return checkValue(value, 0);
}

/**
 * The type key of a valid AttributeValue.
 *
 * @example
 * attributeValueType({ NS: ["1"] }) // "NS"
 */
export function attributeValueType(value: AttributeValue): TypeKey {
  for (const key of TYPE_KEYS) {
    if ((value as unknown as Record<string, unknown>)[key] != null) return key;
  }
  return 'NULL';
}

function checkValue(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY;
  const record = value as Record<string, unknown>;
  const types: TypeKey[] = [];
  for (const key of Object.keys(record)) {
    if (isAttributeType(key) && record[key] != null) types.push(key);
  }
  if (types.length === 0) return EMPTY;
  for (const type of types) {
    const problem = checkMember(type, record[type], depth);
    if (problem !== undefined) return problem;
  }
  if (types.length > 1) return 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes';
  return undefined;
}

const EMPTY = 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes';
const NESTING = 'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit';

function checkMember(type: TypeKey, member: unknown, depth: number): string | undefined {
  switch (type) {
    case 'S':
      return typeof member === 'string' ? undefined : wrongType('S', 'a string');
    case 'N':
      return checkNumber(member);
    case 'B':
      return member instanceof Uint8Array ? undefined : wrongType('B', 'binary data (a Uint8Array)');
    case 'BOOL':
      return typeof member === 'boolean' ? undefined : wrongType('BOOL', 'true or false');
    case 'NULL':
      return member === true ? undefined : `${INVALID}Null attribute value types must have the value of true`;
    case 'SS':
      return checkStringSet(member);
    case 'NS':
      return checkNumberSet(member);
    case 'BS':
      return checkBinarySet(member);
    case 'M': {
      if (typeof member !== 'object' || member === null || Array.isArray(member)) return wrongType('M', 'a map of AttributeValues');
      if (depth >= MAX_VALUE_NESTING) return NESTING;
      for (const key of Object.keys(member)) {
        if (key === '') return 'Empty attribute name';
        const problem = checkValue((member as Record<string, unknown>)[key], depth + 1);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    case 'L': {
      if (!Array.isArray(member)) return wrongType('L', 'a list of AttributeValues');
      if (depth >= MAX_VALUE_NESTING) return NESTING;
      for (const item of member) {
        const problem = checkValue(item, depth + 1);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
  }
}

/** Not a DynamoDB message: the wire format makes these shapes impossible, JavaScript callers don't. */
function wrongType(type: TypeKey, expected: string): string {
  return `${INVALID}An AttributeValue of type ${type} must hold ${expected}`;
}

function checkNumber(member: unknown): string | undefined {
  if (typeof member !== 'string') return wrongType('N', 'a number as a string');
  if (member === '') return 'The parameter cannot be converted to a numeric value';
  const parsed = parseDynamoNumber(member);
  return parsed.ok ? undefined : parsed.message;
}

function checkStringSet(member: unknown): string | undefined {
  if (!Array.isArray(member)) return wrongType('SS', 'a list of strings');
  if (member.length === 0) return `${INVALID}An string set  may not be empty`;
  const seen = new Set<string>();
  let duplicate = false;
  for (const item of member) {
    if (typeof item !== 'string') return wrongType('SS', 'a list of strings');
    if (seen.has(item)) duplicate = true;
    seen.add(item);
  }
  return duplicate ? `${INVALID}Input collection [${member.join(', ')}] contains duplicates.` : undefined;
}

function checkNumberSet(member: unknown): string | undefined {
  if (!Array.isArray(member)) return wrongType('NS', 'a list of numbers as strings');
  if (member.length === 0) return `${INVALID}An number set  may not be empty`;
  const seen = new Set<string>();
  let duplicate = false;
  for (const item of member) {
    const problem = checkNumber(item);
    if (problem !== undefined) return problem;
    const parsed = parseDynamoNumber(item as string);
    const normalized = parsed.ok ? formatDynamoNumber(parsed.number) : (item as string);
    if (seen.has(normalized)) duplicate = true;
    seen.add(normalized);
  }
  return duplicate ? 'Input collection contains duplicates' : undefined;
}

function checkBinarySet(member: unknown): string | undefined {
  if (!Array.isArray(member)) return wrongType('BS', 'a list of Uint8Arrays');
  if (member.length === 0) return `${INVALID}Binary sets should not be empty`;
  const encoded: string[] = [];
  for (const item of member) {
    if (!(item instanceof Uint8Array)) return wrongType('BS', 'a list of Uint8Arrays');
    encoded.push(encodeBase64(item));
  }
  if (new Set(encoded).size === encoded.length) return undefined;
  // Sic: DynamoDB's message has no space before "of".
  return `${INVALID}Input collection [${encoded.join(', ')}]of type BS contains duplicates.`;
}
