import type {
  DescribeTableCommandInput,
  DescribeTableCommandOutput,
  GlobalSecondaryIndexDescription,
  KeySchemaElement,
  LocalSecondaryIndexDescription,
  TableDescription,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBError, type KeySchemaInfo } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import type { StreamSetting, TableDefinition } from '../schema/tableDefinition';
import type { TableStore } from '../storage/tableStore';
import { tableArn, type EngineContext } from './context';

/**
 * DescribeTable. Counts and sizes are live (DynamoDB refreshes them about
 * every six hours; DynamoDB Local is live too). Index sizes are the sizes of
 * the projected attributes.
 */
export function describeTable(context: EngineContext, input: DescribeTableCommandInput): DescribeTableCommandOutput {
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  errors.throwIfAny();
  const table = context.tables.get(input.TableName as string);
  if (!table) {
    // DescribeTable alone names the table (DynamoDB Local: "Cannot do operations on a non-existent table").
    throw new DynamoDBError('ResourceNotFoundException', `Requested resource not found: Table: ${input.TableName} not found`);
  }
  return { Table: describeTableStore(context, table, 'ACTIVE'), $metadata: {} };
}

/** A TableDescription of a stored table, with the given status. */
export function describeTableStore(context: EngineContext, table: TableStore, status: 'ACTIVE' | 'CREATING' | 'DELETING'): TableDescription {
  const definition = table.definition;
  const arn = tableArn(context, definition.name);
  const created = new Date(definition.createdAt);
  const description: TableDescription = {
    AttributeDefinitions: definition.attributeDefinitions.map((attribute) => ({ AttributeName: attribute.name, AttributeType: attribute.type })),
    TableName: definition.name,
    KeySchema: toKeySchema(definition.keys),
    TableStatus: status,
    CreationDateTime: created,
    ProvisionedThroughput: throughputDescription(definition.provisionedThroughput),
    TableSizeBytes: table.items.bytes,
    ItemCount: table.items.count,
    TableArn: arn,
  };
  if (definition.billingMode === 'PAY_PER_REQUEST') {
    description.BillingModeSummary = { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: created };
  }
  const local: LocalSecondaryIndexDescription[] = [];
  const global: GlobalSecondaryIndexDescription[] = [];
  for (const { definition: index, store } of table.indexes.values()) {
    const common = {
      IndexName: index.name,
      KeySchema: toKeySchema(index.keys),
      Projection: {
        ProjectionType: index.projection.type,
        ...(index.projection.nonKeyAttributes ? { NonKeyAttributes: [...index.projection.nonKeyAttributes] } : {}),
      },
    };
    const stats = { IndexSizeBytes: store.bytes, ItemCount: store.count, IndexArn: `${arn}/index/${index.name}` };
    if (index.kind === 'local') local.push({ ...common, ...stats });
    else global.push({ ...common, IndexStatus: 'ACTIVE', ProvisionedThroughput: throughputDescription(index.provisionedThroughput), ...stats });
  }
  if (local.length > 0) description.LocalSecondaryIndexes = local;
  if (global.length > 0) description.GlobalSecondaryIndexes = global;
  if (definition.stream) Object.assign(description, streamDescription(definition.stream, arn));
  description.DeletionProtectionEnabled = false;
  return description;
}

/** StreamSpecification while the stream is enabled; the latest stream's label and ARN once there was one. */
function streamDescription(stream: StreamSetting, arn: string): Partial<TableDescription> {
  return {
    ...(stream.enabled ? { StreamSpecification: { StreamEnabled: true, StreamViewType: stream.viewType } } : {}),
    LatestStreamLabel: stream.label,
    LatestStreamArn: `${arn}/stream/${stream.label}`,
  };
}

function toKeySchema(keys: KeySchemaInfo): KeySchemaElement[] {
  const schema: KeySchemaElement[] = [{ AttributeName: keys.partitionKey.name, KeyType: 'HASH' }];
  if (keys.sortKey) schema.push({ AttributeName: keys.sortKey.name, KeyType: 'RANGE' });
  return schema;
}

/** On-demand tables report 0/0, as DynamoDB does. */
function throughputDescription(throughput: TableDefinition['provisionedThroughput']) {
  return {
    NumberOfDecreasesToday: 0,
    ReadCapacityUnits: throughput?.readCapacityUnits ?? 0,
    WriteCapacityUnits: throughput?.writeCapacityUnits ?? 0,
  };
}
