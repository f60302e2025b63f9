import type { CreateTableCommandInput, TableDescription, UpdateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { rejection, table, useTestEndpoint } from './endpointTestKit';

/*
 * A table's configuration parameters over HTTP with the real SDK: deletion
 * protection, table class, SSE with a KMS key and on-demand maximum
 * throughput are stored and described as DynamoDB does (CreateTable's and
 * UpdateTable's TableDescription, DescribeTable), and DeleteTable refuses a
 * protected table with DynamoDB's message.
 */

const test = useTestEndpoint();
let counter = 0;
const fresh = (): string => `Settings${++counter}`;
const hashTable = (name: string, extra: Partial<CreateTableCommandInput> = {}): CreateTableCommandInput =>
  table(name, { KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], ...extra });
const describeTable = async (name: string): Promise<TableDescription> => (await test.client.describeTable({ TableName: name })).Table ?? {};
const KMS_ARN = /^arn:aws:kms:[a-z0-9-]+:\d{12}:key\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('CreateTable: configuration parameters round-trip', () => {
  it.each<[string, Partial<CreateTableCommandInput>, (description: TableDescription) => void]>([
    ['DeletionProtectionEnabled true', { DeletionProtectionEnabled: true }, (t) => expect(t.DeletionProtectionEnabled).toBe(true)],
    ['DeletionProtectionEnabled left out', {}, (t) => expect(t.DeletionProtectionEnabled).toBe(false)],
    [
      'TableClass STANDARD_INFREQUENT_ACCESS',
      { TableClass: 'STANDARD_INFREQUENT_ACCESS' },
      (t) => {
        expect(t.TableClassSummary?.TableClass).toBe('STANDARD_INFREQUENT_ACCESS');
        expect(t.TableClassSummary?.LastUpdateDateTime).toBeInstanceOf(Date);
      },
    ],
    ['TableClass left out (no summary, as DynamoDB)', {}, (t) => expect(t.TableClassSummary).toBeUndefined()],
    [
      'SSESpecification with the AWS-managed key',
      { SSESpecification: { Enabled: true } },
      (t) => {
        expect(t.SSEDescription?.Status).toBe('ENABLED');
        expect(t.SSEDescription?.SSEType).toBe('KMS');
        expect(t.SSEDescription?.KMSMasterKeyArn).toMatch(KMS_ARN);
      },
    ],
    [
      'SSESpecification with a key id',
      { SSESpecification: { Enabled: true, SSEType: 'KMS', KMSMasterKeyId: '1234abcd-12ab-34cd-56ef-1234567890ab' } },
      (t) => expect(t.SSEDescription?.KMSMasterKeyArn).toMatch(/^arn:aws:kms:[a-z0-9-]+:\d{12}:key\/1234abcd-12ab-34cd-56ef-1234567890ab$/),
    ],
    [
      'SSESpecification disabled (the AWS-owned key: no description)',
      { SSESpecification: { Enabled: false } },
      (t) => expect(t.SSEDescription).toBeUndefined(),
    ],
    [
      'OnDemandThroughput on a PAY_PER_REQUEST table',
      { OnDemandThroughput: { MaxReadRequestUnits: 10, MaxWriteRequestUnits: 5 } },
      (t) => expect(t.OnDemandThroughput).toEqual({ MaxReadRequestUnits: 10, MaxWriteRequestUnits: 5 }),
    ],
    [
      'OnDemandThroughput with one member (the other has no limit: -1)',
      { OnDemandThroughput: { MaxReadRequestUnits: 10 } },
      (t) => expect(t.OnDemandThroughput).toEqual({ MaxReadRequestUnits: 10, MaxWriteRequestUnits: -1 }),
    ],
  ])('%s: CreateTable’s output and DescribeTable', async (_, extra, check) => {
    const name = fresh();
    const created = await test.client.createTable(hashTable(name, extra));
    check(created.TableDescription ?? {});
    check(await describeTable(name));
  });

  it.each<[string, Partial<CreateTableCommandInput>, string]>([
    [
      'a bad TableClass',
      { TableClass: 'COLD' as never },
      "1 validation error detected: Value 'COLD' at 'tableClass' failed to satisfy constraint: Member must satisfy enum value set: [STANDARD, STANDARD_INFREQUENT_ACCESS]",
    ],
    [
      'a bad SSEType',
      { SSESpecification: { Enabled: true, SSEType: 'RSA' as never } },
      "1 validation error detected: Value 'RSA' at 'sSESpecification.sSEType' failed to satisfy constraint: Member must satisfy enum value set: [AES256, KMS]",
    ],
    [
      'OnDemandThroughput on a PROVISIONED table',
      { BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 }, OnDemandThroughput: { MaxReadRequestUnits: 5 } },
      'One or more parameter values were invalid: OnDemandThroughput can be specified only when BillingMode is PAY_PER_REQUEST: leave it out or use BillingMode PAY_PER_REQUEST',
    ],
    [
      'a MaxReadRequestUnits of 0',
      { OnDemandThroughput: { MaxReadRequestUnits: 0 } },
      'One or more parameter values were invalid: MaxReadRequestUnits must be -1 (no limit) or a whole number of at least 1, got 0',
    ],
  ])('refuses %s', async (_, extra, message) => {
    const refused = await rejection(test.client.createTable(hashTable(fresh(), extra)));
    expect(refused.name).toBe('ValidationException');
    expect(refused.message).toBe(message);
  });
});

describe('UpdateTable: configuration parameters', () => {
  it.each<[string, Partial<CreateTableCommandInput>, Omit<UpdateTableCommandInput, 'TableName'>, (description: TableDescription) => void]>([
    ['enables deletion protection', {}, { DeletionProtectionEnabled: true }, (t) => expect(t.DeletionProtectionEnabled).toBe(true)],
    [
      'disables deletion protection',
      { DeletionProtectionEnabled: true },
      { DeletionProtectionEnabled: false },
      (t) => expect(t.DeletionProtectionEnabled).toBe(false),
    ],
    ['changes TableClass', {}, { TableClass: 'STANDARD_INFREQUENT_ACCESS' }, (t) => expect(t.TableClassSummary?.TableClass).toBe('STANDARD_INFREQUENT_ACCESS')],
    [
      'changes OnDemandThroughput',
      { OnDemandThroughput: { MaxReadRequestUnits: 10, MaxWriteRequestUnits: 5 } },
      { OnDemandThroughput: { MaxReadRequestUnits: 20, MaxWriteRequestUnits: 15 } },
      (t) => expect(t.OnDemandThroughput).toEqual({ MaxReadRequestUnits: 20, MaxWriteRequestUnits: 15 }),
    ],
    [
      'enables SSE with the AWS-managed key',
      {},
      { SSESpecification: { Enabled: true } },
      (t) => expect(t.SSEDescription).toEqual({ Status: 'ENABLED', SSEType: 'KMS', KMSMasterKeyArn: expect.stringMatching(KMS_ARN) }),
    ],
    [
      'keeps what the request leaves out',
      { DeletionProtectionEnabled: true, TableClass: 'STANDARD_INFREQUENT_ACCESS' },
      { StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } },
      (t) => {
        expect(t.DeletionProtectionEnabled).toBe(true);
        expect(t.TableClassSummary?.TableClass).toBe('STANDARD_INFREQUENT_ACCESS');
      },
    ],
  ])('%s: UpdateTable’s output and DescribeTable', async (_, create, update, check) => {
    const name = fresh();
    await test.client.createTable(hashTable(name, create));
    const updated = await test.client.updateTable({ TableName: name, ...update });
    check(updated.TableDescription ?? {});
    check(await describeTable(name));
  });
});

describe('DeleteTable and deletion protection', () => {
  it('refuses a protected table with DynamoDB’s message and keeps it; deletes it once protection is off', async () => {
    const name = fresh();
    await test.client.createTable(hashTable(name, { DeletionProtectionEnabled: true }));
    await test.client.putItem({ TableName: name, Item: { pk: { S: 'kept' } } });
    const refused = await rejection(test.client.deleteTable({ TableName: name }));
    expect(refused.name).toBe('ValidationException');
    expect(refused.message).toBe('Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.');
    expect((await test.client.getItem({ TableName: name, Key: { pk: { S: 'kept' } } })).Item).toEqual({ pk: { S: 'kept' } });
    await test.client.updateTable({ TableName: name, DeletionProtectionEnabled: false });
    expect((await test.client.deleteTable({ TableName: name })).TableDescription?.TableStatus).toBe('DELETING');
  });
});
