import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { encodeBase64 } from '../dynamo';
import { RawCode, type CodeValue } from './codeTree';
import { KeylabError } from '../errors';

/**
 * The one member an AttributeValue carries, or undefined for an empty or
 * unknown one (the SDK's type allows `$unknown`; DynamoDB would reject it).
 */
export function readAttributeValue(value: AttributeValue): { type: string; member: unknown } | undefined {
  for (const [type, member] of Object.entries(value)) {
    if (member !== undefined && type !== '$unknown') return { type, member };
  }
  return undefined;
}

/** Thrown while building a code tree when a value can't be written faithfully; emitCode turns it into `{ ok: false }`. */
export class UnwritableValueError extends KeylabError<'codegen.unwritableValue'> {
  override readonly name = 'UnwritableValueError';

  constructor(message: string) {
    super('codegen.unwritableValue', message);
  }
}

function requireAttributeValue(value: AttributeValue): { type: string; member: unknown } {
  const read = readAttributeValue(value);
  if (!read) throw new UnwritableValueError(`The request holds an empty AttributeValue (${JSON.stringify(value)}).`);
  return read;
}

/**
 * An AttributeValue in DynamoDB JSON with its bytes handed to `binary`
 * (base64 text for the CLI, a Uint8Array expression for JavaScript, a bytes
 * literal for Python).
 */
export function mapAttributeValue(value: AttributeValue, binary: (bytes: Uint8Array) => CodeValue): CodeValue {
  const { type, member } = requireAttributeValue(value);
  switch (type) {
    case 'S':
    case 'N':
    case 'BOOL':
    case 'NULL':
      return { [type]: member as string | boolean };
    case 'SS':
    case 'NS':
      return { [type]: [...(member as string[])] };
    case 'B':
      return { B: binary(member as Uint8Array) };
    case 'BS':
      return { BS: (member as Uint8Array[]).map(binary) };
    case 'L':
      return { L: (member as AttributeValue[]).map((entry) => mapAttributeValue(entry, binary)) };
    case 'M':
      return { M: mapAttributeValueMap(member as Record<string, AttributeValue>, binary) };
    default:
      throw new UnwritableValueError(`The request holds an AttributeValue of unknown type ${type}.`);
  }
}

/** A name → AttributeValue map (ExpressionAttributeValues, ExclusiveStartKey, M) in DynamoDB JSON. */
export function mapAttributeValueMap(map: Record<string, AttributeValue>, binary: (bytes: Uint8Array) => CodeValue): { [key: string]: CodeValue } {
  const out: { [key: string]: CodeValue } = {};
  for (const [name, value] of Object.entries(map)) {
    // defineProperty: a plain `out[name] =` with name "__proto__" would set the prototype.
    Object.defineProperty(out, name, { value: mapAttributeValue(value, binary), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Bytes as the base64 text DynamoDB JSON (and the AWS CLI v2) use. */
export function binaryAsBase64(bytes: Uint8Array): CodeValue {
  return encodeBase64(bytes);
}

/** Short byte strings as `new Uint8Array([1, 2, 3])`, longer ones decoded from base64 — both work in Node and browsers. */
export function binaryAsJsExpression(bytes: Uint8Array): CodeValue {
  if (bytes.length <= 16) return new RawCode(`new Uint8Array([${[...bytes].join(', ')}])`);
  return new RawCode(`Uint8Array.from(atob(${JSON.stringify(encodeBase64(bytes))}), (c) => c.charCodeAt(0))`);
}

/** Any binary member in these AttributeValues (nested in L/M too)? */
export function hasBinary(values: readonly AttributeValue[]): boolean {
  const test = (value: AttributeValue): boolean => {
    const read = readAttributeValue(value);
    if (!read) return false;
    if (read.type === 'B' || read.type === 'BS') return true;
    if (read.type === 'L') return (read.member as AttributeValue[]).some(test);
    if (read.type === 'M') return Object.values(read.member as Record<string, AttributeValue>).some(test);
    return false;
  };
  return values.some(test);
}
