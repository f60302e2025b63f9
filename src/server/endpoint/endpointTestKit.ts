/**
 * The running endpoint the dynamodbEndpoint*.test.ts files drive: the real
 * AWS SDK v3 client, plus raw HTTP for what an SDK never sends. Call
 * useTestEndpoint() at the top of a test file.
 */
import { DynamoDB, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { startDynamoDBEndpoint, type EndpointLogEntry, type RunningDynamoDBEndpoint } from './dynamodbEndpoint';

export const CREDENTIALS = { accessKeyId: 'keylab-test', secretAccessKey: 'super-secret-value' };

/**
 * What an SDK's signature looks like to the endpoint (it reads the form only,
 * never checks the value): sent by {@link TestEndpoint.call}.
 */
export const SIGNED_HEADERS = {
  Authorization: 'AWS4-HMAC-SHA256 Credential=keylab-test/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=00',
  'X-Amz-Date': '20260101T000000Z',
} as const;

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SendOptions {
  method?: string;
  path?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  port?: number;
}

export interface TestEndpoint {
  readonly endpoint: RunningDynamoDBEndpoint;
  readonly client: DynamoDB;
  /** Engine bugs (500s) land here; every test checks it stays empty. */
  readonly unexpected: unknown[];
  readonly log: EndpointLogEntry[];
  /** One raw HTTP request (http.request, so any method, header and body can be sent). */
  send(options: SendOptions): Promise<RawResponse>;
  /** A DynamoDB request as an SDK would send it (with a well-formed signature: the endpoint checks no signature's value). */
  call(operation: string, body: unknown, headers?: OutgoingHttpHeaders): Promise<RawResponse>;
}

/** Starts an endpoint (any CORS origin) before the file's tests and stops it after. */
export function useTestEndpoint(): TestEndpoint {
  let endpoint: RunningDynamoDBEndpoint | undefined;
  let client: DynamoDB | undefined;
  const unexpected: unknown[] = [];
  const log: EndpointLogEntry[] = [];

  beforeAll(async () => {
    endpoint = await startDynamoDBEndpoint({
      db: createLocalDynamoDB(),
      port: 0,
      corsOrigins: '*',
      onError: (error) => unexpected.push(error),
      onResponse: (entry) => log.push(entry),
    });
    client = new DynamoDB({ endpoint: endpoint.url, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
  });

  afterAll(async () => {
    client?.destroy();
    await endpoint?.stop();
  });

  afterEach(() => {
    // An engine bug shows up as a 500 and lands here; no test expects one unless it says so.
    expect(unexpected).toEqual([]);
  });

  const running = (): RunningDynamoDBEndpoint => {
    if (!endpoint) throw new Error('The test endpoint is not started yet (use it inside a test or hook).');
    return endpoint;
  };
  const send = (options: SendOptions): Promise<RawResponse> =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: options.port ?? running().port,
          path: options.path ?? '/',
          method: options.method ?? 'POST',
          headers: options.headers ?? {},
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });

  return {
    get endpoint() {
      return running();
    },
    get client() {
      if (!client) throw new Error('The test endpoint is not started yet (use it inside a test or hook).');
      return client;
    },
    unexpected,
    log,
    send,
    call: (operation, body, headers = {}) =>
      send({
        headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': `DynamoDB_20120810.${operation}`, ...SIGNED_HEADERS, ...headers },
        body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      }),
  };
}

export function table(name: string, extra: Partial<CreateTableCommandInput> = {}): CreateTableCommandInput {
  return {
    TableName: name,
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    ...extra,
  };
}

/** Awaits `promise` and returns what it rejected with. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { $metadata?: { httpStatusCode?: number } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}
