import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { writeWireJson } from '../../dynamo';

/** The DynamoDB type tag of a value, for the badge beside it. */
export function typeTagOf(value: AttributeValue): string {
  return Object.keys(value).find((key) => key !== '$unknown') ?? '?';
}

/** Bytes as spaced hex, e.g. "01 ff 80". */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
}

/**
 * A value as one line of text for a grid cell: numbers keep their exact
 * digits (never through JS numbers), binary is hex, sets and documents are
 * written out in DynamoDB-JSON-like text. The UI renders it as text, never HTML.
 *
 * @example
 * formatAttributeValue({ NS: ["1", "10"] }) // "{1, 10}"
 */
export function formatAttributeValue(value: AttributeValue): string {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return value.N;
  if (value.B !== undefined) return toHex(value.B);
  if (value.BOOL !== undefined) return String(value.BOOL);
  if (value.NULL !== undefined) return 'null';
  if (value.SS !== undefined) return `{${value.SS.map((member) => JSON.stringify(member)).join(', ')}}`;
  if (value.NS !== undefined) return `{${value.NS.join(', ')}}`;
  if (value.BS !== undefined) return `{${value.BS.map(toHex).join(', ')}}`;
  if (value.L !== undefined) return `[${value.L.map(formatNested).join(', ')}]`;
  if (value.M !== undefined)
    return `{${Object.entries(value.M)
      .map(([key, member]) => `${JSON.stringify(key)}: ${formatNested(member)}`)
      .join(', ')}}`;
  return '?';
}

function formatNested(value: AttributeValue): string {
  return value.S !== undefined ? JSON.stringify(value.S) : formatAttributeValue(value);
}

/** Printable ASCII with no space at either end: nothing in it is invisible. */
const PLAIN_VISIBLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Whether text can be shown as it is: printable ASCII without a leading or
 * trailing space, so no character in it needs the invisible-character
 * treatment (VisibleText). A fast path for the grid; anything else — empty
 * text, controls, edge spaces, any non-ASCII — answers false and goes through
 * VisibleText, which decides character by character.
 *
 * @example
 * isPlainVisibleText("SEASON#2026") // true
 * isPlainVisibleText("a\tb") // false
 */
export function isPlainVisibleText(text: string): boolean {
  return PLAIN_VISIBLE.test(text);
}

/** How many members a set, list or map holds; undefined for scalars. */
export function memberCountOf(value: AttributeValue): number | undefined {
  return value.SS?.length ?? value.NS?.length ?? value.BS?.length ?? value.L?.length ?? (value.M ? Object.keys(value.M).length : undefined);
}

/**
 * A value written out in full over several lines, nested lists and maps
 * indented by two spaces per level — what the grid shows when a cell is expanded.
 *
 * @example
 * formatAttributeValueIndented({ M: { a: { N: "1" } } }) // '{\n  "a": 1\n}'
 */
export function formatAttributeValueIndented(value: AttributeValue, depth = 0): string {
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (value.L !== undefined) {
    if (value.L.length === 0) return '[]';
    return `[\n${value.L.map((member) => pad + formatAttributeValueIndented(member, depth + 1)).join(',\n')}\n${close}]`;
  }
  if (value.M !== undefined) {
    const entries = Object.entries(value.M);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, member]) => `${pad}${JSON.stringify(key)}: ${formatAttributeValueIndented(member, depth + 1)}`).join(',\n')}\n${close}}`;
  }
  if (value.S !== undefined) return depth === 0 ? value.S : JSON.stringify(value.S);
  return formatAttributeValue(value);
}

/**
 * One attribute as DynamoDB JSON, the shape the AWS CLI and SDKs read (`{"name": {"S": "…"}}`;
 * numbers stay strings, binary is base64), for pasting into an item or a request.
 *
 * @example
 * attributeAsDynamoDBJson("id", { B: Uint8Array.of(1, 2) }) // '{"id":{"B":"AQI="}}'
 */
export function attributeAsDynamoDBJson(name: string, value: AttributeValue): string {
  return writeWireJson({ [name]: value });
}
