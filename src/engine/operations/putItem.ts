import type { PutItemCommandInput, PutItemCommandOutput } from '@aws-sdk/client-dynamodb';
import { checkExpressionMixing, prepareRequest } from '../legacy';
import { evaluateCondition, itemSize } from '../../expressions';
import { checkMembers } from './memberConstraints';
import { checkItemKeys, keyOf } from '../schema/checkKeys';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { chargeWrite, checkCapacityMode, consumedCapacity, createCharge } from './capacity';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { checkReturnValues, checkReturnValuesOnConditionCheckFailure, conditionalCheckFailed, itemTooLarge } from './requestHelpers';
import { MAX_ITEM_BYTES } from '../../dynamo';

/** PutItem: validate, check the condition against the current item, plan the write. */
export function planPutItem(context: EngineContext, input: PutItemCommandInput): WritePlan<PutItemCommandOutput> {
  checkMembers('PutItem', input);
  checkReturnValues(input.ReturnValues, 'PutItem');
  checkReturnValuesOnConditionCheckFailure(input.ReturnValuesOnConditionCheckFailure);
  checkCapacityMode(input.ReturnConsumedCapacity);
  checkExpressionMixing(input, 'PutItem');

  const item = readItem(input.Item);
  const size = itemSize(item);
  if (size > MAX_ITEM_BYTES) throw itemTooLarge();
  const prepared = prepareRequest(input, 'PutItem', { operation: 'PutItem' });
  const table = requireTable(context, input.TableName as string);
  checkItemKeys(item, table.definition);

  const key = keyOf(item, table.definition.keys);
  const existing = table.get(key);
  if (prepared.condition && !evaluateCondition(prepared.condition, existing?.item ?? {})) {
    throw conditionalCheckFailed(existing?.item, input.ReturnValuesOnConditionCheckFailure);
  }

  const output: PutItemCommandOutput = { $metadata: {} };
  if (input.ReturnValues === 'ALL_OLD' && existing) output.Attributes = copyItem(existing.item);
  const charge = createCharge();
  chargeWrite(charge, table, existing, { item, size });
  const capacity = consumedCapacity(input.ReturnConsumedCapacity, table.definition.name, charge);
  if (capacity) output.ConsumedCapacity = capacity;
  return { change: { type: 'writeItems', writes: [{ tableName: table.definition.name, key, item }] }, output };
}
