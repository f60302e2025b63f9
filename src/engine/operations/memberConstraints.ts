import { validationError } from '../../expressions';
import { ConstraintErrors, refuseEmptyTableName } from '../requestErrors';

/**
 * The member constraints of DynamoDB's request model — lengths, ranges, enums,
 * patterns — declared once, here: the AWS SDK's schemas carry the members and
 * the required lists (sdkInputShapes.generated.ts) but no constraint traits,
 * so they cannot be generated. Single-table and multi-table operations read
 * the same entries; each operation's list is in DynamoDB's member order, the
 * order its messages list the violations in (`2 validation errors detected:
 * Value '0' at 'limit' …; Value 'a;' at 'tableName' …`, as architect/dynalite
 * recorded them against live DynamoDB). DynamoDB Local reports only the first,
 * without the count (README).
 */
export type Constraint =
  /** A table or index name: `[a-zA-Z0-9_.-]+`, 3..255 characters (ConstraintErrors.checkName). */
  | { readonly kind: 'name'; readonly required: boolean }
  | { readonly kind: 'notNull' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'range'; readonly min: number; readonly max?: number }
  /** The number of entries of a list or map. */
  | { readonly kind: 'length'; readonly min: number; readonly max?: number };

/** A map whose keys are table names and whose values have a length: BatchGetItem's and BatchWriteItem's RequestItems. */
interface TableMap {
  readonly keys: Constraint & { kind: 'name' };
  /** The constraint on each value's length: BatchWriteItem's list of WriteRequests (Map value must satisfy constraint: […]). */
  readonly values?: Constraint & { kind: 'length' };
  /** The constraint on a member of each value: BatchGetItem's KeysAndAttributes.Keys. */
  readonly valueMember?: { readonly member: string; readonly constraint: Constraint & { kind: 'length' } };
  /** Required members of the structures in each value's list, in DynamoDB's order: BatchWriteItem's DeleteRequest.Key and PutRequest.Item. */
  readonly requestMembers?: readonly (readonly [structure: string, member: string])[];
}

/** At most 100 keys per BatchGetItem call, over all tables (and per table: the member constraint). */
export const MAX_BATCH_GET_KEYS = 100;
/** At most 25 put or delete requests per BatchWriteItem call, over all tables (and per table: the map-value constraint). */
export const MAX_BATCH_WRITE_REQUESTS = 25;
/** TotalSegments may be at most this. */
export const MAX_TOTAL_SEGMENTS = 1_000_000;

/** The constraint of each member, by the member's name in DynamoDB's model. */
export const MEMBER_CONSTRAINTS = {
  TableName: { kind: 'name', required: true },
  IndexName: { kind: 'name', required: false },
  ReturnConsumedCapacity: { kind: 'enum', values: ['INDEXES', 'TOTAL', 'NONE'] },
  ReturnItemCollectionMetrics: { kind: 'enum', values: ['SIZE', 'NONE'] },
  ReturnValues: { kind: 'enum', values: ['ALL_NEW', 'UPDATED_OLD', 'ALL_OLD', 'NONE', 'UPDATED_NEW'] },
  ConditionalOperator: { kind: 'enum', values: ['OR', 'AND'] },
  Select: { kind: 'enum', values: ['SPECIFIC_ATTRIBUTES', 'COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES'] },
  AttributesToGet: { kind: 'length', min: 1 },
  Limit: { kind: 'range', min: 1 },
  Segment: { kind: 'range', min: 0 },
  TotalSegments: { kind: 'range', min: 1, max: MAX_TOTAL_SEGMENTS },
  Key: { kind: 'notNull' },
  Item: { kind: 'notNull' },
  RequestItems: { kind: 'notNull' },
} as const satisfies Record<string, Constraint>;

type Member = keyof typeof MEMBER_CONSTRAINTS;

/** The maps of the multi-table operations. */
const TABLE_MAPS = {
  BatchGetItem: {
    keys: MEMBER_CONSTRAINTS.TableName,
    valueMember: { member: 'Keys', constraint: { kind: 'length', min: 1, max: MAX_BATCH_GET_KEYS } },
  },
  BatchWriteItem: {
    keys: MEMBER_CONSTRAINTS.TableName,
    values: { kind: 'length', min: 1, max: MAX_BATCH_WRITE_REQUESTS },
    requestMembers: [
      ['DeleteRequest', 'Key'],
      ['PutRequest', 'Item'],
    ],
  },
} as const satisfies Record<string, TableMap>;

/** Each operation's constrained members, in DynamoDB's order. */
const RULES = {
  GetItem: ['ReturnConsumedCapacity', 'AttributesToGet', 'TableName', 'Key'],
  PutItem: ['ReturnConsumedCapacity', 'TableName', 'Item', 'ConditionalOperator', 'ReturnValues', 'ReturnItemCollectionMetrics'],
  DeleteItem: ['ReturnConsumedCapacity', 'TableName', 'ReturnValues', 'ReturnItemCollectionMetrics', 'Key', 'ConditionalOperator'],
  UpdateItem: ['ReturnConsumedCapacity', 'TableName', 'ReturnItemCollectionMetrics', 'ReturnValues', 'Key', 'ConditionalOperator'],
  Query: ['Limit', 'ReturnConsumedCapacity', 'AttributesToGet', 'Select', 'ConditionalOperator', 'TableName', 'IndexName'],
  Scan: ['Limit', 'ReturnConsumedCapacity', 'AttributesToGet', 'Segment', 'Select', 'ConditionalOperator', 'TotalSegments', 'TableName', 'IndexName'],
  BatchGetItem: ['ReturnConsumedCapacity', 'RequestItems'],
  BatchWriteItem: ['ReturnConsumedCapacity', 'ReturnItemCollectionMetrics', 'RequestItems'],
} as const satisfies Record<string, readonly Member[]>;

export type ConstrainedOperation = keyof typeof RULES;

/**
 * The constraints DynamoDB now reports in its newer form — no value echoed,
 * the member path spelled as the API spells it — where the other members of
 * the same request keep `Value '…' at 'lowerCamelPath'`:
 * - Query's Limit: `1 validation error detected: Value at 'Limit' failed to
 *   satisfy constraint: Member must have value greater than or equal to 1`;
 * - BatchGetItem's Keys over 100: `Value at 'RequestItems.<table>.member.Keys'
 *   failed to satisfy constraint: Member must have length less than or equal to 100`
 *   (moto's tests recorded the same without the value, in lower camel case, earlier).
 * Scan's and ExecuteStatement's Limit keep `Value '0' at 'limit'`, enums and
 * names keep their echoed value (all: nubo-db/dynamodb-conformance tier 3,
 * captured from AWS regions in 2026; dynoxide's captures, eu-west-2, agree).
 */
const UNECHOED_MEMBERS: Partial<Record<ConstrainedOperation, readonly Member[]>> = { Query: ['Limit'] };
const UNECHOED_MAP_MEMBERS: Partial<Record<ConstrainedOperation, true>> = { BatchGetItem: true };

/**
 * Checks `input`'s members against the operation's constraints; throws them
 * all at once. An empty TableName is the one exception, reported alone
 * ({@link refuseEmptyTableName}).
 */
export function checkMembers(operation: ConstrainedOperation, input: object): void {
  const record = input as Record<string, unknown>;
  refuseEmptyTableName(record.TableName);
  const errors = new ConstraintErrors();
  for (const member of RULES[operation] as readonly Member[]) {
    const value = record[member];
    const path = lowerFirst(member);
    const unechoed = UNECHOED_MEMBERS[operation]?.includes(member) ? member : undefined;
    checkConstraint(errors, MEMBER_CONSTRAINTS[member], value, path, unechoed);
    if (member === 'RequestItems' && isObject(value)) {
      checkTableMap(errors, TABLE_MAPS[operation as keyof typeof TABLE_MAPS], value, path, UNECHOED_MAP_MEMBERS[operation] === true);
    }
  }
  errors.throwIfAny();
  // An empty map passes the model (DynamoDB's current answer is its own sentence; nubo-db/dynamodb-conformance, 2026).
  if (record.RequestItems !== undefined && isObject(record.RequestItems) && Object.keys(record.RequestItems).length === 0) {
    throw validationError(`The requestItems parameter is required for ${operation}`);
  }
}

function checkConstraint(errors: ConstraintErrors, constraint: Constraint, value: unknown, path: string, unechoed: string | undefined): void {
  switch (constraint.kind) {
    case 'name':
      errors.checkName(value, path, constraint.required);
      break;
    case 'notNull':
      errors.requireValue(value, path);
      break;
    case 'enum':
      errors.checkEnum(value, path, constraint.values);
      break;
    case 'range':
      errors.checkRange(value as number | undefined, path, constraint.min, constraint.max, unechoed);
      break;
    case 'length':
      errors.checkLength(value, path, constraint.min, constraint.max);
      break;
  }
}

/**
 * A map keyed by table names (architect/dynalite's recordings): a bad name is
 * `Map keys must satisfy constraint: [Member must have length less than or
 * equal to 255, …]` on the whole map; a value of the wrong length `Map value
 * must satisfy constraint: […]`; a constrained member of a value is reported
 * at `requestItems.<table>.member.<member>`.
 */
function checkTableMap(errors: ConstraintErrors, map: TableMap, value: Record<string, unknown>, path: string, unechoed: boolean): void {
  for (const [table, entry] of Object.entries(value)) {
    if (!ConstraintErrors.isValidName(table)) errors.addMapKeys(value, path);
    if (map.values) errors.checkMapValueLength(value, path, entry, map.values.min, map.values.max);
    if (map.valueMember) {
      const member = isObject(entry) ? entry[map.valueMember.member] : undefined;
      const memberPath = `${path}.${table}.member.${lowerFirst(map.valueMember.member)}`;
      const { min, max } = map.valueMember.constraint;
      const unechoedPath = unechoed ? `RequestItems.${table}.member.${map.valueMember.member}` : undefined;
      if (errors.requireValue(member, memberPath)) errors.checkLength(member, memberPath, min, max, unechoedPath);
    }
    if (map.requestMembers && Array.isArray(entry)) {
      entry.forEach((request: unknown, i) => {
        for (const [structure, member] of map.requestMembers ?? []) {
          const outer = isObject(request) ? request[structure] : undefined;
          if (isObject(outer)) errors.requireValue(outer[member], `${path}.${table}.member.${i + 1}.member.${lowerFirst(structure)}.${lowerFirst(member)}`);
        }
      });
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lowerFirst(member: string): string {
  return member[0]?.toLowerCase() + member.slice(1);
}
