import type {
  AttributeValue,
  BatchStatementErrorCodeEnum,
  ConsumedCapacity,
  ReturnConsumedCapacity,
  ReturnValuesOnConditionCheckFailure,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBError, isDynamoDBError, validationError, type Item, type KeySchemaInfo } from '../../expressions';
import {
  MAX_STATEMENT_LENGTH,
  parsePartiql,
  planDelete,
  planInsert,
  planUpdate,
  type PartiqlDelete,
  type PartiqlInsert,
  type PartiqlStatement,
  type PartiqlUpdate,
} from '../partiql';
import { readAttributeValue } from '../values/readAttributeValue';
import type { ConstraintErrors } from '../requestErrors';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { planDeleteItem } from './deleteItem';
import { planPutItem } from './putItem';
import { planUpdateItem } from './updateItem';

/**
 * What ExecuteStatement, BatchExecuteStatement and ExecuteTransaction share:
 * reading a statement and its parameters, finding the key schema it is
 * planned against, and running an INSERT, UPDATE or DELETE as the PutItem,
 * UpdateItem or DeleteItem it translates to.
 */

/**
 * DynamoDB's length constraint on a request's `Statement` (8,192 characters),
 * checked with the request's other member constraints, before any parsing.
 */
export function checkStatementLength(errors: ConstraintErrors, statement: unknown, path: string): void {
  if (typeof statement === 'string' && statement.length > MAX_STATEMENT_LENGTH) {
    errors.add(statement, path, `Member must have length less than or equal to ${MAX_STATEMENT_LENGTH}`);
  }
}

/** Parses a statement with its `?` parameters (each validated as an AttributeValue, as DynamoDB does). */
export function parseStatement(statement: string, parameters: readonly AttributeValue[] | undefined): PartiqlStatement {
  return parsePartiql(
    statement,
    (parameters ?? []).map((parameter) => readAttributeValue(parameter)),
  );
}

/** The key schema of a table, or of one of its indexes. */
export function keySchemaOf(context: EngineContext, tableName: string, indexName?: string): KeySchemaInfo {
  const table = requireTable(context, tableName);
  if (indexName === undefined) return table.definition.keys;
  const index = table.indexes.get(indexName);
  if (!index) throw validationError(`The table does not have the specified index: ${indexName}`);
  return index.definition.keys;
}

export type WriteStatement = PartiqlInsert | PartiqlUpdate | PartiqlDelete;

export function isWriteStatement(statement: PartiqlStatement): statement is WriteStatement {
  return statement.kind === 'insert' || statement.kind === 'update' || statement.kind === 'delete';
}

export interface WriteStatementOptions {
  readonly returnValuesOnConditionCheckFailure?: ReturnValuesOnConditionCheckFailure | undefined;
  readonly returnConsumedCapacity?: ReturnConsumedCapacity | undefined;
}

/** What a write statement gives back: RETURNING's attributes, and its capacity. */
export interface WriteStatementOutput {
  readonly attributes: Item | undefined;
  readonly consumedCapacity: ConsumedCapacity | undefined;
}

/** `DuplicateItemException: Duplicate primary key exists in table` (an INSERT of a key that exists). */
export function duplicateItem(): DynamoDBError {
  return new DynamoDBError('DuplicateItemException', 'Duplicate primary key exists in table');
}

/** Plans an INSERT, UPDATE or DELETE against the current state, as the single-item write it translates to. */
export function planWriteStatement(context: EngineContext, statement: WriteStatement, options: WriteStatementOptions): WritePlan<WriteStatementOutput> {
  const keys = keySchemaOf(context, statement.tableName);
  const common = { ReturnConsumedCapacity: options.returnConsumedCapacity, ReturnValuesOnConditionCheckFailure: options.returnValuesOnConditionCheckFailure };
  // The SDK's outputs spell their optional members `?: T | undefined`.
  const result = (plan: WritePlan<{ Attributes?: Item | undefined; ConsumedCapacity?: ConsumedCapacity | undefined }>): WritePlan<WriteStatementOutput> => ({
    change: plan.change,
    output: { attributes: plan.output.Attributes, consumedCapacity: plan.output.ConsumedCapacity },
  });
  switch (statement.kind) {
    case 'insert':
      try {
        return result(planPutItem(context, { ...planInsert(statement, keys), ReturnConsumedCapacity: options.returnConsumedCapacity }));
      } catch (error) {
        if (isDynamoDBError(error, 'ConditionalCheckFailedException')) throw duplicateItem();
        throw error;
      }
    case 'update':
      return result(planUpdateItem(context, { ...planUpdate(statement, keys), ...common }));
    case 'delete':
      return result(planDeleteItem(context, { ...planDelete(statement, keys), ...common }));
  }
}

/** A BatchExecuteStatement error code for an error (`ConditionalCheckFailedException` → `ConditionalCheckFailed`). */
export function batchErrorCode(error: DynamoDBError): BatchStatementErrorCodeEnum {
  if (error.name === 'ValidationException') return 'ValidationError';
  return error.name.replace(/Exception$/, '') as BatchStatementErrorCodeEnum;
}

const EXPRESSION_PREFIX = /^Invalid (KeyConditionExpression|FilterExpression|ConditionExpression|UpdateExpression|ProjectionExpression): /;

/**
 * An error of the expressions a statement was translated to, in the
 * statement's terms: without the `Invalid FilterExpression: ` prefix, as
 * DynamoDB Local reports them (the caller wrote no FilterExpression).
 */
export function inStatementTerms(error: unknown): unknown {
  if (!(error instanceof DynamoDBError) || error.name !== 'ValidationException' || !EXPRESSION_PREFIX.test(error.message)) return error;
  return new DynamoDBError(error.name, error.message.replace(EXPRESSION_PREFIX, ''), error.location, error.item);
}

/** Runs `plan`, rethrowing expression errors {@link inStatementTerms}. */
export function withStatementErrors<T>(plan: () => T): T {
  try {
    return plan();
  } catch (error) {
    throw inStatementTerms(error);
  }
}
