import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';

/** An SDK client for the run's DynamoDB Local (see scripts/vitest.globalSetup.ts). */
export function createDynamoDBLocalClient(): DynamoDB {
  return new DynamoDB({
    endpoint: inject('dynamodbLocalEndpoint'),
    region: 'us-east-1',
    credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' },
    maxAttempts: 1,
  });
}

/** A table name no other test uses. */
export function uniqueTableName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
