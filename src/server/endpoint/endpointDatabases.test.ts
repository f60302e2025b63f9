import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { serveEndpoint, type RunningDynamoDBEndpoint } from './dynamodbEndpoint';
import { openEngine } from './endpointCli';
import { createSeparateDatabases, databaseFolder, type SeparateDatabases } from './endpointDatabases';

const opened: { running: RunningDynamoDBEndpoint; databases: SeparateDatabases }[] = [];
const clients: DynamoDB[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const { running, databases } of opened.splice(0)) {
    await running.stop();
    await databases.close();
  }
});

async function serve() {
  const databases = createSeparateDatabases({ ttlSweep: false, open: (scope) => openEngine(undefined, { engine: scope ? { region: scope.region } : {} }) });
  const running = await serveEndpoint(databases.endpoint, { port: 0 });
  opened.push({ running, databases });
  return {
    databases,
    client: (accessKeyId: string, region: string) =>
      track(new DynamoDB({ endpoint: running.url, region, credentials: { accessKeyId, secretAccessKey: 's' }, maxAttempts: 1 })),
  };
}

function track(client: DynamoDB): DynamoDB {
  clients.push(client);
  return client;
}

const table = (TableName: string) => ({
  TableName,
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' as const }],
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' as const }],
  BillingMode: 'PAY_PER_REQUEST' as const,
});

describe('a database per access key id and region (DynamoDB Local without -sharedDb)', () => {
  it('keeps each signer’s tables apart, with its region in the ARNs, and shares one database per pair', async () => {
    const { client, databases } = await serve();
    const created = await client('AKIDA', 'eu-west-1').createTable(table('Orders'));
    expect(created.TableDescription?.TableArn).toBe('arn:aws:dynamodb:eu-west-1:000000000000:table/Orders');
    await client('AKIDB', 'eu-west-1').createTable(table('Users'));

    expect((await client('AKIDA', 'eu-west-1').listTables({})).TableNames).toEqual(['Orders']);
    expect((await client('AKIDB', 'eu-west-1').listTables({})).TableNames).toEqual(['Users']);
    expect((await client('AKIDA', 'us-east-1').listTables({})).TableNames).toEqual([]);
    expect(databases.size()).toBe(3);
  });

  it('names a database’s folder by its region and a hash of the access key id, never the key id', () => {
    expect(databaseFolder({ accessKeyId: 'AKIDA', region: 'eu-west-1' })).toMatch(/^eu-west-1-[0-9a-f]{16}$/);
    expect(databaseFolder({ accessKeyId: 'AKIDA', region: 'eu-west-1' })).not.toBe(databaseFolder({ accessKeyId: 'AKIDB', region: 'eu-west-1' }));
    expect(databaseFolder({ accessKeyId: 'AKIDA', region: '../x' })).toMatch(/^region-[0-9a-f]{12}-[0-9a-f]{16}$/);
  });
});
