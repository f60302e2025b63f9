import type {
  DescribeTableCommandInput,
  DescribeTableCommandOutput,
  GlobalSecondaryIndexDescription,
  KeySchemaElement,
  LocalSecondaryIndexDescription,
  TableDescription,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBError, partitionAttributesOf, sortAttributesOf, type KeySchemaInfo } from '../../expressions';
import { ConstraintErrors, refuseEmptyTableName } from '../requestErrors';
import type { IndexDefinition, TableDefinition } from '../schema/tableDefinition';
import type { TableStore } from '../storage/tableStore';
import { describeSettings } from '../schema/tableSettings';
import { tableArn, type EngineContext } from './context';

/**
 * DescribeTable. Counts and sizes are live (DynamoDB refreshes them about
 * every six hours; DynamoDB Local is live too). Index sizes are the sizes of
 * the projected attributes.
 */
export function describeTable(context: EngineContext, input: DescribeTableCommandInput): DescribeTableCommandOutput {
  refuseEmptyTableName(input.TableName);
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  errors.throwIfAny();
  const table = context.tables.get(input.TableName as string);
  const transition = context.states.of(input.TableName as string);
  if (!table && transition?.deleted) return { Table: describeTableStore(context, transition.deleted, 'DELETING'), $metadata: {} };
  if (!table) {
    // DescribeTable alone names the table (DynamoDB Local: "Cannot do operations on a non-existent table").
    throw new DynamoDBError('ResourceNotFoundException', `Requested resource not found: Table: ${input.TableName} not found`);
  }
  if (transition?.status === 'UPDATING') {
    // The added GSI is being built (Backfilling), the deleted one dropped.
    const created = table.definition.indexes.find((index) => index.name === transition.createdIndex);
    const pending = {
      definition: table.definition,
      backfilling: true,
      ...(created ? { created } : {}),
      ...(transition.deletedIndex ? { deleted: transition.deletedIndex } : {}),
    };
    return { Table: describeTableStore(context, table, 'UPDATING', pending), $metadata: {} };
  }
  return { Table: describeTableStore(context, table, transition?.status ?? 'ACTIVE'), $metadata: {} };
}

/**
 * How UpdateTable's output shows the table: its new definition, with the
 * index it creates as CREATING and the one it deletes as DELETING (the
 * change is applied once the output is planned; DescribeTable then shows
 * both done).
 */
export interface PendingTableUpdate {
  readonly definition: TableDefinition;
  readonly created?: IndexDefinition;
  readonly deleted?: IndexDefinition;
  /** The created index is being backfilled (DescribeTable while UPDATING); UpdateTable's own output says false. */
  readonly backfilling?: boolean;
}

/** A TableDescription of a stored table, with the given status. */
export function describeTableStore(
  context: EngineContext,
  table: TableStore,
  status: 'ACTIVE' | 'CREATING' | 'DELETING' | 'UPDATING',
  pending?: PendingTableUpdate,
): TableDescription {
  const definition = pending?.definition ?? table.definition;
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
    TableId: definition.tableId ?? derivedTableId(definition),
  };
  const billingModeSummary = billingModeSummaryOf(definition);
  if (billingModeSummary) description.BillingModeSummary = billingModeSummary;
  const local: LocalSecondaryIndexDescription[] = [];
  const global: GlobalSecondaryIndexDescription[] = [];
  const describeIndex = (index: IndexDefinition, indexStatus: 'ACTIVE' | 'CREATING' | 'DELETING') => {
    const common = {
      IndexName: index.name,
      KeySchema: toKeySchema(index.keys),
      Projection: {
        ProjectionType: index.projection.type,
        ...(index.projection.nonKeyAttributes ? { NonKeyAttributes: [...index.projection.nonKeyAttributes] } : {}),
      },
    };
    const store = indexStatus === 'ACTIVE' ? table.indexes.get(index.name)?.store : undefined;
    // An index being built or dropped has no sizes yet (DynamoDB Local leaves them out too).
    const stats = { ...(store ? { IndexSizeBytes: store.bytes, ItemCount: store.count } : {}), IndexArn: `${arn}/index/${index.name}` };
    if (index.kind === 'local') {
      local.push({ ...common, ...stats });
      return;
    }
    global.push({
      ...common,
      IndexStatus: indexStatus,
      // Only an index added by UpdateTable has Backfilling, false until its build starts.
      ...(indexStatus === 'CREATING' ? { Backfilling: pending?.backfilling ?? false } : {}),
      ProvisionedThroughput: throughputDescription(index.provisionedThroughput),
      ...stats,
    });
  };
  for (const index of definition.indexes) describeIndex(index, index === pending?.created ? 'CREATING' : 'ACTIVE');
  if (pending?.deleted) describeIndex(pending.deleted, 'DELETING');
  if (local.length > 0) description.LocalSecondaryIndexes = local;
  if (global.length > 0) description.GlobalSecondaryIndexes = global;
  Object.assign(description, streamDescription(context, definition));
  Object.assign(description, describeSettings(definition));
  return description;
}

/**
 * A stable UUID-shaped TableId for a table saved before Keylab gave tables
 * one: four FNV-1a lanes over its name and creation time.
 */
function derivedTableId(definition: TableDefinition): string {
  const text = `${definition.name}\u0000${definition.createdAt}`;
  const lanes = [0x811c9dc5, 0x050c5d1f, 0x2f3c0b6d, 0x6b43a9b5];
  for (let i = 0; i < text.length; i++) {
    for (let lane = 0; lane < lanes.length; lane++) lanes[lane] = Math.imul((lanes[lane] as number) ^ text.charCodeAt(i), 0x01000193 + 2 * lane) >>> 0;
  }
  const hex = lanes.map((lane) => lane.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** On-demand since creation or since UpdateTable switched it; a provisioned table that once was on-demand says when. */
function billingModeSummaryOf(definition: TableDefinition): TableDescription['BillingModeSummary'] {
  const since = definition.lastUpdateToPayPerRequest ?? definition.createdAt;
  if (definition.billingMode === 'PAY_PER_REQUEST') return { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: new Date(since) };
  if (definition.lastUpdateToPayPerRequest !== undefined) return { BillingMode: 'PROVISIONED', LastUpdateToPayPerRequestDateTime: new Date(since) };
  return undefined;
}

/**
 * The table's stream as DescribeTable shows it: StreamSpecification while it
 * is enabled, and the latest stream's label and ARN once there ever was one
 * (still shown after it is disabled, as DynamoDB does).
 */
export function streamDescription(
  context: EngineContext,
  definition: TableDefinition,
): Pick<TableDescription, 'StreamSpecification' | 'LatestStreamLabel' | 'LatestStreamArn'> {
  const stream = definition.stream;
  if (!stream) return {};
  return {
    ...(stream.enabled ? { StreamSpecification: { StreamEnabled: true, StreamViewType: stream.viewType } } : {}),
    LatestStreamLabel: stream.label,
    LatestStreamArn: `${tableArn(context, definition.name)}/stream/${stream.label}`,
  };
}

/** HASH elements, then RANGE elements, in the order CreateTable gave them (all of them for multi-attribute keys). */
function toKeySchema(keys: KeySchemaInfo): KeySchemaElement[] {
  const schema: KeySchemaElement[] = partitionAttributesOf(keys).map((attribute) => ({ AttributeName: attribute.name, KeyType: 'HASH' }));
  for (const attribute of sortAttributesOf(keys)) schema.push({ AttributeName: attribute.name, KeyType: 'RANGE' });
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
