/**
 * Step 1 of preparing a request (see ./index.ts): its ExpressionAttributeNames
 * and ExpressionAttributeValues, checked before any expression is parsed; and
 * step 3, the names and values no expression used.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { utf8ByteLength } from '../../keys';
import type { ExpressionKind } from '../ast';
import { validationError } from '../errors';
import { findAttributeValueProblem } from '../expressionValues';
import { MAX_ATTRIBUTE_NAME_BYTES, MAX_PLACEHOLDER_LENGTH } from '../limits';
import type { KeySchemaInfo } from '../prepared';

/**
 * The expression parameters of a request (absent, `undefined` and `null` all mean "not given").
 *
 * @example
 * const request: ExpressionRequest = { FilterExpression: "#s = :v", ExpressionAttributeNames: { "#s": "status" }, ExpressionAttributeValues: { ":v": { S: "open" } } };
 */
export interface ExpressionRequest {
  readonly KeyConditionExpression?: string | undefined;
  readonly FilterExpression?: string | undefined;
  readonly ConditionExpression?: string | undefined;
  readonly ProjectionExpression?: string | undefined;
  readonly UpdateExpression?: string | undefined;
  readonly ExpressionAttributeNames?: Record<string, string> | undefined;
  readonly ExpressionAttributeValues?: Record<string, AttributeValue> | undefined;
}

/**
 * The operations whose requests carry expressions (a batch or transaction item counts as its own operation).
 *
 * @example
 * prepareExpressions({ ExpressionAttributeValues: { ":v": { S: "x" } } }, { operation: "Scan" })
 * // throws "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null"
 */
export type ExpressionOperation = 'Query' | 'Scan' | 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

/**
 * What `prepareExpressions` needs to know beyond the request.
 *
 * @example
 * const options: PrepareOptions = { keySchema: { partitionKey: { name: "pk", type: "S" } }, primaryKeyNames: ["pk"], operation: "Query" };
 */
export interface PrepareOptions {
  /** The key schema a KeyConditionExpression is checked against (table or index). Without it, `keyCondition` is not returned. */
  readonly keySchema?: KeySchemaInfo;
  /** Key attributes a Query's FilterExpression may not use (the table's and the index's). */
  readonly primaryKeyNames?: readonly string[];
  /** The operation, for DynamoDB's exact message when ExpressionAttributeValues come without an expression that could use them. */
  readonly operation?: ExpressionOperation;
}

/** The order in which DynamoDB validates the expressions of one request. */
export const EXPRESSION_ORDER: readonly ExpressionKind[] = [
  'UpdateExpression',
  'ConditionExpression',
  'FilterExpression',
  'ProjectionExpression',
  'KeyConditionExpression',
];

/** The expressions that can use ExpressionAttributeValues, per operation, as DynamoDB lists them. */
const VALUE_EXPRESSIONS: Readonly<Record<ExpressionOperation, readonly ExpressionKind[]>> = {
  Query: ['FilterExpression', 'KeyConditionExpression'],
  Scan: ['FilterExpression'],
  GetItem: [],
  PutItem: ['ConditionExpression'],
  DeleteItem: ['ConditionExpression'],
  UpdateItem: ['UpdateExpression', 'ConditionExpression'],
};

/** The request's placeholder maps after step 1: absent, or non-empty maps with valid keys and values. */
export interface RequestMaps {
  readonly names: Readonly<Record<string, string>> | undefined;
  readonly values: Readonly<Record<string, AttributeValue>> | undefined;
}

/**
 * Step 1, in DynamoDB's order: names or values given without an expression
 * that could use them; empty maps; malformed keys (names, then values);
 * invalid values; invalid names.
 */
export function checkRequestMaps(request: ExpressionRequest, operation: ExpressionOperation | undefined): RequestMaps {
  const rawNames: unknown = request.ExpressionAttributeNames ?? undefined;
  const rawValues: unknown = request.ExpressionAttributeValues ?? undefined;

  if (rawNames !== undefined && !givesAny(request, EXPRESSION_ORDER)) {
    throw validationError('ExpressionAttributeNames can only be specified when using expressions');
  }
  const valueExpressions = operation ? VALUE_EXPRESSIONS[operation] : [];
  if (rawValues !== undefined && valueExpressions.length > 0 && !givesAny(request, valueExpressions)) {
    const verb = valueExpressions.length > 1 ? 'are' : 'is';
    throw validationError(`ExpressionAttributeValues can only be specified when using expressions: ${valueExpressions.join(' and ')} ${verb} null`);
  }
  const names = checkMap(rawNames, 'ExpressionAttributeNames');
  const values = checkMap(rawValues, 'ExpressionAttributeValues');
  if (names) checkPlaceholderKeys(names, 'ExpressionAttributeNames', '#');
  if (values) checkPlaceholderKeys(values, 'ExpressionAttributeValues', ':');
  if (values) {
    for (const key of Object.keys(values)) {
      const problem = findAttributeValueProblem(values[key]);
      if (problem !== undefined) throw validationError(`ExpressionAttributeValues contains invalid value: ${problem} for key ${key}`);
    }
  }
  if (names) {
    for (const key of Object.keys(names)) {
      const problem = findAttributeNameProblem(names[key]);
      if (problem !== undefined) throw validationError(`ExpressionAttributeNames contains invalid value: ${problem} for key ${key}`);
    }
  }
  return { names: names as RequestMaps['names'], values: values as RequestMaps['values'] };
}

/** True when the request gives one of these expressions (a loop, no closure: this runs on every request). */
function givesAny(request: ExpressionRequest, kinds: readonly ExpressionKind[]): boolean {
  for (const kind of kinds) if ((request[kind] ?? undefined) !== undefined) return true;
  return false;
}

function checkMap(raw: unknown, parameter: string): Record<string, unknown> | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw validationError(`${parameter} must be a map`);
  const map = raw as Record<string, unknown>;
  if (Object.keys(map).length === 0) throw validationError(`${parameter} must not be empty`);
  return map;
}

function checkPlaceholderKeys(map: Record<string, unknown>, parameter: string, prefix: '#' | ':'): void {
  for (const key of Object.keys(map)) {
    if (key.length > MAX_PLACEHOLDER_LENGTH) {
      // Sic: DynamoDB gives the size for names only.
      const size = prefix === '#' ? ` size of key: ${key.length}` : '';
      throw validationError(`${parameter} contains invalid key: The expression attribute map contains a key that is too long;${size}`);
    }
    if (!isPlaceholder(key, prefix)) throw validationError(`${parameter} contains invalid key: Syntax error; key: "${key}"`);
  }
}

/** `#` or `:` followed by one or more of `[A-Za-z0-9_]`. */
function isPlaceholder(key: string, prefix: string): boolean {
  if (key.length < 2 || key[0] !== prefix) return false;
  for (let n = 1; n < key.length; n++) {
    const c = key.charCodeAt(n);
    const ok = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
    if (!ok) return false;
  }
  return true;
}

function findAttributeNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'An attribute name must be a string';
  if (name === '') return 'Empty attribute name';
  if (utf8ByteLength(name) > MAX_ATTRIBUTE_NAME_BYTES) return `Attribute name is too large, must be less than ${MAX_ATTRIBUTE_NAME_BYTES + 1} bytes`;
  return undefined;
}

export function checkUnused(map: Record<string, unknown> | undefined, used: ReadonlySet<string>, parameter: string): void {
  if (!map) return;
  const keys = Object.keys(map);
  if (keys.length === used.size) return; // every key used (`used` holds only keys of the map): the common case, no array
  const unused = keys.filter((key) => !used.has(key));
  if (unused.length > 0)
    throw validationError(`Value provided in ${parameter} unused in expressions: keys: {${inJavaHashOrder(unused, keys.length).join(', ')}}`);
}

/**
 * DynamoDB lists unused keys in the iteration order of a Java HashMap
 * holding the whole map: by bucket of the key's String.hashCode (spread as
 * HashMap does), the table growing from 16 buckets at a load factor of 0.75;
 * within a bucket, in insertion order.
 */
function inJavaHashOrder(keys: readonly string[], mapSize: number): string[] {
  let capacity = 16;
  while (mapSize > capacity * 0.75) capacity *= 2;
  const bucketOf = (key: string): number => {
    let hash = 0;
    for (let n = 0; n < key.length; n++) hash = (Math.imul(31, hash) + key.charCodeAt(n)) | 0;
    return (hash ^ (hash >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, order) => ({ key, order, bucket: bucketOf(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.order - b.order)
    .map((entry) => entry.key);
}
