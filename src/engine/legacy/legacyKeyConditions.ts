/**
 * Query's KeyConditions, validated against the key schema of the table or
 * index queried and translated into the same KeyConditionModel a
 * KeyConditionExpression gives, so both run through one range planner.
 * Checks and messages in DynamoDB Local's order: each condition's own checks
 * (comparisonOperators.ts), their number, every condition on a key
 * attribute, then the partition key's condition, then the sort key's.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { validationError, type KeySchemaInfo, type PreparedKeyCondition, type PreparedSortKeyCondition } from '../../expressions';
import type { LegacyCondition } from './comparisonOperators';
import { readConditionMap } from './legacyConditions';
import { attributeValueTypeOf } from './legacyValues';

const SORT_KEY_OPERATORS: Readonly<Record<string, PreparedSortKeyCondition['operator']>> = {
  EQ: '=',
  LT: '<',
  LE: '<=',
  GT: '>',
  GE: '>=',
  BETWEEN: 'between',
  BEGINS_WITH: 'begins_with',
};

/**
 * The checks of KeyConditions that need no key schema: each condition's own
 * (operator, number and kind of values) and their number. On a missing table
 * they come before ResourceNotFoundException, as KeyConditionExpression's do
 * (dynalite's recordings of DynamoDB run them against a table that does not exist).
 */
export function checkKeyConditionsShape(keyConditions: Record<string, unknown>): LegacyCondition[] {
  const conditions = readConditionMap(keyConditions as Parameters<typeof readConditionMap>[0]);
  if (conditions.length === 0) throw validationError('Conditions must be at least length 1');
  if (conditions.length > 2) throw validationError('Conditions can be of length 1 or 2 only');
  return conditions;
}

/** KeyConditions as the key condition of a Query on `schema`. */
export function prepareKeyConditions(keyConditions: Record<string, unknown>, schema: KeySchemaInfo): PreparedKeyCondition {
  const conditions = checkKeyConditionsShape(keyConditions);
  const partition = conditions.find((condition) => condition.attribute === schema.partitionKey.name);
  const other = conditions.find((condition) => condition !== partition);
  if (!partition || (other && other.attribute !== schema.sortKey?.name)) throw validationError('Query condition missed key schema element');

  checkKeyCondition(partition, schema.partitionKey.type, 'Hash');
  if (partition.operator !== 'EQ') throw validationError('Query key condition not supported');
  const partitionKey = { name: partition.attribute, value: partition.values[0] as AttributeValue };
  if (!other) return { partitionKey };

  checkKeyCondition(other, schema.sortKey?.type as 'S' | 'N' | 'B', 'Range');
  const operator = SORT_KEY_OPERATORS[other.operator];
  if (operator === undefined) throw validationError('Attempted conditional constraint is not an indexable operation');
  const [first, second] = other.values as [AttributeValue, AttributeValue];
  let condition: PreparedSortKeyCondition;
  if (operator === 'between') condition = { operator, low: first, high: second };
  else if (operator === 'begins_with') condition = { operator, prefix: first };
  else condition = { operator, value: first };
  return { partitionKey, sortKey: { name: other.attribute, condition } };
}

/** A key condition's values: present (NULL / NOT_NULL have none), of the key's type, not empty. */
function checkKeyCondition(condition: LegacyCondition, type: 'S' | 'N' | 'B', role: 'Hash' | 'Range'): void {
  if (condition.values.length === 0) throw validationError(`Only scalar types can be used as ${role} Key values`);
  for (const value of condition.values) {
    if (attributeValueTypeOf(value) !== type)
      throw validationError('One or more parameter values were invalid: Condition parameter type does not match schema type');
  }
  for (const value of condition.values) {
    const empty = value.S === '' ? 'string' : value.B !== undefined && value.B.byteLength === 0 ? 'binary' : undefined;
    if (empty) {
      throw validationError(
        `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty ${empty} value. Key: ${condition.attribute}`,
      );
    }
  }
}
