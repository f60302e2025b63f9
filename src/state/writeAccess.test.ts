import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../engine';
import { readOnlyDataSource } from '../sources/readOnlyDataSource';
import type { ConnectedConnection } from './connectionStore';
import { canWriteSource, createWriteConfirmationStore, writeConfirmationTarget } from './writeAccess';

const client: DynamoDBDataSource = createLocalDynamoDB();
const aws = (patch: Partial<ConnectedConnection> = {}): ConnectedConnection => ({
  source: client,
  kind: 'aws',
  region: 'eu-west-1',
  endpoint: 'https://dynamodb.eu-west-1.amazonaws.com',
  readOnly: false,
  ...patch,
});

describe('canWriteSource', () => {
  it('is false with no source and for a read-only one', () => {
    expect(canWriteSource(undefined)).toBe(false);
    expect(canWriteSource(readOnlyDataSource(client, 'AWS'))).toBe(false);
    expect(canWriteSource(client)).toBe(true);
  });
});

describe('writeConfirmationTarget (the confirmation rule)', () => {
  it('asks on an AWS connection that is not read-only, naming its region and endpoint', () => {
    expect(writeConfirmationTarget(client, aws())).toEqual({ region: 'eu-west-1', endpoint: 'https://dynamodb.eu-west-1.amazonaws.com' });
  });

  it('never asks elsewhere', () => {
    const readOnly = readOnlyDataSource(client, 'AWS');
    expect(writeConfirmationTarget(readOnly, aws({ source: readOnly, readOnly: true }))).toBeUndefined();
    expect(writeConfirmationTarget(client, aws({ kind: 'dynamodbLocal', endpoint: 'http://localhost:8000' }))).toBeUndefined();
    expect(writeConfirmationTarget(client, aws({ kind: 'custom' }))).toBeUndefined();
    expect(writeConfirmationTarget(client, undefined)).toBeUndefined();
    // The explorer moved on to another source (the built-in table) since the AWS Connect.
    expect(writeConfirmationTarget(createLocalDynamoDB(), aws())).toBeUndefined();
  });
});

describe('write confirmation store', () => {
  it('lets a write through at once when no confirmation is needed', async () => {
    const store = createWriteConfirmationStore({ source: () => client, connected: () => undefined });
    await expect(store.getState().confirmWrite('Create table Orders')).resolves.toBe(true);
    expect(store.getState().pending).toBeUndefined();
  });

  it('holds an AWS write until the user answers', async () => {
    const store = createWriteConfirmationStore({ source: () => client, connected: () => aws() });
    const first = store.getState().confirmWrite('Delete table Orders');
    expect(store.getState().pending).toEqual({ action: 'Delete table Orders', region: 'eu-west-1', endpoint: 'https://dynamodb.eu-west-1.amazonaws.com' });
    store.getState().answer(true);
    await expect(first).resolves.toBe(true);
    expect(store.getState().pending).toBeUndefined();

    const cancelled = store.getState().confirmWrite('Delete index byStatus');
    store.getState().answer(false);
    await expect(cancelled).resolves.toBe(false);
  });

  it('cancels a pending write when another one asks', async () => {
    const store = createWriteConfirmationStore({ source: () => client, connected: () => aws() });
    const first = store.getState().confirmWrite('Create table A');
    const second = store.getState().confirmWrite('Create table B');
    await expect(first).resolves.toBe(false);
    expect(store.getState().pending?.action).toBe('Create table B');
    store.getState().answer(true);
    await expect(second).resolves.toBe(true);
  });
});
