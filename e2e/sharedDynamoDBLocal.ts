import { DynamoDB } from '@aws-sdk/client-dynamodb';
import type { RunningDynamoDBLocal } from '../scripts/dynamodbLocal';

/**
 * Empties the worker's shared DynamoDB Local (the `dynamoDBLocal` worker fixture of e2e/fixtures.ts): deletes every
 * table, so a spec file starts on an empty database as it did on a DynamoDB Local of its own. Call it first in the
 * file's `beforeAll`, before creating its tables. DynamoDB Local deletes an in-memory table at once, but the wait is
 * on ListTables being empty, not on that. (DynamoDB Local 3.x takes letters and digits only as an access key.)
 *
 * @example
 * test.beforeAll(async ({ dynamoDBLocal }) => {
 *   ddbLocal = await emptyDynamoDBLocal(dynamoDBLocal);
 *   // create the file's tables
 * });
 */
export async function emptyDynamoDBLocal(ddbLocal: RunningDynamoDBLocal): Promise<RunningDynamoDBLocal> {
  const client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'keylab', secretAccessKey: 'x' } });
  try {
    for (let round = 1; ; round++) {
      const names = await allTableNames(client);
      if (names.length === 0) return ddbLocal;
      if (round > 20) throw new Error(`DynamoDB Local at ${ddbLocal.endpoint} still lists ${names.join(', ')} after ${round - 1} rounds of DeleteTable.`);
      for (const TableName of names) {
        try {
          await client.deleteTable({ TableName });
        } catch (error) {
          // Gone already (or still being created/deleted): the next ListTables says which.
          if ((error as { name?: string }).name !== 'ResourceNotFoundException' && (error as { name?: string }).name !== 'ResourceInUseException') throw error;
        }
      }
    }
  } finally {
    client.destroy();
  }
}

async function allTableNames(client: DynamoDB): Promise<string[]> {
  const names: string[] = [];
  let ExclusiveStartTableName: string | undefined;
  do {
    const page = await client.listTables(ExclusiveStartTableName === undefined ? {} : { ExclusiveStartTableName });
    names.push(...(page.TableNames ?? []));
    ExclusiveStartTableName = page.LastEvaluatedTableName;
  } while (ExclusiveStartTableName);
  return names;
}
