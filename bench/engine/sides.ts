/** The three sides measured: the engine in this process, its endpoint over HTTP (own process), DynamoDB Local (own JVM). */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { findFreePort, startDynamoDBLocal, type RunningDynamoDBLocal } from '../../scripts/dynamodbLocal';
import { createLocalDynamoDB, type DynamoDBDataSource, type LocalDynamoDB } from '../../src/engine';
import { DDBL_BUDGET_MS, HTTP_CONCURRENCY } from './config';

export interface BenchSide {
  readonly name: string;
  readonly db: DynamoDBDataSource;
  /** The in-process engine's bulk-load path, when the side has one. */
  readonly loadItems?: LocalDynamoDB['loadItems'];
  /** The HTTP endpoint, for the raw-HTTP Query row. */
  readonly url?: string;
  /** 1 for in-process calls (each one runs to completion synchronously anyway). */
  readonly concurrency: number;
  /** Milliseconds the 1M load may take before it is stopped and extrapolated. */
  readonly loadBudgetMs: number;
  stop(): Promise<void>;
}

export function sdkClient(endpoint: string): DynamoDB {
  return new DynamoDB({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' },
    maxAttempts: 1,
    requestHandler: { httpAgent: new http.Agent({ keepAlive: true, maxSockets: HTTP_CONCURRENCY * 2 }) },
  });
}

export async function startInProcess(): Promise<BenchSide> {
  const engine = createLocalDynamoDB();
  return { name: 'engine in-process', db: engine, loadItems: engine.loadItems, concurrency: 1, loadBudgetMs: Infinity, stop: () => Promise.resolve() };
}

/**
 * The endpoint as users run it: `npm run endpoint` (scripts/endpoint.ts) in
 * its own Node process, as DynamoDB Local runs in its own JVM — so the
 * client's work and garbage collection don't share a heap (with a million
 * items in it) and an event loop with the server's.
 */
export async function startEndpoint(): Promise<BenchSide> {
  const port = await findFreePort();
  // process.execArgv carries tsx's loader, which this bench runs under.
  const child = spawn(process.execPath, [...process.execArgv, 'scripts/endpoint.ts', '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the endpoint did not start in 60 s: ${output}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`the endpoint exited with ${code}: ${output}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      const match = /running at (http:\/\/\S+?) /.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
  }).catch((error: unknown) => {
    child.kill();
    throw error;
  });
  const client = sdkClient(url);
  return {
    name: 'engine endpoint (HTTP)',
    db: client,
    url,
    concurrency: HTTP_CONCURRENCY,
    loadBudgetMs: Infinity,
    stop: async () => {
      client.destroy();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startLocal(): Promise<BenchSide> {
  // A free port (findFreePort) is picked by startDynamoDBLocal.
  const local: RunningDynamoDBLocal = await startDynamoDBLocal({ inMemory: true, sharedDb: true });
  const client = sdkClient(local.endpoint);
  return {
    name: 'DynamoDB Local (HTTP)',
    db: client,
    url: local.endpoint,
    concurrency: HTTP_CONCURRENCY,
    loadBudgetMs: DDBL_BUDGET_MS,
    stop: async () => {
      client.destroy();
      await local.stop();
    },
  };
}
