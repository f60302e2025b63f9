import type { UpdateItemCommandInput, UpdateItemCommandOutput } from '@aws-sdk/client-dynamodb';
import { checkAttributeUpdateTypes, checkExpressionMixing, prepareRequest } from '../legacy';
import { applyUpdate, evaluateCondition, itemSize, projectItem, validationError, type Item, type PreparedUpdate } from '../../expressions';
import { checkMembers } from './memberConstraints';
import { checkIndexKeys, checkKey, keyOf } from '../schema/checkKeys';
import { keyNames, type TableDefinition } from '../schema/tableDefinition';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { chargeWrite, checkCapacityMode, consumedCapacity, createCharge, type SizedItem } from './capacity';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { checkReturnValues, checkReturnValuesOnConditionCheckFailure, conditionalCheckFailed, updatedPaths } from './requestHelpers';
import { MAX_ITEM_BYTES } from '../../dynamo';

/**
 * UpdateItem: creates the item when it does not exist (from its key), applies
 * the UpdateExpression to the current item, checks the result's size and
 * index keys. UPDATED_OLD / UPDATED_NEW return the updated paths only, as
 * DynamoDB does (dynalite's recorded behaviour; DynamoDB Local returns whole
 * top-level attributes for nested updates).
 */
export function planUpdateItem(context: EngineContext, input: UpdateItemCommandInput): WritePlan<UpdateItemCommandOutput> {
  checkMembers('UpdateItem', input);
  checkReturnValues(input.ReturnValues, 'UpdateItem');
  checkReturnValuesOnConditionCheckFailure(input.ReturnValuesOnConditionCheckFailure);
  checkCapacityMode(input.ReturnConsumedCapacity);
  checkExpressionMixing(input, 'UpdateItem');

  const key = readItem(input.Key);
  const prepared = prepareRequest(input, 'UpdateItem', { operation: 'UpdateItem' });
  const table = requireTable(context, input.TableName as string);
  const definition = table.definition;
  checkKey(key, definition.keys);
  rejectKeyUpdates(prepared.update, definition);

  const existing = table.get(key);
  if (prepared.condition && !evaluateCondition(prepared.condition, existing?.item ?? {})) {
    throw conditionalCheckFailed(existing?.item, input.ReturnValuesOnConditionCheckFailure);
  }
  if (input.AttributeUpdates && prepared.update) checkAttributeUpdateTypes(prepared.update, existing?.item ?? key);
  const { item, size } = updatedItem(prepared.update, existing?.item ?? key, definition);

  const output: UpdateItemCommandOutput = { $metadata: {} };
  const attributes = returnedAttributes(input.ReturnValues, existing?.item, item, updatedPaths(prepared.update));
  if (attributes) output.Attributes = attributes;
  const charge = createCharge();
  chargeWrite(charge, table, existing, { item, size });
  const capacity = consumedCapacity(input.ReturnConsumedCapacity, definition.name, charge);
  if (capacity) output.ConsumedCapacity = capacity;
  return { change: { type: 'writeItems', writes: [{ tableName: definition.name, key: keyOf(item, definition.keys), item }] }, output };
}

/** `Cannot update attribute pk. This attribute is part of the key` (UpdateItem, and a transaction's Update). */
export function rejectKeyUpdates(update: PreparedUpdate | undefined, definition: TableDefinition): void {
  const primaryKeys = keyNames(definition.keys);
  for (const action of update?.actions ?? []) {
    const attribute = action.path[0];
    if (typeof attribute === 'string' && primaryKeys.includes(attribute)) {
      throw validationError(`One or more parameter values were invalid: Cannot update attribute ${attribute}. This attribute is part of the key`);
    }
  }
}

/**
 * The item an UpdateExpression makes of `before` (the stored item, or the key
 * of a new one), checked as DynamoDB checks it: size, then index keys.
 */
export function updatedItem(update: PreparedUpdate | undefined, before: Item, definition: TableDefinition): SizedItem {
  // applyUpdate shares unchanged values with its input and takes SET values from the
  // request's ExpressionAttributeValues: read the result again, so the stored item owns
  // all of it (and its strings are flat, see flatString.ts).
  const item = readItem(update ? applyUpdate(update, before) : before);
  const size = itemSize(item);
  if (size > MAX_ITEM_BYTES) throw validationError('Item size to update has exceeded the maximum allowed size');
  checkIndexKeys(item, definition, 'update');
  return { item, size };
}

function returnedAttributes(
  returnValues: string | undefined,
  before: Item | undefined,
  after: Item,
  paths: (readonly (string | number)[])[],
): Item | undefined {
  let attributes: Item | undefined;
  switch (returnValues) {
    case 'ALL_OLD':
      attributes = before;
      break;
    case 'ALL_NEW':
      attributes = after;
      break;
    case 'UPDATED_OLD':
      attributes = before ? projectItem(paths, before) : undefined;
      break;
    case 'UPDATED_NEW':
      attributes = projectItem(paths, after);
      break;
    default:
      // NONE, or ReturnValues left out: nothing comes back (the request's value was checked before the write).
      break;
  }
  return attributes && Object.keys(attributes).length > 0 ? copyItem(attributes) : undefined;
}
