import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../engine';
import { UnconfirmedWriteError } from '../sources/confirmingDataSource';
import { readOnlyDataSource } from '../sources/readOnlyDataSource';
import { AWS_TARGET, asAwsSource } from './testing/writeConfirmations';
import { canWriteSource, createWriteConfirmationStore, writeConfirmationTarget } from './writeAccess';

const ORDERS = {
  TableName: 'Orders',
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' as const }],
  BillingMode: 'PAY_PER_REQUEST' as const,
};
const client: DynamoDBDataSource = createLocalDynamoDB();

describe('canWriteSource', () => {
  it('is false with no source and for a read-only one', () => {
    expect(canWriteSource(undefined)).toBe(false);
    expect(canWriteSource(readOnlyDataSource(client, 'AWS'))).toBe(false);
    expect(canWriteSource(client)).toBe(true);
    expect(canWriteSource(asAwsSource(client))).toBe(true);
  });
});

describe('writeConfirmationTarget (the confirmation rule)', () => {
  it('asks on an AWS connection that is not read-only, naming its region and endpoint', () => {
    expect(writeConfirmationTarget(asAwsSource(client))).toEqual(AWS_TARGET);
  });

  it('never asks elsewhere (built-in table, DynamoDB Local, custom endpoints, Read-only)', () => {
    expect(writeConfirmationTarget(client)).toBeUndefined();
    expect(writeConfirmationTarget(readOnlyDataSource(client, 'AWS'))).toBeUndefined();
    expect(writeConfirmationTarget(undefined)).toBeUndefined();
  });
});

describe('write confirmation store', () => {
  it('runs a write job at once, on the source itself, when no confirmation is needed', async () => {
    const engine = createLocalDynamoDB();
    const store = createWriteConfirmationStore();
    const done = await store.getState().confirmWrite(engine, 'Create table Orders', async (writer) => {
      expect(writer).toBe(engine);
      return (await writer.createTable(ORDERS)).TableDescription?.TableName;
    });
    expect(done).toEqual({ confirmed: true, result: 'Orders' });
    expect(store.getState().pending).toBeUndefined();
  });

  it('holds an AWS write job until the user answers, and runs nothing on Cancel', async () => {
    const engine = createLocalDynamoDB();
    const source = asAwsSource(engine);
    const store = createWriteConfirmationStore();
    const first = store.getState().confirmWrite(source, 'Create table Orders', (writer) => writer.createTable(ORDERS));
    expect(store.getState().pending).toEqual({ action: 'Create table Orders', ...AWS_TARGET });
    store.getState().answer(true);
    await expect(first).resolves.toMatchObject({ confirmed: true });
    expect(store.getState().pending).toBeUndefined();
    expect((await engine.listTables({})).TableNames).toEqual(['Orders']);

    let ran = false;
    const cancelled = store.getState().confirmWrite(source, 'Delete table Orders', async (writer) => {
      ran = true;
      return writer.deleteTable({ TableName: 'Orders' });
    });
    store.getState().answer(false);
    await expect(cancelled).resolves.toEqual({ confirmed: false });
    expect(ran).toBe(false);
    expect((await engine.listTables({})).TableNames).toEqual(['Orders']);
  });

  it('cancels a pending write when another one asks', async () => {
    const source = asAwsSource(createLocalDynamoDB());
    const store = createWriteConfirmationStore();
    const first = store.getState().confirmWrite(source, 'Create table A', async () => 'A');
    const second = store.getState().confirmWrite(source, 'Create table B', async () => 'B');
    await expect(first).resolves.toEqual({ confirmed: false });
    expect(store.getState().pending?.action).toBe('Create table B');
    store.getState().answer(true);
    await expect(second).resolves.toEqual({ confirmed: true, result: 'B' });
  });

  it('asks once for a long job: every write of the job goes through, and a writer kept past the job writes nothing', async () => {
    const engine = createLocalDynamoDB();
    await engine.createTable(ORDERS);
    const source = asAwsSource(engine);
    const store = createWriteConfirmationStore();
    let asked = 0;
    store.subscribe(({ pending }) => pending && (asked++, store.getState().answer(true)));
    let kept: DynamoDBDataSource | undefined;
    await store.getState().confirmWrite(source, 'Import 100 items into Orders', async (writer) => {
      kept = writer;
      for (let i = 0; i < 100; i++) await writer.putItem({ TableName: 'Orders', Item: { pk: { S: `p${i}` } } });
    });
    expect(asked).toBe(1);
    expect((await engine.scan({ TableName: 'Orders', Select: 'COUNT' })).Count).toBe(100);
    await expect(kept?.putItem({ TableName: 'Orders', Item: { pk: { S: 'late' } } })).rejects.toMatchObject({ name: 'UnconfirmedWrite', afterGrant: true });
    // The bare source never writes.
    await expect(source.putItem({ TableName: 'Orders', Item: { pk: { S: 'bare' } } })).rejects.toBeInstanceOf(UnconfirmedWriteError);
    expect((await engine.scan({ TableName: 'Orders', Select: 'COUNT' })).Count).toBe(100);
  });
});
