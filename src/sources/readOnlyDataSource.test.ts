import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../engine';
import { isReadOnlyDataSource, readOnlyDataSource, ReadOnlyConnectionError, WRITE_METHODS } from './readOnlyDataSource';

const LABEL = 'AWS eu-west-1 · key AKIAEXAMPLE';

async function withTable() {
  const engine = createLocalDynamoDB();
  await engine.createTable({
    TableName: 'Orders',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  await engine.putItem({ TableName: 'Orders', Item: { pk: { S: 'a' } } });
  return engine;
}

describe('readOnlyDataSource', () => {
  it('passes reads through to the source', async () => {
    const readOnly = readOnlyDataSource(await withTable(), LABEL);
    expect((await readOnly.listTables({})).TableNames).toEqual(['Orders']);
    expect((await readOnly.getItem({ TableName: 'Orders', Key: { pk: { S: 'a' } } })).Item).toEqual({ pk: { S: 'a' } });
    expect((await readOnly.scan({ TableName: 'Orders' })).Count).toBe(1);
    expect((await readOnly.executeStatement({ Statement: 'SELECT * FROM "Orders"' })).Items).toHaveLength(1);
  });

  it('refuses every write method with an error naming the connection, and nothing reaches the source', async () => {
    const engine = await withTable();
    const readOnly = readOnlyDataSource(engine, LABEL);
    expect(WRITE_METHODS).toEqual(
      expect.arrayContaining([
        'createTable',
        'deleteTable',
        'putItem',
        'deleteItem',
        'updateItem',
        'batchWriteItem',
        'transactWriteItems',
        'updateTable',
        'updateTimeToLive',
        'tagResource',
        'untagResource',
      ]),
    );
    for (const method of WRITE_METHODS) {
      const call = (readOnly[method] as (input: unknown) => Promise<unknown>)({ TableName: 'Orders' });
      await expect(call).rejects.toBeInstanceOf(ReadOnlyConnectionError);
      await expect(call).rejects.toThrow(`the connection ${LABEL} is marked Read-only`);
    }
    await expect(readOnly.putItem({ TableName: 'Orders', Item: { pk: { S: 'b' } } })).rejects.toThrow(/^PutItem refused/);
    await expect(readOnly.deleteTable({ TableName: 'Orders' })).rejects.toMatchObject({ name: 'ReadOnlyConnection', operation: 'DeleteTable' });
    expect((await engine.scan({ TableName: 'Orders' })).Count).toBe(1);
    expect((await engine.listTables({})).TableNames).toEqual(['Orders']);
  });

  it('refuses PartiQL statements that are not SELECTs', async () => {
    const engine = await withTable();
    const readOnly = readOnlyDataSource(engine, LABEL);
    await expect(readOnly.executeStatement({ Statement: `INSERT INTO "Orders" VALUE {'pk': 'c'}` })).rejects.toThrow(/^ExecuteStatement refused/);
    await expect(readOnly.executeStatement({ Statement: `  delete FROM "Orders" WHERE pk = 'a'` })).rejects.toBeInstanceOf(ReadOnlyConnectionError);
    await expect(
      readOnly.batchExecuteStatement({ Statements: [{ Statement: 'SELECT * FROM "Orders"' }, { Statement: `UPDATE "Orders" SET x = 1 WHERE pk = 'a'` }] }),
    ).rejects.toThrow(/^BatchExecuteStatement refused/);
    await expect(readOnly.executeTransaction({ TransactStatements: [{ Statement: `DELETE FROM "Orders" WHERE pk = 'a'` }] })).rejects.toThrow(
      /^ExecuteTransaction refused/,
    );
    expect((await engine.scan({ TableName: 'Orders' })).Count).toBe(1);
  });

  it('marks only the wrapper as read-only', async () => {
    const engine: DynamoDBDataSource = await withTable();
    expect(isReadOnlyDataSource(engine)).toBe(false);
    expect(isReadOnlyDataSource(readOnlyDataSource(engine, LABEL))).toBe(true);
  });
});
