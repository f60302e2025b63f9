import type { DeleteItemCommandInput, DeleteItemCommandOutput } from '@aws-sdk/client-dynamodb';
import { checkExpressionMixing, prepareRequest } from '../legacy';
import { evaluateCondition } from '../../expressions';
import { checkMembers } from './memberConstraints';
import { checkKey, keyOf } from '../schema/checkKeys';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { chargeWrite, checkCapacityMode, consumedCapacity, createCharge } from './capacity';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { checkReturnValues, checkReturnValuesOnConditionCheckFailure, conditionalCheckFailed } from './requestHelpers';

/** DeleteItem: deleting an item that does not exist succeeds (and still costs a write unit). */
export function planDeleteItem(context: EngineContext, input: DeleteItemCommandInput): WritePlan<DeleteItemCommandOutput> {
  checkMembers('DeleteItem', input);
  checkReturnValues(input.ReturnValues, 'DeleteItem');
  checkReturnValuesOnConditionCheckFailure(input.ReturnValuesOnConditionCheckFailure);
  checkCapacityMode(input.ReturnConsumedCapacity);
  checkExpressionMixing(input, 'DeleteItem');

  const key = readItem(input.Key);
  const prepared = prepareRequest(input, 'DeleteItem', { operation: 'DeleteItem' });
  const table = requireTable(context, input.TableName as string);
  checkKey(key, table.definition.keys);

  const existing = table.get(key);
  if (prepared.condition && !evaluateCondition(prepared.condition, existing?.item ?? {})) {
    throw conditionalCheckFailed(existing?.item, input.ReturnValuesOnConditionCheckFailure);
  }
  const output: DeleteItemCommandOutput = { $metadata: {} };
  if (input.ReturnValues === 'ALL_OLD' && existing) output.Attributes = copyItem(existing.item);
  const charge = createCharge();
  chargeWrite(charge, table, existing, undefined);
  const capacity = consumedCapacity(input.ReturnConsumedCapacity, table.definition.name, charge);
  if (capacity) output.ConsumedCapacity = capacity;
  if (!existing) return { change: undefined, output };
  const storedKey = keyOf(existing.item, table.definition.keys);
  return { change: { type: 'writeItems', writes: [{ tableName: table.definition.name, key: storedKey, item: undefined }] }, output };
}
