import type { BatchExecuteStatementCommandInput, BatchExecuteStatementCommandOutput, BatchStatementResponse, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DynamoDBError, validationError } from '../../expressions';
import type { ItemWrite } from '../localDynamoDB.types';
import { planDelete, planGet, planUpdate, type PartiqlStatement } from '../partiql';
import { ConstraintErrors } from '../requestErrors';
import { keyIdentity, keyOf } from '../schema/checkKeys';
import { readOut } from '../storage/readOut';
import { consumedCapacity, createCharge, readUnits } from './capacity';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { selectFromItem } from './partiqlSelect';
import {
  batchErrorCode,
  checkStatementLength,
  inStatementTerms,
  isWriteStatement,
  keySchemaOf,
  parseStatement,
  planWriteStatement,
  type WriteStatement,
} from './partiqlStatements';

/** Statements per BatchExecuteStatement. */
const MAX_BATCH_STATEMENTS = 25;

/**
 * BatchExecuteStatement: up to 25 statements, all single-item SELECTs or all
 * writes, each succeeding or failing on its own — a failed statement gets an
 * `Error` (`ValidationError`, `ConditionalCheckFailed`, `DuplicateItem`,
 * `ResourceNotFound`) in its response and the others still run. Responses
 * are in request order. The writes that succeed are one engine change.
 * Messages and shapes as DynamoDB Local gives them. With
 * ReturnConsumedCapacity, `ConsumedCapacity` has one entry per table (in the
 * order the statements first name it), summing what its statements that
 * succeeded read or wrote, as BatchGetItem and BatchWriteItem report it
 * (DynamoDB Local 3.3.1 returns none: README).
 */
export function planBatchExecuteStatement(context: EngineContext, input: BatchExecuteStatementCommandInput): WritePlan<BatchExecuteStatementCommandOutput> {
  const errors = new ConstraintErrors();
  if (errors.requireValue(input.Statements, 'statements')) {
    const count = (input.Statements ?? []).length;
    if (count > MAX_BATCH_STATEMENTS) errors.add(`[${count} elements]`, 'statements', `Member must have length less than or equal to ${MAX_BATCH_STATEMENTS}`);
    (input.Statements ?? []).forEach((request, i) => {
      if (errors.requireValue(request, `statements.${i + 1}.member`) && errors.requireValue(request.Statement, `statements.${i + 1}.member.statement`)) {
        checkStatementLength(errors, request.Statement, `statements.${i + 1}.member.statement`);
      }
      errors.checkEnum(request?.ReturnValuesOnConditionCheckFailure, `statements.${i + 1}.member.returnValuesOnConditionCheckFailure`, ['ALL_OLD', 'NONE']);
    });
  }
  errors.checkEnum(input.ReturnConsumedCapacity, 'returnConsumedCapacity', ['INDEXES', 'TOTAL', 'NONE']);
  errors.throwIfAny();
  const requests = input.Statements ?? [];
  if (requests.length === 0) throw validationError('The statement was empty.');

  const parsed = requests.map((request): PartiqlStatement | DynamoDBError => {
    try {
      return parseStatement(request.Statement as string, request.Parameters);
    } catch (error) {
      if (error instanceof DynamoDBError) return error;
      throw error;
    }
  });
  const statements = parsed.filter((entry): entry is PartiqlStatement => !(entry instanceof DynamoDBError));
  if (statements.some((statement) => statement.kind === 'select') && statements.some(isWriteStatement)) {
    throw validationError('Read and write requests together in the same batch is not supported.');
  }
  rejectRepeatedWrites(context, statements.filter(isWriteStatement));

  const writes: ItemWrite[] = [];
  const capacity = new CapacityByTable(input.ReturnConsumedCapacity);
  const responses = parsed.map((statement, i): BatchStatementResponse => {
    const tableName =
      statement instanceof DynamoDBError ? undefined : statement.kind === 'select' || statement.kind === 'exists' ? undefined : statement.tableName;
    try {
      if (statement instanceof DynamoDBError) throw statement;
      if (statement.kind === 'select') return readOne(context, statement, requests[i]?.ConsistentRead === true, capacity);
      if (statement.kind === 'exists') throw validationError('EXISTS(SELECT ...) is a condition check and runs in ExecuteTransaction only');
      const plan = planWriteStatement(context, statement, {
        returnValuesOnConditionCheckFailure: requests[i]?.ReturnValuesOnConditionCheckFailure,
        returnConsumedCapacity: capacity.mode,
      });
      if (plan.change?.type === 'writeItems') writes.push(...plan.change.writes);
      capacity.add(plan.output.consumedCapacity);
      return { TableName: statement.tableName };
    } catch (thrown) {
      const error = inStatementTerms(thrown);
      if (!(error instanceof DynamoDBError)) throw error;
      const response: BatchStatementResponse = { Error: { Code: batchErrorCode(error), Message: error.message } };
      if (error.item && response.Error) response.Error.Item = error.item as never;
      if (tableName !== undefined) response.TableName = tableName;
      return response;
    }
  });
  const output: BatchExecuteStatementCommandOutput = { Responses: responses, $metadata: {} };
  const consumed = capacity.list();
  if (consumed.length > 0) output.ConsumedCapacity = consumed;
  return { change: writes.length > 0 ? { type: 'writeItems', writes } : undefined, output };
}

/** A SELECT of one item by its full key: `{ TableName, Item }`, or `{ TableName }` when it finds none. */
function readOne(
  context: EngineContext,
  statement: Extract<PartiqlStatement, { kind: 'select' }>,
  consistent: boolean,
  capacity: CapacityByTable,
): BatchStatementResponse {
  const keys = keySchemaOf(context, statement.target.tableName);
  const plan = planGet(statement, keys);
  if (!plan) throw validationError('Only single item select is supported');
  const record = requireTable(context, plan.tableName).get(plan.key);
  if (capacity.mode) {
    const charge = createCharge();
    charge.table = readUnits(record?.size ?? 0, consistent);
    capacity.add(consumedCapacity(capacity.mode, plan.tableName, charge));
  }
  const item = selectFromItem(plan, record ? readOut(record) : undefined);
  return item ? { TableName: plan.tableName, Item: item } : { TableName: plan.tableName };
}

/** `Provided list of item keys contains duplicates`: two writes of one item (statements whose key cannot be read fail on their own later). */
function rejectRepeatedWrites(context: EngineContext, statements: readonly WriteStatement[]): void {
  const seen = new Set<string>();
  for (const statement of statements) {
    let identity: string;
    try {
      const keys = keySchemaOf(context, statement.tableName);
      const key =
        statement.kind === 'insert'
          ? keyOf(statement.item, keys)
          : statement.kind === 'update'
            ? planUpdate(statement, keys).Key
            : planDelete(statement, keys).Key;
      identity = `${statement.tableName}\u0000${keyIdentity(key as never, keys)}`;
    } catch {
      continue;
    }
    if (seen.has(identity)) throw validationError('Provided list of item keys contains duplicates');
    seen.add(identity);
  }
}

/** The statements' ConsumedCapacity summed per table, tables in the order they first appear. */
class CapacityByTable {
  private readonly tables = new Map<string, ConsumedCapacity>();
  /** The mode to charge in, or undefined when no capacity was asked for. */
  readonly mode: 'TOTAL' | 'INDEXES' | undefined;

  constructor(mode: string | undefined) {
    this.mode = mode === 'TOTAL' || mode === 'INDEXES' ? mode : undefined;
  }

  add(capacity: ConsumedCapacity | undefined): void {
    if (!capacity?.TableName) return;
    const sum = this.tables.get(capacity.TableName);
    if (!sum) {
      this.tables.set(capacity.TableName, structuredClone(capacity));
      return;
    }
    sum.CapacityUnits = (sum.CapacityUnits ?? 0) + (capacity.CapacityUnits ?? 0);
    if (capacity.Table) sum.Table = { CapacityUnits: (sum.Table?.CapacityUnits ?? 0) + (capacity.Table.CapacityUnits ?? 0) };
    for (const member of ['LocalSecondaryIndexes', 'GlobalSecondaryIndexes'] as const) {
      const indexes = capacity[member];
      if (!indexes) continue;
      const summed = (sum[member] ??= {});
      for (const [name, units] of Object.entries(indexes)) summed[name] = { CapacityUnits: (summed[name]?.CapacityUnits ?? 0) + (units.CapacityUnits ?? 0) };
    }
  }

  list(): ConsumedCapacity[] {
    return [...this.tables.values()];
  }
}
