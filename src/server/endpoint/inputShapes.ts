/**
 * The schema DynamoDB's front end reads requests against: each operation's
 * input shape (the members of the SDK's `…Input` types) and the members of an
 * AttributeValue. wireFormat.ts decodes request bodies against it.
 */
import type { OperationName } from './wireFormat';

/**
 * How a member is read. `javaName` is what DynamoDB's messages call the shape
 * (its Java class), e.g. `Unrecognized collection type class
 * com.amazonaws.dynamodb.v20120810.KeySchemaElement`.
 */
export type Shape =
  | { readonly kind: 'string' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'integer'; readonly javaName: 'Integer' | 'Long' }
  | { readonly kind: 'blob' }
  | { readonly kind: 'list'; readonly member: Shape }
  | { readonly kind: 'map'; readonly value: Shape }
  | { readonly kind: 'structure'; readonly javaName: string; readonly members: Readonly<Record<string, Shape>> }
  | { readonly kind: 'attributeValue' }
  /** Passed through as it came (members the engine does not implement; it judges them). */
  | { readonly kind: 'document' };

const STRING: Shape = { kind: 'string' };
const BOOLEAN: Shape = { kind: 'boolean' };
const INTEGER: Shape = { kind: 'integer', javaName: 'Integer' };
const LONG: Shape = { kind: 'integer', javaName: 'Long' };
const BLOB: Shape = { kind: 'blob' };
const DOCUMENT: Shape = { kind: 'document' };
const ATTRIBUTE_VALUE: Shape = { kind: 'attributeValue' };
const list = (member: Shape): Shape => ({ kind: 'list', member });
const map = (value: Shape): Shape => ({ kind: 'map', value });
const structure = (javaName: string, members: Record<string, Shape>): Shape => ({ kind: 'structure', javaName, members });

const STRINGS = list(STRING);
const TAGS = list(structure('Tag', { Key: STRING, Value: STRING }));
const ATTRIBUTE_MAP = map(ATTRIBUTE_VALUE);
const NAMES = map(STRING);
const KEY_SCHEMA = list(structure('KeySchemaElement', { AttributeName: STRING, KeyType: STRING }));
const PROJECTION = structure('Projection', { ProjectionType: STRING, NonKeyAttributes: STRINGS });
const PROVISIONED_THROUGHPUT = structure('ProvisionedThroughput', { ReadCapacityUnits: LONG, WriteCapacityUnits: LONG });
const ON_DEMAND_THROUGHPUT = structure('OnDemandThroughput', { MaxReadRequestUnits: LONG, MaxWriteRequestUnits: LONG });
const WARM_THROUGHPUT = structure('WarmThroughput', { ReadUnitsPerSecond: LONG, WriteUnitsPerSecond: LONG });
const CONDITION = structure('Condition', { AttributeValueList: list(ATTRIBUTE_VALUE), ComparisonOperator: STRING });
const EXPECTED = map(
  structure('ExpectedAttributeValue', {
    Value: ATTRIBUTE_VALUE,
    Exists: BOOLEAN,
    ComparisonOperator: STRING,
    AttributeValueList: list(ATTRIBUTE_VALUE),
  }),
);

/** Members shared by the item writes. */
const WRITE_MEMBERS = {
  TableName: STRING,
  Expected: EXPECTED,
  ConditionalOperator: STRING,
  ReturnValues: STRING,
  ReturnConsumedCapacity: STRING,
  ReturnItemCollectionMetrics: STRING,
  ConditionExpression: STRING,
  ExpressionAttributeNames: NAMES,
  ExpressionAttributeValues: ATTRIBUTE_MAP,
  ReturnValuesOnConditionCheckFailure: STRING,
};

/** The members of a TransactWriteItems action (Put, Update, Delete, ConditionCheck). */
const TRANSACT_ACTION_MEMBERS = {
  TableName: STRING,
  ConditionExpression: STRING,
  ExpressionAttributeNames: NAMES,
  ExpressionAttributeValues: ATTRIBUTE_MAP,
  ReturnValuesOnConditionCheckFailure: STRING,
};

/** Members shared by Query and Scan. */
const READ_MEMBERS = {
  TableName: STRING,
  IndexName: STRING,
  Select: STRING,
  AttributesToGet: STRINGS,
  Limit: INTEGER,
  ConsistentRead: BOOLEAN,
  ConditionalOperator: STRING,
  ExclusiveStartKey: ATTRIBUTE_MAP,
  ReturnConsumedCapacity: STRING,
  ProjectionExpression: STRING,
  FilterExpression: STRING,
  ExpressionAttributeNames: NAMES,
  ExpressionAttributeValues: ATTRIBUTE_MAP,
};

/** Each operation's input shape (the members of the SDK's `…Input` types). */
export const INPUT_SHAPES: Readonly<Record<OperationName, Shape>> = {
  CreateTable: structure('CreateTableInput', {
    AttributeDefinitions: list(structure('AttributeDefinition', { AttributeName: STRING, AttributeType: STRING })),
    TableName: STRING,
    KeySchema: KEY_SCHEMA,
    LocalSecondaryIndexes: list(structure('LocalSecondaryIndex', { IndexName: STRING, KeySchema: KEY_SCHEMA, Projection: PROJECTION })),
    GlobalSecondaryIndexes: list(
      structure('GlobalSecondaryIndex', {
        IndexName: STRING,
        KeySchema: KEY_SCHEMA,
        Projection: PROJECTION,
        ProvisionedThroughput: PROVISIONED_THROUGHPUT,
        OnDemandThroughput: ON_DEMAND_THROUGHPUT,
        WarmThroughput: WARM_THROUGHPUT,
      }),
    ),
    BillingMode: STRING,
    ProvisionedThroughput: PROVISIONED_THROUGHPUT,
    StreamSpecification: structure('StreamSpecification', { StreamEnabled: BOOLEAN, StreamViewType: STRING }),
    SSESpecification: structure('SSESpecification', { Enabled: BOOLEAN, SSEType: STRING, KMSMasterKeyId: STRING }),
    Tags: TAGS,
    TableClass: STRING,
    DeletionProtectionEnabled: BOOLEAN,
    WarmThroughput: WARM_THROUGHPUT,
    ResourcePolicy: STRING,
    OnDemandThroughput: ON_DEMAND_THROUGHPUT,
    GlobalTableSourceArn: STRING,
    GlobalTableSettingsReplicationMode: STRING,
    VectorIndexes: DOCUMENT,
  }),
  DeleteTable: structure('DeleteTableInput', { TableName: STRING }),
  DescribeTable: structure('DescribeTableInput', { TableName: STRING }),
  ListTables: structure('ListTablesInput', { ExclusiveStartTableName: STRING, Limit: INTEGER }),
  PutItem: structure('PutItemInput', { ...WRITE_MEMBERS, Item: ATTRIBUTE_MAP }),
  GetItem: structure('GetItemInput', {
    TableName: STRING,
    Key: ATTRIBUTE_MAP,
    AttributesToGet: STRINGS,
    ConsistentRead: BOOLEAN,
    ReturnConsumedCapacity: STRING,
    ProjectionExpression: STRING,
    ExpressionAttributeNames: NAMES,
  }),
  DeleteItem: structure('DeleteItemInput', { ...WRITE_MEMBERS, Key: ATTRIBUTE_MAP }),
  UpdateItem: structure('UpdateItemInput', {
    ...WRITE_MEMBERS,
    Key: ATTRIBUTE_MAP,
    AttributeUpdates: map(structure('AttributeValueUpdate', { Value: ATTRIBUTE_VALUE, Action: STRING })),
    UpdateExpression: STRING,
  }),
  BatchWriteItem: structure('BatchWriteItemInput', {
    RequestItems: map(
      list(
        structure('WriteRequest', {
          PutRequest: structure('PutRequest', { Item: ATTRIBUTE_MAP }),
          DeleteRequest: structure('DeleteRequest', { Key: ATTRIBUTE_MAP }),
        }),
      ),
    ),
    ReturnConsumedCapacity: STRING,
    ReturnItemCollectionMetrics: STRING,
  }),
  BatchGetItem: structure('BatchGetItemInput', {
    RequestItems: map(
      structure('KeysAndAttributes', {
        Keys: list(ATTRIBUTE_MAP),
        AttributesToGet: STRINGS,
        ConsistentRead: BOOLEAN,
        ProjectionExpression: STRING,
        ExpressionAttributeNames: NAMES,
      }),
    ),
    ReturnConsumedCapacity: STRING,
  }),
  TransactWriteItems: structure('TransactWriteItemsInput', {
    TransactItems: list(
      structure('TransactWriteItem', {
        ConditionCheck: structure('ConditionCheck', { ...TRANSACT_ACTION_MEMBERS, Key: ATTRIBUTE_MAP }),
        Put: structure('Put', { ...TRANSACT_ACTION_MEMBERS, Item: ATTRIBUTE_MAP }),
        Delete: structure('Delete', { ...TRANSACT_ACTION_MEMBERS, Key: ATTRIBUTE_MAP }),
        Update: structure('Update', { ...TRANSACT_ACTION_MEMBERS, Key: ATTRIBUTE_MAP, UpdateExpression: STRING }),
      }),
    ),
    ReturnConsumedCapacity: STRING,
    ReturnItemCollectionMetrics: STRING,
    ClientRequestToken: STRING,
  }),
  ExecuteStatement: structure('ExecuteStatementInput', {
    Statement: STRING,
    Parameters: list(ATTRIBUTE_VALUE),
    ConsistentRead: BOOLEAN,
    NextToken: STRING,
    ReturnConsumedCapacity: STRING,
    Limit: INTEGER,
    ReturnValuesOnConditionCheckFailure: STRING,
  }),
  BatchExecuteStatement: structure('BatchExecuteStatementInput', {
    Statements: list(
      structure('BatchStatementRequest', { Statement: STRING, Parameters: list(ATTRIBUTE_VALUE), ConsistentRead: BOOLEAN, ReturnValuesOnConditionCheckFailure: STRING }),
    ),
    ReturnConsumedCapacity: STRING,
  }),
  ExecuteTransaction: structure('ExecuteTransactionInput', {
    TransactStatements: list(structure('ParameterizedStatement', { Statement: STRING, Parameters: list(ATTRIBUTE_VALUE), ReturnValuesOnConditionCheckFailure: STRING })),
    ClientRequestToken: STRING,
    ReturnConsumedCapacity: STRING,
  }),
  TransactGetItems: structure('TransactGetItemsInput', {
    TransactItems: list(
      structure('TransactGetItem', {
        Get: structure('Get', { Key: ATTRIBUTE_MAP, TableName: STRING, ProjectionExpression: STRING, ExpressionAttributeNames: NAMES }),
      }),
    ),
    ReturnConsumedCapacity: STRING,
  }),
  UpdateTable: structure('UpdateTableInput', {
    AttributeDefinitions: list(structure('AttributeDefinition', { AttributeName: STRING, AttributeType: STRING })),
    TableName: STRING,
    BillingMode: STRING,
    ProvisionedThroughput: PROVISIONED_THROUGHPUT,
    GlobalSecondaryIndexUpdates: list(
      structure('GlobalSecondaryIndexUpdate', {
        Update: structure('UpdateGlobalSecondaryIndexAction', {
          IndexName: STRING,
          ProvisionedThroughput: PROVISIONED_THROUGHPUT,
          OnDemandThroughput: ON_DEMAND_THROUGHPUT,
          WarmThroughput: WARM_THROUGHPUT,
        }),
        Create: structure('CreateGlobalSecondaryIndexAction', {
          IndexName: STRING,
          KeySchema: KEY_SCHEMA,
          Projection: PROJECTION,
          ProvisionedThroughput: PROVISIONED_THROUGHPUT,
          OnDemandThroughput: ON_DEMAND_THROUGHPUT,
          WarmThroughput: WARM_THROUGHPUT,
        }),
        Delete: structure('DeleteGlobalSecondaryIndexAction', { IndexName: STRING }),
      }),
    ),
    StreamSpecification: structure('StreamSpecification', { StreamEnabled: BOOLEAN, StreamViewType: STRING }),
    SSESpecification: structure('SSESpecification', { Enabled: BOOLEAN, SSEType: STRING, KMSMasterKeyId: STRING }),
    ReplicaUpdates: DOCUMENT,
    TableClass: STRING,
    DeletionProtectionEnabled: BOOLEAN,
    MultiRegionConsistency: STRING,
    GlobalTableWitnessUpdates: DOCUMENT,
    OnDemandThroughput: ON_DEMAND_THROUGHPUT,
    WarmThroughput: WARM_THROUGHPUT,
  }),
  UpdateTimeToLive: structure('UpdateTimeToLiveInput', {
    TableName: STRING,
    TimeToLiveSpecification: structure('TimeToLiveSpecification', { AttributeName: STRING, Enabled: BOOLEAN }),
  }),
  DescribeTimeToLive: structure('DescribeTimeToLiveInput', { TableName: STRING }),
  TagResource: structure('TagResourceInput', { ResourceArn: STRING, Tags: TAGS }),
  UntagResource: structure('UntagResourceInput', { ResourceArn: STRING, TagKeys: STRINGS }),
  ListTagsOfResource: structure('ListTagsOfResourceInput', { ResourceArn: STRING, NextToken: STRING }),
  Query: structure('QueryInput', {
    ...READ_MEMBERS,
    KeyConditions: map(CONDITION),
    QueryFilter: map(CONDITION),
    ScanIndexForward: BOOLEAN,
    KeyConditionExpression: STRING,
  }),
  Scan: structure('ScanInput', {
    ...READ_MEMBERS,
    ScanFilter: map(CONDITION),
    TotalSegments: INTEGER,
    Segment: INTEGER,
  }),
  // DynamoDB Streams (target prefix DynamoDBStreams_20120810).
  ListStreams: structure('ListStreamsInput', { TableName: STRING, Limit: INTEGER, ExclusiveStartStreamArn: STRING }),
  DescribeStream: structure('DescribeStreamInput', { StreamArn: STRING, Limit: INTEGER, ExclusiveStartShardId: STRING }),
  GetShardIterator: structure('GetShardIteratorInput', { StreamArn: STRING, ShardId: STRING, ShardIteratorType: STRING, SequenceNumber: STRING }),
  GetRecords: structure('GetRecordsInput', { ShardIterator: STRING, Limit: INTEGER }),
};

/** The members of an AttributeValue, by JSON shape. */
export const ATTRIBUTE_VALUE_MEMBERS: Readonly<Record<string, Shape>> = {
  S: STRING,
  N: STRING,
  B: BLOB,
  SS: STRINGS,
  NS: STRINGS,
  BS: list(BLOB),
  M: ATTRIBUTE_MAP,
  L: list(ATTRIBUTE_VALUE),
  NULL: BOOLEAN,
  BOOL: BOOLEAN,
};
