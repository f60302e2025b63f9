/**
 * The Create table form's requests against real DynamoDB Local and the
 * built-in engine: a GSI with an INCLUDE projection and its own capacities,
 * an LSI, provisioned billing, a stream, then the TTL (UpdateTimeToLive once
 * ACTIVE) — both must accept them and describe the same table. Then the
 * "From a design" path of the dialog (the tables store's fillFromDesign,
 * submitCreateTable and createAsDesigned) on DynamoDB Local, checked by
 * DescribeTable and DescribeTimeToLive.
 */
import type { TableDescription } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { SHOP_DESIGN, toCreateTableInput, type TableDesign } from '../src/design';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../src/engine';
import { createExplorerStore } from '../src/state/explorerStore';
import { createWriteConfirmationStore } from '../src/state/writeAccess';
import {
  createTableRequest,
  createTablesStore,
  EMPTY_CREATE_TABLE_FORM,
  emptyIndexRow,
  timeToLiveRequest,
  validateCreateTable,
  type CreateTableForm,
} from '../src/state/explorer/tables';
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
    {
      ...emptyIndexRow('GSI'),
      name: 'byStatus',
      partitionKeyName: 'status',
      sortKeyName: 'placedAt',
      sortKeyType: 'N',
      projection: 'INCLUDE',
      includeText: 'total, note',
      readCapacity: '2',
      writeCapacity: '1',
    },
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
    gsis: table?.GlobalSecondaryIndexes?.map((index) => ({
      name: index.IndexName,
      keys: index.KeySchema,
      projection: index.Projection,
      read: index.ProvisionedThroughput?.ReadCapacityUnits,
      write: index.ProvisionedThroughput?.WriteCapacityUnits,
    })),
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
    expect(local.table.gsis?.[0]).toMatchObject({
      name: 'byStatus',
      projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total', 'note'] },
      read: 2,
      write: 1,
    });
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
    const refusal = (source: DynamoDBDataSource) =>
      source.createTable(request).then(
        () => undefined,
        (error: Error) => error.name,
      );
    expect(await refusal(client as unknown as DynamoDBDataSource)).toBe('ResourceInUseException');
    expect(await refusal(engine)).toBe('ResourceInUseException');
  });
});

/** A design table with what the form holds: a GSI with an INCLUDE projection, a KEYS_ONLY LSI, provisioned billing. */
const ORDERS_DESIGN: TableDesign = {
  name: 'OrdersFromDesign',
  description: 'Orders by customer, by status and by total',
  partitionKey: { name: 'customer', type: 'S' },
  sortKey: { name: 'placedAt', type: 'N' },
  indexes: [
    {
      name: 'byStatus',
      kind: 'GSI',
      partitionKey: [{ name: 'status', type: 'S' }],
      sortKey: [{ name: 'placedAt', type: 'N' }],
      projection: { type: 'INCLUDE', attributes: ['total', 'note'] },
    },
    {
      name: 'byTotal',
      kind: 'LSI',
      partitionKey: [{ name: 'customer', type: 'S' }],
      sortKey: [{ name: 'total', type: 'N' }],
      projection: { type: 'KEYS_ONLY', attributes: [] },
    },
  ],
  billingMode: 'PROVISIONED',
  provisioned: { readCapacityUnits: 4, writeCapacityUnits: 3 },
  entities: [],
  accessPatterns: [],
};

describe('Create table from a design, through the tables store the dialog uses, on DynamoDB Local', () => {
  async function tablesOnLocal() {
    const explorer = createExplorerStore();
    await explorer.getState().connect(client as unknown as DynamoDBDataSource, 'DynamoDB Local');
    const tables = createTablesStore({
      explorer,
      canChangeTables: () => true,
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 100))),
      confirmWrite: createWriteConfirmationStore().getState().confirmWrite,
    });
    return { explorer, tables };
  }

  it('fills the form from the design, adds time to live and a stream, and DescribeTable shows them all', async () => {
    const { explorer, tables } = await tablesOnLocal();
    const name = uniqueTableName('FromDesignForm');
    created.push(name);
    tables.getState().openCreateTable();
    tables.getState().fillFromDesign({ ...ORDERS_DESIGN, name }, `Orders · ${name}`);
    expect(tables.getState().create.fromDesign?.problem).toBeUndefined();
    tables.getState().setCreateTableForm({ ttlAttribute: 'expiresAt', streamViewType: 'NEW_IMAGE' });
    expect(await tables.getState().submitCreateTable()).toBe(true);
    expect(tables.getState().creating).toEqual({ tableName: name, status: 'ACTIVE' });
    expect(explorer.getState().selectedTable).toBe(name);
    const { Table } = await client.describeTable({ TableName: name });
    expect(shape(Table)).toEqual({
      keys: [
        { AttributeName: 'customer', KeyType: 'HASH' },
        { AttributeName: 'placedAt', KeyType: 'RANGE' },
      ],
      attributes: [
        { AttributeName: 'customer', AttributeType: 'S' },
        { AttributeName: 'placedAt', AttributeType: 'N' },
        { AttributeName: 'status', AttributeType: 'S' },
        { AttributeName: 'total', AttributeType: 'N' },
      ],
      gsis: [
        {
          name: 'byStatus',
          keys: [
            { AttributeName: 'status', KeyType: 'HASH' },
            { AttributeName: 'placedAt', KeyType: 'RANGE' },
          ],
          projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total', 'note'] },
          read: 4,
          write: 3,
        },
      ],
      lsis: [
        {
          name: 'byTotal',
          keys: [
            { AttributeName: 'customer', KeyType: 'HASH' },
            { AttributeName: 'total', KeyType: 'RANGE' },
          ],
          projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
      throughput: [4, 3],
      stream: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    });
    const ttl = (await client.describeTimeToLive({ TableName: name })).TimeToLiveDescription;
    expect({ status: ttl?.TimeToLiveStatus, attribute: ttl?.AttributeName }).toEqual({ status: 'ENABLED', attribute: 'expiresAt' });
    tables.getState().dispose();
  });

  it('Create as designed sends the design’s CreateTable input unchanged (pay per request, no stream, no time to live)', async () => {
    const { explorer, tables } = await tablesOnLocal();
    const name = uniqueTableName('AsDesigned');
    created.push(name);
    const design: TableDesign = { ...SHOP_DESIGN.tables[0]!, name };
    tables.getState().openCreateTable();
    tables.getState().fillFromDesign(design, `Shop · ${name}`);
    expect(await tables.getState().createAsDesigned()).toBe(true);
    expect(explorer.getState().selectedTable).toBe(name);
    const { Table } = await client.describeTable({ TableName: name });
    const input = toCreateTableInput(design);
    expect(Table?.KeySchema).toEqual(input.KeySchema);
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(Table?.GlobalSecondaryIndexes?.map((index) => ({ IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection }))).toEqual(
      input.GlobalSecondaryIndexes,
    );
    expect(Table?.StreamSpecification).toBeUndefined();
    expect((await client.describeTimeToLive({ TableName: name })).TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
    tables.getState().dispose();
  });
});
