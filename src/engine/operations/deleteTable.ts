import type { DeleteTableCommandInput, DeleteTableCommandOutput } from '@aws-sdk/client-dynamodb';
import { ConstraintErrors, refuseEmptyTableName } from '../requestErrors';
import { requireTable, type EngineContext, type WritePlan } from './context';
import { describeTableStore } from './describeTable';

/** DeleteTable: the table is gone at once; the output says `DELETING`, as DynamoDB's does (DynamoDB Local: `ACTIVE`). */
export function planDeleteTable(context: EngineContext, input: DeleteTableCommandInput): WritePlan<DeleteTableCommandOutput> {
  refuseEmptyTableName(input.TableName);
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  errors.throwIfAny();
  const table = requireTable(context, input.TableName as string);
  return {
    change: { type: 'deleteTable', tableName: table.definition.name },
    output: { TableDescription: describeTableStore(context, table, 'DELETING'), $metadata: {} },
  };
}
