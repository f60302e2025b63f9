import type { CancellationReason, TransactWriteItem, TransactWriteItemsCommandInput, TransactWriteItemsCommandOutput } from '@aws-sdk/client-dynamodb';
import {
  evaluateCondition,
  itemSize,
  prepareExpressions,
  validationError,
  type ExpressionOperation,
  type Item,
  type PreparedExpressions,
} from '../../expressions';
import type { ItemWrite } from '../localDynamoDB.types';
import { ConstraintErrors } from '../requestErrors';
import { checkIndexKeys, checkKey, checkTableKeys, keyOf } from '../schema/checkKeys';
import type { ItemRecord } from '../storage/keyedStore';
import type { TableStore } from '../storage/tableStore';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { chargeWrite, readUnits } from './capacity';
import type { EngineContext, WritePlan } from './context';
import { requireTable } from './context';
import { expressionParameters, itemTooLarge } from './requestHelpers';
import { requestIdentity } from './transactionTokens';
import { checkTransactItems, MAX_TRANSACTION_BYTES, NO_REASON, rejectRepeatedItems, TransactionCanceledError, TransactionCharges } from './transactions';
import { rejectKeyUpdates, updatedItem } from './updateItem';
import { MAX_ITEM_BYTES } from '../../dynamo';

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck
 * actions on distinct items, all or nothing.
 *
 * 1. The request is validated as a whole, in DynamoDB Local's observed order:
 *    member constraints; each action's shape, values and expressions; one
 *    action per item; the 4 MB payload; the tables. Any failure here is a
 *    ValidationException (or ResourceNotFoundException) and nothing runs.
 * 2. A ClientRequestToken seen in the last 10 minutes with the same
 *    TransactItems answers as the first call did, writing nothing
 *    (transactionTokens.ts).
 * 3. Every action is evaluated against the current items — its condition,
 *    then what it would write — giving one CancellationReason per action.
 *    If any is not `None`, TransactionCanceledException; nothing is written.
 * 4. Otherwise all writes are one engine change, applied in one synchronous
 *    step (and journaled as one record), so no read or single-item write ever
 *    sees part of a transaction — which is also why the engine never answers
 *    TransactionConflictException: no transaction is ever in progress while
 *    another request runs.
 *
 * Capacity: every action's units doubled, per table (a ConditionCheck is
 * charged as a strongly consistent read of its item).
 */
export function planTransactWriteItems(context: EngineContext, input: TransactWriteItemsCommandInput): WritePlan<TransactWriteItemsCommandOutput> {
  const errors = new ConstraintErrors();
  const items = checkTransactItems(errors, input.TransactItems);
  (items ?? []).forEach((action, i) => checkActionMembers(errors, action, `transactItems.${i + 1}.member`));
  checkToken(errors, input.ClientRequestToken);
  errors.checkEnum(input.ReturnConsumedCapacity, 'returnConsumedCapacity', ['INDEXES', 'TOTAL', 'NONE']);
  errors.checkEnum(input.ReturnItemCollectionMetrics, 'returnItemCollectionMetrics', ['SIZE', 'NONE']);
  errors.throwIfAny();

  const actions = (items as readonly TransactWriteItem[]).map(readAction);
  const payload = actions.reduce((sum, action) => sum + action.size, 0);
  if (payload > MAX_TRANSACTION_BYTES) throw validationError(`Transaction payload size cannot exceed 4MB. Payload Size: ${payload}`);
  const targets: PreparedAction[] = [];
  for (const action of actions) {
    const table = context.tables.get(action.tableName);
    if (table) targets.push(resolveAction(action, table));
  }
  rejectRepeatedItems(targets.filter((target) => target.keyProblem === undefined));
  for (const action of actions) requireTable(context, action.tableName);

  const token = input.ClientRequestToken;
  const identity = token === undefined ? '' : requestIdentity(input.TransactItems);
  if (token !== undefined && context.transactionTokens.find(token, identity, context.now())) {
    return { change: undefined, output: retryOutput(targets, input.ReturnConsumedCapacity) };
  }

  const outcomes = targets.map(evaluate);
  if (outcomes.some((outcome) => outcome.reason !== NO_REASON)) throw new TransactionCanceledError(outcomes.map((outcome) => outcome.reason));

  const charges = new TransactionCharges();
  const writes: ItemWrite[] = [];
  outcomes.forEach((outcome, i) => {
    const { table, existing } = targets[i] as PreparedAction;
    if (outcome.kind === 'check') {
      charges.reads(table.definition.name).table += readUnits(existing?.size ?? 0, true);
      return;
    }
    chargeWrite(charges.writes(table.definition.name), table, existing, outcome.after);
    if (outcome.write) writes.push(outcome.write);
  });
  const output: TransactWriteItemsCommandOutput = { $metadata: {} };
  const capacity = charges.consumed(input.ReturnConsumedCapacity);
  if (capacity) output.ConsumedCapacity = capacity;
  return {
    change: writes.length > 0 ? { type: 'writeItems', writes } : undefined,
    output,
    ...(token === undefined ? {} : { onCommitted: () => context.transactionTokens.remember(token, { identity, completedAt: context.now() }) }),
  };
}

type ActionKind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';

/** Member names as DynamoDB's constraint messages spell them. */
const MEMBER_PATHS: Readonly<Record<ActionKind, string>> = { Put: 'put', Update: 'update', Delete: 'delete', ConditionCheck: 'conditionCheck' };
/** The operation whose expression rules each action follows (a ConditionCheck's are a DeleteItem's: a ConditionExpression only). */
const EXPRESSION_OPERATIONS: Readonly<Record<ActionKind, ExpressionOperation>> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'DeleteItem',
};

/** The members a request of each kind must have. */
const REQUIRED_MEMBERS: Readonly<Record<ActionKind, readonly string[]>> = {
  Put: ['Item', 'TableName'],
  Update: ['Key', 'UpdateExpression', 'TableName'],
  Delete: ['Key', 'TableName'],
  ConditionCheck: ['Key', 'TableName', 'ConditionExpression'],
};

function kindsOf(action: TransactWriteItem): ActionKind[] {
  return (['ConditionCheck', 'Put', 'Delete', 'Update'] as const).filter((kind) => action[kind] !== undefined && action[kind] !== null);
}

/** Step 1's member constraints of one action. */
function checkActionMembers(errors: ConstraintErrors, action: TransactWriteItem | null | undefined, path: string): void {
  if (!errors.requireValue(action, path)) return;
  for (const kind of kindsOf(action as TransactWriteItem)) {
    const request = (action as unknown as Record<ActionKind, Record<string, unknown>>)[kind];
    const memberPath = `${path}.${MEMBER_PATHS[kind]}`;
    for (const member of REQUIRED_MEMBERS[kind]) {
      const camel = member[0]?.toLowerCase() + member.slice(1);
      if (member === 'TableName') errors.checkName(request.TableName, `${memberPath}.tableName`);
      else errors.requireValue(request[member], `${memberPath}.${camel}`);
    }
    errors.checkEnum(request.ReturnValuesOnConditionCheckFailure, `${memberPath}.returnValuesOnConditionCheckFailure`, ['ALL_OLD', 'NONE']);
  }
}

/** ClientRequestToken: 1..36 characters. */
function checkToken(errors: ConstraintErrors, token: string | undefined): void {
  if (token === undefined || token === null) return;
  if (token.length < 1) errors.add(token, 'clientRequestToken', 'Member must have length greater than or equal to 1');
  if (token.length > 36) errors.add(token, 'clientRequestToken', 'Member must have length less than or equal to 36');
}

/** An action read from the request, before its table is looked at. */
interface ReadAction {
  readonly kind: ActionKind;
  readonly tableName: string;
  /** Put: the item; otherwise the Key. */
  readonly values: Item;
  /** Bytes it adds to the 4 MB payload. */
  readonly size: number;
  readonly prepared: PreparedExpressions;
  readonly returnOld: boolean;
}

function readAction(action: TransactWriteItem): ReadAction {
  const kinds = kindsOf(action);
  if (kinds.length === 0) throw validationError('Invalid Request: TransactWriteRequest should contain Delete or Put or Update request');
  if (kinds.length > 1) throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
  const kind = kinds[0] as ActionKind;
  const request = action[kind] as NonNullable<TransactWriteItem[ActionKind]> & { Item?: unknown; Key?: unknown };
  const values = readItem(kind === 'Put' ? request.Item : request.Key);
  const size = itemSize(values);
  if (kind === 'Put' && size > MAX_ITEM_BYTES) throw itemTooLarge();
  const prepared = prepareExpressions(expressionParameters(request), { operation: EXPRESSION_OPERATIONS[kind] });
  return { kind, tableName: request.TableName as string, values, size, prepared, returnOld: request.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' };
}

/** An action with its table, key and the item it finds. */
interface PreparedAction extends ReadAction {
  readonly table: TableStore;
  readonly key: Item;
  readonly existing: ItemRecord | undefined;
  /** A Put's index-key problem, reported as the action's ValidationError when it runs (as DynamoDB Local does). */
  readonly indexKeyProblem?: unknown;
  /**
   * A table key of the wrong type (a Put's item, the Key of the others),
   * reported as the action's ValidationError: the action has no key to look
   * up, so it finds no item and takes no part in the one-action-per-item rule.
   */
  readonly keyProblem?: unknown;
}

function resolveAction(action: ReadAction, table: TableStore): PreparedAction {
  const definition = table.definition;
  const keyProblem = tableKeyProblem(action, definition);
  if (keyProblem !== undefined) return { ...action, table, key: action.values, existing: undefined, keyProblem };
  let key: Item;
  let indexKeyProblem: unknown;
  if (action.kind === 'Put') {
    key = keyOf(action.values, definition.keys);
    try {
      checkIndexKeys(action.values, definition, 'put');
    } catch (error) {
      indexKeyProblem = error;
    }
    // An empty index-key value is refused with the request (DynamoDB Local agrees); a wrong type cancels the transaction.
    if (indexKeyProblem !== undefined && !isDataProblem(indexKeyProblem)) throw indexKeyProblem;
  } else {
    key = action.values;
  }
  return { ...action, table, key, existing: table.get(key), indexKeyProblem };
}

/**
 * Checks the action's table key; returns a type mismatch (the action's
 * ValidationError reason, as real DynamoDB answers: nubo-db/dynamodb-conformance
 * tier3 transactWriteItems), throws the rest (a missing key attribute in a Put's
 * item, an empty or too long key value: the request's ValidationException).
 */
function tableKeyProblem(action: ReadAction, definition: TableStore['definition']): unknown {
  try {
    if (action.kind === 'Put') checkTableKeys(action.values, definition);
    else checkKey(action.values, definition.keys);
    return undefined;
  } catch (error) {
    if (error instanceof Error && KEY_TYPE_PROBLEM.test(error.message)) return error;
    throw error;
  }
}

/** A Put item's key attribute of the wrong type, or a Key that does not match the key schema. */
const KEY_TYPE_PROBLEM = /^(One or more parameter values were invalid: Type mismatch for key |The provided key element does not match the schema$)/;

/** What running one action gave: its reason, and (when it would succeed) what it writes. */
interface Outcome {
  readonly reason: CancellationReason;
  readonly kind: 'write' | 'check';
  readonly after?: { readonly item: Item; readonly size: number };
  readonly write?: ItemWrite;
}

function evaluate(action: PreparedAction): Outcome {
  const { table, existing, prepared } = action;
  const definition = table.definition;
  if (action.keyProblem !== undefined) return { reason: { Code: 'ValidationError', Message: (action.keyProblem as Error).message }, kind: 'write' };
  // A Put's index key of the wrong type is reported before its condition (DynamoDB Local's order).
  if (action.indexKeyProblem !== undefined) return { reason: { Code: 'ValidationError', Message: (action.indexKeyProblem as Error).message }, kind: 'write' };
  if (prepared.condition && !evaluateCondition(prepared.condition, existing?.item ?? {})) {
    const reason: CancellationReason = { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' };
    if (action.returnOld && existing) reason.Item = copyItem(existing.item);
    return { reason, kind: 'write' };
  }
  try {
    switch (action.kind) {
      case 'ConditionCheck':
        return { reason: NO_REASON, kind: 'check' };
      case 'Delete':
        return {
          reason: NO_REASON,
          kind: 'write',
          ...(existing ? { write: { tableName: definition.name, key: keyOf(existing.item, definition.keys), item: undefined } } : {}),
        };
      case 'Put':
        return {
          reason: NO_REASON,
          kind: 'write',
          after: { item: action.values, size: action.size },
          write: { tableName: definition.name, key: action.key, item: action.values },
        };
      case 'Update': {
        rejectKeyUpdates(prepared.update, definition);
        const after = updatedItem(prepared.update, existing?.item ?? action.key, definition);
        return { reason: NO_REASON, kind: 'write', after, write: { tableName: definition.name, key: keyOf(after.item, definition.keys), item: after.item } };
      }
    }
  } catch (error) {
    if (!isDataProblem(error)) throw error;
    return { reason: { Code: 'ValidationError', Message: (error as Error).message }, kind: 'write' };
  }
}

/**
 * The problems DynamoDB reports as an action's `ValidationError` reason
 * rather than as the request's ValidationException: what the written item
 * would be (too large, an index key of the wrong type or too long, a key
 * attribute updated). Observed on DynamoDB Local; an UpdateExpression
 * operand of the wrong type and an empty index-key value are request errors there.
 */
function isDataProblem(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'ValidationException') return false;
  return /^(Item size to update has exceeded the maximum allowed size|One or more parameter values were invalid: (Type mismatch for Index Key|Cannot update attribute|Size of hashkey|Aggregated size of all range keys))/.test(
    error.message,
  );
}

/**
 * A retry within the token's lifetime: nothing is written, and the API
 * reference (TransactWriteItems, ClientRequestToken) says it returns "the
 * number of read capacity units consumed in reading the item": a
 * transactional read of each item, doubled like every transactional read — 2
 * units for a small item, as real DynamoDB answers (nubo-db/dynamodb-conformance
 * tier 2, ExecuteTransaction's replay: `ReadCapacityUnits: 2`) and DynamoDB
 * Local 3.3.x too.
 */
function retryOutput(targets: readonly PreparedAction[], mode: string | undefined): TransactWriteItemsCommandOutput {
  const charges = new TransactionCharges();
  for (const { table, existing } of targets) charges.reads(table.definition.name).table += readUnits(existing?.size ?? 0, true);
  const output: TransactWriteItemsCommandOutput = { $metadata: {} };
  const capacity = charges.consumed(mode);
  if (capacity) output.ConsumedCapacity = capacity;
  return output;
}
