/**
 * DynamoDB's JSON 1.0 wire format ↔ the AWS SDK v3 shapes the engine speaks.
 *
 * The two differ in very little: on the wire, binary values (`B`, `BS`
 * members of AttributeValues, at any depth inside `L` and `M`) are base64
 * strings, and timestamps (`CreationDateTime`, …) are epoch seconds; in the
 * SDK shapes they are `Uint8Array` and `Date`. Everything else is the same
 * JSON.
 *
 * Requests are decoded against a schema of each operation's input, as
 * DynamoDB's front end (Coral) does: a member of the wrong JSON type is a
 * `SerializationException` with DynamoDB's own message (`NUMBER_VALUE cannot
 * be converted to String`, recorded against live DynamoDB by
 * architect/dynalite's tests); `null` means absent; members DynamoDB does not
 * know are dropped. So the engine receives exactly what a typed SDK client
 * would have given it.
 */
import { checkBase64, writeWireJson } from '../../dynamo';
import type { DynamoDBDataSource, DynamoDBStreamsDataSource } from '../../engine';
import { DynamoDBError } from '../../expressions';
import { ATTRIBUTE_VALUE_MEMBERS, INPUT_SHAPES, type Shape } from './inputShapes';
import { pageJsonBytes } from './pageJson';

/** The `X-Amz-Target` prefix of DynamoDB's current API version. */
export const TARGET_PREFIX = 'DynamoDB_20120810.';

/** The operations Keylab's endpoint serves, and the engine method behind each. */
export const OPERATIONS = {
  BatchExecuteStatement: 'batchExecuteStatement',
  BatchGetItem: 'batchGetItem',
  BatchWriteItem: 'batchWriteItem',
  CreateTable: 'createTable',
  DeleteItem: 'deleteItem',
  DeleteTable: 'deleteTable',
  DescribeTable: 'describeTable',
  ExecuteStatement: 'executeStatement',
  ExecuteTransaction: 'executeTransaction',
  DescribeTimeToLive: 'describeTimeToLive',
  GetItem: 'getItem',
  ListTables: 'listTables',
  ListTagsOfResource: 'listTagsOfResource',
  PutItem: 'putItem',
  Query: 'query',
  Scan: 'scan',
  TagResource: 'tagResource',
  TransactGetItems: 'transactGetItems',
  TransactWriteItems: 'transactWriteItems',
  UntagResource: 'untagResource',
  UpdateItem: 'updateItem',
  UpdateTable: 'updateTable',
  UpdateTimeToLive: 'updateTimeToLive',
} as const satisfies Record<string, keyof DynamoDBDataSource>;

/** The `X-Amz-Target` prefix of DynamoDB Streams, served at the same endpoint (as DynamoDB Local does). */
export const STREAMS_TARGET_PREFIX = 'DynamoDBStreams_20120810.';

/** The DynamoDB Streams operations the endpoint serves, and the data-source method behind each. */
export const STREAM_OPERATIONS = {
  DescribeStream: 'describeStream',
  GetRecords: 'getRecords',
  GetShardIterator: 'getShardIterator',
  ListStreams: 'listStreams',
} as const satisfies Record<string, keyof DynamoDBStreamsDataSource>;

export type StreamOperationName = keyof typeof STREAM_OPERATIONS;
export type OperationName = keyof typeof OPERATIONS | StreamOperationName;

/** True when `name` is one of the DynamoDB operations the endpoint serves. */
export function isOperationName(name: string): name is keyof typeof OPERATIONS {
  return Object.hasOwn(OPERATIONS, name);
}

/** True when `name` is one of the DynamoDB Streams operations the endpoint serves. */
export function isStreamOperationName(name: string): name is StreamOperationName {
  return Object.hasOwn(STREAM_OPERATIONS, name);
}

/** The data-source method behind an operation. */
export function methodOf(operation: OperationName): string {
  return isStreamOperationName(operation) ? STREAM_OPERATIONS[operation] : OPERATIONS[operation];
}

// --- Errors -------------------------------------------------------------------

/** The error body DynamoDB sends: `{"__type": "...#Name", "message": "..."}`. */
export interface WireError {
  readonly __type: string;
  readonly message?: string;
  readonly Message?: string;
  /** ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure: ALL_OLD. */
  readonly Item?: unknown;
  /** TransactionCanceledException: one reason per action. */
  readonly CancellationReasons?: unknown;
}

/** Errors of DynamoDB's request framework (Coral), not of the DynamoDB service itself. */
const FRAMEWORK_ERRORS = new Set(['SerializationException', 'UnknownOperationException', 'AccessDeniedException', 'RequestEntityTooLargeException']);

/**
 * The `__type` DynamoDB puts in an error body. Real DynamoDB (and DynamoDB
 * Local) send ValidationException as `com.amazon.coral.validate#…`, framework
 * errors as `com.amazon.coral.service#…`, and service errors as
 * `com.amazonaws.dynamodb.v20120810#…`. SDKs keep only the part after `#`.
 *
 * @example
 * errorType("ValidationException")       // "com.amazon.coral.validate#ValidationException"
 * errorType("ResourceNotFoundException") // "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException"
 */
export function errorType(name: string): string {
  if (name === 'ValidationException') return `com.amazon.coral.validate#${name}`;
  if (FRAMEWORK_ERRORS.has(name)) return `com.amazon.coral.service#${name}`;
  return `com.amazonaws.dynamodb.v20120810#${name}`;
}

/**
 * The body of an error response. Service and validation errors carry
 * `message`; framework errors `Message` — both as real DynamoDB sends them
 * (the SDKs read either).
 *
 * @example
 * encodeError("ResourceNotFoundException", "Requested resource not found")
 * // {"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","message":"Requested resource not found"}
 */
export function encodeError(name: string, message: string, item?: unknown, cancellationReasons?: unknown): string {
  let body: WireError;
  if (FRAMEWORK_ERRORS.has(name)) body = { __type: errorType(name), Message: message };
  // DynamoDB sends this one's text as `Message`, beside the reasons.
  else if (cancellationReasons !== undefined) body = { __type: errorType(name), CancellationReasons: cancellationReasons, Message: message };
  else body = { __type: errorType(name), message, ...(item === undefined ? {} : { Item: item }) };
  return stringifyWire(body);
}

function serializationError(message: string): DynamoDBError {
  return new DynamoDBError('SerializationException', message);
}

// --- Output: SDK shapes → wire ------------------------------------------------

/**
 * An operation's output as the JSON text of a DynamoDB response: `$metadata`
 * dropped, `Uint8Array` as base64, `Date` as epoch seconds (DynamoDB sends
 * `1795996458.406`), `undefined` members left out.
 *
 * @example
 * encodeOutput({ Item: { b: { B: Uint8Array.of(0xff, 0) } }, $metadata: {} }) // '{"Item":{"b":{"B":"/wA="}}}'
 */
export function encodeOutput(output: unknown): string {
  return encodeOutputBytes(output).toString('utf8');
}

/** {@link encodeOutput} as the UTF-8 bytes the endpoint sends. */
export function encodeOutputBytes(output: unknown): Buffer {
  if (output === null || typeof output !== 'object') return Buffer.from(stringifyWire(output ?? {}), 'utf8');
  const { $metadata: _metadata, ...rest } = output as Record<string, unknown>;
  // Query and Scan pages (and PartiQL's): stored items' bytes are reused (pageJson.ts).
  if (Array.isArray(rest.Items)) return pageJsonBytes(rest as { Items: object[] }, stringifyWire);
  return Buffer.from(stringifyWire(rest), 'utf8');
}

/**
 * src/dynamo's one DynamoDB-JSON writer (bytes as base64, dates as epoch
 * seconds, copying only the objects on the path to one), with Node's native
 * base64: binary-heavy pages stay as fast as before.
 */
export function stringifyWire(value: unknown): string {
  return writeWireJson(value, WIRE_OPTIONS);
}

function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

const WIRE_OPTIONS = { encodeBinary: bytesToBase64 };

// --- Input: wire → SDK shapes (the schema is in inputShapes.ts) ---------------

/**
 * How deep documents may nest before decoding stops. DynamoDB's own limit
 * (32 levels) is the engine's to enforce with its message; this bound only
 * keeps a hostile body from exhausting the stack, and answers with the same
 * message.
 */
const MAX_DECODE_DEPTH = 256;

/**
 * Decodes a parsed request body into the SDK input of `operation`: members
 * type-checked as DynamoDB does, binary values from base64 to `Uint8Array`,
 * unknown members and `null`s dropped. Throws a `SerializationException`
 * with DynamoDB's message when a member has the wrong JSON type.
 *
 * @example
 * decodeRequest("GetItem", { TableName: "T", Key: { pk: { B: "/wA=" } } })
 * // { TableName: "T", Key: { pk: { B: Uint8Array [255, 0] } } }
 * decodeRequest("ListTables", { Limit: "5" }) // throws SerializationException "STRING_VALUE cannot be converted to Integer"
 */
export function decodeRequest(operation: OperationName, body: unknown): object {
  const shape = INPUT_SHAPES[operation];
  if (body === null || body === undefined) return {};
  if (Array.isArray(body)) throw serializationError(`Unrecognized collection type class com.amazonaws.dynamodb.v20120810.${operation}Input`);
  if (typeof body !== 'object') throw serializationError('Unexpected value type in payload');
  return decodeStructure(body as Record<string, unknown>, shape as Extract<Shape, { kind: 'structure' }>, 0);
}

/**
 * Decodes one member. `inCollection` tells whether the value is a list member
 * or map value: DynamoDB words some errors differently there.
 */
function decode(value: unknown, shape: Shape, depth: number, inCollection: boolean): unknown {
  if (depth > MAX_DECODE_DEPTH) throw new DynamoDBError('ValidationException', 'Nesting Levels have exceeded supported limits');
  switch (shape.kind) {
    case 'string':
      if (typeof value === 'string') return value;
      throw scalarMismatch(value, 'String');
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string') throw serializationError('Unexpected token received from parser');
      throw scalarMismatch(value, 'Boolean');
    case 'integer':
      // DynamoDB accepts a decimal where it wants an integer (`"Limit": 5.5`) and truncates it.
      if (typeof value === 'number') return Math.trunc(value);
      throw scalarMismatch(value, shape.javaName);
    case 'blob':
      return decodeBlob(value);
    case 'list':
      if (Array.isArray(value)) return value.map((member: unknown) => (member === null ? null : decode(member, shape.member, depth + 1, true)));
      if (value !== null && typeof value === 'object') throw serializationError(START_OF_STRUCTURE);
      throw serializationError(inCollection ? PARAMETERIZED_CAST : 'Unexpected field type');
    case 'map': {
      if (Array.isArray(value)) throw serializationError(`Unrecognized collection type java.util.Map<java.lang.String, ${javaNameOf(shape.value)}>`);
      if (value === null || typeof value !== 'object') throw serializationError(inCollection ? PARAMETERIZED_CAST : 'Unexpected field type');
      const decoded: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const member = (value as Record<string, unknown>)[key];
        if (member !== null && member !== undefined) setOwn(decoded, key, decode(member, shape.value, depth + 1, true));
      }
      return decoded;
    }
    case 'structure':
    case 'attributeValue': {
      const javaName = shape.kind === 'structure' ? shape.javaName : 'AttributeValue';
      if (Array.isArray(value)) throw serializationError(`Unrecognized collection type class com.amazonaws.dynamodb.v20120810.${javaName}`);
      if (value === null || typeof value !== 'object') throw serializationError(inCollection ? 'Unexpected value type in payload' : 'Unexpected field type');
      const members = shape.kind === 'structure' ? shape : ATTRIBUTE_VALUE_STRUCTURE;
      return decodeStructure(value as Record<string, unknown>, members, depth);
    }
    case 'document':
      return value;
  }
}

const ATTRIBUTE_VALUE_STRUCTURE = { kind: 'structure', javaName: 'AttributeValue', members: ATTRIBUTE_VALUE_MEMBERS } as const;

function decodeStructure(value: Record<string, unknown>, shape: { readonly members: Readonly<Record<string, Shape>> }, depth: number): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (member === null || member === undefined || !Object.hasOwn(shape.members, key)) continue;
    decoded[key] = decode(member, shape.members[key] as Shape, depth + 1, false);
  }
  return decoded;
}

const START_OF_STRUCTURE = 'Start of structure or map found where not expected';
/** Sic: what DynamoDB says when a scalar stands where a list or map nested in a collection belongs. */
const PARAMETERIZED_CAST =
  "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')";

/**
 * DynamoDB's error for a JSON value standing where a scalar of Java type
 * `javaName` belongs: `NUMBER_VALUE cannot be converted to String`, ….
 */
function scalarMismatch(value: unknown, javaName: string): DynamoDBError {
  if (Array.isArray(value)) return serializationError(`Unrecognized collection type class java.lang.${javaName}`);
  if (value !== null && typeof value === 'object') return serializationError(START_OF_STRUCTURE);
  const token =
    value === true
      ? 'TRUE_VALUE'
      : value === false
        ? 'FALSE_VALUE'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'NUMBER_VALUE'
            : 'DECIMAL_VALUE'
          : 'STRING_VALUE';
  return serializationError(`${token} cannot be converted to ${javaName}`);
}

function javaNameOf(shape: Shape): string {
  switch (shape.kind) {
    case 'attributeValue':
      return 'com.amazonaws.dynamodb.v20120810.AttributeValue';
    case 'structure':
      return `com.amazonaws.dynamodb.v20120810.${shape.javaName}`;
    case 'string':
      return 'java.lang.String';
    case 'list':
      return `java.util.List<${javaNameOf(shape.member)}>`;
    default:
      return 'java.lang.Object';
  }
}

/**
 * A base64 string as bytes, checked the way DynamoDB checks it: length a
 * multiple of 4, only base64 characters, and no stray bits in the last
 * character (`"+/+="` is refused: DynamoDB's "dectected" is sic).
 *
 * @example
 * decodeBlob("/wA=")  // Uint8Array [255, 0]
 * decodeBlob("23456") // throws SerializationException "Base64 encoded length is expected a multiple of 4 bytes but found: 5"
 */
export function decodeBlob(value: unknown): Uint8Array {
  if (Array.isArray(value)) throw serializationError('Unrecognized collection type class java.nio.ByteBuffer');
  if (value !== null && typeof value === 'object') throw serializationError(START_OF_STRUCTURE);
  if (typeof value !== 'string') throw serializationError('only base-64-encoded strings are convertible to bytes');
  // src/dynamo's strict check (padding required, canonical only), in DynamoDB's words.
  const problem = checkBase64(value, true);
  if (problem?.kind === 'length') throw serializationError(`Base64 encoded length is expected a multiple of 4 bytes but found: ${value.length}`);
  if (problem?.kind === 'character') throw serializationError(`Invalid Base64 character: '${problem.character}'`);
  if (problem !== undefined) throw serializationError('Invalid last non-pad Base64 character dectected');
  const bytes = Buffer.from(value, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** `record[key] = value`, also for the key `__proto__` (an attribute may have any name). */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
