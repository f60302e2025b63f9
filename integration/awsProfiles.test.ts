import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { awsProfileRoutes, createAppServer, type AppServer } from '../src/server';
import { createRemoteDynamoDB, describeConnectionError, type RemoteSettings } from '../src/sources/remoteDynamoDB';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { createTableInput } from './fixtures/tables';

/*
 * A named profile end to end, with no mock anywhere: the browser's remote
 * source (the SDK client the explorer uses) → the app server's profile signer
 * → the SDK's fromIni running a real credential_process script → SigV4 → the
 * profile's endpoint_url, which is the run's real DynamoDB Local.
 */

let dir: string;
let app: AppServer;
let appOrigin: string;
const ENV_KEYS = ['HOME', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_PROFILE'];
const savedEnv: Record<string, string | undefined> = {};
const SECRET = 'processSecret/0123456789abcdefghijklmnop';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-profiles-it-'));
  await writeFile(
    path.join(dir, 'creds.mjs'),
    `console.log(JSON.stringify({ Version: 1, AccessKeyId: 'KEYLABPROFILEIT', SecretAccessKey: ${JSON.stringify(SECRET)}, Expiration: new Date(Date.now() + 3600e3).toISOString() }));\n`,
  );
  await writeFile(path.join(dir, 'fail.mjs'), `console.error('no credentials today'); process.exit(2);\n`);
  const node = JSON.stringify(process.execPath);
  await writeFile(
    path.join(dir, 'config'),
    `[profile local]
credential_process = ${node} ${JSON.stringify(path.join(dir, 'creds.mjs'))}
region = us-east-1
services = local-dynamodb

[services local-dynamodb]
dynamodb =
  endpoint_url = ${inject('dynamodbLocalEndpoint')}

[profile broken]
credential_process = ${node} ${JSON.stringify(path.join(dir, 'fail.mjs'))}
endpoint_url = ${inject('dynamodbLocalEndpoint')}
`,
  );
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.HOME = dir;
  process.env.AWS_CONFIG_FILE = path.join(dir, 'config');
  process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(dir, 'credentials');
  app = createAppServer({ distDir: '/nonexistent', port: 0, routes: awsProfileRoutes({ credentialTimeoutMs: 10_000 }) });
  appOrigin = `http://localhost:${(await app.start()).port}`;
});

afterAll(async () => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await app?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** What the explorer builds for "AWS · Named profile": no key of its own. */
const profileSettings = (profile: string): RemoteSettings => ({ kind: 'aws', region: 'us-east-1', accessKeyId: 'keylab', secretAccessKey: '', profile });

describe('a credential_process profile whose endpoint_url is DynamoDB Local', () => {
  it('lists, creates and reads tables through the profile signer', async () => {
    const client = createRemoteDynamoDB(profileSettings('local'), { appOrigin });
    const table = uniqueTableName('profile');
    await client.createTable(createTableInput(table, [['pk', 'S']]));
    await client.putItem({ TableName: table, Item: { pk: { S: 'a' }, n: { N: '1' } } });
    expect((await client.listTables({})).TableNames).toContain(table);
    expect((await client.getItem({ TableName: table, Key: { pk: { S: 'a' } } })).Item).toEqual({ pk: { S: 'a' }, n: { N: '1' } });
    // The same table, seen by a client talking to DynamoDB Local directly.
    const direct = createDynamoDBLocalClient();
    expect((await direct.describeTable({ TableName: table })).Table?.ItemCount).toBeGreaterThanOrEqual(0);
    await direct.deleteTable({ TableName: table });
  });

  it('says what failed, once, when the credential_process fails', async () => {
    const settings = profileSettings('broken');
    const client = createRemoteDynamoDB(settings, { appOrigin });
    const error = await client.listTables({ Limit: 1 }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ name: 'ProfileProcessFailed' });
    expect(describeConnectionError(error, settings)).toEqual({
      kind: 'credentials',
      message: 'The credential_process of profile broken failed: no credentials today. Run it in a terminal to see why, then Connect again.',
    });
  });
});
