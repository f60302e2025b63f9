import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { prepareExpressions, projectItem, type KeySchemaInfo, type PreparedSortKeyCondition } from '../../src/expressions';
import { compareKeys, compareUtf8, normalizeDynamoNumber, type KeyAttributeValue } from '../../src/keys';
import { prepareRequest } from '../../src/engine/legacy';
import type { Call } from './contract';
import type { Outcome } from './outcome';
import type { Page, Pages } from './paging';

/**
 * Normalisations of the contract suite. DynamoDB Local is the real
 * component the engine is compared with, but documented DynamoDB is the
 * ground truth: where DynamoDB Local differs (README "Where DynamoDB Local
 * differs from DynamoDB" and the engine's module comments), a named
 * normaliser below maps the difference away — and only that difference,
 * checked as narrowly as it can be: most require DynamoDB Local's known
 * answer on one side *and* DynamoDB's documented answer on the other, so a
 * wrong engine answer still fails. Each cites the difference it covers.
 *
 * A few normalisers are not about DynamoDB Local at all but about what
 * DynamoDB leaves unspecified (the order of Scan, of index entries with
 * equal keys); they say so.
 */

/** Both sides' outcomes of one scenario, and the calls each side made. */
export interface Comparison {
  readonly engine: Outcome;
  readonly local: Outcome;
  readonly engineCalls: readonly Call[];
  readonly localCalls: readonly Call[];
}

/** Maps a comparison to one where a known difference no longer shows. */
export type Normalizer = (comparison: Comparison) => Comparison;

type Key = Record<string, AttributeValue>;

// --- Helpers ---------------------------------------------------------------

/** Replaces every value for which `replace` returns something, at any depth. */
function mapDeep(value: unknown, replace: (value: unknown) => unknown): unknown {
  const replaced = replace(value);
  if (replaced !== undefined) return replaced;
  if (Array.isArray(value)) return value.map((member) => mapDeep(member, replace));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, mapDeep(member, replace)]));
}

function mapValue(outcome: Outcome, map: (value: unknown) => unknown): Outcome {
  return outcome.ok ? { ok: true, value: map(outcome.value) } : outcome;
}

function operationOf(calls: readonly Call[]): string | undefined {
  return calls[0]?.operation;
}

/**
 * A message difference: DynamoDB Local says `local`, DynamoDB (and the engine)
 * says `engine`, for the same exception. When both sides match, both messages
 * become the difference's name, so the rest of the outcome is still compared.
 */
export function messageDifference(name: string, local: RegExp, engine: RegExp, operations?: readonly string[]): Normalizer {
  return (comparison) => {
    const { engine: ours, local: theirs } = comparison;
    if (ours.ok || theirs.ok || ours.name !== theirs.name) return comparison;
    if (operations && !operations.includes(operationOf(comparison.localCalls) ?? '')) return comparison;
    if (!local.test(theirs.message) || !engine.test(ours.message)) return comparison;
    const message = `‹known difference: ${name}›`;
    return { ...comparison, engine: { ...ours, message }, local: { ...theirs, message } };
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exactly = (text: string) => new RegExp(`^${escape(text)}$`);

// --- Always applied ----------------------------------------------------------

/**
 * Not a difference: CreationDateTime and LastUpdateToPayPerRequestDateTime
 * are wall-clock times of two different tables.
 */
export const ignoreTimestamps: Normalizer = (comparison) => {
  const replace = (value: unknown) => (value instanceof Date ? '‹timestamp›' : undefined);
  return {
    ...comparison,
    engine: mapValue(comparison.engine, (value) => mapDeep(value, replace)),
    local: mapValue(comparison.local, (value) => mapDeep(value, replace)),
  };
};

/**
 * Not a difference: a TableId is a random UUID of each side's own table
 * (the engine's tests check its form, src/engine/tableStates.test.ts).
 */
export const ignoreTableIds: Normalizer = (comparison) => {
  const replace = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date || !('TableId' in value)) return undefined;
    const { TableId: _id, ...rest } = value as Record<string, unknown>;
    return mapDeep(rest, replace);
  };
  return {
    ...comparison,
    engine: mapValue(comparison.engine, (value) => mapDeep(value, replace)),
    local: mapValue(comparison.local, (value) => mapDeep(value, replace)),
  };
};

/**
 * DynamoDB Local reports `LastIncreaseDateTime` and `LastDecreaseDateTime` of
 * 1970-01-01 in a table's ProvisionedThroughput when throughput never
 * changed; DynamoDB omits them until it does (DescribeTable and CreateTable
 * examples in the DynamoDB API reference), as the engine does. Dropped from
 * DynamoDB Local's answer only when they are the epoch. (Runs before
 * {@link ignoreTimestamps}.)
 */
export const localEpochThroughputDates: Normalizer = (comparison) => {
  const replace = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return undefined;
    const record = value as Record<string, unknown>;
    if (!('NumberOfDecreasesToday' in record) && !('ReadCapacityUnits' in record)) return undefined;
    const isEpoch = (date: unknown) => date instanceof Date && date.getTime() === 0;
    if (!isEpoch(record.LastIncreaseDateTime) && !isEpoch(record.LastDecreaseDateTime)) return undefined;
    const { LastIncreaseDateTime: increase, LastDecreaseDateTime: decrease, ...rest } = record;
    return { ...rest, ...(isEpoch(increase) ? {} : { LastIncreaseDateTime: increase }), ...(isEpoch(decrease) ? {} : { LastDecreaseDateTime: decrease }) };
  };
  return { ...comparison, local: mapValue(comparison.local, (value) => mapDeep(value, replace)) };
};

/**
 * A GSI's ProvisionedThroughput: DynamoDB describes it on an on-demand table
 * as `{ NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 }`
 * and always with NumberOfDecreasesToday (src/engine/operations/describeTable.ts,
 * and the API reference's examples); DynamoDB Local leaves it out on an
 * on-demand table and leaves NumberOfDecreasesToday out on a provisioned one.
 * DynamoDB Local's GSI descriptions are completed that way.
 */
export const localGsiThroughput: Normalizer = (comparison) => {
  const complete = (description: Record<string, unknown>): Record<string, unknown> => {
    const indexes = description.GlobalSecondaryIndexes as Record<string, unknown>[] | undefined;
    if (!indexes) return description;
    return {
      ...description,
      GlobalSecondaryIndexes: indexes.map((index) => {
        const throughput = (index.ProvisionedThroughput as Record<string, unknown> | undefined) ?? { ReadCapacityUnits: 0, WriteCapacityUnits: 0 };
        return { ...index, ProvisionedThroughput: { NumberOfDecreasesToday: 0, ...throughput } };
      }),
    };
  };
  const map = (value: unknown): unknown => {
    const output = value as { Table?: Record<string, unknown>; TableDescription?: Record<string, unknown> };
    if (output?.Table) return { ...output, Table: complete(output.Table) };
    if (output?.TableDescription) return { ...output, TableDescription: complete(output.TableDescription) };
    return value;
  };
  return { ...comparison, local: mapValue(comparison.local, map) };
};

/**
 * README, "Numbers": DynamoDB returns every number normalised (`1.50` → `1.5`,
 * `1e2` → `100`); DynamoDB Local keeps numbers written by UpdateItem (SET
 * results, ADD operands) as spelled. DynamoDB Local's numbers are
 * normalised; the engine's are left as they are, so an unnormalised number
 * from the engine still fails.
 */
export const localNumbersAsDynamoDB: Normalizer = (comparison) => {
  const replace = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length !== 1) return undefined;
    if (typeof record.N === 'string') return { N: normalizeDynamoNumber(record.N) ?? record.N };
    if (Array.isArray(record.NS)) {
      const members = (record.NS as string[]).map((n) => normalizeDynamoNumber(n) ?? n);
      return { NS: members.sort((a, b) => compareKeys({ N: a }, { N: b })) };
    }
    return undefined;
  };
  return { ...comparison, local: mapValue(comparison.local, (value) => mapDeep(value, replace)) };
};

/**
 * README, "Binary values in messages": DynamoDB Local prints a binary operand
 * as Java's `java.nio.HeapByteBuffer[pos=0 lim=2 cap=2]`, Keylab as base64.
 * Both become `{B:…}` (the rest of the message is still compared).
 */
export const binaryInMessages: Normalizer = (comparison) => {
  const reduce = (outcome: Outcome): Outcome => (outcome.ok ? outcome : { ...outcome, message: outcome.message.replace(/\{B:[^}]*\}/g, '{B:…}') });
  return { ...comparison, engine: reduce(comparison.engine), local: reduce(comparison.local) };
};

/**
 * semantics §6, src/engine/requestErrors.ts: a missing table is
 * `Requested resource not found` on DynamoDB (DescribeTable and UpdateTable:
 * `Requested resource not found: Table: X not found`); DynamoDB Local says
 * `Cannot do operations on a non-existent table`.
 */
export const missingTableMessage: Normalizer = (comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || local.name !== 'ResourceNotFoundException' || local.message !== 'Cannot do operations on a non-existent table')
    return comparison;
  const call = comparison.localCalls.at(-1);
  const tableName = (call?.input as { TableName?: string } | undefined)?.TableName;
  const dynamodb =
    call?.operation === 'describeTable' || call?.operation === 'updateTable'
      ? `Requested resource not found: Table: ${tableName} not found`
      : 'Requested resource not found';
  return { ...comparison, local: { ...local, message: dynamodb } };
};

/**
 * semantics §6, src/engine/operations/createTable.ts: creating an existing
 * table is `Table already exists: X` on DynamoDB; DynamoDB Local says
 * `Cannot create preexisting table`.
 */
export const preexistingTableMessage: Normalizer = (comparison) => {
  const { local } = comparison;
  if (local.ok || local.name !== 'ResourceInUseException' || local.message !== 'Cannot create preexisting table') return comparison;
  const tableName = (comparison.localCalls.at(-1)?.input as { TableName?: string } | undefined)?.TableName;
  return { ...comparison, local: { ...local, message: `Table already exists: ${tableName}` } };
};

/**
 * src/engine/operations/createTable.ts, deleteTable.ts, updateTable.ts:
 * CreateTable's output says CREATING, DeleteTable's DELETING and
 * UpdateTable's UPDATING on DynamoDB; DynamoDB Local says ACTIVE in all three.
 */
export const tableStatusAsDynamoDB: Normalizer = (comparison) => {
  const operation = operationOf(comparison.localCalls);
  const status = operation === 'createTable' ? 'CREATING' : operation === 'deleteTable' ? 'DELETING' : operation === 'updateTable' ? 'UPDATING' : undefined;
  if (!status || !comparison.local.ok || comparison.localCalls.length !== 1) return comparison;
  const output = comparison.local.value as { TableDescription?: { TableStatus?: string } };
  if (output.TableDescription?.TableStatus !== 'ACTIVE') return comparison;
  return { ...comparison, local: { ok: true, value: { ...output, TableDescription: { ...output.TableDescription, TableStatus: status } } } };
};

/**
 * The item and key messages DynamoDB Local words differently from DynamoDB
 * (src/engine/items.test.ts, batch.test.ts, schema/checkKeys.ts,
 * values/readAttributeValue.ts, operations/readPage.ts, scan.test.ts). The
 * engine's side must match DynamoDB's documented message exactly.
 */
export const KNOWN_MESSAGE_DIFFERENCES: readonly Normalizer[] = [
  messageDifference(
    'missing key attribute in an item',
    exactly('One of the required keys was not given a value'),
    /^One or more parameter values were invalid: Missing the key [^ ]+ in the item$/,
  ),
  messageDifference(
    'wrong key type in an item',
    exactly('One or more parameter values were invalid: Type mismatch for key'),
    /^One or more parameter values were invalid: Type mismatch for key [^ ]+ expected: [SNB] actual: [A-Z]+$/,
  ),
  messageDifference(
    'Key with missing or extra attributes',
    exactly('The number of conditions on the keys is invalid'),
    exactly('The provided key element does not match the schema'),
  ),
  messageDifference(
    'key value too long',
    exactly('Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes'),
    /^One or more parameter values were invalid: (Size of hashkey has exceeded the maximum size limit of2048 bytes|Aggregated size of all range keys has exceeded the size limit of 1024 bytes)$/,
  ),
  messageDifference(
    'number not a number',
    exactly('A value provided cannot be converted into a number'),
    /^The parameter cannot be converted to a numeric value(: .*)?$/,
  ),
  messageDifference(
    'number with more than 38 digits',
    exactly('DynamoDB only supports precision up to 38 digits'),
    /^(Attempting to store more than 38 significant digits in a Number|Number overflow\. Attempting to store a number with magnitude larger than supported range)$/,
  ),
  messageDifference(
    'index key of the wrong type',
    /^One or more parameter values were invalid: Type mismatch for Index Key$/,
    /^One or more parameter values were invalid: Type mismatch for Index Key [^ ]+ Expected: [SNB] Actual: [A-Z]+ IndexName: [^ ]+$/,
  ),
  messageDifference(
    'malformed ExclusiveStartKey',
    exactly("Exclusive Start Key must have same size as table's key schema"),
    /^The provided starting key is invalid(: The provided key element does not match the schema)?$/,
  ),
  messageDifference(
    'a bad table or index name (src/engine/tables.test.ts)',
    /^Invalid table\/index name\. {2}Table\/index names must be between 3 and 255 characters long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '\.'$/,
    /^\d+ validation errors? detected: Value '[^']*' at '[A-Za-z.0-9]*(tableName|indexName|TableName)' failed to satisfy constraint: Member must (have length|satisfy regular expression pattern)/,
  ),
  messageDifference(
    'Limit out of range (DynamoDB: a member constraint error, src/engine/tables.test.ts, query.test.ts)',
    /^(Limit must be greater than or equal to 1|Limit in ListTables must be <= 100)$/,
    /^1 validation error detected: Value ('-?\d+' at 'limit'|at 'Limit') failed to satisfy constraint: Member must have value (greater than or equal to 1|less than or equal to 100)$/,
  ),
  messageDifference(
    "Query ExclusiveStartKey in another partition (DynamoDB: dynalite's recording, src/engine/query.test.ts)",
    exactly('The provided starting key does not match the range key predicate'),
    exactly('The provided starting key is outside query boundaries based on provided conditions'),
    ['query'],
  ),
  messageDifference(
    'an unknown Select (DynamoDB: a member constraint error, src/engine/operations/readPage.ts)',
    exactly('Select must be ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, COUNT, or SPECIFIC_ATTRIBUTES'),
    /^1 validation error detected: Value '[^']*' at 'select' failed to satisfy constraint: Member must satisfy enum value set: \[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES\]$/,
  ),
  messageDifference(
    "an ExclusiveStartKey attribute of the wrong type (DynamoDB Local's message names an update)",
    exactly('Type mismatch for attribute to update'),
    /^The provided starting key is invalid(: The provided key element does not match the schema)?$/,
    ['query', 'scan'],
  ),
  messageDifference(
    'a Key parameter of the wrong type (src/engine/items.test.ts)',
    exactly('One or more parameter values were invalid: Type mismatch for key'),
    exactly('The provided key element does not match the schema'),
    ['getItem', 'deleteItem', 'updateItem', 'batchGetItem', 'batchWriteItem'],
  ),
  messageDifference(
    'an unknown ReturnValues (DynamoDB: a member constraint error, src/engine/items.test.ts)',
    exactly('Return values set to invalid value'),
    /^1 validation error detected: Value '[^']*' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: \[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW\]$/,
  ),
  messageDifference(
    'empty RequestItems (src/engine/batch.test.ts; DynamoDB names the parameter, nubo-db/dynamodb-conformance)',
    /^(BatchGetItem must have some requests set|BatchWriteItem cannot have a null or no requests set)$/,
    /^The requestItems parameter is required for (BatchGetItem|BatchWriteItem)$/,
  ),
  messageDifference(
    "a table's empty list of write requests (DynamoDB: the map-value constraint, src/engine/batch.test.ts)",
    /^The batch write request list for a table cannot be null or empty: .+$/,
    /^1 validation error detected: Value '\{.*\}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: \[Member must have length less than or equal to 25, Member must have length greater than or equal to 1\]$/,
  ),
  messageDifference(
    'over 25 write requests for one table (DynamoDB: the map-value constraint, src/server/endpoint/dynamodbEndpoint.validation.test.ts)',
    exactly('Too many items requested for the BatchWriteItem call'),
    /^1 validation error detected: Value '\{.*\}' at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: \[Member must have length less than or equal to 25, Member must have length greater than or equal to 1\]$/,
  ),
  messageDifference(
    'over 100 keys for one table (DynamoDB: a constraint on the keys member, src/server/endpoint/dynamodbEndpoint.validation.test.ts)',
    exactly('Too many items requested for the BatchGetItem call'),
    /^1 validation error detected: Value at 'RequestItems\..*\.member\.Keys' failed to satisfy constraint: Member must have length less than or equal to 100$/,
  ),
  messageDifference(
    'Segment without TotalSegments (src/engine/scan.test.ts)',
    exactly('If segment is specified, total segment must also be specified'),
    exactly('The TotalSegments parameter is required but was not present in the request when Segment parameter is present'),
  ),
  messageDifference(
    'TotalSegments without Segment (src/engine/scan.test.ts)',
    exactly('If total segments is specified, a particular segment must also be specified for this request'),
    exactly('The Segment parameter is required but was not present in the request when parameter TotalSegments is present'),
  ),
  messageDifference(
    'Segment out of range, worded as a constraint on segment (src/engine/scan.test.ts)',
    /^1 validation error detected: Value '-?\d+' at 'segment' failed to satisfy constraint: Member must have value less than or equal to -?\d+$/,
    /^(The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: \d+ is not less than TotalSegments: \d+|1 validation error detected: Value '-?\d+' at '(segment|totalSegments)' failed to satisfy constraint: Member must have value greater than or equal to [01])$/,
  ),
  messageDifference(
    'a key condition without the partition key (README: DynamoDB names the key)',
    exactly('Query condition missed key schema element'),
    /^Query condition missed key schema element: [^ ]+$/,
  ),
  messageDifference(
    'a string set with duplicates (README, src/engine/items.test.ts: DynamoDB ends the message with a period)',
    /^One or more parameter values were invalid: Input collection \[.*\] contains duplicates$/,
    /^One or more parameter values were invalid: Input collection \[.*\] contains duplicates\.$/,
  ),
  messageDifference(
    'a binary set with duplicates (src/engine/items.test.ts: DynamoDB Local does not list the members)',
    /^One or more parameter values were invalid: Input collection .*contains duplicates\.?$/,
    /^One or more parameter values were invalid: Input collection \[.*\]of type BS contains duplicates\.$/,
  ),
  messageDifference(
    'BatchGetItem with an empty key list (DynamoDB: a member constraint error, src/engine/batch.test.ts)',
    /^The list of keys in RequestItems for BatchGetItem is required: .* has empty list$/,
    /^1 validation error detected: Value '\[\]' at 'requestItems\..*\.member\.keys' failed to satisfy constraint: Member must have length greater than or equal to 1$/,
  ),
  messageDifference(
    'ExclusiveStartKey from another Scan segment',
    exactly('Exclusive start key must lie within the segment'),
    /^The provided starting key is invalid: Invalid ExclusiveStartKey\. Please use ExclusiveStartKey with correct Segment\. TotalSegments: \d+ Segment: \d+$/,
  ),
];

/**
 * src/engine/tables.test.ts, query.test.ts: DynamoDB Local's IndexSizeBytes
 * counts whole items (a GSI's even counts items the sparse index does not
 * hold); DynamoDB's counts the index entries — their projected attributes —
 * as the engine does. No mapping turns one into the other, so IndexSizeBytes
 * is not compared (ItemCount is; the engine's figure is unit-tested).
 */
export const indexSizeBytesNotCompared: Normalizer = (comparison) => {
  const replace = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !('IndexSizeBytes' in value)) return undefined;
    return { ...(value as Record<string, unknown>), IndexSizeBytes: '‹not compared›' };
  };
  return {
    ...comparison,
    engine: mapValue(comparison.engine, (value) => mapDeep(value, replace)),
    local: mapValue(comparison.local, (value) => mapDeep(value, replace)),
  };
};

/**
 * src/engine/operations/capacity.ts: a Query or Scan page that reads nothing
 * costs the minimum read on DynamoDB (0.5 units eventually consistent, 1
 * strongly consistent); DynamoDB Local reports 0. DynamoDB Local's 0 on a
 * page with ScannedCount 0 becomes DynamoDB's minimum.
 */
export const emptyReadCapacity: Normalizer = (comparison) => {
  const call = comparison.localCalls[0];
  if (!comparison.local.ok || (call?.operation !== 'query' && call?.operation !== 'scan')) return comparison;
  const minimum = (call.input as { ConsistentRead?: boolean }).ConsistentRead ? 1 : 0.5;
  const fix = (page: Page): Page => {
    const capacity = page.ConsumedCapacity as { CapacityUnits?: number; Table?: { CapacityUnits?: number } } | undefined;
    if (page.ScannedCount !== 0 || !capacity || capacity.CapacityUnits !== 0) return page;
    return {
      ...page,
      ConsumedCapacity: { ...capacity, CapacityUnits: minimum, ...(capacity.Table ? { Table: { ...capacity.Table, CapacityUnits: minimum } } : {}) },
    };
  };
  const value = comparison.local.value as Pages | Page;
  const fixed = 'pages' in value && Array.isArray(value.pages) ? { ...value, pages: value.pages.map(fix) } : fix(value as Page);
  return { ...comparison, local: { ok: true, value: fixed } };
};

/**
 * DynamoDB Local 3.3.1 returns `ConsumedCapacity: { TableName, CapacityUnits: 1 }`
 * from a DeleteItem of an item that does not exist even when the request did
 * not ask for capacity (ReturnConsumedCapacity absent or NONE); DynamoDB
 * returns ConsumedCapacity only when asked (API reference, DeleteItem), as
 * the engine does. Dropped from DynamoDB Local's DeleteItem output then.
 */
export const localUnaskedDeleteCapacity: Normalizer = (comparison) => {
  const call = comparison.localCalls[0];
  if (!comparison.local.ok || comparison.localCalls.length !== 1 || call?.operation !== 'deleteItem') return comparison;
  const mode = (call.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity;
  if (mode === 'TOTAL' || mode === 'INDEXES') return comparison;
  const { ConsumedCapacity: _unasked, ...rest } = comparison.local.value as Record<string, unknown>;
  return { ...comparison, local: { ok: true, value: rest } };
};

/**
 * src/engine/tables.test.ts: DynamoDB Local words CreateTable's key-schema,
 * index and throughput problems its own way; the engine uses DynamoDB's
 * messages (architect/dynalite's recordings). Each DynamoDB Local message
 * seen, and the DynamoDB message the engine must give for the same request.
 */
const CREATE_TABLE_MESSAGES: readonly (readonly [local: string | RegExp, engine: RegExp])[] = [
  [
    /^Attribute [^ ]+ is not defined in AttributeDefinitions$/,
    /^One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions\. Keys: \[.*\], AttributeDefinitions: \[.*\]$/,
  ],
  [
    'Local Secondary indices are not allowed on hash tables, only hash and range tables',
    /^One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex$/,
  ],
  ['Two global secondary indices have the same name', /^One or more parameter values were invalid: Duplicate index name: [^ ]+$/],
  ['Two local secondary indices have the same name', /^One or more parameter values were invalid: Duplicate index name: [^ ]+$/],
  [
    'If Projection type INCLUDE is specified, some non-key attributes to include in the projection must be specified as well',
    /^One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified$/,
  ],
  [
    'No attributes should be specified to be projected unless projection type is INCLUDE',
    /^One or more parameter values were invalid: ProjectionType is (KEYS_ONLY|ALL), but NonKeyAttributes is specified$/,
  ],
  [
    'The number of attributes in key schema must match the number of attributes defined in attribute definitions.',
    /^One or more parameter values were invalid: (Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions|Some AttributeDefinitions are not used\. .*)$/,
  ],
  [
    'Member must satisfy enum value set: [B, N, S]',
    /^1 validation error detected: Value '[^']*' at 'attributeDefinitions\.\d+\.member\.attributeType' failed to satisfy constraint: Member must satisfy enum value set: \[B, N, S\]$/,
  ],
  [
    'No provisioned throughput specified for the table',
    /^One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED$/,
  ],
  [
    'No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key',
    /^Invalid KeySchema: The first KeySchemaElement is not a HASH key type$/,
  ],
  [
    'Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second',
    /^Invalid KeySchema: The first KeySchemaElement is not a HASH key type$/,
  ],
  // The table's KeySchema (DynamoDB's current wording) or an index's (dynalite's recording).
  [
    'Two keys can not have the same name',
    /^(Invalid KeySchema: Some index key attribute have no definition|Both the Hash Key and the Range Key element in the KeySchema have the same name)$/,
  ],
  ['Range Key not specified in Attribute Definitions.  Type unknown.', /^Invalid KeySchema: Some index key attribute have no definition$/],
  ['GSI list is empty/invalid', /^One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty$/],
  [
    'Local Secondary indices must have the same hash key as the main table',
    /^One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: [^ ]+\. index hash key: [^ ]+, table hash key: [^ ]+$/,
  ],
  ['Local secondary indices must have a range key', /^One or more parameter values were invalid: Index KeySchema does not have a range key for index: [^ ]+$/],
  [
    'Cannot have more than 5 local secondary indexes per table',
    /^One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of 5$/,
  ],
  [
    'Cannot have two attributes with the same name',
    /^(One or more parameter values were invalid: Duplicate element in NonKeyAttributes: [^ ]+|Attribute Name is duplicated: [^ ]+)$/,
  ],
  ['Indexes must have a projection specified', /^One or more parameter values were invalid: Unknown ProjectionType: null$/],
  [
    'Key Schema too big.  Key Schema must at most consist of the hash and range key of a table',
    /^1 validation error detected: Value '\[KeySchemaElement\(attributeName=[^,]+, keyType=[A-Z]+\)(, KeySchemaElement\(attributeName=[^,]+, keyType=[A-Z]+\))+\]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2$/,
  ],
];

/** {@link CREATE_TABLE_MESSAGES} as a normaliser (CreateTable only). */
export const createTableMessages: Normalizer = (comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || engine.name !== 'ValidationException' || local.name !== 'ValidationException') return comparison;
  if (operationOf(comparison.localCalls) !== 'createTable') return comparison;
  const pair = CREATE_TABLE_MESSAGES.find(
    ([text, pattern]) => (typeof text === 'string' ? text === local.message : text.test(local.message)) && pattern.test(engine.message),
  );
  if (!pair) return comparison;
  const message = `‹known difference: CreateTable "${String(pair[0])}"›`;
  return { ...comparison, engine: { ...engine, message }, local: { ...local, message } };
};

/**
 * DynamoDB promises no order for the indexes of a table description; DynamoDB
 * Local lists GSIs in an order of its own, the engine in request order. Both
 * are sorted by IndexName.
 */
export const indexDescriptionOrder: Normalizer = (comparison) => {
  const sortIndexes = (description: Record<string, unknown>) => {
    const sorted = { ...description };
    for (const member of ['GlobalSecondaryIndexes', 'LocalSecondaryIndexes']) {
      const indexes = description[member] as { IndexName: string }[] | undefined;
      if (indexes) sorted[member] = [...indexes].sort((a, b) => compareUtf8(a.IndexName, b.IndexName));
    }
    return sorted;
  };
  const map = (value: unknown): unknown => {
    const output = value as { Table?: Record<string, unknown>; TableDescription?: Record<string, unknown> };
    if (output?.Table) return { ...output, Table: sortIndexes(output.Table) };
    if (output?.TableDescription) return { ...output, TableDescription: sortIndexes(output.TableDescription) };
    return value;
  };
  return { ...comparison, engine: mapValue(comparison.engine, map), local: mapValue(comparison.local, map) };
};

/**
 * src/engine/items.test.ts, operations/updateItem.ts: UpdateItem's
 * UPDATED_OLD / UPDATED_NEW return only the updated paths on DynamoDB; for a
 * nested path (`m.k2 = …`, `l[0]`) DynamoDB Local returns the whole top-level
 * attribute. DynamoDB Local's Attributes are projected to the updated paths
 * (the UpdateExpression's own), which is what DynamoDB returns.
 */
export const localUpdatedAttributes: Normalizer = (comparison) => {
  const call = comparison.localCalls[0];
  if (!comparison.local.ok || comparison.localCalls.length !== 1 || call?.operation !== 'updateItem') return comparison;
  const input = call.input as {
    ReturnValues?: string;
    UpdateExpression?: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, AttributeValue>;
  };
  if (input.ReturnValues !== 'UPDATED_OLD' && input.ReturnValues !== 'UPDATED_NEW') return comparison;
  const output = comparison.local.value as { Attributes?: Key };
  if (!output.Attributes || !input.UpdateExpression) return comparison;
  let paths: (readonly (string | number)[])[];
  try {
    const prepared = prepareExpressions({
      UpdateExpression: input.UpdateExpression,
      ExpressionAttributeNames: input.ExpressionAttributeNames,
      ExpressionAttributeValues: input.ExpressionAttributeValues,
    });
    paths = prepared.update?.actions.map((action) => action.path) ?? [];
  } catch {
    return comparison;
  }
  // Binary values are `0x…` text here; projection only selects, so that is harmless.
  const projected = projectItem(paths, output.Attributes as never) as Key;
  const { Attributes: _whole, ...rest } = output;
  return { ...comparison, local: { ok: true, value: Object.keys(projected).length > 0 ? { ...rest, Attributes: projected } : rest } };
};

/** A batch's ConsumedCapacity lists tables in no documented order: sorted by TableName on both sides. */
export const batchCapacityOrder: Normalizer = (comparison) => {
  const operation = operationOf(comparison.localCalls);
  if (operation !== 'batchWriteItem' && operation !== 'batchGetItem') return comparison;
  const sortCapacity = (value: unknown): unknown => {
    const output = value as { ConsumedCapacity?: { TableName: string }[] };
    if (!Array.isArray(output?.ConsumedCapacity)) return value;
    return { ...output, ConsumedCapacity: [...output.ConsumedCapacity].sort((a, b) => compareUtf8(a.TableName, b.TableName)) };
  };
  return { ...comparison, engine: mapValue(comparison.engine, sortCapacity), local: mapValue(comparison.local, sortCapacity) };
};

/**
 * Not a difference: a message about a key attribute several indexes share
 * names one of them (`IndexName: …`), and which one follows DynamoDB's
 * internal order (README, "Several errors"). The index name is not compared.
 */
export const indexNameInMessage: Normalizer = (comparison) => {
  const reduce = (outcome: Outcome): Outcome =>
    outcome.ok ? outcome : { ...outcome, message: outcome.message.replace(/IndexName: [^ ,]+/, 'IndexName: ‹one of several›') };
  return { ...comparison, engine: reduce(comparison.engine), local: reduce(comparison.local) };
};

/** Applied to every comparison. */
/**
 * DynamoDB Local writes `ddblocal` as the region of every ARN, whatever the
 * request's region; DynamoDB writes the region, as Keylab's endpoint does for
 * a database of its own (DynamoDB Local's flags without -sharedDb: a database
 * per access key and region). The engine's region is read as `ddblocal`.
 * A no-op for the shared database, whose ARNs say `ddblocal` too.
 */
export const localArnRegion: Normalizer = (comparison) => {
  const replace = (value: unknown) =>
    typeof value === 'string' && value.startsWith('arn:aws:dynamodb:')
      ? value.replace(/^arn:aws:dynamodb:[a-z0-9-]+:/, 'arn:aws:dynamodb:ddblocal:')
      : undefined;
  return { ...comparison, engine: mapValue(comparison.engine, (value) => mapDeep(value, replace)) };
};

export const DEFAULT_NORMALIZERS: readonly Normalizer[] = [
  localArnRegion,
  localEpochThroughputDates,
  ignoreTimestamps,
  ignoreTableIds,
  localGsiThroughput,
  localNumbersAsDynamoDB,
  binaryInMessages,
  missingTableMessage,
  preexistingTableMessage,
  tableStatusAsDynamoDB,
  indexSizeBytesNotCompared,
  emptyReadCapacity,
  localUnaskedDeleteCapacity,
  createTableMessages,
  indexDescriptionOrder,
  localUpdatedAttributes,
  batchCapacityOrder,
  ...KNOWN_MESSAGE_DIFFERENCES,
];

// --- Named per scenario ------------------------------------------------------

function sortKeyBound(condition: PreparedSortKeyCondition | undefined, forward: boolean): AttributeValue | undefined {
  switch (condition?.operator) {
    case '<=':
      return forward ? condition.value : undefined;
    case '>=':
      return forward ? undefined : condition.value;
    case 'between':
      return forward ? condition.high : condition.low;
    default:
      return undefined;
  }
}

/**
 * src/engine/query.test.ts: when Limit stops a base-table Query on the
 * inclusive bound of its key condition (`sk <= :c` ending at c, `BETWEEN :a
 * AND :c` ending at c, `sk >= :a` read backwards ending at a), DynamoDB Local
 * returns no LastEvaluatedKey. DynamoDB documents that a page stopped by
 * Limit carries one ("even if nothing remains"), and the engine returns it;
 * the next page is then empty. On the engine's pages, such a
 * LastEvaluatedKey and the empty page after it are dropped — only when the
 * LastEvaluatedKey's sort key is exactly that bound, the page was full, and
 * the next page is empty. (Index queries are unaffected: DynamoDB Local
 * returns the key there.) For a {@link Pages} result of a table Query.
 */
export function inclusiveBoundLastEvaluatedKey(keys: KeySchemaInfo): Normalizer {
  return (comparison) => {
    const call = comparison.engineCalls[0];
    if (!comparison.engine.ok || call?.operation !== 'query') return comparison;
    const input = call.input as {
      IndexName?: string;
      Limit?: number;
      ScanIndexForward?: boolean;
      KeyConditionExpression?: string;
      KeyConditions?: Record<string, unknown>;
      FilterExpression?: string;
      ProjectionExpression?: string;
      ExpressionAttributeNames?: Record<string, string>;
      ExpressionAttributeValues?: Record<string, AttributeValue>;
    };
    const sortKey = keys.sortKey;
    if (input.IndexName !== undefined || input.Limit === undefined || !sortKey) return comparison;
    let bound: AttributeValue | undefined;
    try {
      const { IndexName: _index, Limit: _limit, ScanIndexForward: _forward, ...expressions } = input;
      // prepareRequest: a legacy KeyConditions has the same bound as its KeyConditionExpression.
      const prepared = prepareRequest(expressions, 'Query', { keySchema: keys, operation: 'Query' });
      bound = sortKeyBound(prepared.keyCondition?.sortKey?.condition, input.ScanIndexForward !== false);
    } catch {
      return comparison;
    }
    if (!bound) return comparison;
    const { pages } = comparison.engine.value as Pages;
    const kept: Page[] = [];
    for (let i = 0; i < pages.length; i++) {
      const page = pages[i] as Page;
      const next = pages[i + 1];
      const lastKey = page.LastEvaluatedKey?.[sortKey.name];
      const onBound = lastKey !== undefined && compareKeys(canonicalKeyValue(lastKey), canonicalKeyValue(bound)) === 0;
      if (onBound && page.ScannedCount === input.Limit && next && next.ScannedCount === 0 && !next.LastEvaluatedKey && i + 2 === pages.length) {
        const { LastEvaluatedKey: _dropped, ...rest } = page;
        kept.push(rest);
        break;
      }
      kept.push(page);
    }
    return { ...comparison, engine: { ok: true, value: { pages: kept } } };
  };
}

/** A key value as compareKeys takes it (outcomes hold binary as `0x…` text after canonicalisation). */
function canonicalKeyValue(value: unknown): KeyAttributeValue {
  const record = value as { S?: string; N?: string; B?: unknown };
  if (typeof record.B === 'string' && record.B.startsWith('0x')) return { B: Uint8Array.from(Buffer.from(record.B.slice(2), 'hex')) };
  if (record.B instanceof Uint8Array) return { B: record.B };
  if (record.N !== undefined) return { N: record.N };
  return { S: record.S as string };
}

function compareKeyItems(a: Key, b: Key, names: readonly string[]): number {
  for (const name of names) {
    const x = a[name];
    const y = b[name];
    if (!x || !y) {
      if (x || y) return x ? 1 : -1;
      continue;
    }
    const order = compareKeys(canonicalKeyValue(x), canonicalKeyValue(y));
    if (order !== 0) return order;
  }
  return 0;
}

function indexKeyText(item: Key, indexKeyNames: readonly string[]): string {
  return JSON.stringify(indexKeyNames.map((name) => item[name] ?? null));
}

/**
 * Semantics §1: "GSI entries with equal index keys come back in no guaranteed
 * order" (src/engine/query.test.ts: Keylab orders them by table key,
 * DynamoDB Local by an internal hash). For a {@link Pages} result of an index
 * Query: the items of all pages, concatenated, are sorted by table key within
 * each run of equal index keys and dealt back into pages of the same sizes;
 * a LastEvaluatedKey inside such a run keeps its index keys and loses its
 * table key. The items' set, the index-key order and every page size are
 * still compared. Needs the items to carry the table key attributes (with
 * Select COUNT, every LastEvaluatedKey loses its table key).
 */
export function indexTieOrder(indexKeyNames: readonly string[], tableKeyNames: readonly string[]): Normalizer {
  const normalizePages = (outcome: Outcome): Outcome => {
    if (!outcome.ok) return outcome;
    const { pages } = outcome.value as Pages;
    const all = pages.flatMap((page) => page.Items ?? []);
    const counts = new Map<string, number>();
    for (const item of all) counts.set(indexKeyText(item, indexKeyNames), (counts.get(indexKeyText(item, indexKeyNames)) ?? 0) + 1);
    const sorted: Key[] = [];
    for (let start = 0; start < all.length;) {
      const text = indexKeyText(all[start] as Key, indexKeyNames);
      let end = start;
      while (end < all.length && indexKeyText(all[end] as Key, indexKeyNames) === text) end++;
      sorted.push(...all.slice(start, end).sort((a, b) => compareKeyItems(a, b, tableKeyNames)));
      start = end;
    }
    let offset = 0;
    const dealt = pages.map((page) => {
      const size = page.Items?.length ?? 0;
      const items = page.Items ? sorted.slice(offset, offset + size) : undefined;
      offset += size;
      let lastKey = page.LastEvaluatedKey;
      // Select COUNT returns no items to find ties with: every LastEvaluatedKey is treated as inside a run.
      const tied = all.length === 0 || (counts.get(indexKeyText(lastKey ?? {}, indexKeyNames)) ?? 0) > 1;
      if (lastKey && tied) {
        lastKey = Object.fromEntries(
          Object.entries(lastKey).map(([name, value]) => [name, tableKeyNames.includes(name) && !indexKeyNames.includes(name) ? { S: '‹tie›' } : value]),
        );
      }
      return { ...page, Items: items, LastEvaluatedKey: lastKey };
    });
    return { ok: true, value: { pages: dealt } };
  };
  return (comparison) => ({ ...comparison, engine: normalizePages(comparison.engine), local: normalizePages(comparison.local) });
}

/**
 * Semantics §1: "Scan order is by partition hash, not by key" — a different
 * hash on each side, so a Scan's items are compared as a set. For a
 * {@link Pages} result of a Scan (or of all segments of a parallel Scan): the
 * items of all pages, sorted by `tableKeyNames`; the number of pages and each
 * page's ScannedCount (Limit makes them deterministic); the total Count. A
 * page's Count and LastEvaluatedKey depend on which items fell in it, and
 * are not compared.
 */
export function scanAsSet(tableKeyNames: readonly string[]): Normalizer {
  const normalizeScan = (outcome: Outcome): Outcome => {
    if (!outcome.ok) return outcome;
    const { pages } = outcome.value as Pages;
    const items = pages.flatMap((page) => page.Items ?? []).sort((a, b) => compareKeyItems(a, b, tableKeyNames));
    return {
      ok: true,
      value: {
        items: pages.some((page) => page.Items) ? items : undefined,
        pages: pages.length,
        scannedCounts: pages.map((page) => page.ScannedCount),
        count: pages.reduce((sum, page) => sum + (page.Count ?? 0), 0),
      },
    };
  };
  return (comparison) => ({ ...comparison, engine: normalizeScan(comparison.engine), local: normalizeScan(comparison.local) });
}

/** Sorts a BatchGetItem's Responses per table by key: DynamoDB returns them in no particular order. */
export function batchGetResponsesAsSets(tableKeyNames: readonly string[]): Normalizer {
  const normalizeResponses = (outcome: Outcome): Outcome => {
    if (!outcome.ok) return outcome;
    const output = outcome.value as { Responses?: Record<string, Key[]> };
    if (!output.Responses) return outcome;
    const responses = Object.fromEntries(
      Object.entries(output.Responses)
        .sort(([a], [b]) => compareUtf8(a, b))
        .map(([table, items]) => [table, [...items].sort((a, b) => compareKeyItems(a, b, tableKeyNames))]),
    );
    return { ok: true, value: { ...output, Responses: responses } };
  };
  return (comparison) => ({ ...comparison, engine: normalizeResponses(comparison.engine), local: normalizeResponses(comparison.local) });
}

/**
 * README, "Several errors in one expression": a GSI Query whose projection (ProjectionExpression or AttributesToGet)
 * and filter (FilterExpression or QueryFilter) both name attributes the index lacks has two problems; which one
 * DynamoDB names is its internal order (DynamoDB Local names the filter's, the engine the projection's). Only then,
 * the two messages are not compared.
 */
export const indexProjectionOrFilterProblem: Normalizer = (comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || engine.message === local.message) return comparison;
  const projection = /^One or more parameter values were invalid: Global secondary index \S+ does not project \[.*\]$/;
  const filter = /^One or more parameter values were invalid: Secondary index \S+ does not project one or more filter attributes: \[.*\]$/;
  const either = (message: string) => projection.test(message) || filter.test(message);
  if (!either(engine.message) || !either(local.message)) return comparison;
  const message = '‹one of two index problems›';
  return { ...comparison, engine: { ...engine, message }, local: { ...local, message } };
};
