/**
 * QueryFilter / ScanFilter and Expected, with ConditionalOperator: validated
 * with DynamoDB's messages and translated into one PreparedCondition
 * (a FilterExpression's or ConditionExpression's), conditions joined in
 * request order.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { validationError, type PreparedCondition } from '../../expressions';
import { readAttributeValue } from '../values/readAttributeValue';
import { checkComparison, joinConditions, type LegacyCondition } from './comparisonOperators';
import { readValueList } from './legacyValues';

const INVALID = 'One or more parameter values were invalid: ';

/** A QueryFilter, ScanFilter or KeyConditions entry. */
interface ConditionInput {
  readonly ComparisonOperator?: unknown;
  readonly AttributeValueList?: unknown;
}

/** An Expected entry. */
interface ExpectedInput extends ConditionInput {
  readonly Value?: unknown;
  readonly Exists?: unknown;
}

/** ConditionalOperator: OR or AND, and only with two or more conditions. */
export function checkConditionalOperator(conditionalOperator: unknown, conditions: object | undefined): void {
  if (conditionalOperator === undefined || conditionalOperator === null) return;
  if (conditionalOperator !== 'OR' && conditionalOperator !== 'AND') {
    // DynamoDB's member constraint (DynamoDB Local answers InternalFailure for two conditions).
    throw validationError(
      `1 validation error detected: Value '${String(conditionalOperator)}' at 'conditionalOperator' failed to satisfy constraint: Member must satisfy enum value set: [OR, AND]`,
    );
  }
  if (conditions === undefined || conditions === null) throw validationError('ConditionalOperator cannot be used without Filter or Expected');
  if (Object.keys(conditions).length < 2) throw validationError('ConditionalOperator can only be used when Filter or Expected has two or more elements');
}

/** The validated entries of a QueryFilter, ScanFilter or KeyConditions map, in request order. */
export function readConditionMap(conditions: Record<string, ConditionInput> | undefined): LegacyCondition[] {
  return Object.entries(conditions ?? {}).map(([attribute, condition]) =>
    checkComparison(attribute, condition?.ComparisonOperator, readValueList(condition?.AttributeValueList)),
  );
}

/** A QueryFilter or ScanFilter with its ConditionalOperator, as a filter condition. */
export function prepareFilter(
  filter: Record<string, ConditionInput> | undefined,
  conditionalOperator: string | undefined,
): { readonly conditions: readonly LegacyCondition[]; readonly filter: PreparedCondition | undefined } {
  const conditions = readConditionMap(filter);
  checkConditionalOperator(conditionalOperator, filter);
  return { conditions, filter: joinConditions(conditions, conditionalOperator) };
}

/** Expected with its ConditionalOperator, as a ConditionExpression would be. */
export function prepareExpected(expected: Record<string, ExpectedInput> | undefined, conditionalOperator: string | undefined): PreparedCondition | undefined {
  const conditions = Object.entries(expected ?? {}).map(([attribute, entry]) => readExpected(attribute, entry ?? {}));
  checkConditionalOperator(conditionalOperator, expected);
  return joinConditions(conditions, conditionalOperator);
}

/**
 * One Expected entry: the old form (`Value`, `Exists`) or the ComparisonOperator
 * form (`AttributeValueList`, or `Value` as its one argument). DynamoDB's
 * checks, in its order.
 */
function readExpected(attribute: string, entry: ExpectedInput): LegacyCondition {
  const has = (member: keyof ExpectedInput) => entry[member] !== undefined && entry[member] !== null;
  if (has('AttributeValueList') && has('Value'))
    throw validationError(`${INVALID}Value and AttributeValueList cannot be used together for Attribute: ${attribute}`);
  if (has('ComparisonOperator')) {
    const operator = entry.ComparisonOperator;
    if (has('Exists')) throw validationError(`${INVALID}Exists and ComparisonOperator cannot be used together for Attribute: ${attribute}`);
    if (operator !== 'NULL' && operator !== 'NOT_NULL' && !has('AttributeValueList') && !has('Value')) {
      throw validationError(`${INVALID}Value or AttributeValueList must be used with ComparisonOperator: ${String(operator)} for Attribute: ${attribute}`);
    }
    const values = has('Value') ? [readAttributeValue(entry.Value)] : readValueList(entry.AttributeValueList);
    return checkComparison(attribute, operator, values);
  }
  if (has('AttributeValueList')) throw validationError(`${INVALID}AttributeValueList can only be used with a ComparisonOperator for Attribute: ${attribute}`);
  const exists = has('Exists') ? entry.Exists === true : true;
  if (exists && !has('Value')) {
    throw validationError(`${INVALID}Value must be provided when Exists is ${has('Exists') ? 'true' : 'null'} for Attribute: ${attribute}`);
  }
  if (!exists && has('Value')) throw validationError(`${INVALID}Value cannot be used when Exists is false for Attribute: ${attribute}`);
  if (!exists) return { attribute, operator: 'NULL', values: [] };
  return { attribute, operator: 'EQ', values: [readAttributeValue(entry.Value) as AttributeValue] };
}

/** `QueryFilter can only contain non-primary key attributes: Primary key attribute: sk` — the first key, in key order. */
export function checkFilterKeyAttributes(conditions: readonly LegacyCondition[], primaryKeyNames: readonly string[]): void {
  for (const key of primaryKeyNames) {
    if (conditions.some((condition) => condition.attribute === key)) {
      throw validationError(`QueryFilter can only contain non-primary key attributes: Primary key attribute: ${key}`);
    }
  }
}
