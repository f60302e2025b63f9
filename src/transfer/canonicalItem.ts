import { sortSetMembers, type Item } from '../expressions';
import { isNormalizedNumberText } from '../keys';

/**
 * The import's fast path: a parsed DynamoDB JSON item that is already in
 * DynamoDB's own spelling (what Keylab's export, `aws dynamodb scan` and S3
 * exports write) is taken as it is, checked in one walk without copying,
 * instead of going through the item editor's reader (a copy, the engine's
 * validating copy, and the respellings the editor shows), which made the
 * client's CPU the import's bottleneck on a fast endpoint.
 *
 * It accepts only values the full reader would return unchanged (set members
 * are sorted in place, as the full reader sorts them): anything else (binary,
 * which needs decoding; a number to respell; a value with two types or none;
 * a name that is empty; a set with a duplicate; deep nesting) gives undefined,
 * and the caller reads the text with the full reader, which names the problem.
 */

/** Numbers this long may pass DynamoDB's 38 digits or its range: the full reader decides. */
const MAX_FAST_NUMBER_LENGTH = 38;
/** DynamoDB's nesting limit is 32; deeper documents go to the full reader. */
const MAX_FAST_DEPTH = 32;

/**
 * `parsed` (a fresh `JSON.parse` result, which this may reorder sets of) as
 * an item, or undefined when the full reader must read it.
 *
 * @example
 * canonicalItem(JSON.parse('{"pk":{"S":"a"},"n":{"N":"1.5"}}')) // { pk: { S: "a" }, n: { N: "1.5" } }
 * canonicalItem(JSON.parse('{"n":{"N":"1.50"}}'))               // undefined (DynamoDB spells it 1.5)
 */
export function canonicalItem(parsed: unknown): Item | undefined {
  if (!isPlainObject(parsed)) return undefined;
  for (const name in parsed) {
    if (name === '' || !isCanonicalValue(parsed[name], 0)) return undefined;
  }
  return parsed as Item;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isCanonicalNumber(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_FAST_NUMBER_LENGTH && isNormalizedNumberText(value);
}

function isCanonicalValue(value: unknown, depth: number): boolean {
  if (!isPlainObject(value)) return false;
  let type: string | undefined;
  for (const name in value) {
    if (type !== undefined) return false;
    type = name;
  }
  const member = (value as Record<string, unknown>)[type as string];
  switch (type) {
    case 'S':
      return typeof member === 'string';
    case 'N':
      return isCanonicalNumber(member);
    case 'BOOL':
      return typeof member === 'boolean';
    case 'NULL':
      return member === true;
    case 'SS':
      return isSet(member, (element) => typeof element === 'string') && sortsWithoutDuplicates(member, 'SS');
    case 'NS':
      return isSet(member, isCanonicalNumber) && sortsWithoutDuplicates(member, 'NS');
    case 'L':
      if (!Array.isArray(member) || depth >= MAX_FAST_DEPTH) return false;
      for (const element of member) if (!isCanonicalValue(element, depth + 1)) return false;
      return true;
    case 'M':
      if (!isPlainObject(member) || depth >= MAX_FAST_DEPTH) return false;
      for (const name in member) if (!isCanonicalValue(member[name], depth + 1)) return false;
      return true;
    default:
      // B and BS (base64 to decode), an unknown type, or none.
      return false;
  }
}

function isSet(member: unknown, isMember: (element: unknown) => boolean): member is string[] {
  if (!Array.isArray(member) || member.length === 0) return false;
  for (const element of member) if (!isMember(element)) return false;
  return true;
}

/** Sorts the set's members as DynamoDB keeps them; false when two are equal (the full reader reports the duplicate). */
function sortsWithoutDuplicates(members: string[], type: 'SS' | 'NS'): boolean {
  if (members.length > 1) sortSetMembers(type, members);
  for (let i = 1; i < members.length; i++) if (members[i] === members[i - 1]) return false;
  return true;
}
