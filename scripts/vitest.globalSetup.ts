/**
 * Vitest global setup for the integration project: one real DynamoDB Local
 * (in memory, shared database) for the whole run. Tests read its endpoint with
 * `inject('dynamodbLocalEndpoint')` and use their own table names.
 */
import type { TestProject } from 'vitest/node';
import { startDynamoDBLocal } from './dynamodbLocal';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbLocalEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dynamodbLocal = await startDynamoDBLocal({ inMemory: true, sharedDb: true });
  project.provide('dynamodbLocalEndpoint', dynamodbLocal.endpoint);
  return () => dynamodbLocal.stop();
}
