import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoDBError, validationError, type Item, type PreparedCondition, type PreparedOperand, type PreparedUpdate } from '../../expressions';
import { copyItem } from '../values/copyItem';

const RETURN_VALUES = ['ALL_NEW', 'UPDATED_OLD', 'ALL_OLD', 'NONE', 'UPDATED_NEW'];

/**
 * ReturnValues: PutItem and DeleteItem accept NONE and ALL_OLD only (other
 * valid values: `Return values set to invalid value`); UpdateItem accepts all
 * five; anything else breaks the member's enum constraint.
 */
export function checkReturnValues(value: string | undefined, operation: 'PutItem' | 'DeleteItem' | 'UpdateItem'): void {
  if (value === undefined) return;
  if (!RETURN_VALUES.includes(value)) {
    throw validationError(
      `1 validation error detected: Value '${value}' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [${RETURN_VALUES.join(', ')}]`,
    );
  }
  if (operation !== 'UpdateItem' && value !== 'NONE' && value !== 'ALL_OLD') throw validationError('Return values set to invalid value');
}

/** ReturnValuesOnConditionCheckFailure: ALL_OLD or NONE. */
export function checkReturnValuesOnConditionCheckFailure(value: string | undefined): void {
  if (value !== undefined && value !== 'ALL_OLD' && value !== 'NONE') {
    throw validationError(
      `1 validation error detected: Value '${value}' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]`,
    );
  }
}

/**
 * `ConditionalCheckFailedException: The conditional request failed`. With
 * ReturnValuesOnConditionCheckFailure ALL_OLD and an existing item, the error
 * carries a copy of the item as `Item`, the property the AWS SDK's
 * ConditionalCheckFailedException has (and as `item`, DynamoDBError's).
 */
export function conditionalCheckFailed(existing: Item | undefined, returnValues: string | undefined): DynamoDBError {
  const item = returnValues === 'ALL_OLD' && existing ? copyItem(existing) : undefined;
  const error = new DynamoDBError('ConditionalCheckFailedException', 'The conditional request failed', {}, item);
  if (item) Object.assign(error, { Item: item });
  return error;
}

/** `Item size has exceeded the maximum allowed size` (PutItem, BatchWriteItem). */
export function itemTooLarge(): DynamoDBError {
  return validationError('Item size has exceeded the maximum allowed size');
}

/** The top-level attribute names a condition reads. */
export function conditionAttributeNames(condition: PreparedCondition | undefined, names = new Set<string>()): Set<string> {
  if (!condition) return names;
  switch (condition.kind) {
    case 'compare':
      addOperand(condition.left, names);
      addOperand(condition.right, names);
      break;
    case 'between':
      addOperand(condition.operand, names);
      addOperand(condition.low, names);
      addOperand(condition.high, names);
      break;
    case 'in':
      addOperand(condition.operand, names);
      for (const operand of condition.list) addOperand(operand, names);
      break;
    case 'and':
    case 'or':
      conditionAttributeNames(condition.left, names);
      conditionAttributeNames(condition.right, names);
      break;
    case 'not':
      conditionAttributeNames(condition.operand, names);
      break;
    case 'function':
      for (const operand of condition.args) addOperand(operand, names);
      break;
  }
  return names;
}

function addOperand(operand: PreparedOperand, names: Set<string>): void {
  if (operand.kind === 'path' || operand.kind === 'size') {
    const first = operand.path[0];
    if (typeof first === 'string') names.add(first);
  }
}

/** The paths an update writes (SET, REMOVE, ADD, DELETE), for UPDATED_OLD / UPDATED_NEW. */
export function updatedPaths(update: PreparedUpdate | undefined): (readonly (string | number)[])[] {
  return update ? update.actions.map((action) => action.path) : [];
}

/** The expression parameters of a request, as prepareExpressions takes them. */
export interface ExpressionParameters {
  KeyConditionExpression?: string | undefined;
  FilterExpression?: string | undefined;
  ConditionExpression?: string | undefined;
  ProjectionExpression?: string | undefined;
  UpdateExpression?: string | undefined;
  ExpressionAttributeNames?: Record<string, string> | undefined;
  ExpressionAttributeValues?: Record<string, AttributeValue> | undefined;
}

/** Picks the expression parameters out of a request. */
export function expressionParameters(input: ExpressionParameters): ExpressionParameters {
  return {
    KeyConditionExpression: input.KeyConditionExpression,
    FilterExpression: input.FilterExpression,
    ConditionExpression: input.ConditionExpression,
    ProjectionExpression: input.ProjectionExpression,
    UpdateExpression: input.UpdateExpression,
    ExpressionAttributeNames: input.ExpressionAttributeNames,
    ExpressionAttributeValues: input.ExpressionAttributeValues,
  };
}
