import type { CancellationReason, ItemResponse, TransactGetItemsCommandInput, TransactGetItemsCommandOutput } from '@aws-sdk/client-dynamodb';
import { prepareExpressions, projectItem, type Item } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import { checkKey, keyMismatch } from '../schema/checkKeys';
import { readOut } from '../storage/readOut';
import type { TableStore } from '../storage/tableStore';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { readUnits } from './capacity';
import { rejectLegacyParameters, requireTable, type EngineContext } from './context';
import { expressionParameters } from './requestHelpers';
import { checkTransactItems, NO_REASON, rejectRepeatedItems, TransactionCanceledError, TransactionCharges } from './transactions';

/**
 * TransactGetItems: up to 100 Gets on distinct items, read together (the
 * engine reads synchronously, so they see one state, between two writes).
 * `Responses` has one entry per Get, in request order: `{ Item }`, or `{}`
 * for an item that does not exist. Each Get is a strongly consistent read,
 * charged double, per table. Any invalid Get fails the whole request.
 */
export function transactGetItems(context: EngineContext, input: TransactGetItemsCommandInput): TransactGetItemsCommandOutput {
  const errors = new ConstraintErrors();
  const items = checkTransactItems(errors, input.TransactItems);
  (items ?? []).forEach((item, i) => {
    const path = `transactItems.${i + 1}.member.get`;
    if (!errors.requireValue(item?.Get, path)) return;
    errors.checkName(item.Get?.TableName, `${path}.tableName`);
    errors.requireValue(item.Get?.Key, `${path}.key`);
  });
  errors.checkEnum(input.ReturnConsumedCapacity, 'returnConsumedCapacity', ['INDEXES', 'TOTAL', 'NONE']);
  errors.throwIfAny();

  const gets = (items ?? []).map(({ Get }) => {
    const get = Get as NonNullable<typeof Get>;
    rejectLegacyParameters(get, ['AttributesToGet'], 'ProjectionExpression');
    return { key: readItem(get.Key), tableName: get.TableName as string, prepared: prepareExpressions(expressionParameters(get), { operation: 'GetItem' }) };
  });
  const targets = gets.map((get) => ({ ...get, table: requireTable(context, get.tableName) }));
  rejectMismatchedKeys(targets);
  rejectRepeatedItems(targets);

  const charges = new TransactionCharges();
  const responses: ItemResponse[] = targets.map(({ table, key, prepared }) => {
    const record = table.get(key);
    charges.reads(table.definition.name).table += readUnits(record?.size ?? 0, true);
    if (!record) return {};
    // A frozen stored item is returned as it is (see freezeItem.ts); a projection is a fresh copy.
    return { Item: prepared.projection ? copyItem(projectItem(prepared.projection, record.item)) : readOut(record) };
  });
  const output: TransactGetItemsCommandOutput = { Responses: responses, $metadata: {} };
  const capacity = charges.consumed(input.ReturnConsumedCapacity);
  if (capacity) output.ConsumedCapacity = capacity;
  return output;
}

/**
 * A Get whose Key does not match its table's key schema (an attribute
 * missing, one too many, one of the wrong type) cancels the transaction: a
 * TransactionCanceledException with that Get's `ValidationError` reason
 * (`The provided key element does not match the schema`) and `None` for the
 * others, as DynamoDB answers (the conformance suite; DynamoDB Local
 * answers a plain ValidationException). Other key problems (an empty value, a
 * key too long) stay the request's ValidationException, as for GetItem.
 */
function rejectMismatchedKeys(targets: readonly { readonly table: TableStore; readonly key: Item }[]): void {
  const mismatch = keyMismatch().message;
  let canceled = false;
  const reasons: CancellationReason[] = targets.map(({ table, key }) => {
    try {
      checkKey(key, table.definition.keys);
      return NO_REASON;
    } catch (error) {
      if (!(error instanceof Error) || error.message !== mismatch) throw error;
      canceled = true;
      return { Code: 'ValidationError', Message: mismatch };
    }
  });
  if (canceled) throw new TransactionCanceledError(reasons);
}
