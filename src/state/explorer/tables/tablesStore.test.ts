import { describe, expect, it, vi } from 'vitest';
import { SHOP_DESIGN } from '../../../design';
import { createLocalDynamoDB } from '../../../engine';
import { createExplorerStore } from '../../explorerStore';
import { answeredWriteConfirmation, asAwsSource } from '../../testing/writeConfirmations';
import { EMPTY_CREATE_TABLE_FORM, validateCreateTable } from './createTableForm';
import { createTablesStore } from './tablesStore';

async function setUp(canChangeTables = true) {
  const source = createLocalDynamoDB();
  await source.createTable({
    TableName: 'Existing',
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  const explorer = createExplorerStore();
  await explorer.getState().connect(source, 'Built-in table');
  const tables = createTablesStore({
    explorer,
    canChangeTables: () => canChangeTables,
    wait: async () => undefined,
    confirmWrite: answeredWriteConfirmation().confirmWrite,
  });
  return { source, explorer, tables };
}

describe('validateCreateTable', () => {
  const valid = { ...EMPTY_CREATE_TABLE_FORM, tableName: 'Orders', partitionKeyName: 'pk' };

  it('accepts a valid form', () => {
    expect(validateCreateTable(valid)).toEqual({});
    expect(validateCreateTable({ ...valid, sortKeyName: 'sk', billingMode: 'PROVISIONED', readCapacity: '5', writeCapacity: '1' })).toEqual({});
  });

  it('says what is wrong with the table name, and how to fix it', () => {
    expect(validateCreateTable({ ...valid, tableName: 'ab' }).tableName).toBe('Table name: "ab" is 2 characters long; a table name has 3 to 255 characters.');
    expect(validateCreateTable({ ...valid, tableName: 'x'.repeat(256) }).tableName).toContain('256 characters long');
    expect(validateCreateTable({ ...valid, tableName: 'my table!' }).tableName).toBe(
      'Table name: "my table!" has characters DynamoDB does not allow; use only letters, digits, "_", "-" and ".".',
    );
  });

  it('refuses an empty partition key, a sort key named as the partition key, and capacities that are not positive whole numbers', () => {
    expect(validateCreateTable({ ...valid, partitionKeyName: '' }).partitionKeyName).toBe(
      'Partition key name: empty; type the name of the partition key attribute.',
    );
    expect(validateCreateTable({ ...valid, sortKeyName: 'pk' }).sortKeyName).toContain('is also the partition key');
    const errors = validateCreateTable({ ...valid, billingMode: 'PROVISIONED', readCapacity: '0', writeCapacity: '2.5' });
    expect(errors.readCapacity).toBe('Read capacity: "0" is not a positive whole number; type 1 or more.');
    expect(errors.writeCapacity).toBe('Write capacity: "2.5" is not a positive whole number; type 1 or more.');
    // On demand, capacities are not sent, so not checked.
    expect(validateCreateTable({ ...valid, readCapacity: '0' })).toEqual({});
  });
});

describe('the tables store', () => {
  it('creates a table with a sort key, follows it to ACTIVE, and selects it in the explorer', async () => {
    const { source, explorer, tables } = await setUp();
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({
      tableName: 'Orders',
      partitionKeyName: 'customer',
      sortKeyName: 'placedAt',
      sortKeyType: 'N',
      billingMode: 'PROVISIONED',
      readCapacity: '3',
      writeCapacity: '4',
    });
    expect(await tables.getState().submitCreateTable()).toBe(true);
    expect(tables.getState().creating).toEqual({ tableName: 'Orders', status: 'ACTIVE' });
    expect(tables.getState().create.open).toBe(false);
    expect(explorer.getState().selectedTable).toBe('Orders');
    expect(explorer.getState().tableNames).toContain('Orders');
    const { Table } = await source.describeTable({ TableName: 'Orders' });
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'customer', KeyType: 'HASH' },
      { AttributeName: 'placedAt', KeyType: 'RANGE' },
    ]);
    expect(Table?.ProvisionedThroughput?.ReadCapacityUnits).toBe(3);
  });

  it('leaves the explorer on the table the user picked while the new one was being created', async () => {
    const { source, explorer, tables } = await setUp();
    await source.createTable({
      TableName: 'Other',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await explorer.getState().refreshTables();
    let created: () => void = () => undefined;
    const slowCreate = new Proxy(source, {
      get: (target, property) =>
        property === 'createTable'
          ? async (input: Parameters<typeof source.createTable>[0]) => {
              const output = await target.createTable(input);
              await new Promise<void>((resolve) => (created = resolve));
              return output;
            }
          : (Reflect.get(target, property) as unknown),
    });
    explorer.setState({ source: slowCreate });
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({ tableName: 'Orders', partitionKeyName: 'customer' });
    const submitted = tables.getState().submitCreateTable();
    await vi.waitFor(() => expect(tables.getState().create.sending).toBe(true));
    await explorer.getState().selectTable('Other');
    created();
    expect(await submitted).toBe(true);
    expect(explorer.getState().tableNames).toContain('Orders');
    expect(explorer.getState().selectedTable).toBe('Other');
  });

  it('keeps the dialog open with the field errors, sending nothing, when the form is invalid', async () => {
    const { source, tables } = await setUp();
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({ tableName: 'no', partitionKeyName: 'pk' });
    expect(await tables.getState().submitCreateTable()).toBe(false);
    expect(tables.getState().create.open).toBe(true);
    expect(tables.getState().create.errors.tableName).toContain('3 to 255');
    expect((await source.listTables({})).TableNames).toEqual(['Existing']);
    // Editing the field clears its message.
    tables.getState().setCreateTableForm({ tableName: 'now' });
    expect(tables.getState().create.errors.tableName).toBeUndefined();
  });

  it('shows DynamoDB’s own message when it refuses (the table exists)', async () => {
    const { tables } = await setUp();
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({ tableName: 'Existing', partitionKeyName: 'id' });
    expect(await tables.getState().submitCreateTable()).toBe(false);
    expect(tables.getState().create.refusal?.message).toMatch(/Existing|in use/i);
    expect(tables.getState().create.sending).toBe(false);
  });

  it('deletes a table only once its name is typed, then lists the tables again', async () => {
    const { source, explorer, tables } = await setUp();
    tables.getState().openDeleteTable('Existing');
    tables.getState().setDeleteConfirmation('Existin');
    expect(await tables.getState().submitDeleteTable()).toBe(false);
    expect((await source.listTables({})).TableNames).toEqual(['Existing']);
    tables.getState().setDeleteConfirmation('Existing');
    expect(await tables.getState().submitDeleteTable()).toBe(true);
    expect((await source.listTables({})).TableNames).toEqual([]);
    expect(explorer.getState().tableNames).toEqual([]);
    expect(tables.getState().remove.tableName).toBeUndefined();
  });

  it('shows DynamoDB’s refusal of a table protected against deletion, and keeps the table and the dialog', async () => {
    const { source, explorer, tables } = await setUp();
    await source.updateTable({ TableName: 'Existing', DeletionProtectionEnabled: true });
    tables.getState().openDeleteTable('Existing');
    tables.getState().setDeleteConfirmation('Existing');
    expect(await tables.getState().submitDeleteTable()).toBe(false);
    expect(tables.getState().remove).toMatchObject({
      tableName: 'Existing',
      sending: false,
      refusal: {
        name: 'ValidationException',
        message: 'Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.',
      },
    });
    expect((await source.listTables({})).TableNames).toEqual(['Existing']);
    expect(explorer.getState().tableNames).toEqual(['Existing']);
  });

  it('changes nothing on a connection where tables are not changed (AWS)', async () => {
    const { source, tables } = await setUp(false);
    expect(tables.getState().canChangeTables).toBe(false);
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({ tableName: 'Orders', partitionKeyName: 'pk' });
    expect(await tables.getState().submitCreateTable()).toBe(false);
    tables.getState().openDeleteTable('Existing');
    tables.getState().setDeleteConfirmation('Existing');
    expect(await tables.getState().submitDeleteTable()).toBe(false);
    expect((await source.listTables({})).TableNames).toEqual(['Existing']);
  });

  it('creates a table with a GSI and an LSI, then enables its time to live once it is ACTIVE', async () => {
    const { source, tables } = await setUp();
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({
      tableName: 'Orders',
      partitionKeyName: 'customer',
      sortKeyName: 'placedAt',
      ttlAttribute: 'expiresAt',
      streamViewType: 'NEW_IMAGE',
    });
    tables.getState().addIndexRow('GSI');
    tables.getState().setIndexRow(0, { name: 'byStatus', partitionKeyName: 'status', projection: 'INCLUDE', includeText: 'total' });
    tables.getState().addIndexRow('LSI');
    tables.getState().setIndexRow(1, { name: 'byTotal', sortKeyName: 'total', sortKeyType: 'N' });
    expect(await tables.getState().submitCreateTable()).toBe(true);
    const { Table } = await source.describeTable({ TableName: 'Orders' });
    expect(Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.Projection])).toEqual([
      ['byStatus', { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total'] }],
    ]);
    expect(Table?.LocalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byTotal']);
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    expect((await source.describeTimeToLive({ TableName: 'Orders' })).TimeToLiveDescription).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: 'expiresAt',
    });
  });

  it('clears a row’s messages when the row is edited, and all row messages when a row is removed', async () => {
    const { tables } = await setUp();
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({ tableName: 'Orders', partitionKeyName: 'pk' });
    tables.getState().addIndexRow('GSI');
    tables.getState().addIndexRow('GSI');
    expect(await tables.getState().submitCreateTable()).toBe(false);
    expect(Object.keys(tables.getState().create.errors)).toEqual([
      'indexes.0.name',
      'indexes.0.partitionKeyName',
      'indexes.1.name',
      'indexes.1.partitionKeyName',
    ]);
    tables.getState().setIndexRow(0, { name: 'byA' });
    expect(Object.keys(tables.getState().create.errors)).toEqual(['indexes.1.name', 'indexes.1.partitionKeyName']);
    tables.getState().removeIndexRow(0);
    expect(tables.getState().create.errors).toEqual({});
    expect(tables.getState().create.form.indexes).toHaveLength(1);
  });

  it('fills the form from a design’s table, and creates it as designed in one click', async () => {
    const { source, explorer, tables } = await setUp();
    const design = SHOP_DESIGN.tables[0]!;
    tables.getState().openCreateTable();
    tables.getState().fillFromDesign(design, `Shop · ${design.name}`);
    expect(tables.getState().create.form.tableName).toBe(design.name);
    expect(tables.getState().create.form.indexes.map((row) => row.name)).toEqual(design.indexes.map((index) => index.name));
    expect(tables.getState().create.fromDesign?.label).toBe(`Shop · ${design.name}`);
    expect(await tables.getState().createAsDesigned()).toBe(true);
    expect(explorer.getState().selectedTable).toBe(design.name);
    expect((await source.describeTable({ TableName: design.name })).Table?.GlobalSecondaryIndexes?.length ?? 0).toBe(
      design.indexes.filter((index) => index.kind === 'GSI').length,
    );
  });

  it('asks before every table write on AWS, sends nothing when the user cancels, and writes the whole job (CreateTable, its TTL) through one yes', async () => {
    const source = createLocalDynamoDB();
    const explorer = createExplorerStore();
    await explorer.getState().connect(asAwsSource(source), 'AWS');
    const confirmation = answeredWriteConfirmation(false);
    const tables = createTablesStore({ explorer, canChangeTables: () => true, wait: async () => undefined, confirmWrite: confirmation.confirmWrite });
    tables.getState().openCreateTable();
    tables.getState().setCreateTableForm({ tableName: 'Orders', partitionKeyName: 'pk', ttlAttribute: 'expiresAt' });
    expect(await tables.getState().submitCreateTable()).toBe(false);
    expect(tables.getState().create).toMatchObject({ open: true, sending: false });
    const design = SHOP_DESIGN.tables[0]!;
    tables.getState().fillFromDesign(design, `Shop · ${design.name}`);
    expect(await tables.getState().createAsDesigned()).toBe(false);
    expect((await source.listTables({})).TableNames).toEqual([]);

    confirmation.answer = true;
    tables.getState().setCreateTableForm({ tableName: 'Orders', partitionKeyName: 'pk', ttlAttribute: 'expiresAt' });
    expect(await tables.getState().submitCreateTable()).toBe(true);
    expect(tables.getState().creating?.problem).toBeUndefined();
    expect((await source.describeTimeToLive({ TableName: 'Orders' })).TimeToLiveDescription).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: 'expiresAt',
    });

    confirmation.answer = false;
    tables.getState().openDeleteTable('Orders');
    tables.getState().setDeleteConfirmation('Orders');
    expect(await tables.getState().submitDeleteTable()).toBe(false);
    expect(tables.getState().remove).toMatchObject({ tableName: 'Orders', sending: false });
    expect((await source.listTables({})).TableNames).toEqual(['Orders']);
    expect(confirmation.asked).toEqual(['Create table Orders', `Create table ${design.name}`, 'Create table Orders', 'Delete table Orders']);
  });
});
