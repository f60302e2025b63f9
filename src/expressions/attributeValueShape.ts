/**
 * The one validator of an AttributeValue's shape, with DynamoDB's messages
 * (recorded against live DynamoDB by dynalite; the ones dynalite has no case
 * for were observed on DynamoDB Local 3.3.1): exactly one type key (keys
 * holding `undefined` or `null` and unknown keys are ignored, as DynamoDB's
 * JSON reader ignores them), each type's own check before the count of types,
 * numbers (38 digits, magnitude), sets (non-empty, no duplicates — numbers
 * compared by value), `NULL: true`, nested M / L values (at most 32 levels).
 * Empty S and B are valid (they are only invalid in key attributes).
 *
 * It returns a normalised deep copy (numbers in DynamoDB's spelling, set
 * members sorted, binary copied) or throws a DynamoDBError. Its two callers
 * differ only where their messages do ({@link AttributeValueRules}): the
 * engine's item reader (src/engine/values/readAttributeValue.ts) and the
 * ExpressionAttributeValues check (expressionValues.ts).
 *
 * Values arrive from callers that may hold anything (JSON typed by a user),
 * so every check tolerates any input and answers with a DynamoDBError, never
 * a TypeError.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { encodeBase64, isAttributeType, type AttributeType } from '../dynamo';
import { normalizeDynamoNumber, parseDynamoNumber } from '../keys';
import { setOwnAttribute, sortSetMembers } from './attributeValues';
import { DynamoDBError, validationError } from './errors';
import { MAX_VALUE_NESTING } from './limits';

const INVALID = 'One or more parameter values were invalid: ';

/** Where the two readers of AttributeValues differ. */
export interface AttributeValueRules {
  /** How a string is kept (the engine stores strings flat); as it is when absent. */
  readonly string?: (text: string) => string;
  /** The error for a member of the wrong JavaScript type (`{ S: 5 }`, `{ B: "AQ==" }`). */
  readonly wrongType: (type: AttributeType) => DynamoDBError;
  /** The message for values nested deeper than 32 levels of M and L. */
  readonly nestingMessage: string;
  /** The message for an empty key in a nested map, when empty keys are refused. */
  readonly emptyMapKeyMessage?: string;
  /**
   * Whether a map member holding `undefined` is left out of the copy (as the SDK serialises it away);
   * else it is refused as an empty value (a check that keeps the caller's value can't leave it out).
   */
  readonly dropsUndefinedMembers: boolean;
}

/**
 * Validates one AttributeValue and returns a normalised deep copy, or throws
 * a DynamoDBError with DynamoDB's message.
 *
 * @example
 * readAttributeValueShape({ N: "001.50" }, rules)    // { N: "1.5" }
 * readAttributeValueShape({ SS: [] }, rules)         // throws "One or more parameter values were invalid: An string set  may not be empty"
 * readAttributeValueShape({ S: "a", N: "1" }, rules) // throws "Supplied AttributeValue has more than one datatypes set, …"
 */
export function readAttributeValueShape(value: unknown, rules: AttributeValueRules): AttributeValue {
  return readValue(value, 0, rules);
}

/**
 * A number in DynamoDB's normalised spelling, or DynamoDB's error for it.
 *
 * @example
 * readNumber("1.5E2") // "150"
 * readNumber("abc")   // throws "The parameter cannot be converted to a numeric value: abc"
 */
export function readNumber(text: string): string {
  if (text === '') throw validationError('The parameter cannot be converted to a numeric value');
  const parsed = parseDynamoNumber(text);
  if (!parsed.ok) throw validationError(parsed.message);
  return normalizeDynamoNumber(text) as string;
}

const EMPTY = 'Supplied AttributeValue is empty, must contain exactly one of the supported datatypes';
const MANY = 'Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes';

function readValue(value: unknown, depth: number, rules: AttributeValueRules): AttributeValue {
  if (depth > MAX_VALUE_NESTING) throw validationError(rules.nestingMessage);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw validationError(EMPTY);
  const record = value as Record<string, unknown>;
  // One pass over the members the object has (usually one), rather than ten lookups per value.
  let type: AttributeType | undefined;
  let read: AttributeValue | undefined;
  let count = 0;
  for (const name in record) {
    if (!isAttributeType(name) || record[name] === undefined || record[name] === null) continue;
    count++;
    type = name;
    // Each type's own check comes before the count of types (dynalite's recording).
    read = readMember(name, record[name], depth, rules);
  }
  if (type === undefined || read === undefined) throw validationError(EMPTY);
  if (count > 1) throw validationError(MANY);
  return read;
}

function readMember(type: AttributeType, member: unknown, depth: number, rules: AttributeValueRules): AttributeValue {
  switch (type) {
    case 'S': {
      const text = expectString(member, type, rules);
      return { S: rules.string ? rules.string(text) : text };
    }
    case 'N':
      return { N: readStoredNumber(expectString(member, type, rules), rules) };
    case 'B':
      return { B: expectBytes(member, type, rules).slice() };
    case 'BOOL':
      if (typeof member !== 'boolean') throw rules.wrongType(type);
      return { BOOL: member };
    case 'NULL':
      if (member !== true) throw validationError(INVALID + 'Null attribute value types must have the value of true');
      return { NULL: true };
    case 'M': {
      if (typeof member !== 'object' || member === null || Array.isArray(member)) throw rules.wrongType(type);
      const map: Record<string, AttributeValue> = {};
      for (const name of Object.keys(member)) {
        const element = (member as Record<string, unknown>)[name];
        if (element === undefined && rules.dropsUndefinedMembers) continue;
        if (name === '' && rules.emptyMapKeyMessage !== undefined) throw validationError(rules.emptyMapKeyMessage);
        setOwnAttribute(map, name, readValue(element, depth + 1, rules));
      }
      return { M: map };
    }
    case 'L': {
      if (!Array.isArray(member)) throw rules.wrongType(type);
      return { L: member.map((element: unknown) => readValue(element, depth + 1, rules)) };
    }
    case 'SS':
      return { SS: readStringSet(member, rules) };
    case 'NS':
      return { NS: readNumberSet(member, rules) };
    case 'BS':
      return { BS: readBinarySet(member, rules) };
  }
}

function readStoredNumber(text: string, rules: AttributeValueRules): string {
  const number = readNumber(text);
  return rules.string ? rules.string(number) : number;
}

function readStringSet(member: unknown, rules: AttributeValueRules): string[] {
  const members = expectArray(member, 'SS', rules).map((element) => {
    const text = expectString(element, 'SS', rules);
    return rules.string ? rules.string(text) : text;
  });
  if (members.length === 0) throw validationError(INVALID + 'An string set  may not be empty');
  if (new Set(members).size !== members.length) {
    throw validationError(`${INVALID}Input collection [${members.join(', ')}] contains duplicates.`);
  }
  return sortSetMembers('SS', members);
}

function readNumberSet(member: unknown, rules: AttributeValueRules): string[] {
  const members = expectArray(member, 'NS', rules).map((element) => readStoredNumber(expectString(element, 'NS', rules), rules));
  if (members.length === 0) throw validationError(INVALID + 'An number set  may not be empty');
  // Duplicates are judged after normalisation: 1 and 1.0 are the same number (verified on DynamoDB Local).
  if (new Set(members).size !== members.length) throw validationError('Input collection contains duplicates');
  return sortSetMembers('NS', members);
}

function readBinarySet(member: unknown, rules: AttributeValueRules): Uint8Array[] {
  const members = expectArray(member, 'BS', rules).map((element) => expectBytes(element, 'BS', rules).slice());
  if (members.length === 0) throw validationError(INVALID + 'Binary sets should not be empty');
  const encoded = members.map(encodeBase64);
  if (new Set(encoded).size !== encoded.length) {
    // Sic: DynamoDB prints no space before "of type BS".
    throw validationError(`${INVALID}Input collection [${encoded.join(', ')}]of type BS contains duplicates.`);
  }
  return sortSetMembers('BS', members);
}

function expectString(value: unknown, type: AttributeType, rules: AttributeValueRules): string {
  if (typeof value !== 'string') throw rules.wrongType(type);
  return value;
}

function expectBytes(value: unknown, type: AttributeType, rules: AttributeValueRules): Uint8Array {
  if (!(value instanceof Uint8Array)) throw rules.wrongType(type);
  return value;
}

function expectArray(value: unknown, type: AttributeType, rules: AttributeValueRules): unknown[] {
  if (!Array.isArray(value)) throw rules.wrongType(type);
  return value;
}
