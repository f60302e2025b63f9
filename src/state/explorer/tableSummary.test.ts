import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { summarizeTable } from './tablesSlice';

describe('summarizeTable: deletion protection', () => {
  it.each([
    ['on', true],
    ['off', false],
  ])('is read from DescribeTable when %s', async (_, enabled) => {
    const source = createLocalDynamoDB();
    await source.createTable({
      TableName: 'Guarded',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      DeletionProtectionEnabled: enabled,
    });
    const { Table } = await source.describeTable({ TableName: 'Guarded' });
    expect(summarizeTable(Table ?? {}).deletionProtection).toBe(enabled);
  });

  it('is left out when DescribeTable does not say (an older DynamoDB Local)', () => {
    expect(summarizeTable({ TableName: 'Old', KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] })).not.toHaveProperty('deletionProtection');
  });
});
