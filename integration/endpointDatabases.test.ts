/**
 * `keylab endpoint` as a drop-in for DynamoDB Local, through its own process
 * and the AWS SDK: without -sharedDb each access key id and region sees its
 * own tables (as DynamoDB Local keeps `<accessKey>_<region>.db`), with it they
 * all share one. The same cases run against the real DynamoDB Local started
 * with the same flags, so the two are seen to agree. -dbPath keeps each database in its own folder of
 * DIR/keylab-endpoint/ and never touches DynamoDB Local's files in DIR.
 */
import { DynamoDB, paginateListTables } from '@aws-sdk/client-dynamodb';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { findFreePort, startDynamoDBLocal } from '../scripts/dynamodbLocal';
import { startEndpointProcess, type RunningEndpointProcess } from '../scripts/endpointProcess';
import { REPO_ROOT } from '../scripts/paths';
import { uniqueTableName } from './dynamodbLocal';

interface Caller {
  readonly accessKeyId: string;
  readonly region: string;
}

const CALLERS: readonly Caller[] = [
  { accessKeyId: 'AKIDALPHA', region: 'us-east-1' },
  { accessKeyId: 'AKIDBRAVO', region: 'us-east-1' },
  { accessKeyId: 'AKIDALPHA', region: 'eu-west-1' },
];

/** A server the callers talk to: Keylab's endpoint or DynamoDB Local, as its own process. */
interface Server {
  readonly endpoint: string;
  /** The run's DynamoDB Local, holding other files' tables too: only this test's own are compared. */
  readonly sharedWithRun?: boolean;
  stop(): Promise<void>;
}

const running: Server[] = [];
const clients: DynamoDB[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const endpoint of running.splice(0)) await endpoint.stop();
});

async function start(flags: readonly string[], cwd?: string): Promise<RunningEndpointProcess> {
  const port = await findFreePort();
  const endpoint = await startEndpointProcess([...flags, '-port', String(port)], { port, cwd });
  running.push(endpoint);
  return endpoint;
}

/**
 * DynamoDB Local with the same flag line: `java -jar DynamoDBLocal.jar -inMemory [-sharedDb] -port N`. The run's
 * own (scripts/vitest.globalSetup.ts) was started with exactly `-inMemory -sharedDb`, so that line uses it: a Java
 * start is the longest part of this file (over 30 s at load 18), and the listing is cut to this test's tables.
 */
async function startLocal(flags: readonly string[]): Promise<Server> {
  if (flags.length === 2 && flags.includes('-inMemory') && flags.includes('-sharedDb')) {
    return { endpoint: inject('dynamodbLocalEndpoint'), sharedWithRun: true, stop: () => Promise.resolve() };
  }
  // A ceiling for Java's start on a loaded machine (the wait is on DynamoDB Local answering).
  const local = await startDynamoDBLocal({ inMemory: flags.includes('-inMemory'), sharedDb: flags.includes('-sharedDb'), startTimeoutMs: 300_000 });
  running.push(local);
  return local;
}

function clientOf(endpoint: Server, caller: Caller): DynamoDB {
  const client = new DynamoDB({
    endpoint: endpoint.endpoint,
    region: caller.region,
    credentials: { accessKeyId: caller.accessKeyId, secretAccessKey: 'secret' },
    maxAttempts: 1,
  });
  clients.push(client);
  return client;
}

/** Every table name ListTables returns, page after page (the run's DynamoDB Local holds more than one page). */
async function listAllTables(client: DynamoDB): Promise<string[]> {
  const names: string[] = [];
  for await (const page of paginateListTables({ client }, {})) names.push(...(page.TableNames ?? []));
  return names;
}

async function createTable(client: DynamoDB, TableName: string) {
  const { TableDescription } = await client.createTable({
    TableName,
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  return TableDescription;
}

const FLAG_LINES = [
  // DynamoDB Local's exact flag lines; which callers' tables each caller lists after every caller created one table.
  { flags: ['-inMemory'], sees: (index: number) => [index] },
  { flags: ['-sharedDb', '-inMemory'], sees: () => CALLERS.map((_, index) => index) },
];

describe.each([
  { server: 'keylab endpoint', start: start },
  { server: 'java -jar DynamoDBLocal.jar', start: startLocal },
])('$server', ({ start }) => {
  // DynamoDB Local's start: seconds of Java, minutes at load 40.
  it.each(FLAG_LINES)(
    '$flags -port <free> keeps the tables of each access key id and region apart unless -sharedDb',
    { timeout: 600_000 },
    async ({ flags, sees }) => {
      const endpoint: Server = await start(flags);
      const prefix = uniqueTableName('drop-in');
      const tableOf = (index: number) => `${prefix}-${index}`;
      for (const [index, caller] of CALLERS.entries()) await createTable(clientOf(endpoint, caller), tableOf(index));
      for (const [index, caller] of CALLERS.entries()) {
        const listed = await listAllTables(clientOf(endpoint, caller));
        const compared = endpoint.sharedWithRun ? listed.filter((name) => name.startsWith(`${prefix}-`)) : listed;
        expect(compared, `${caller.accessKeyId} in ${caller.region}`).toEqual(sees(index).map(tableOf));
      }
    },
  );
});

describe('keylab endpoint -dbPath DIR', () => {
  // Two starts: from the sources through tsx when the prebuilt endpoint is stale (an edited clone), a minute each at load 40.
  it('keeps each database in its own folder of DIR/keylab-endpoint, across restarts, with the region in its ARNs', { timeout: 300_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'keylab-dbpath-'));
    try {
      // DynamoDB Local's own file in the same folder: never read or written.
      await writeFile(path.join(dir, 'shared-local-instance.db'), 'DynamoDB Local’s database');
      const [alpha, bravo] = CALLERS as [Caller, Caller];
      const first = await start(['-dbPath', dir]);
      const description = await createTable(clientOf(first, alpha), 'Kept');
      expect(description?.TableArn).toBe('arn:aws:dynamodb:us-east-1:000000000000:table/Kept');
      await clientOf(first, alpha).putItem({ TableName: 'Kept', Item: { pk: { S: 'a' } } });
      await first.stop();

      const second = await start(['-dbPath', dir]);
      expect((await clientOf(second, alpha).getItem({ TableName: 'Kept', Key: { pk: { S: 'a' } } })).Item).toEqual({ pk: { S: 'a' } });
      expect((await clientOf(second, bravo).listTables({})).TableNames).toEqual([]);
      expect((await readdir(dir)).sort()).toEqual(['keylab-endpoint', 'shared-local-instance.db']);
      expect(await readFile(path.join(dir, 'shared-local-instance.db'), 'utf8')).toBe('DynamoDB Local’s database');
      // One folder per database, opened by its first request (alpha's, bravo's ListTables, and the readiness
      // probe's access key `keylab`): the region and a hash of the access key id (no key id on disk).
      const folders = await readdir(path.join(dir, 'keylab-endpoint'));
      expect(folders.length).toBeGreaterThanOrEqual(2);
      for (const folder of folders) expect(folder).toMatch(/^us-east-1-[0-9a-f]{16}$/);
      expect(folders.join()).not.toMatch(/AKID/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('keylab endpoint with a flag DynamoDB Local does not have', () => {
  it.each([
    [['-sharedDb', '-inMemroy'], "Unknown option '-inMemroy'. Did you mean -inMemory?"],
    [['-inMemory', '-dbPath', '.'], '-inMemory keeps the tables in memory, -dbPath on disk: give one of them.'],
  ])('%j exits 2 naming it', async (flags, message) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/keylab.mjs'), 'endpoint', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // 'close', not 'exit': stderr is read to its end.
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Run keylab endpoint --help for every option.');
  });
});
