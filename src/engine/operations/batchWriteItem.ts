import type { BatchWriteItemCommandInput, BatchWriteItemCommandOutput, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { itemSize, validationError, type Item } from '../../expressions';
import type { ItemWrite } from '../localDynamoDB.types';
import { checkIndexKeys, checkKey, checkTableKeys, keyIdentity, keyMismatch, keyOf } from '../schema/checkKeys';
import type { TableDefinition } from '../schema/tableDefinition';
import type { TableStore } from '../storage/tableStore';
import { readItem } from '../values/readAttributeValue';
import { chargeWrite, consumedCapacity, createCharge } from './capacity';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { checkMembers, MAX_BATCH_WRITE_REQUESTS } from './memberConstraints';
import { itemTooLarge } from './requestHelpers';
import { MAX_ITEM_BYTES } from '../../dynamo';

/**
 * BatchWriteItem: all requests are validated first and then written as one
 * change — the engine never throttles, so UnprocessedItems is always empty.
 * Two requests for the same key in one table are refused, as DynamoDB does.
 */
export function planBatchWriteItem(context: EngineContext, input: BatchWriteItemCommandInput): WritePlan<BatchWriteItemCommandOutput> {
  checkMembers('BatchWriteItem', input);
  const requestItems = input.RequestItems;

  type Request = { tableName: string; put?: Item; delete?: Item };
  const requests: Request[] = [];
  for (const [tableName, writes] of Object.entries(requestItems ?? {})) {
    // checkMembers refused a missing or empty list (the map-value constraint).
    for (const write of writes) {
      const hasPut = write.PutRequest !== undefined;
      const hasDelete = write.DeleteRequest !== undefined;
      if (hasPut === hasDelete) {
        // Sic: DynamoDB reuses its AttributeValue message for a WriteRequest with both or neither member.
        throw validationError('Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes');
      }
      if (hasPut) {
        const item = readItem(write.PutRequest?.Item);
        if (itemSize(item) > MAX_ITEM_BYTES) throw itemTooLarge();
        requests.push({ tableName, put: item });
      } else {
        requests.push({ tableName, delete: readItem(write.DeleteRequest?.Key) });
      }
    }
  }
  if (requests.length > MAX_BATCH_WRITE_REQUESTS) throw validationError('Too many items requested for the BatchWriteItem call');

  const tables = new Map<string, TableStore>();
  for (const { tableName } of requests) if (!tables.has(tableName)) tables.set(tableName, requireTable(context, tableName));
  const writes: ItemWrite[] = [];
  const seen = new Set<string>();
  for (const request of requests) {
    const table = tables.get(request.tableName) as TableStore;
    const keys = table.definition.keys;
    let key: Item;
    if (request.put) {
      checkPutRequestKeys(request.put, table.definition);
      key = keyOf(request.put, keys);
    } else {
      key = request.delete as Item;
      checkKey(key, keys);
    }
    const identity = `${request.tableName}\u0000${keyIdentity(key, keys)}`;
    if (seen.has(identity)) throw validationError('Provided list of item keys contains duplicates');
    seen.add(identity);
    writes.push({ tableName: request.tableName, key, item: request.put });
  }

  const output: BatchWriteItemCommandOutput = { UnprocessedItems: {}, $metadata: {} };
  if (input.ReturnConsumedCapacity === 'TOTAL' || input.ReturnConsumedCapacity === 'INDEXES') {
    const capacities: ConsumedCapacity[] = [];
    for (const [tableName, table] of tables) {
      const charge = createCharge();
      for (const write of writes) {
        if (write.tableName !== tableName) continue;
        const existing = table.get(write.key);
        chargeWrite(charge, table, existing, write.item ? { item: write.item, size: itemSize(write.item) } : undefined);
      }
      capacities.push(consumedCapacity(input.ReturnConsumedCapacity, tableName, charge) as ConsumedCapacity);
    }
    output.ConsumedCapacity = capacities;
  }
  return { change: { type: 'writeItems', writes }, output };
}

/**
 * A PutRequest's item keys: as PutItem's, except that a table-key attribute of
 * the wrong type (or not a scalar) is `The provided key element does not match
 * the schema` in BatchWriteItem, where PutItem names the attribute and the
 * types (nubo-db/dynamodb-conformance tier3 batchWriteItem, recorded against
 * DynamoDB; DynamoDB Local names them in both).
 */
function checkPutRequestKeys(item: Item, table: TableDefinition): void {
  try {
    checkTableKeys(item, table);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('One or more parameter values were invalid: Type mismatch for key ')) throw keyMismatch();
    throw error;
  }
  checkIndexKeys(item, table, 'put');
}
