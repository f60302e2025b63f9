import type { UpdateTableCommandInput, UpdateTableCommandOutput } from '@aws-sdk/client-dynamodb';
import { DynamoDBError } from '../../expressions';
import { checkUpdateTableRequest, validateUpdateTable } from '../schema/validateUpdateTable';
import { type EngineContext, type WritePlan } from './context';
import { describeTableStore } from './describeTable';

/**
 * UpdateTable: add or delete a GSI, change billing mode and throughput (the
 * table's and its GSIs'), enable or disable the stream.
 *
 * How time is modelled: DynamoDB builds a new GSI in the background (the
 * table UPDATING for a while, the index CREATING with `Backfilling` false,
 * then true, then ACTIVE) and drops a deleted one the same way. The engine
 * backfills the index from the stored items while the change is applied, so
 * there is no moment at which a half-built index could be seen: the output
 * says UPDATING, with the new index CREATING (`Backfilling: false`) and a
 * deleted one DELETING, as DynamoDB's does; from then on DescribeTable shows
 * the table and every index ACTIVE and the deleted index gone. Apps and SDK
 * waiters polling DescribeTable until ACTIVE see it on their first poll, and
 * the index is queryable as soon as UpdateTable returns. (CreateTable works
 * the same way: CREATING in its output, ACTIVE from then on.)
 *
 * Items whose value for a new index key has the wrong type, is empty or is
 * too large stay out of the index (DynamoDB skips them while it backfills).
 */
export function planUpdateTable(context: EngineContext, input: UpdateTableCommandInput): WritePlan<UpdateTableCommandOutput> {
  checkUpdateTableRequest(input);
  context.states.checkChangeable(input.TableName as string);
  const table = context.tables.get(input.TableName as string);
  if (!table) {
    // DynamoDB Local: "Cannot do operations on a non-existent table".
    throw new DynamoDBError('ResourceNotFoundException', `Requested resource not found: Table: ${input.TableName} not found`);
  }
  const update = validateUpdateTable(input, table.definition, context.now(), context);
  const description = describeTableStore(context, table, 'UPDATING', update);
  return {
    change: { type: 'updateTable', table: update.definition },
    output: { TableDescription: description, $metadata: {} },
    onCommitted: () =>
      context.states.begin(update.definition.name, 'UPDATING', {
        ...(update.created ? { createdIndex: update.created.name } : {}),
        ...(update.deleted ? { deletedIndex: update.deleted } : {}),
      }),
  };
}
