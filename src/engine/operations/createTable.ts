import type { CreateTableCommandInput, CreateTableCommandOutput } from '@aws-sdk/client-dynamodb';
import { DynamoDBError } from '../../expressions';
import { validateCreateTable } from '../schema/validateCreateTable';
import { TableStore } from '../storage/tableStore';
import { type EngineContext, type WritePlan } from './context';
import { describeTableStore } from './describeTable';
import { checkTags } from './tagging';

/**
 * CreateTable. The table is usable at once; the output says `CREATING`, as
 * DynamoDB's does (DynamoDB Local says `ACTIVE`), and DescribeTable reports
 * `ACTIVE` from then on, so SDK waiters work unchanged.
 */
export function planCreateTable(context: EngineContext, input: CreateTableCommandInput): WritePlan<CreateTableCommandOutput> {
  const validated = validateCreateTable(input, context.now());
  // Tags as TagResource checks them; an empty list is accepted here (TagResource refuses it).
  const tags = checkTags(input.Tags ?? []);
  const definition = tags.length > 0 ? { ...validated, tags } : validated;
  if (context.tables.has(definition.name)) {
    // DynamoDB Local: "Cannot create preexisting table".
    throw new DynamoDBError('ResourceInUseException', `Table already exists: ${definition.name}`);
  }
  const description = describeTableStore(context, new TableStore(definition), 'CREATING');
  return { change: { type: 'createTable', table: definition }, output: { TableDescription: description, $metadata: {} } };
}
