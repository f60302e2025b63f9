import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  attributeValueSize,
  getOwnAttribute,
  partitionAttributesOf,
  setOwnAttribute,
  sortAttributesOf,
  typeOfAttributeValue,
  validationError,
  type Item,
  type KeySchemaInfo,
} from '../../expressions';
import { utf8ByteLength, type KeyAttributeValue, type KeyType } from '../../keys';
import { canonicalKey } from '../storage/partitionKey';
import type { IndexDefinition, TableDefinition } from './tableDefinition';
import { MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES } from '../../dynamo';

/**
 * Key rules for items and Key parameters, with real DynamoDB's messages.
 * DynamoDB Local words most of these differently (`One of the required keys
 * was not given a value`, `Type mismatch for key` without names, `Hash primary
 * key values must be under 2048 bytes, …`); checkKeys.test.ts lists them.
 */

const INVALID = 'One or more parameter values were invalid: ';
const NOT_VALID = 'One or more parameter values are not valid. ';

/**
 * Checks the table-key attributes of an item being written (PutItem,
 * BatchWriteItem's PutRequest) and of every index key it carries.
 *
 * @example
 * checkItemKeys({ sk: { S: "1" } }, table) // throws "One or more parameter values were invalid: Missing the key pk in the item"
 */
export function checkItemKeys(item: Item, table: TableDefinition): void {
  checkTableKeys(item, table);
  checkIndexKeys(item, table, 'put');
}

/**
 * The table-key half of {@link checkItemKeys}: a TransactWriteItems Put checks
 * these with the request, and the index keys as the transaction runs (an index
 * key of the wrong type cancels it with a ValidationError reason, as DynamoDB does).
 */
export function checkTableKeys(item: Item, table: TableDefinition): void {
  for (const [attribute, role] of keyRoles(table.keys)) {
    const value = getOwnAttribute(item, attribute.name);
    if (value === undefined) throw validationError(`${INVALID}Missing the key ${attribute.name} in the item`);
    const actual = typeOfAttributeValue(value);
    if (actual !== attribute.type) {
      throw validationError(`${INVALID}Type mismatch for key ${attribute.name} expected: ${attribute.type} actual: ${actual}`);
    }
    checkKeyValue(value as KeyAttributeValue, attribute.name, role);
  }
}

/**
 * Checks a `Key` parameter (GetItem, DeleteItem, UpdateItem, BatchGetItem,
 * DeleteRequest): exactly the key schema's attributes with their types, no
 * empty values, within the size limits.
 *
 * @example
 * checkKey({ pk: { S: "a" } }, { partitionKey: { name: "pk", type: "S" }, sortKey: { name: "sk", type: "S" } })
 * // throws "The provided key element does not match the schema"
 */
export function checkKey(key: Item, keys: KeySchemaInfo): void {
  const roles = keyRoles(keys);
  if (Object.keys(key).length !== roles.length) throw keyMismatch();
  for (const [attribute] of roles) {
    const value = getOwnAttribute(key, attribute.name);
    if (value === undefined || typeOfAttributeValue(value) !== attribute.type) throw keyMismatch();
  }
  for (const [attribute, role] of roles) checkKeyValue(getOwnAttribute(key, attribute.name) as KeyAttributeValue, attribute.name, role);
}

/** `The provided key element does not match the schema`. */
export function keyMismatch(): ReturnType<typeof validationError> {
  return validationError('The provided key element does not match the schema');
}

/**
 * The global secondary indexes, then the local ones: an attribute that is
 * both an LSI's sort key and a GSI's key is reported with the GSI's name
 * (`… Type mismatch for Index Key lsi1sk Expected: S Actual: N IndexName: gsi1`,
 * nubo-db/dynamodb-conformance tier3 batchWriteItem/transactWriteItems,
 * recorded against DynamoDB).
 */
const INDEX_CHECK_ORDER = ['global', 'local'] as const;

/**
 * Checks the index-key attributes an item carries: an attribute that is an
 * index key must have the index's type and must not be empty (an item without
 * it simply stays out of the index: sparse indexes). `via` picks DynamoDB's
 * wording for PutItem or UpdateItem.
 */
export function checkIndexKeys(item: Item, table: TableDefinition, via: 'put' | 'update'): void {
  for (const kind of INDEX_CHECK_ORDER) {
    for (const index of table.indexes) if (index.kind === kind) checkIndexKeysOf(item, index, via);
  }
}

function checkIndexKeysOf(item: Item, index: IndexDefinition, via: 'put' | 'update'): void {
  for (const [attribute, role] of indexKeyRoles(index.keys)) {
    const value = getOwnAttribute(item, attribute.name);
    if (value === undefined) continue;
    const actual = typeOfAttributeValue(value);
    if (actual !== attribute.type) {
      throw validationError(`${INVALID}Type mismatch for Index Key ${attribute.name} Expected: ${attribute.type} Actual: ${actual} IndexName: ${index.name}`);
    }
    if (isEmptyKeyValue(value)) throw emptyIndexKey(index, attribute.name, actual as KeyType, via);
    checkKeySize(value as KeyAttributeValue, role);
  }
  if (index.keys.partitionKeys) checkAggregateKeySizes(item, index);
}

/**
 * Multi-attribute keys: the HASH attributes an item has share the partition
 * key's 2048 bytes, its RANGE attributes the sort key's 1024 (numbers count
 * their stored size). DynamoDB Local 3.3.1's message; it checks PutItem but
 * not UpdateItem, which the engine checks too (README).
 */
function checkAggregateKeySizes(item: Item, index: IndexDefinition): void {
  const parts = [
    ['HASH', partitionAttributesOf(index.keys), MAX_PARTITION_KEY_BYTES],
    ['RANGE', sortAttributesOf(index.keys), MAX_SORT_KEY_BYTES],
  ] as const;
  for (const [keyType, attributes, limit] of parts) {
    const present = attributes.filter((attribute) => getOwnAttribute(item, attribute.name) !== undefined);
    if (present.length < 2) continue;
    const size = present.reduce((sum, attribute) => sum + attributeValueSize(getOwnAttribute(item, attribute.name) as AttributeValue), 0);
    if (size > limit) {
      throw validationError(
        `Aggregate size for ${keyType} key attributes ${present.map((attribute) => attribute.name).join(', ')} of index ${index.name} has exceeded limit ${limit} bytes, with actual size ${size} bytes`,
      );
    }
  }
}

/**
 * The item's key (table key attributes only), as Key parameters and
 * LastEvaluatedKey carry it.
 */
export function keyOf(item: Item, keys: KeySchemaInfo): Item {
  const key: Item = {};
  setOwnAttribute(key, keys.partitionKey.name, getOwnAttribute(item, keys.partitionKey.name) as AttributeValue);
  if (keys.sortKey) setOwnAttribute(key, keys.sortKey.name, getOwnAttribute(item, keys.sortKey.name) as AttributeValue);
  return key;
}

/**
 * A string identifying an item's key within its table (canonical partition
 * key and sort key): BatchWriteItem and BatchGetItem use it to find
 * duplicate keys in a request.
 */
export function keyIdentity(key: Item, keys: KeySchemaInfo): string {
  const pk = canonicalKey(getOwnAttribute(key, keys.partitionKey.name) as KeyAttributeValue);
  return keys.sortKey ? `${pk}\u0000${canonicalKey(getOwnAttribute(key, keys.sortKey.name) as KeyAttributeValue)}` : pk;
}

/** An index's key attributes with their role: every partition attribute, then every sort attribute. */
function indexKeyRoles(keys: KeySchemaInfo): [KeySchemaInfo['partitionKey'], 'partition' | 'sort'][] {
  if (!keys.partitionKeys) return keyRoles(keys);
  return [
    ...partitionAttributesOf(keys).map((attribute) => [attribute, 'partition'] as const),
    ...sortAttributesOf(keys).map((attribute) => [attribute, 'sort'] as const),
  ] as [KeySchemaInfo['partitionKey'], 'partition' | 'sort'][];
}

/** The key schema's attributes with their role, partition key first. */
function keyRoles(keys: KeySchemaInfo): [KeySchemaInfo['partitionKey'], 'partition' | 'sort'][] {
  return keys.sortKey
    ? [
        [keys.partitionKey, 'partition'],
        [keys.sortKey, 'sort'],
      ]
    : [[keys.partitionKey, 'partition']];
}

function checkKeyValue(value: KeyAttributeValue, name: string, role: 'partition' | 'sort'): void {
  if (isEmptyKeyValue(value as AttributeValue)) {
    const kind = 'B' in value ? 'binary' : 'string';
    throw validationError(`${NOT_VALID}The AttributeValue for a key attribute cannot contain an empty ${kind} value. Key: ${name}`);
  }
  checkKeySize(value, role);
}

function checkKeySize(value: KeyAttributeValue, role: 'partition' | 'sort'): void {
  const bytes = 'S' in value ? utf8ByteLength(value.S) : 'B' in value ? value.B.byteLength : 0;
  // Sic: DynamoDB prints "of2048" without a space.
  if (role === 'partition' && bytes > MAX_PARTITION_KEY_BYTES) {
    throw validationError(`${INVALID}Size of hashkey has exceeded the maximum size limit of${MAX_PARTITION_KEY_BYTES} bytes`);
  }
  if (role === 'sort' && bytes > MAX_SORT_KEY_BYTES) {
    throw validationError(`${INVALID}Aggregated size of all range keys has exceeded the size limit of ${MAX_SORT_KEY_BYTES} bytes`);
  }
}

function isEmptyKeyValue(value: AttributeValue): boolean {
  return (value.S !== undefined && value.S.length === 0) || (value.B !== undefined && value.B.byteLength === 0);
}

function emptyIndexKey(index: IndexDefinition, name: string, type: KeyType, via: 'put' | 'update'): ReturnType<typeof validationError> {
  const kind = type === 'B' ? 'binary' : 'string';
  if (via === 'update') {
    // No IndexName / IndexKey here, unlike PutItem's message (AWS captures quoted by moto and others; DynamoDB Local agrees).
    return validationError(
      `${NOT_VALID}The update expression attempted to update a secondary index key to a value that is not supported. ` +
        `The AttributeValue for a key attribute cannot contain an empty ${kind} value.`,
    );
  }
  return validationError(
    `${NOT_VALID}A value specified for a secondary index key is not supported. ` +
      `The AttributeValue for a key attribute cannot contain an empty ${kind} value. IndexName: ${index.name}, IndexKey: ${name}`,
  );
}
