/**
 * A request's expressions, from either form: the expression parameters
 * (prepareExpressions) or the legacy ones — KeyConditions, QueryFilter,
 * ScanFilter, Expected, AttributeUpdates, AttributesToGet and
 * ConditionalOperator — translated into the same PreparedExpressions, so one
 * evaluator runs both. A request may not mix the two forms (with one
 * exception DynamoDB makes: KeyConditions beside a FilterExpression or
 * ProjectionExpression).
 */
import { prepareExpressions, validationError, type PrepareOptions, type PreparedExpressions } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import { expressionParameters, type ExpressionParameters } from '../operations/requestHelpers';
import { prepareAttributeUpdates } from './attributeUpdates';
import { checkFilterKeyAttributes, prepareExpected, prepareFilter } from './legacyConditions';
import { checkKeyConditionsShape, prepareKeyConditions } from './legacyKeyConditions';

/** The operations that take legacy parameters (BatchGetItem's per-table requests are GetItem's). */
export type LegacyOperation = 'Query' | 'Scan' | 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

/** Each operation's expression and legacy parameters, in the order DynamoDB's mixing message lists them. */
const PARAMETERS: Readonly<Record<LegacyOperation, { readonly expression: readonly string[]; readonly legacy: readonly string[] }>> = {
  Query: {
    expression: ['ProjectionExpression', 'FilterExpression', 'KeyConditionExpression'],
    legacy: ['AttributesToGet', 'QueryFilter', 'ConditionalOperator', 'KeyConditions'],
  },
  Scan: { expression: ['ProjectionExpression', 'FilterExpression'], legacy: ['AttributesToGet', 'ScanFilter', 'ConditionalOperator'] },
  GetItem: { expression: ['ProjectionExpression'], legacy: ['AttributesToGet'] },
  PutItem: { expression: ['ConditionExpression'], legacy: ['Expected', 'ConditionalOperator'] },
  DeleteItem: { expression: ['ConditionExpression'], legacy: ['Expected', 'ConditionalOperator'] },
  UpdateItem: { expression: ['UpdateExpression', 'ConditionExpression'], legacy: ['AttributeUpdates', 'Expected', 'ConditionalOperator'] },
};

/** The legacy parameters a request may carry. */
export interface LegacyParameters extends ExpressionParameters {
  KeyConditions?: Record<string, unknown> | undefined;
  QueryFilter?: Record<string, unknown> | undefined;
  ScanFilter?: Record<string, unknown> | undefined;
  Expected?: Record<string, unknown> | undefined;
  AttributeUpdates?: Record<string, unknown> | undefined;
  AttributesToGet?: readonly string[] | undefined;
  ConditionalOperator?: string | undefined;
  Select?: string | undefined;
}

const given = (input: object, name: string): boolean => {
  const value = (input as Record<string, unknown>)[name];
  return value !== undefined && value !== null;
};

/**
 * `Can not use both expression and non-expression parameters in the same
 * request: Non-expression parameters: {QueryFilter} Expression parameters:
 * {KeyConditionExpression}`. KeyConditions counts only beside a
 * KeyConditionExpression.
 */
export function checkExpressionMixing(input: object, operation: LegacyOperation): void {
  const { expression, legacy } = PARAMETERS[operation];
  const expressions = expression.filter((name) => given(input, name));
  if (expressions.length === 0) return;
  const legacyGiven = legacy.filter((name) => given(input, name) && (name !== 'KeyConditions' || given(input, 'KeyConditionExpression')));
  if (legacyGiven.length === 0) return;
  throw validationError(
    `Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {${legacyGiven.join(', ')}} Expression parameters: {${expressions.join(', ')}}`,
  );
}

/**
 * The request's expressions, validated and resolved, from whichever form it
 * uses. `options` are prepareExpressions' (a Query passes its target's key
 * schema and primary key names). Checks run in DynamoDB Local's observed
 * order: the mixing rule; the expression parameters; KeyConditions; the
 * filter; AttributesToGet against Select; AttributesToGet itself.
 */
export function prepareRequest(input: LegacyParameters, operation: LegacyOperation, options: PrepareOptions = {}): PreparedExpressions {
  checkExpressionMixing(input, operation);
  const prepared = prepareExpressions(expressionParameters(input), options);
  const { legacy } = PARAMETERS[operation];
  if (!legacy.some((name) => given(input, name))) return prepared;

  const result: { -readonly [K in keyof PreparedExpressions]: PreparedExpressions[K] } = { ...prepared };
  if (operation === 'Query' && given(input, 'KeyConditions')) {
    // Without a key schema (the table is missing), only the checks that need none.
    if (options.keySchema) result.keyCondition = prepareKeyConditions(input.KeyConditions as Record<string, unknown>, options.keySchema);
    else checkKeyConditionsShape(input.KeyConditions as Record<string, unknown>);
  }
  if (operation === 'Query' || operation === 'Scan') {
    const filterInput = (operation === 'Query' ? input.QueryFilter : input.ScanFilter) as Parameters<typeof prepareFilter>[0];
    if (filterInput !== undefined || given(input, 'ConditionalOperator')) {
      const { conditions, filter } = prepareFilter(filterInput ?? undefined, input.ConditionalOperator);
      if (operation === 'Query') checkFilterKeyAttributes(conditions, options.primaryKeyNames ?? []);
      if (filter) result.filter = filter;
    }
  } else if (operation !== 'GetItem') {
    if (given(input, 'Expected') || given(input, 'ConditionalOperator')) {
      const condition = prepareExpected((input.Expected ?? undefined) as Parameters<typeof prepareExpected>[0], input.ConditionalOperator);
      if (condition) result.condition = condition;
    }
    if (operation === 'UpdateItem' && given(input, 'AttributeUpdates')) {
      result.update = prepareAttributeUpdates(input.AttributeUpdates as Parameters<typeof prepareAttributeUpdates>[0]);
    }
  }
  if (given(input, 'AttributesToGet')) {
    result.projection = prepareAttributesToGet(
      input.AttributesToGet as readonly string[],
      operation === 'Query' || operation === 'Scan' ? input.Select : undefined,
    );
  }
  return result;
}

const SELECT_CONFLICTS: Readonly<Record<string, string>> = {
  ALL_ATTRIBUTES: 'Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES',
  ALL_PROJECTED_ATTRIBUTES: 'Cannot specify the AttributesToGet when choosing to get ALL_PROJECTED_ATTRIBUTES',
  COUNT: 'Cannot specify the AttributesToGet when choosing to get only the Count',
};

/**
 * AttributesToGet: top-level attribute names, taken literally (no document
 * paths, no reserved words), as a projection. At least one name — the API's
 * constraint, which DynamoDB Local does not check — and no name twice.
 */
function prepareAttributesToGet(names: readonly string[], select: string | undefined): NonNullable<PreparedExpressions['projection']> {
  if (names.length === 0) {
    const errors = new ConstraintErrors();
    errors.add('[]', 'attributesToGet', 'Member must have length greater than or equal to 1');
    errors.throwIfAny();
  }
  const conflict = select === undefined ? undefined : SELECT_CONFLICTS[select];
  if (conflict) throw validationError(conflict);
  if (new Set(names).size !== names.length) throw validationError('Cannot have two attributes with the same name');
  return names.map((name) => [name]);
}
