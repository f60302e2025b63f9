/**
 * The Create table form's requests against real DynamoDB Local and the
 * built-in engine: a GSI with an INCLUDE projection and its own capacities,
 * an LSI, provisioned billing, a stream, then the TTL (UpdateTimeToLive once
 * ACTIVE) — both must accept them and describe the same table.
 */
import type { TableDescription } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../src/engine';
import { createTableRequest, EMPTY_CREATE_TABLE_FORM, emptyIndexRow, timeToLiveRequest, validateCreateTable, type CreateTableForm } from '../src/state/explorer/tables';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';

const client = createDynamoDBLocalClient();
const created: string[] = [];
afterAll(async () => {
  await Promise.allSettled(created.map((TableName) => client.deleteTable({ TableName })));
  client.destroy();
});

const form = (tableName: string): CreateTableForm => ({
  ...EMPTY_CREATE_TABLE_FORM,
  tableName,
  partitionKeyName: 'customer',
  sortKeyName: 'placedAt',
  sortKeyType: 'N',
  billingMode: 'PROVISIONED',
  readCapacity: '4',
  writeCapacity: '3',
  indexes: [
    { ...emptyIndexRow('GSI'), name: 'byStatus', partitionKeyName: 'status', sortKeyName: 'placedAt', sortKeyType: 'N', projection: 'INCLUDE', includeText: 'total, note', readCapacity: '2', writeCapacity: '1' },
    { ...emptyIndexRow('LSI'), name: 'byTotal', sortKeyName: 'total', sortKeyType: 'N', projection: 'KEYS_ONLY' },
  ],
  ttlAttribute: 'expiresAt',
  streamViewType: 'NEW_AND_OLD_IMAGES',
});

/** What both must agree on. */
function shape(table: TableDescription | undefined) {
  return {
    keys: table?.KeySchema,
    attributes: [...(table?.AttributeDefinitions ?? [])].sort((a, b) => ((a.AttributeName ?? '') > (b.AttributeName ?? '') ? 1 : -1)),
    gsis: table?.GlobalSecondaryIndexes?.map((index) => ({ name: index.IndexName, keys: index.KeySchema, projection: index.Projection, read: index.ProvisionedThroughput?.ReadCapacityUnits, write: index.ProvisionedThroughput?.WriteCapacityUnits })),
    lsis: table?.LocalSecondaryIndexes?.map((index) => ({ name: index.IndexName, keys: index.KeySchema, projection: index.Projection })),
    throughput: [table?.ProvisionedThroughput?.ReadCapacityUnits, table?.ProvisionedThroughput?.WriteCapacityUnits],
    stream: table?.StreamSpecification,
  };
}

async function createWithForm(source: DynamoDBDataSource, tableName: string) {
  const filled = form(tableName);
  expect(validateCreateTable(filled)).toEqual({});
  await source.createTable(createTableRequest(filled));
  for (let poll = 0; poll < 60; poll++) {
    if ((await source.describeTable({ TableName: tableName })).Table?.TableStatus === 'ACTIVE') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await source.updateTimeToLive(timeToLiveRequest(filled)!);
  const { Table } = await source.describeTable({ TableName: tableName });
  const ttl = (await source.describeTimeToLive({ TableName: tableName })).TimeToLiveDescription;
  return { table: shape(Table), ttl: { status: ttl?.TimeToLiveStatus, attribute: ttl?.AttributeName } };
}

describe('the Create table form’s requests', () => {
  it('are accepted by DynamoDB Local and by the built-in engine, which describe the same table', async () => {
    const name = uniqueTableName('CreateTableForm');
    created.push(name);
    const local = await createWithForm(client as unknown as DynamoDBDataSource, name);
    const engine = await createWithForm(createLocalDynamoDB(), name);
    expect(local.table.gsis?.[0]).toMatchObject({ name: 'byStatus', projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total', 'note'] }, read: 2, write: 1 });
    expect(local.table.lsis?.[0]).toMatchObject({ name: 'byTotal', projection: { ProjectionType: 'KEYS_ONLY' } });
    expect(local.table.throughput).toEqual([4, 3]);
    expect(local.table.stream).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(local.ttl).toEqual({ status: 'ENABLED', attribute: 'expiresAt' });
    expect(engine).toEqual(local);
  });

  it('gets DynamoDB’s own refusal where the form cannot know (an existing table name)', async () => {
    const name = uniqueTableName('CreateTableFormTwice');
    created.push(name);
    const request = createTableRequest({ ...EMPTY_CREATE_TABLE_FORM, tableName: name, partitionKeyName: 'pk' });
    await client.createTable(request);
    const engine = createLocalDynamoDB();
    await engine.createTable(request);
    const refusal = (source: DynamoDBDataSource) => source.createTable(request).then(() => undefined, (error: Error) => error.name);
    expect(await refusal(client as unknown as DynamoDBDataSource)).toBe('ResourceInUseException');
    expect(await refusal(engine)).toBe('ResourceInUseException');
  });
});
