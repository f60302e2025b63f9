import type { DeleteTableCommandInput, DeleteTableCommandOutput } from '@aws-sdk/client-dynamodb';
import { ConstraintErrors, refuseEmptyTableName } from '../requestErrors';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { describeTableStore } from './describeTable';
import { validationError } from '../../expressions';
import { DELETION_PROTECTED } from '../schema/tableSettings';

/**
 * DeleteTable: the table is gone at once (its items too); the output says
 * `DELETING`, as DynamoDB's does (DynamoDB Local: `ACTIVE`). With a
 * transient-status delay, DescribeTable shows it DELETING that long (tableStates.ts).
 */
export function planDeleteTable(context: EngineContext, input: DeleteTableCommandInput): WritePlan<DeleteTableCommandOutput> {
  refuseEmptyTableName(input.TableName);
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  errors.throwIfAny();
  context.states.checkChangeable(input.TableName as string);
  const table = requireTable(context, input.TableName as string);
  if (table.definition.deletionProtection) throw validationError(DELETION_PROTECTED);
  return {
    change: { type: 'deleteTable', tableName: table.definition.name },
    output: { TableDescription: describeTableStore(context, table, 'DELETING'), $metadata: {} },
    onCommitted: () => context.states.begin(table.definition.name, 'DELETING', { deleted: table }),
  };
}
