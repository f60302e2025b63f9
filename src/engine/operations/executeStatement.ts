import type { ExecuteStatementCommandInput, ExecuteStatementCommandOutput } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import { planSelect } from '../partiql';
import { ConstraintErrors } from '../requestErrors';
import type { EngineContext, WritePlan } from './context';
import { readSelectPage } from './partiqlSelect';
import { checkStatementLength, keySchemaOf, parseStatement, planWriteStatement, withStatementErrors } from './partiqlStatements';

/** The longest NextToken DynamoDB accepts. */
const MAX_NEXT_TOKEN = 32768;

/**
 * ExecuteStatement: one PartiQL statement. A SELECT reads one page (a Query
 * when the WHERE pins the partition key, a Scan otherwise; `Limit` and
 * `NextToken` page it as LastEvaluatedKey / ExclusiveStartKey do); INSERT,
 * UPDATE and DELETE write one item, with `Items` holding what RETURNING
 * asked for. Runs as a write (it may be one): a SELECT's plan carries no change.
 */
export function planExecuteStatement(context: EngineContext, input: ExecuteStatementCommandInput): WritePlan<ExecuteStatementCommandOutput> {
  return withStatementErrors(() => executeStatement(context, input));
}

function executeStatement(context: EngineContext, input: ExecuteStatementCommandInput): WritePlan<ExecuteStatementCommandOutput> {
  const errors = new ConstraintErrors();
  errors.requireValue(input.Statement, 'statement');
  checkStatementLength(errors, input.Statement, 'statement');
  errors.checkRange(input.Limit, 'limit', 1);
  if (typeof input.NextToken === 'string' && input.NextToken.length > MAX_NEXT_TOKEN) {
    errors.add(input.NextToken, 'nextToken', `Member must have length less than or equal to ${MAX_NEXT_TOKEN}`);
  }
  errors.checkEnum(input.ReturnConsumedCapacity, 'returnConsumedCapacity', ['INDEXES', 'TOTAL', 'NONE']);
  errors.checkEnum(input.ReturnValuesOnConditionCheckFailure, 'returnValuesOnConditionCheckFailure', ['ALL_OLD', 'NONE']);
  errors.throwIfAny();

  const statement = parseStatement(input.Statement as string, input.Parameters);
  if (statement.kind === 'exists') throw validationError('EXISTS(SELECT ...) is a condition check and runs in ExecuteTransaction only');
  if (statement.kind === 'select') {
    const plan = planSelect(statement, keySchemaOf(context, statement.target.tableName, statement.target.indexName));
    const page = readSelectPage(context, plan, {
      limit: input.Limit,
      nextToken: input.NextToken,
      consistentRead: input.ConsistentRead === true,
      returnConsumedCapacity: input.ReturnConsumedCapacity,
    });
    const output: ExecuteStatementCommandOutput = { Items: page.items, $metadata: {} };
    if (page.nextToken) output.NextToken = page.nextToken;
    if (page.consumedCapacity) output.ConsumedCapacity = page.consumedCapacity;
    return { change: undefined, output };
  }
  const plan = planWriteStatement(context, statement, {
    returnValuesOnConditionCheckFailure: input.ReturnValuesOnConditionCheckFailure,
    returnConsumedCapacity: input.ReturnConsumedCapacity,
  });
  const { attributes, consumedCapacity } = plan.output;
  const output: ExecuteStatementCommandOutput = { Items: attributes ? [attributes] : [], $metadata: {} };
  if (consumedCapacity) output.ConsumedCapacity = consumedCapacity;
  return { change: plan.change, output };
}
