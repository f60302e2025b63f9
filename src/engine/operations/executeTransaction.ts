import type {
  CancellationReason,
  Delete,
  ExecuteTransactionCommandInput,
  ExecuteTransactionCommandOutput,
  ItemResponse,
  ReturnValuesOnConditionCheckFailure,
  TransactWriteItem,
  Update,
} from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import { planDelete, planExists, planGet, planInsert, planUpdate, type PartiqlStatement } from '../partiql';
import { ConstraintErrors } from '../requestErrors';
import type { EngineContext, WritePlan } from './context';
import { selectFromItem } from './partiqlSelect';
import { checkStatementLength, keySchemaOf, parseStatement, withStatementErrors } from './partiqlStatements';
import { transactGetItems } from './transactGetItems';
import { MAX_TRANSACTION_ACTIONS, TransactionCanceledError } from './transactions';
import { planTransactWriteItems } from './transactWriteItems';

/**
 * ExecuteTransaction: up to 100 PartiQL statements as one transaction — all
 * single-item SELECTs (run as TransactGetItems) or all writes (INSERT,
 * UPDATE, DELETE and EXISTS conditions, run as TransactWriteItems' Put,
 * Update, Delete and ConditionCheck), so isolation, idempotency
 * (ClientRequestToken), the one-action-per-item rule, CancellationReasons and
 * doubled capacity are those of TransactWriteItems / TransactGetItems.
 */
export function planExecuteTransaction(context: EngineContext, input: ExecuteTransactionCommandInput): WritePlan<ExecuteTransactionCommandOutput> {
  return withStatementErrors(() => executeTransaction(context, input));
}

function executeTransaction(context: EngineContext, input: ExecuteTransactionCommandInput): WritePlan<ExecuteTransactionCommandOutput> {
  const errors = new ConstraintErrors();
  if (errors.requireValue(input.TransactStatements, 'transactStatements')) {
    const count = (input.TransactStatements ?? []).length;
    if (count > MAX_TRANSACTION_ACTIONS)
      errors.add(`[${count} elements]`, 'transactStatements', `Member must have length less than or equal to ${MAX_TRANSACTION_ACTIONS}`);
    (input.TransactStatements ?? []).forEach((request, i) => {
      if (
        errors.requireValue(request, `transactStatements.${i + 1}.member`) &&
        errors.requireValue(request.Statement, `transactStatements.${i + 1}.member.statement`)
      ) {
        checkStatementLength(errors, request.Statement, `transactStatements.${i + 1}.member.statement`);
      }
      errors.checkEnum(request?.ReturnValuesOnConditionCheckFailure, `transactStatements.${i + 1}.member.returnValuesOnConditionCheckFailure`, [
        'ALL_OLD',
        'NONE',
      ]);
    });
  }
  errors.checkEnum(input.ReturnConsumedCapacity, 'returnConsumedCapacity', ['INDEXES', 'TOTAL', 'NONE']);
  errors.throwIfAny();
  const requests = input.TransactStatements ?? [];
  if (requests.length === 0) throw validationError('ExecutePartiQLTransaction can not have empty statement.');

  const statements = requests.map((request) => parseStatement(request.Statement as string, request.Parameters));
  const reads = statements.filter((statement) => statement.kind === 'select').length;
  if (reads > 0 && reads < statements.length)
    throw validationError('ExecuteTransaction API does not support both read and write operations in the same request.');
  if (reads > 0) return { change: undefined, output: readTransaction(context, statements, input) };

  const actions = statements.map((statement, i) => writeAction(context, statement, i, requests[i]?.ReturnValuesOnConditionCheckFailure));
  try {
    const plan = planTransactWriteItems(context, {
      TransactItems: actions,
      ClientRequestToken: input.ClientRequestToken,
      ReturnConsumedCapacity: input.ReturnConsumedCapacity,
    });
    const output: ExecuteTransactionCommandOutput = { Responses: [], $metadata: {} };
    if (plan.output.ConsumedCapacity) output.ConsumedCapacity = plan.output.ConsumedCapacity;
    return { change: plan.change, output, ...(plan.onCommitted ? { onCommitted: plan.onCommitted } : {}) };
  } catch (error) {
    if (error instanceof TransactionCanceledError)
      throw new TransactionCanceledError(error.CancellationReasons.map((reason, i) => statementReason(statements[i] as PartiqlStatement, reason)));
    throw error;
  }
}

function mustName(i: number): never {
  throw validationError(
    `Validation failed in TransactStatements[${i}]: Select statements within ExecuteTransaction must specify the primary key in the where clause.`,
  );
}

/** SELECTs of single items by key, read together by TransactGetItems; each response `{ Item }` or `{}`. */
function readTransaction(
  context: EngineContext,
  statements: readonly PartiqlStatement[],
  input: ExecuteTransactionCommandInput,
): ExecuteTransactionCommandOutput {
  const plans = statements.map((statement, i) => {
    const select = statement as Extract<PartiqlStatement, { kind: 'select' }>;
    return planGet(select, keySchemaOf(context, select.target.tableName)) ?? mustName(i);
  });
  const read = transactGetItems(context, {
    TransactItems: plans.map((plan) => ({ Get: { TableName: plan.tableName, Key: plan.key } })),
    ReturnConsumedCapacity: input.ReturnConsumedCapacity,
  });
  const Responses = (read.Responses ?? []).map((response, i): ItemResponse => {
    const item = selectFromItem(plans[i] as NonNullable<(typeof plans)[number]>, response.Item);
    return item ? { Item: item } : {};
  });
  const output: ExecuteTransactionCommandOutput = { Responses, $metadata: {} };
  if (read.ConsumedCapacity) output.ConsumedCapacity = read.ConsumedCapacity;
  return output;
}

/** A write statement as the TransactWriteItems action it is. */
function writeAction(
  context: EngineContext,
  statement: PartiqlStatement,
  i: number,
  returnValues: ReturnValuesOnConditionCheckFailure | undefined,
): TransactWriteItem {
  const options = returnValues === undefined ? {} : { ReturnValuesOnConditionCheckFailure: returnValues };
  switch (statement.kind) {
    case 'insert':
      return { Put: { ...planInsert(statement, keySchemaOf(context, statement.tableName)), ...options } };
    case 'update': {
      if (statement.returning) throw returningRefused(i);
      const { ReturnValues: _returnValues, ...update } = planUpdate(statement, keySchemaOf(context, statement.tableName));
      return { Update: { ...(update as Update), ...options } };
    }
    case 'delete': {
      if (statement.returning) throw returningRefused(i);
      const { ReturnValues: _returnValues, ...remove } = planDelete(statement, keySchemaOf(context, statement.tableName));
      return { Delete: { ...(remove as Delete), ...options } };
    }
    case 'exists': {
      const check = planExists(statement, keySchemaOf(context, statement.select.target.tableName)) ?? mustName(i);
      return { ConditionCheck: { ...check, ...options } };
    }
    case 'select':
      return mustName(i);
  }
}

/**
 * A cancellation reason in PartiQL's words (DynamoDB Local's): an INSERT whose
 * item exists is `ValidationError: Duplicate primary key exists in table`,
 * a failed EXISTS says `The conditional request failed.`.
 */
function statementReason(statement: PartiqlStatement, reason: CancellationReason): CancellationReason {
  if (reason.Code !== 'ConditionalCheckFailed') return reason;
  if (statement.kind === 'insert') return { Code: 'ValidationError', Message: 'Duplicate primary key exists in table' };
  if (statement.kind === 'exists') return { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed.' };
  return reason;
}

/** DynamoDB's answer to RETURNING in a transaction's statement (nubo-db/dynamodb-conformance's recording; run it with ExecuteStatement to get the item back). */
function returningRefused(i: number): Error {
  return validationError(`Validation failed in TransactStatements[${i}]: RETURNING clause is not supported in ExecuteTransaction.`);
}
