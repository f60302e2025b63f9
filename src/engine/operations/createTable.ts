import type { CreateTableCommandInput, CreateTableCommandOutput } from '@aws-sdk/client-dynamodb';
import { DynamoDBError } from '../../expressions';
import { validateCreateTable } from '../schema/validateCreateTable';
import { TableStore } from '../storage/tableStore';
import { type EngineContext, type WritePlan } from './context';
import { describeTableStore } from './describeTable';
import { checkTags } from './tagging';
import { newTableId } from './tableStates';
import { settingsOfCreateTable, withSettings } from '../schema/tableSettings';

/**
 * CreateTable. The output says `CREATING` and carries a new `TableId`, as
 * DynamoDB's does (DynamoDB Local says `ACTIVE`). Without a transient-status
 * delay the table is usable at once and DescribeTable reports `ACTIVE` from
 * then on; with one, it stays CREATING that long (tableStates.ts), so SDK
 * waiters work either way.
 */
export function planCreateTable(context: EngineContext, input: CreateTableCommandInput): WritePlan<CreateTableCommandOutput> {
  const validated = validateCreateTable(input, context.now());
  // Tags as TagResource checks them; an empty list is accepted here (TagResource refuses it).
  const tags = checkTags(input.Tags ?? []);
  const settings = settingsOfCreateTable(input, validated.billingMode, context, context.now());
  const definition = withSettings({ ...validated, ...(tags.length > 0 ? { tags } : {}), tableId: newTableId() }, settings);
  if (context.tables.has(definition.name) || context.states.of(definition.name)?.status === 'DELETING') {
    // DynamoDB Local: "Cannot create preexisting table".
    throw new DynamoDBError('ResourceInUseException', `Table already exists: ${definition.name}`);
  }
  const description = describeTableStore(context, new TableStore(definition), 'CREATING');
  return {
    change: { type: 'createTable', table: definition },
    output: { TableDescription: description, $metadata: {} },
    onCommitted: () => context.states.begin(definition.name, 'CREATING'),
  };
}
