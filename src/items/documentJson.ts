import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { isAttributeType } from '../dynamo';
import { setOwnAttribute } from '../expressions';
import { childPath, type ItemProblem } from './itemProblems';

/**
 * Plain document JSON (`{"score": 10, "tags": ["a"]}`, as dynamodb-admin and
 * DynamoDB's DocumentClient take it) in the item editor, beside DynamoDB
 * JSON (`{"score": {"N": "10"}}`). The types follow `@aws-sdk/util-dynamodb`'s
 * `marshall`: numbers → N, strings → S, booleans → BOOL, null → NULL,
 * arrays → L, objects → M. Written here rather than calling `marshall`: its
 * map conversion assigns `map[key]`, which drops a member named `__proto__`.
 */

/** The DynamoDB types, each the one key of a typed value. */

/** Whether `value` is shaped like a DynamoDB JSON value: an object whose keys are all type names (two of them is a mistake DynamoDB JSON's reader names). */
function isTypedValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const names = Object.keys(value);
  return names.length > 0 && names.every(isAttributeType);
}

/**
 * Which JSON an item text is: DynamoDB JSON when any top-level value names
 * its type (`{"S": …}`), else plain document JSON. One typed value is enough,
 * so DynamoDB JSON keeps its meaning: a mix is read as DynamoDB JSON, whose
 * reader names each untyped value.
 *
 * @example
 * jsonFormatOf({ score: 10 })          // "document"
 * jsonFormatOf({ score: { N: "10" } }) // "dynamodb"
 */
export function jsonFormatOf(parsed: object): 'dynamodb' | 'document' {
  if (Object.keys(parsed).length === 0) return 'dynamodb';
  return Object.values(parsed).some(isTypedValue) ? 'dynamodb' : 'document';
}

/** More significant digits than a JavaScript number keeps exactly. */
const MAX_EXACT_DIGITS = 15;

/**
 * A plain JSON document as DynamoDB JSON values (binary as bytes is not a
 * JSON type, so none appear). A number JSON.parse can't keep exactly (more
 * than 15 significant digits) is a problem naming its path: DynamoDB keeps
 * 38 digits, and DynamoDB JSON's `{"N": "…"}` keeps them all.
 *
 * @example
 * documentToCandidate({ score: 10, tags: ["a"] }, text, problems) // { score: { N: "10" }, tags: { L: [{ S: "a" }] } }
 */
export function documentToCandidate(document: object, text: string, problems: ItemProblem[]): Record<string, AttributeValue> {
  const longNumbers = longNumberTokens(text);
  const toValue = (value: unknown, path: string): AttributeValue => {
    if (value === null) return { NULL: true };
    if (typeof value === 'string') return { S: value };
    if (typeof value === 'boolean') return { BOOL: value };
    if (typeof value === 'number') {
      const spelled = longNumbers.find((token) => Number(token) === value);
      if (spelled !== undefined)
        problems.push({
          path,
          message: `${spelled} has more digits than plain JSON keeps (15): write it as DynamoDB JSON, {"N": "${spelled}"}, to keep every digit`,
        });
      return { N: String(value) };
    }
    if (Array.isArray(value)) return { L: value.map((member, index) => toValue(member, childPath(path, index))) };
    const map: Record<string, AttributeValue> = {};
    for (const [name, member] of Object.entries(value as object)) setOwnAttribute(map, name, toValue(member, childPath(path, name)));
    return { M: map };
  };
  const candidate: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(document)) setOwnAttribute(candidate, name, toValue(value, childPath('', name)));
  return candidate;
}

/** The number tokens of a JSON text (outside strings) with more than 15 significant digits. */
function longNumberTokens(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  for (const match of text.matchAll(pattern)) {
    const token = match[0];
    if (token.startsWith('"')) continue;
    const digits = token
      .replace(/^-/, '')
      .replace(/[eE].*$/, '')
      .replace('.', '')
      .replace(/^0+/, '')
      .replace(/0+$/, '');
    if (digits.length > MAX_EXACT_DIGITS) tokens.push(token);
  }
  return tokens;
}
