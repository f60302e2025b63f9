import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoDBError, setOwnAttribute, sortSetMembers, validationError, type Item } from '../../expressions';
import { normalizeDynamoNumber, parseDynamoNumber } from '../../keys';
import { encodeBase64, isAttributeType, type AttributeType } from '../../dynamo';
import { flatString } from './flatString';

/**
 * Reading AttributeValues that come from a caller: validate them with
 * DynamoDB's messages and return a private, normalised deep copy, so the
 * stored data can never be changed through an object the caller still holds.
 * Strings are stored flat (see flatString.ts): they are compared often.
 *
 * Messages are real DynamoDB's (architect/dynalite's tests were recorded
 * against it). DynamoDB Local words several of them differently; each such
 * case is listed in readAttributeValue.test.ts.
 */

const INVALID = 'One or more parameter values were invalid: ';

/** DynamoDB refuses documents nested deeper than this. */
const MAX_NESTING_DEPTH = 32;

/**
 * Validates one AttributeValue and returns a normalised deep copy: numbers in
 * DynamoDB's spelling (`1.50` → `1.5`, in NS too), binary copied.
 * Throws a ValidationException with DynamoDB's message otherwise.
 *
 * @example
 * readAttributeValue({ N: "001.50" })   // { N: "1.5" }
 * readAttributeValue({ SS: [] })        // throws "One or more parameter values were invalid: An string set  may not be empty"
 * readAttributeValue({ S: "a", N: "1" }) // throws "Supplied AttributeValue has more than one datatypes set, …"
 */
export function readAttributeValue(value: unknown): AttributeValue {
  return readValue(value, 0);
}

/**
 * Validates a map of attribute names to values (an Item, a Key, an
 * ExclusiveStartKey) and returns a normalised deep copy.
 *
 * @example
 * readItem({ pk: { S: "a" }, n: { N: "1e3" } }) // { pk: { S: "a" }, n: { N: "1000" } }
 */
export function readItem(item: unknown): Item {
  const copy: Item = {};
  if (item === null || typeof item !== 'object') return copy;
  for (const name of Object.keys(item)) {
    const value = (item as Record<string, unknown>)[name];
    if (value === undefined) continue;
    setOwnAttribute(copy, name, readValue(value, 0));
  }
  return copy;
}

function readValue(value: unknown, depth: number): AttributeValue {
  if (depth > MAX_NESTING_DEPTH) throw validationError('Nesting Levels have exceeded supported limits');
  if (value === null || typeof value !== 'object') throw emptyValue();
  const record = value as Record<string, unknown>;
  // One pass over the members the object has (usually one), rather than ten lookups per value.
  let type: AttributeType | undefined;
  for (const name in record) {
    if (!isAttributeType(name) || record[name] === undefined || record[name] === null) continue;
    if (type !== undefined)
      throw validationError('Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes');
    type = name;
  }
  if (type === undefined) throw emptyValue();
  const member = record[type];
  switch (type) {
    case 'S':
      return { S: flatString(expectString(member, type)) };
    case 'N':
      return { N: flatString(readNumber(expectString(member, type))) };
    case 'B':
      return { B: expectBytes(member, type).slice() };
    case 'BOOL':
      if (typeof member !== 'boolean') throw wrongShape(type);
      return { BOOL: member };
    case 'NULL':
      if (member !== true) throw validationError(INVALID + 'Null attribute value types must have the value of true');
      return { NULL: true };
    case 'M': {
      if (typeof member !== 'object' || Array.isArray(member)) throw wrongShape(type);
      const map: Record<string, AttributeValue> = {};
      for (const name of Object.keys(member as object)) {
        const element = (member as Record<string, unknown>)[name];
        if (element === undefined) continue;
        setOwnAttribute(map, name, readValue(element, depth + 1));
      }
      return { M: map };
    }
    case 'L': {
      if (!Array.isArray(member)) throw wrongShape(type);
      return { L: member.map((element: unknown) => readValue(element, depth + 1)) };
    }
    case 'SS':
      return { SS: readStringSet(member) };
    case 'NS':
      return { NS: readNumberSet(member) };
    case 'BS':
      return { BS: readBinarySet(member) };
  }
}

function readStringSet(member: unknown): string[] {
  const members = expectArray(member, 'SS').map((element) => flatString(expectString(element, 'SS')));
  if (members.length === 0) throw validationError(INVALID + 'An string set  may not be empty');
  if (new Set(members).size !== members.length) {
    throw validationError(`${INVALID}Input collection [${members.join(', ')}] contains duplicates.`);
  }
  return sortSetMembers('SS', members);
}

function readNumberSet(member: unknown): string[] {
  const members = expectArray(member, 'NS').map((element) => flatString(readNumber(expectString(element, 'NS'))));
  if (members.length === 0) throw validationError(INVALID + 'An number set  may not be empty');
  // Duplicates are judged after normalisation: 1 and 1.0 are the same number (verified on DynamoDB Local).
  if (new Set(members).size !== members.length) throw validationError('Input collection contains duplicates');
  return sortSetMembers('NS', members);
}

function readBinarySet(member: unknown): Uint8Array[] {
  const members = expectArray(member, 'BS').map((element) => expectBytes(element, 'BS').slice());
  if (members.length === 0) throw validationError(INVALID + 'Binary sets should not be empty');
  const encoded = members.map(encodeBase64);
  if (new Set(encoded).size !== encoded.length) {
    // Sic: DynamoDB prints no space before "of type BS".
    throw validationError(`${INVALID}Input collection [${encoded.join(', ')}]of type BS contains duplicates.`);
  }
  return sortSetMembers('BS', members);
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

function emptyValue(): DynamoDBError {
  return validationError('Supplied AttributeValue is empty, must contain exactly one of the supported datatypes');
}

/**
 * A member of the wrong JSON/JS type (`{ S: 5 }`): the AWS SDK could never
 * send it; DynamoDB rejects such a body while deserialising it.
 */
function wrongShape(type: string): DynamoDBError {
  return new DynamoDBError('SerializationException', `Unexpected value for the ${type} member of an AttributeValue`);
}

function expectString(value: unknown, type: string): string {
  if (typeof value !== 'string') throw wrongShape(type);
  return value;
}

function expectBytes(value: unknown, type: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw wrongShape(type);
  return value;
}

function expectArray(value: unknown, type: string): unknown[] {
  if (!Array.isArray(value)) throw wrongShape(type);
  return value;
}
