import type { CreateTableCommandInput, GlobalSecondaryIndex, KeySchemaElement, LocalSecondaryIndex, Projection } from '@aws-sdk/client-dynamodb';
import { keyAttributesOf } from './designKeys';
import type { IndexDesign, KeyAttributeDesign, ProjectionDesign, TableDesign } from './design.types';

/**
 * A table's CreateTable input: what `aws dynamodb create-table
 * --cli-input-json` takes, what Load into a table sends, and what the
 * CloudFormation export is written from (one source for all three).
 *
 * A multi-attribute GSI key lists each attribute in order: several HASH
 * entries, then several RANGE entries (DynamoDB since November 2025).
 *
 * @example
 * toCreateTableInput(LEADERBOARD_DESIGN.tables[0]).KeySchema
 * // [{ AttributeName: "leaderboardId", KeyType: "HASH" }, { AttributeName: "rankKey", KeyType: "RANGE" }]
 */
export function toCreateTableInput(table: TableDesign): CreateTableCommandInput {
  const gsis = table.indexes.filter((index) => index.kind === 'GSI');
  const lsis = table.indexes.filter((index) => index.kind === 'LSI');
  const provisioned = table.billingMode === 'PROVISIONED' && table.provisioned;
  const throughput = provisioned
    ? { ReadCapacityUnits: table.provisioned!.readCapacityUnits, WriteCapacityUnits: table.provisioned!.writeCapacityUnits }
    : undefined;
  return {
    TableName: table.name,
    KeySchema: keySchema([table.partitionKey], table.sortKey ? [table.sortKey] : []),
    AttributeDefinitions: keyAttributesOf(table).map((attribute) => ({ AttributeName: attribute.name, AttributeType: attribute.type })),
    ...(gsis.length > 0
      ? {
          GlobalSecondaryIndexes: gsis.map((index): GlobalSecondaryIndex => ({
            IndexName: index.name,
            KeySchema: indexKeySchema(index),
            Projection: projection(index.projection),
            ...(throughput ? { ProvisionedThroughput: throughput } : {}),
          })),
        }
      : {}),
    ...(lsis.length > 0
      ? {
          LocalSecondaryIndexes: lsis.map((index): LocalSecondaryIndex => ({
            IndexName: index.name,
            KeySchema: indexKeySchema(index),
            Projection: projection(index.projection),
          })),
        }
      : {}),
    BillingMode: table.billingMode,
    ...(throughput ? { ProvisionedThroughput: throughput } : {}),
  };
}

function keySchema(partition: readonly KeyAttributeDesign[], sort: readonly KeyAttributeDesign[]): KeySchemaElement[] {
  return [
    ...partition.map((attribute): KeySchemaElement => ({ AttributeName: attribute.name, KeyType: 'HASH' })),
    ...sort.map((attribute): KeySchemaElement => ({ AttributeName: attribute.name, KeyType: 'RANGE' })),
  ];
}

function indexKeySchema(index: IndexDesign): KeySchemaElement[] {
  return keySchema(index.partitionKey, index.sortKey);
}

function projection(design: ProjectionDesign): Projection {
  return design.type === 'INCLUDE' ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...design.attributes] } : { ProjectionType: design.type };
}
