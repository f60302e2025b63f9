/**
 * The legacy ComparisonOperator conditions (QueryFilter, ScanFilter,
 * Expected, KeyConditions): their validation, with DynamoDB's messages, and
 * their translation into the expression evaluator's PreparedCondition — so a
 * legacy request runs through the same evaluator as an expression one.
 *
 * Semantics, as observed on DynamoDB Local (legacy/legacy.contract cases):
 * NE is true for a missing attribute or another type (`<>`); NOT_CONTAINS is
 * false for a missing attribute (`attribute_exists(a) AND NOT contains(a, v)`);
 * NULL / NOT_NULL are `attribute_not_exists` / `attribute_exists`.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { compareScalars, validationError, type PreparedCondition, type PreparedOperand } from '../../expressions';
import { ATTRIBUTE_TYPES } from '../../dynamo';
import { attributeValueTypeOf } from './legacyValues';

export const COMPARISON_OPERATORS = [
  'EQ',
  'NE',
  'LE',
  'LT',
  'GE',
  'GT',
  'NOT_NULL',
  'NULL',
  'CONTAINS',
  'NOT_CONTAINS',
  'BEGINS_WITH',
  'IN',
  'BETWEEN',
] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];

const INVALID = 'One or more parameter values were invalid: ';
const SCALARS = ['S', 'N', 'B'];
const ANY: readonly string[] = ATTRIBUTE_TYPES;

/** The AttributeValue types each operator accepts in its AttributeValueList (observed on DynamoDB Local). */
const ALLOWED_TYPES: Readonly<Record<ComparisonOperator, readonly string[]>> = {
  EQ: ANY,
  NE: ANY,
  LE: SCALARS,
  LT: SCALARS,
  GE: SCALARS,
  GT: SCALARS,
  BETWEEN: SCALARS,
  IN: SCALARS,
  BEGINS_WITH: ['S', 'B'],
  CONTAINS: ['S', 'N', 'B', 'BOOL', 'NULL'],
  NOT_CONTAINS: ['S', 'N', 'B', 'BOOL', 'NULL'],
  NULL: [],
  NOT_NULL: [],
};

/** One validated condition on one top-level attribute. */
export interface LegacyCondition {
  readonly attribute: string;
  readonly operator: ComparisonOperator;
  readonly values: readonly AttributeValue[];
}

export function isComparisonOperator(value: unknown): value is ComparisonOperator {
  return typeof value === 'string' && (COMPARISON_OPERATORS as readonly string[]).includes(value);
}

/**
 * The checks every ComparisonOperator condition gets, in DynamoDB's order:
 * the operator exists, the number of arguments, one type for all of them,
 * the types the operator takes, BETWEEN's bounds in order. `values` are
 * already validated AttributeValues.
 */
export function checkComparison(attribute: string, operator: unknown, values: readonly AttributeValue[]): LegacyCondition {
  if (!isComparisonOperator(operator)) throw validationError('Comparison type does not exist in DynamoDB');
  const count = values.length;
  const countOk =
    operator === 'NULL' || operator === 'NOT_NULL' ? count === 0 : operator === 'IN' ? count >= 1 : operator === 'BETWEEN' ? count === 2 : count === 1;
  if (!countOk) throw validationError(`${INVALID}Invalid number of argument(s) for the ${operator} ComparisonOperator`);
  // Value by value, as DynamoDB Local checks them: a type the operator does not take, then a type unlike the first's
  // (BETWEEN of a BOOL and a number names the BOOL).
  const types = values.map(attributeValueTypeOf);
  types.forEach((type, i) => {
    if (!ALLOWED_TYPES[operator].includes(type)) throw validationError(`${INVALID}ComparisonOperator ${operator} is not valid for ${type} AttributeValue type`);
    if (i > 0 && type !== types[0]) throw validationError(`${INVALID}AttributeValues inside AttributeValueList must be of same type`);
  });
  if (operator === 'BETWEEN' && compareScalars(values[0] as AttributeValue, values[1] as AttributeValue) > 0) {
    throw validationError('The BETWEEN condition was provided a range where the lower bound is greater than the upper bound');
  }
  return { attribute, operator, values };
}

const COMPARATORS = { EQ: '=', NE: '<>', LE: '<=', LT: '<', GE: '>=', GT: '>' } as const;

/** The condition as the evaluator's PreparedCondition. */
export function toPreparedCondition(condition: LegacyCondition): PreparedCondition {
  const path: PreparedOperand = { kind: 'path', path: [condition.attribute] };
  const value = (n: number): PreparedOperand => ({ kind: 'value', value: condition.values[n] as AttributeValue });
  const call = (name: 'attribute_exists' | 'attribute_not_exists' | 'contains' | 'begins_with', ...args: PreparedOperand[]): PreparedCondition => ({
    kind: 'function',
    name,
    args: [path, ...args],
  });
  switch (condition.operator) {
    case 'EQ':
    case 'NE':
    case 'LE':
    case 'LT':
    case 'GE':
    case 'GT':
      return { kind: 'compare', operator: COMPARATORS[condition.operator], left: path, right: value(0) };
    case 'NULL':
      return call('attribute_not_exists');
    case 'NOT_NULL':
      return call('attribute_exists');
    case 'CONTAINS':
      return call('contains', value(0));
    case 'NOT_CONTAINS':
      return { kind: 'and', left: call('attribute_exists'), right: { kind: 'not', operand: call('contains', value(0)) } };
    case 'BEGINS_WITH':
      return call('begins_with', value(0));
    case 'IN':
      return { kind: 'in', operand: path, list: condition.values.map((_, n) => value(n)) };
    case 'BETWEEN':
      return { kind: 'between', operand: path, low: value(0), high: value(1) };
  }
}

/** Conditions joined by ConditionalOperator (AND unless OR), in request order. */
export function joinConditions(conditions: readonly LegacyCondition[], conditionalOperator: string | undefined): PreparedCondition | undefined {
  const kind = conditionalOperator === 'OR' ? 'or' : 'and';
  let joined: PreparedCondition | undefined;
  for (const condition of conditions) {
    const prepared = toPreparedCondition(condition);
    joined = joined ? { kind, left: joined, right: prepared } : prepared;
  }
  return joined;
}
