import type { GetItemCommandInput, GetItemCommandOutput } from '@aws-sdk/client-dynamodb';
import { projectItem } from '../../expressions';
import { checkExpressionMixing, prepareRequest } from '../legacy';
import { checkMembers } from './memberConstraints';
import { checkKey } from '../schema/checkKeys';
import { readOut } from '../storage/readOut';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { checkCapacityMode, consumedCapacity, createCharge, readUnits } from './capacity';
import { requireTable, type EngineContext } from './context';

/** GetItem: a missing item gives an output without `Item` (and still costs the minimum read). */
export function getItem(context: EngineContext, input: GetItemCommandInput): GetItemCommandOutput {
  checkMembers('GetItem', input);
  checkCapacityMode(input.ReturnConsumedCapacity);
  checkExpressionMixing(input, 'GetItem');

  const key = readItem(input.Key);
  const prepared = prepareRequest(input, 'GetItem', { operation: 'GetItem' });
  const table = requireTable(context, input.TableName as string);
  checkKey(key, table.definition.keys);

  const record = table.get(key);
  const output: GetItemCommandOutput = { $metadata: {} };
  // A frozen stored item is returned as it is (see freezeItem.ts); a projection is a fresh copy.
  if (record) output.Item = prepared.projection ? copyItem(projectItem(prepared.projection, record.item)) : readOut(record);
  const charge = createCharge();
  charge.table = readUnits(record?.size ?? 0, input.ConsistentRead === true);
  const capacity = consumedCapacity(input.ReturnConsumedCapacity, table.definition.name, charge);
  if (capacity) output.ConsumedCapacity = capacity;
  return output;
}
