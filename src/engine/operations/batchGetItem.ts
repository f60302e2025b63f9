import type { BatchGetItemCommandInput, BatchGetItemCommandOutput, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { projectItem, validationError, type Item, type PreparedExpressions } from '../../expressions';
import { checkKey, keyIdentity } from '../schema/checkKeys';
import type { TableStore } from '../storage/tableStore';
import { readOut } from '../storage/readOut';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { consumedCapacity, createCharge, readUnits } from './capacity';
import { checkExpressionMixing, prepareRequest } from '../legacy';
import { requireTable, type EngineContext } from './context';
import { checkMembers, MAX_BATCH_GET_KEYS } from './memberConstraints';

/**
 * BatchGetItem: Responses hold the items found, per table, in request order
 * (DynamoDB gives no order); UnprocessedKeys is always empty. Each key is
 * charged as its own GetItem, as the Developer Guide describes.
 */
export function batchGetItem(context: EngineContext, input: BatchGetItemCommandInput): BatchGetItemCommandOutput {
  checkMembers('BatchGetItem', input);
  const requestItems = input.RequestItems;

  type TableRequest = { tableName: string; keys: Item[]; prepared: PreparedExpressions; consistent: boolean };
  const tableRequests: TableRequest[] = [];
  let keyCount = 0;
  // The rule holds over the whole request: ProjectionExpression for one table and AttributesToGet for another is refused too
  // (nubo-db/dynamodb-conformance, tier3 error-messages/batchGetItem), each member named once.
  checkExpressionMixing(Object.assign({}, ...Object.values(requestItems ?? {}).reverse()) as object, 'GetItem');
  for (const [tableName, request] of Object.entries(requestItems ?? {})) {
    const keys = (request.Keys ?? []).map(readItem);
    keyCount += keys.length;
    const prepared = prepareRequest(request, 'GetItem', { operation: 'GetItem' });
    tableRequests.push({ tableName, keys, prepared, consistent: request.ConsistentRead === true });
  }
  if (keyCount > MAX_BATCH_GET_KEYS) throw validationError('Too many items requested for the BatchGetItem call');

  const tables = tableRequests.map((request) => requireTable(context, request.tableName));
  const responses: Record<string, Item[]> = {};
  const capacities: ConsumedCapacity[] = [];
  tableRequests.forEach((request, i) => {
    const table = tables[i] as TableStore;
    const keys = table.definition.keys;
    const seen = new Set<string>();
    for (const key of request.keys) {
      checkKey(key, keys);
      const identity = keyIdentity(key, keys);
      if (seen.has(identity)) throw validationError('Provided list of item keys contains duplicates');
      seen.add(identity);
    }
  });
  tableRequests.forEach((request, i) => {
    const table = tables[i] as TableStore;
    const found: Item[] = [];
    const charge = createCharge();
    for (const key of request.keys) {
      const record = table.get(key);
      charge.table += readUnits(record?.size ?? 0, request.consistent);
      if (record) found.push(request.prepared.projection ? copyItem(projectItem(request.prepared.projection, record.item)) : readOut(record));
    }
    responses[request.tableName] = found;
    const capacity = consumedCapacity(input.ReturnConsumedCapacity, request.tableName, charge);
    if (capacity) capacities.push(capacity);
  });
  const output: BatchGetItemCommandOutput = { Responses: responses, UnprocessedKeys: {}, $metadata: {} };
  if (capacities.length > 0) output.ConsumedCapacity = capacities;
  return output;
}
