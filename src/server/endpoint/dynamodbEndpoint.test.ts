import {
  ConditionalCheckFailedException,
  DynamoDB,
  DynamoDBServiceException,
  InternalServerError,
  ResourceInUseException,
  ResourceNotFoundException,
  type AttributeValue,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../engine';
import { createAppServer } from '../app';
import {
  CORS_ALLOWED_HEADERS,
  createDynamoDBEndpoint,
  dynamodbRoute,
  MAX_REQUEST_BYTES,
  startDynamoDBEndpoint,
  type EndpointLogEntry,
  type RunningDynamoDBEndpoint,
} from '../endpoint';

/*
 * The endpoint driven by the real AWS SDK v3 client, plus raw HTTP for what
 * an SDK never sends. Wire details (error __type strings, CRC32 values,
 * epoch-second dates) were captured from DynamoDB Local 3.3.1 with curl and
 * from architect/dynalite's recordings of live DynamoDB.
 */

const CREDENTIALS = { accessKeyId: 'keylab-test', secretAccessKey: 'super-secret-value' };

let endpoint: RunningDynamoDBEndpoint;
let client: DynamoDB;
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
  client.destroy();
  await endpoint.stop();
});

afterEach(() => {
  // An engine bug shows up as a 500 and lands here; no test expects one unless it says so.
  expect(unexpected).toEqual([]);
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One raw HTTP request (http.request, so any method, header and body can be sent). */
function send(
  options: { method?: string; path?: string; headers?: OutgoingHttpHeaders; body?: string | Buffer; port?: number },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: options.port ?? endpoint.port, path: options.path ?? '/', method: options.method ?? 'POST', headers: options.headers ?? {}, agent: false },
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
}

/** A DynamoDB request as an SDK would send it (unsigned: the endpoint checks no signature). */
function call(operation: string, body: unknown, headers: OutgoingHttpHeaders = {}): Promise<RawResponse> {
  return send({
    headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': `DynamoDB_20120810.${operation}`, ...headers },
    body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

function table(name: string, extra: Partial<CreateTableCommandInput> = {}): CreateTableCommandInput {
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
async function rejection(promise: Promise<unknown>): Promise<Error & { $metadata?: { httpStatusCode?: number } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('tables', () => {
  it('creates, describes, lists and deletes a table (dates arrive as Dates)', async () => {
    const before = Date.now();
    const created = await client.createTable(
      table('Tables1', {
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'g', AttributeType: 'N' },
        ],
        GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
      }),
    );
    expect(created.TableDescription?.TableName).toBe('Tables1');
    const described = await client.describeTable({ TableName: 'Tables1' });
    expect(described.Table?.CreationDateTime).toBeInstanceOf(Date);
    const createdAt = described.Table?.CreationDateTime?.getTime() ?? 0;
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(described.Table?.GlobalSecondaryIndexes?.[0]?.IndexName).toBe('byG');
    expect((await client.listTables({})).TableNames).toContain('Tables1');
    await client.deleteTable({ TableName: 'Tables1' });
    expect((await client.listTables({})).TableNames).not.toContain('Tables1');
  });

  it('sends CreationDateTime as epoch seconds on the wire, as DynamoDB Local does', async () => {
    await client.createTable(table('Tables2'));
    const response = await call('DescribeTable', { TableName: 'Tables2' });
    const seconds = JSON.parse(response.body).Table.CreationDateTime;
    expect(typeof seconds).toBe('number');
    expect(Math.abs(seconds - Date.now() / 1000)).toBeLessThan(60);
  });
});

describe('items', () => {
  beforeAll(async () => {
    await client.createTable(table('Items'));
  });

  it('puts, gets, updates and deletes an item', async () => {
    await client.putItem({ TableName: 'Items', Item: { pk: { S: 'p' }, sk: { S: 'a' }, n: { N: '1e3' }, s: { SS: ['x', 'y'] } } });
    const got = await client.getItem({ TableName: 'Items', Key: { pk: { S: 'p' }, sk: { S: 'a' } } });
    expect(got.Item).toEqual({ pk: { S: 'p' }, sk: { S: 'a' }, n: { N: '1000' }, s: { SS: ['x', 'y'] } });
    const updated = await client.updateItem({
      TableName: 'Items',
      Key: { pk: { S: 'p' }, sk: { S: 'a' } },
      UpdateExpression: 'SET n = n + :one REMOVE s',
      ExpressionAttributeValues: { ':one': { N: '1' } },
      ReturnValues: 'ALL_NEW',
    });
    expect(updated.Attributes).toEqual({ pk: { S: 'p' }, sk: { S: 'a' }, n: { N: '1001' } });
    const deleted = await client.deleteItem({ TableName: 'Items', Key: { pk: { S: 'p' }, sk: { S: 'a' } }, ReturnValues: 'ALL_OLD' });
    expect(deleted.Attributes?.n).toEqual({ N: '1001' });
    expect((await client.getItem({ TableName: 'Items', Key: { pk: { S: 'p' }, sk: { S: 'a' } } })).Item).toBeUndefined();
  });

  it('queries in UTF-8 byte order both ways, pages with LastEvaluatedKey, and scans', async () => {
    const keys = ['9', '10', '240', '1500', 'z', 'ä', '€', '\uFFFF', '𝄞'];
    for (const sk of keys) await client.putItem({ TableName: 'Items', Item: { pk: { S: 'order' }, sk: { S: sk } } });
    const ascending = ['10', '1500', '240', '9', 'z', 'ä', '€', '\uFFFF', '𝄞'];

    const seen: string[] = [];
    let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
    let pages = 0;
    do {
      const page = await client.query({
        TableName: 'Items',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': { S: 'order' } },
        Limit: 4,
        ExclusiveStartKey,
      });
      seen.push(...(page.Items ?? []).map((item) => item.sk?.S ?? ''));
      ExclusiveStartKey = page.LastEvaluatedKey;
      pages++;
    } while (ExclusiveStartKey);
    expect(seen).toEqual(ascending);
    expect(pages).toBe(3);

    const descending = await client.query({
      TableName: 'Items',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'order' } },
      ScanIndexForward: false,
    });
    expect(descending.Items?.map((item) => item.sk?.S)).toEqual([...ascending].reverse());
    expect(descending.Count).toBe(9);

    const scanned = await client.scan({ TableName: 'Items', FilterExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'order' } } });
    expect(scanned.Count).toBe(9);
  });

  it('writes and reads in batches', async () => {
    const written = await client.batchWriteItem({
      RequestItems: { Items: Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: { pk: { S: 'batch' }, sk: { S: String(i).padStart(2, '0') } } } })) },
    });
    expect(written.UnprocessedItems).toEqual({});
    const read = await client.batchGetItem({
      RequestItems: { Items: { Keys: [{ pk: { S: 'batch' }, sk: { S: '03' } }, { pk: { S: 'batch' }, sk: { S: '24' } }, { pk: { S: 'batch' }, sk: { S: 'nope' } }] } },
    });
    expect(read.Responses?.Items?.map((item) => item.sk?.S).sort()).toEqual(['03', '24']);
    expect(read.UnprocessedKeys).toEqual({});
    await client.batchWriteItem({ RequestItems: { Items: [{ DeleteRequest: { Key: { pk: { S: 'batch' }, sk: { S: '03' } } } }] } });
    const count = await client.query({ TableName: 'Items', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'batch' } }, Select: 'COUNT' });
    expect(count.Count).toBe(24);
    expect(count.Items).toBeUndefined();
  });

  it('answers concurrent requests correctly', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => client.putItem({ TableName: 'Items', Item: { pk: { S: 'parallel' }, sk: { S: `${i}` } } })));
    const [count] = await Promise.all([
      client.query({ TableName: 'Items', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'parallel' } }, Select: 'COUNT' }),
      ...Array.from({ length: 10 }, () => client.listTables({})),
    ]);
    expect(count.Count).toBe(40);
  });
});

describe('binary values', () => {
  const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

  beforeAll(async () => {
    await client.createTable({
      TableName: 'Binary',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'B' },
        { AttributeName: 'sk', AttributeType: 'B' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('round-trips every byte value, in keys, sets and nested documents', async () => {
    const item: Record<string, AttributeValue> = {
      pk: { B: ALL_BYTES },
      sk: { B: Uint8Array.of(0xff, 0x00, 0x80) },
      bs: { BS: [Uint8Array.of(0), Uint8Array.of(0xfe, 0xff), Uint8Array.of(0x7f)] },
      doc: { M: { l: { L: [{ B: Uint8Array.of(0xc3, 0x28) }, { M: { deep: { BS: [Uint8Array.of(0x80)] } } }] } } },
      empty: { B: new Uint8Array(0) },
    };
    await client.putItem({ TableName: 'Binary', Item: item });
    const got = await client.getItem({ TableName: 'Binary', Key: { pk: item.pk as AttributeValue, sk: item.sk as AttributeValue } });
    expect(got.Item?.pk?.B).toEqual(ALL_BYTES);
    expect(got.Item?.sk?.B).toEqual(Uint8Array.of(0xff, 0x00, 0x80));
    expect(new Set(got.Item?.bs?.BS?.map((b) => [...b].join(',')))).toEqual(new Set(['0', '254,255', '127']));
    expect(got.Item?.doc).toEqual(item.doc);
    expect(got.Item?.empty?.B).toEqual(new Uint8Array(0));
  });

  it('orders binary sort keys as unsigned bytes (0x7f before 0x80, a prefix first)', async () => {
    const pk = { B: Uint8Array.of(1) };
    for (const sk of [[0x80], [0x7f], [0xff], [0x7f, 0x00], [0x00]]) {
      await client.putItem({ TableName: 'Binary', Item: { pk, sk: { B: Uint8Array.from(sk) } } });
    }
    const result = await client.query({ TableName: 'Binary', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': pk } });
    expect(result.Items?.map((item) => [...(item.sk?.B ?? [])])).toEqual([[0x00], [0x7f], [0x7f, 0x00], [0x80], [0xff]]);
  });

  it('sends binary values as base64 on the wire', async () => {
    const response = await call('GetItem', { TableName: 'Binary', Key: { pk: { B: 'AQ==' }, sk: { B: 'fwA=' } } });
    expect(JSON.parse(response.body)).toEqual({ Item: { pk: { B: 'AQ==' }, sk: { B: 'fwA=' } } });
  });
});

describe('DynamoDB errors arrive as the SDK’s exception classes', () => {
  beforeAll(async () => {
    await client.createTable(table('Errors'));
    await client.putItem({ TableName: 'Errors', Item: { pk: { S: 'p' }, sk: { S: 'a' }, v: { N: '1' } } });
  });

  it('ResourceNotFoundException', async () => {
    const error = await rejection(client.getItem({ TableName: 'Missing', Key: { pk: { S: 'p' } } }));
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(error.message).toBe('Requested resource not found');
    expect(error.$metadata?.httpStatusCode).toBe(400);
    const described = await rejection(client.describeTable({ TableName: 'Missing' }));
    expect(described).toBeInstanceOf(ResourceNotFoundException);
    expect(described.message).toBe('Requested resource not found: Table: Missing not found');
  });

  it('ResourceInUseException', async () => {
    const error = await rejection(client.createTable(table('Errors')));
    expect(error).toBeInstanceOf(ResourceInUseException);
    expect(error.message).toBe('Table already exists: Errors');
  });

  it('ConditionalCheckFailedException, with the old item when asked for', async () => {
    const error = await rejection(
      client.putItem({
        TableName: 'Errors',
        Item: { pk: { S: 'p' }, sk: { S: 'a' } },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    expect(error.message).toBe('The conditional request failed');
    expect((error as ConditionalCheckFailedException).Item).toEqual({ pk: { S: 'p' }, sk: { S: 'a' }, v: { N: '1' } });
  });

  it('ValidationException, with DynamoDB’s message', async () => {
    const error = await rejection(
      client.query({ TableName: 'Errors', KeyConditionExpression: 'pk = :p AND sk BETWEEN :b AND :a', ExpressionAttributeValues: { ':p': { S: 'p' }, ':a': { S: '1' }, ':b': { S: '9' } } }),
    );
    expect(error.name).toBe('ValidationException');
    expect(error).toBeInstanceOf(DynamoDBServiceException);
    expect(error.message).toBe(
      'Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {S:9}, upper bound operand: AttributeValue: {S:1}',
    );
    const raw = await call('Query', { TableName: 'Errors', KeyConditionExpression: '' });
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.body).__type).toBe('com.amazon.coral.validate#ValidationException');
  });

  it('an operation the engine does not implement is UnknownOperationException', async () => {
    const error = await rejection(client.transactWriteItems({ TransactItems: [{ Put: { TableName: 'Errors', Item: { pk: { S: 'x' }, sk: { S: 'y' } } } }] }));
    expect(error.name).toBe('UnknownOperationException');
    expect(error.message).toContain('DynamoDB_20120810.TransactWriteItems');
  });

  it('serves any data source: in front of a real SDK client, its DynamoDB errors pass through', async () => {
    const front = await startDynamoDBEndpoint({ db: client, port: 0 });
    const frontClient = new DynamoDB({ endpoint: front.url, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    try {
      expect((await frontClient.getItem({ TableName: 'Errors', Key: { pk: { S: 'p' }, sk: { S: 'a' } } })).Item?.v).toEqual({ N: '1' });
      const error = await rejection(frontClient.putItem({ TableName: 'Errors', Item: { pk: { S: 'p' }, sk: { S: 'a' } }, ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
      expect(error).toBeInstanceOf(ConditionalCheckFailedException);
      expect((error as ConditionalCheckFailedException).Item?.v).toEqual({ N: '1' });
    } finally {
      frontClient.destroy();
      await front.stop();
    }
  });

  it('an engine bug is a 500 InternalServerError, reported locally without the request’s credentials', async () => {
    const reported: unknown[] = [];
    const buggy = { ...createLocalDynamoDB(), listTables: () => Promise.reject(new TypeError('boom')) } as DynamoDBDataSource;
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logSpy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const broken = await startDynamoDBEndpoint({ db: buggy, port: 0, onResponse: (entry) => reported.push(entry) });
    const brokenClient = new DynamoDB({ endpoint: broken.url, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    try {
      const error = await rejection(brokenClient.listTables({}));
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error.$metadata?.httpStatusCode).toBe(500);
      // The default onError prints the error: never the Authorization header or the secret behind it.
      const printed = JSON.stringify([errorSpy.mock.calls.map((args) => args.map(String)), logSpy.mock.calls, reported]);
      expect(printed).toContain('boom');
      expect(printed).not.toContain(CREDENTIALS.accessKeyId);
      expect(printed).not.toMatch(/AWS4-HMAC-SHA256|Signature=/);
    } finally {
      brokenClient.destroy();
      await broken.stop();
      errorSpy.mockRestore();
      logSpy.mockRestore();
    }
  });
});

describe('the protocol', () => {
  it('answers with DynamoDB’s headers, a correct CRC32 and a 52-character request id', async () => {
    const response = await call('ListTables', { Limit: 1 });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(response.headers['x-amz-crc32']).toBe(String(crc32(Buffer.from(response.body, 'utf8'))));
    expect(response.headers['x-amzn-requestid']).toMatch(/^[0-9A-Z]{52}$/);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expect(JSON.parse(response.body)).not.toHaveProperty('$metadata');
  });

  it('computes the same CRC32 as DynamoDB Local for the same body', async () => {
    // Captured from DynamoDB Local 3.3.1: PutItem answers `{}` with x-amz-crc32: 2745614147.
    await call('CreateTable', table('CrcCheck'));
    const response = await call('PutItem', { TableName: 'CrcCheck', Item: { pk: { S: 'a' }, sk: { S: 'b' } } });
    expect(response.body).toBe('{}');
    expect(response.headers['x-amz-crc32']).toBe('2745614147');
  });

  it('accepts application/json and a charset parameter too', async () => {
    expect((await call('ListTables', {}, { 'Content-Type': 'application/json' })).status).toBe(200);
    expect((await call('ListTables', {}, { 'Content-Type': 'application/x-amz-json-1.0; charset=utf-8' })).status).toBe(200);
  });

  it('accepts any credentials, or none', async () => {
    expect((await call('ListTables', {}, { Authorization: 'AWS4-HMAC-SHA256 Credential=anyone/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00' })).status).toBe(200);
    expect((await call('ListTables', {})).status).toBe(200);
  });

  it('refuses an unknown operation as DynamoDB does (com.amazon.coral.service#UnknownOperationException)', async () => {
    for (const headers of [{ 'X-Amz-Target': 'DynamoDB_20120810.ListTable' }, { 'X-Amz-Target': 'whatever' }, { 'X-Amz-Target': 'DynamoDB_20111205.ListTables' }]) {
      const response = await send({ headers: { 'Content-Type': 'application/x-amz-json-1.0', ...headers }, body: '{}' });
      expect(response.status).toBe(400);
      const body = JSON.parse(response.body);
      expect(body.__type).toBe('com.amazon.coral.service#UnknownOperationException');
      expect(body.Message).toContain('An unknown operation was requested');
    }
    const none = await send({ headers: { 'Content-Type': 'application/x-amz-json-1.0' }, body: '{}' });
    expect(JSON.parse(none.body).Message).toContain('no X-Amz-Target header');
  });

  it('refuses malformed JSON, and an empty body, with SerializationException', async () => {
    for (const body of ['{"a":', 'hi', '{"TableName": "x",}', Buffer.from([0x7b, 0xff, 0x7d])]) {
      const response = await call('ListTables', body);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ __type: 'com.amazon.coral.service#SerializationException', Message: expect.stringContaining('not valid JSON') });
    }
    const empty = await call('ListTables', '');
    expect(JSON.parse(empty.body)).toMatchObject({ __type: 'com.amazon.coral.service#SerializationException', Message: expect.stringContaining('empty') });
  });

  it('refuses a member of the wrong JSON type with DynamoDB’s SerializationException', async () => {
    const response = await call('PutItem', { TableName: 'Items', Item: { pk: { S: 'p' }, sk: { S: 's' }, n: { N: 5 } } });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ __type: 'com.amazon.coral.service#SerializationException', Message: 'NUMBER_VALUE cannot be converted to String' });
  });

  it('answers GET with a health line, other methods with 405, other content types with 415', async () => {
    const get = await send({ method: 'GET' });
    expect(get.status).toBe(200);
    expect(get.body).toMatch(/^healthy/);
    const put = await send({ method: 'PUT', body: '{}', headers: { 'Content-Type': 'application/x-amz-json-1.0' } });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('POST, GET, HEAD, OPTIONS');
    const text = await send({ headers: { 'Content-Type': 'text/plain', 'X-Amz-Target': 'DynamoDB_20120810.ListTables' }, body: '{}' });
    expect(text.status).toBe(415);
    expect(JSON.parse(text.body).__type).toBe('com.amazon.coral.service#UnknownOperationException');
    const none = await send({ headers: { 'X-Amz-Target': 'DynamoDB_20120810.ListTables' }, body: '{}' });
    expect(none.status).toBe(415);
  });
});

describe('oversized requests', () => {
  const oversizedPut = () => ({ TableName: 'Items', Item: { pk: { S: 'big' }, sk: { S: 'big' }, blob: { S: 'x'.repeat(MAX_REQUEST_BYTES) } } });

  it('answers a body over 16 MB with 413 and keeps serving', async () => {
    const response = await call('PutItem', JSON.stringify(oversizedPut()));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ __type: 'com.amazon.coral.service#RequestEntityTooLargeException' });
    expect((await call('ListTables', {})).status).toBe(200);
  });

  it('reaches the SDK as a 413 error', async () => {
    const error = await rejection(client.putItem(oversizedPut()));
    expect(error.name).toBe('RequestEntityTooLargeException');
    expect(error.$metadata?.httpStatusCode).toBe(413);
  });

  it('counts a chunked body (no Content-Length) as it arrives', async () => {
    const response = await new Promise<RawResponse>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: endpoint.port, method: 'POST', agent: false, headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.PutItem' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 17; i++) req.write(chunk);
      req.end();
    });
    expect(response.status).toBe(413);
  });

  it('refuses a declared oversized body before it is sent (Expect: 100-continue)', async () => {
    const outcome = await new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = request(
        {
          host: '127.0.0.1',
          port: endpoint.port,
          method: 'POST',
          agent: false,
          headers: {
            'Content-Type': 'application/x-amz-json-1.0',
            'X-Amz-Target': 'DynamoDB_20120810.PutItem',
            'Content-Length': String(MAX_REQUEST_BYTES + 1),
            Expect: '100-continue',
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, continued }));
        },
      );
      req.on('continue', () => {
        continued = true;
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(outcome).toEqual({ status: 413, continued: false });
  });

  it('honours a smaller configured limit', async () => {
    const small = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, maxBodyBytes: 100 });
    try {
      const response = await send({ port: small.port, headers: { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.ListTables' }, body: JSON.stringify({ ExclusiveStartTableName: 'x'.repeat(200) }) });
      expect(response.status).toBe(413);
    } finally {
      await small.stop();
    }
  });
});

describe('CORS', () => {
  const origin = 'http://localhost:5173';

  it('answers a preflight with the origin echoed, the SDK’s headers allowed and its response headers exposed', async () => {
    const response = await send({
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-date,authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(response.headers['access-control-allow-methods']).toContain('POST');
    const allowed = String(response.headers['access-control-allow-headers']).split(', ');
    for (const header of [
      'content-type',
      'x-amz-target',
      'x-amz-date',
      'authorization',
      'x-amz-user-agent',
      'x-amz-security-token',
      'amz-sdk-invocation-id',
      'amz-sdk-request',
    ]) {
      expect(allowed).toContain(header);
    }
    expect(response.headers['access-control-max-age']).toBe('7200');
    expect(String(response.headers.vary)).toContain('Origin');
  });

  it('also allows a header a newer SDK might ask for', async () => {
    const response = await send({ method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-amz-checksum-crc32' } });
    expect(String(response.headers['access-control-allow-headers']).split(', ')).toEqual([...CORS_ALLOWED_HEADERS, 'x-amz-checksum-crc32']);
  });

  it('lets the browser read the response and its request id', async () => {
    const response = await call('ListTables', {}, { Origin: origin });
    expect(response.headers['access-control-allow-origin']).toBe(origin);
    expect(String(response.headers['access-control-expose-headers'])).toBe('x-amzn-RequestId, x-amz-crc32');
  });

  it('with an origin list: other origins get no CORS headers and cannot call it; same-origin calls can', async () => {
    const restricted = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, corsOrigins: [origin] });
    const headers = { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.ListTables' };
    try {
      const preflight = await send({ port: restricted.port, method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const post = await send({ port: restricted.port, headers: { ...headers, Origin: 'https://evil.example' }, body: '{}' });
      expect(post.status).toBe(403);
      expect(JSON.parse(post.body).__type).toBe('com.amazon.coral.service#AccessDeniedException');
      const listed = await send({ port: restricted.port, headers: { ...headers, Origin: origin }, body: '{}' });
      expect(listed.status).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe(origin);
      const sameOrigin = await send({ port: restricted.port, headers: { ...headers, Origin: `http://127.0.0.1:${restricted.port}` }, body: '{}' });
      expect(sameOrigin.status).toBe(200);
    } finally {
      await restricted.stop();
    }
  });
});

describe('mounted in the app server', () => {
  it('serves the SDK under /dynamodb next to the static app', async () => {
    const distDir = await mkdtemp(path.join(os.tmpdir(), 'keylab-endpoint-test-'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Keylab</title>');
    const app = createAppServer({ distDir, port: 0, onError: () => undefined, routes: [dynamodbRoute('/dynamodb', createDynamoDBEndpoint({ db: createLocalDynamoDB() }))] });
    const { port } = await app.start();
    const mounted = new DynamoDB({ endpoint: `http://127.0.0.1:${port}/dynamodb`, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    try {
      await mounted.createTable(table('Mounted'));
      await mounted.putItem({ TableName: 'Mounted', Item: { pk: { S: 'p' }, sk: { S: 's' }, b: { B: Uint8Array.of(0xff) } } });
      expect((await mounted.getItem({ TableName: 'Mounted', Key: { pk: { S: 'p' }, sk: { S: 's' } } })).Item?.b?.B).toEqual(Uint8Array.of(0xff));
      const page = await send({ port, method: 'GET', path: '/' });
      expect(page.body).toContain('<title>Keylab</title>');
      // Mounted, the endpoint allows its own origin only.
      const crossOrigin = await send({ port, path: '/dynamodb', headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.ListTables' }, body: '{}' });
      expect(crossOrigin.status).toBe(403);
    } finally {
      mounted.destroy();
      await app.stop();
      await rm(distDir, { recursive: true, force: true });
    }
  });
});

describe('robustness', () => {
  const TARGETS = ['ListTables', 'DescribeTable', 'CreateTable', 'DeleteTable', 'PutItem', 'GetItem', 'DeleteItem', 'UpdateItem', 'Query', 'Scan', 'BatchWriteItem', 'BatchGetItem'];
  const KNOWN_ERRORS = /^com\.amazon(aws\.dynamodb\.v20120810|\.coral\.service|\.coral\.validate)#[A-Za-z]+$/;

  beforeAll(async () => {
    await client.createTable(
      table('Fuzz', {
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'n', AttributeType: 'N' },
          { AttributeName: 'g', AttributeType: 'B' },
        ],
        LocalSecondaryIndexes: [{ IndexName: 'byN', KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'n', KeyType: 'RANGE' }], Projection: { ProjectionType: 'KEYS_ONLY' } }],
        GlobalSecondaryIndexes: [{ IndexName: 'byG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }], Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['l'] } }],
      }),
    );
    for (const sk of ['a', 'b', '𝄞', '10', '9']) {
      await client.putItem({ TableName: 'Fuzz', Item: { pk: { S: 'p' }, sk: { S: sk }, n: { N: String(sk.length) }, g: { B: Uint8Array.of(sk.length) }, l: { L: [{ S: sk }] } } });
    }
  });

  /** Checks one answer: a known status, a request id, a DynamoDB-shaped error body, a correct CRC32, no unexpected failure. */
  function expectWellFormed(response: RawResponse, statuses: readonly number[]): void {
    expect(statuses).toContain(response.status);
    expect(response.headers['x-amzn-requestid']).toMatch(/^[0-9A-Z]{52}$/);
    if (response.status >= 400) {
      const error = JSON.parse(response.body);
      expect(error.__type).toMatch(KNOWN_ERRORS);
      expect(typeof (error.message ?? error.Message)).toBe('string');
    }
    if (response.headers['x-amz-crc32'] !== undefined) expect(response.headers['x-amz-crc32']).toBe(String(crc32(Buffer.from(response.body, 'utf8'))));
    expect(unexpected).toEqual([]);
  }

  // --- The protocol layer: any method, headers and bytes. ---
  const headerToken = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
  const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
  const protocolRequest = fc.record({
    method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'HEAD', 'PUT', 'OPTIONS', 'DELETE', 'PATCH'),
    target: fc.oneof(fc.constantFrom(...TARGETS).map((op) => `DynamoDB_20120810.${op}`), headerValue),
    contentType: fc.oneof(fc.constantFrom('application/x-amz-json-1.0', 'application/json', 'application/x-amz-json-1.0; charset=utf-8'), headerValue),
    origin: fc.option(fc.oneof(fc.constant('http://localhost:5173'), headerValue), { nil: undefined }),
    extra: fc.dictionary(headerToken.filter((name) => !/^(content-length|transfer-encoding|host|expect|connection|upgrade)$/i.test(name)), headerValue, { maxKeys: 3 }),
    body: fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    ),
  });

  it('answers any method, headers and body with a well-formed response (fuzz, fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(protocolRequest, async (r) => {
        const response = await send({
          method: r.method,
          headers: { ...r.extra, 'Content-Type': r.contentType, 'X-Amz-Target': r.target, ...(r.origin === undefined ? {} : { Origin: r.origin }) },
          body: ['GET', 'HEAD', 'OPTIONS'].includes(r.method) ? undefined : r.body,
        });
        expectWellFormed(response, [200, 204, 400, 403, 405, 413, 415]);
      }),
      { numRuns: 300 },
    );
  });

  // --- The engine behind it: well-formed requests carrying odd but plausible inputs. ---
  const stringValue = fc.constantFrom('p', 'q', 'a', 'b', '', '𝄞', '\uFFFF', '10', '9', 'a#b');
  const scalar: fc.Arbitrary<unknown> = fc.oneof(
    stringValue.map((S) => ({ S })),
    fc.constantFrom('1', '1e3', '-0', '0.5', 'x', '1e200', '-1E-130', '12345678901234567890123456789012345678', '123456789012345678901234567890123456789').map((N) => ({ N })),
    fc.constantFrom('', 'AA==', '/w==', 'AQI=', '23456', '+/+=').map((B) => ({ B })),
    fc.array(stringValue, { maxLength: 3 }).map((SS) => ({ SS })),
    fc.array(fc.constantFrom('1', '2', '1.0', 'x'), { maxLength: 3 }).map((NS) => ({ NS })),
    fc.array(fc.constantFrom('AA==', '/w==', ''), { maxLength: 3 }).map((BS) => ({ BS })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constantFrom({ NULL: true }, { NULL: false }, {}, { S: 'a', N: '1' }),
  );
  const attributeValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      scalar,
      fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
      fc.dictionary(fc.constantFrom('a', 'b', 'l', '#x'), tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
    ),
  })).value;
  const attributeName = fc.constantFrom('pk', 'sk', 'n', 'g', 'l', 'x', 'size', 'a.b', '__proto__');
  const keyOf = fc.record({ pk: fc.oneof(fc.constant({ S: 'p' }), attributeValue), sk: fc.oneof(stringValue.map((S) => ({ S })), attributeValue) }, { requiredKeys: ['pk'] });
  const item = fc.tuple(keyOf, fc.dictionary(attributeName, attributeValue, { maxKeys: 4 })).map(([key, rest]) => ({ ...rest, ...key }));
  const values = fc.dictionary(fc.constantFrom(':p', ':a', ':b', ':n'), fc.oneof(fc.constant({ S: 'p' }), attributeValue), { maxKeys: 3 });
  const names = fc.dictionary(fc.constantFrom('#a', '#b', '#s'), fc.constantFrom('n', 'l', 'sk', 'size', 'x', ''), { maxKeys: 2 });
  const condition = fc.constantFrom(
    'attribute_exists(n)',
    'attribute_not_exists(pk)',
    'n > :n OR size(l) > :a',
    'begins_with(sk, :a) AND NOT contains(l, :b)',
    '#a BETWEEN :a AND :b',
    'n IN (:a, :b, :n)',
    'attribute_type(x, :a)',
    'l[0] = :a',
    '#s.x <> :p',
    'a = = b',
    '',
  );
  const keyCondition = fc.constantFrom('pk = :p', 'pk = :p AND sk > :a', 'pk = :p AND begins_with(sk, :a)', 'pk = :p AND sk BETWEEN :a AND :b', 'pk = :p AND n > :n', 'g = :p', 'g = :a AND sk < :b', 'sk = :a', 'pk = :p OR sk = :a');
  const update = fc.constantFrom(
    'SET n = n + :n',
    'SET l = list_append(l, :a), x = if_not_exists(x, :b)',
    'SET l[5] = :a REMOVE x',
    'ADD n :n',
    'ADD s :a DELETE s :b',
    'REMOVE l[0], l[1]',
    'SET #a = :a',
    'SET pk = :p',
    'SET a.b.c = :a',
  );
  const optional = { requiredKeys: [] as never[] };
  const returnValues = fc.constantFrom('NONE', 'ALL_OLD', 'ALL_NEW', 'UPDATED_OLD', 'UPDATED_NEW');
  const tableName = fc.constantFrom('Fuzz', 'Fuzz', 'Fuzz', 'Missing');
  const engineRequests: Record<string, fc.Arbitrary<object>> = {
    PutItem: fc.record({ TableName: tableName, Item: item, ConditionExpression: condition, ExpressionAttributeValues: values, ExpressionAttributeNames: names, ReturnValues: returnValues, ReturnValuesOnConditionCheckFailure: fc.constantFrom('ALL_OLD', 'NONE'), ReturnConsumedCapacity: fc.constantFrom('TOTAL', 'INDEXES') }, { requiredKeys: ['TableName', 'Item'] }),
    GetItem: fc.record({ TableName: tableName, Key: keyOf, ProjectionExpression: fc.constantFrom('n, l[0]', '#a', 'pk, pk', 'l[0].x'), ExpressionAttributeNames: names, ConsistentRead: fc.boolean() }, { requiredKeys: ['TableName', 'Key'] }),
    UpdateItem: fc.record({ TableName: tableName, Key: keyOf, UpdateExpression: update, ConditionExpression: condition, ExpressionAttributeValues: values, ExpressionAttributeNames: names, ReturnValues: returnValues }, { requiredKeys: ['TableName', 'Key'] }),
    DeleteItem: fc.record({ TableName: tableName, Key: keyOf, ConditionExpression: condition, ExpressionAttributeValues: values, ExpressionAttributeNames: names, ReturnValues: returnValues }, { requiredKeys: ['TableName', 'Key'] }),
    Query: fc.record(
      {
        TableName: tableName,
        IndexName: fc.constantFrom('byN', 'byG', 'missing'),
        KeyConditionExpression: keyCondition,
        FilterExpression: condition,
        ProjectionExpression: fc.constantFrom('n, l[0]', 'sk', '#a'),
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        Limit: fc.integer({ min: -1, max: 4 }),
        ScanIndexForward: fc.boolean(),
        ExclusiveStartKey: fc.oneof(keyOf, fc.dictionary(attributeName, attributeValue, { maxKeys: 4 })),
        Select: fc.constantFrom('COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES'),
        ConsistentRead: fc.boolean(),
        ReturnConsumedCapacity: fc.constantFrom('TOTAL', 'INDEXES'),
      },
      { requiredKeys: ['TableName', 'KeyConditionExpression', 'ExpressionAttributeValues'] },
    ),
    Scan: fc.record(
      {
        TableName: tableName,
        IndexName: fc.constantFrom('byN', 'byG', 'missing'),
        FilterExpression: condition,
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        Limit: fc.integer({ min: -1, max: 4 }),
        Segment: fc.integer({ min: -1, max: 3 }),
        TotalSegments: fc.integer({ min: 0, max: 3 }),
        ExclusiveStartKey: keyOf,
        Select: fc.constantFrom('COUNT', 'ALL_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES'),
      },
      { requiredKeys: ['TableName'] },
    ),
    BatchWriteItem: fc.record({
      RequestItems: fc.dictionary(tableName, fc.array(fc.oneof(item.map((Item) => ({ PutRequest: { Item } })), keyOf.map((Key) => ({ DeleteRequest: { Key } })), fc.constant({})), { maxLength: 4 }), { maxKeys: 2 }),
    }),
    BatchGetItem: fc.record({
      RequestItems: fc.dictionary(tableName, fc.record({ Keys: fc.array(keyOf, { maxLength: 4 }), ProjectionExpression: fc.constantFrom('n', 'sk, l'), ConsistentRead: fc.boolean() }, { requiredKeys: ['Keys'] }), { maxKeys: 2 }),
    }),
    CreateTable: fc.record(
      {
        TableName: fc.constantFrom('FuzzNew', 'Fuzz', 'x'),
        KeySchema: fc.constantFrom([{ AttributeName: 'h', KeyType: 'HASH' }], [{ AttributeName: 'h', KeyType: 'HASH' }, { AttributeName: 'r', KeyType: 'RANGE' }], [{ AttributeName: 'r', KeyType: 'RANGE' }], []),
        AttributeDefinitions: fc.constantFrom([{ AttributeName: 'h', AttributeType: 'S' }], [{ AttributeName: 'h', AttributeType: 'N' }, { AttributeName: 'r', AttributeType: 'B' }], [{ AttributeName: 'h', AttributeType: 'X' }]),
        BillingMode: fc.constantFrom('PAY_PER_REQUEST', 'PROVISIONED'),
        ProvisionedThroughput: fc.record({ ReadCapacityUnits: fc.integer({ min: 0, max: 2 }), WriteCapacityUnits: fc.integer({ min: 0, max: 2 }) }),
        GlobalSecondaryIndexes: fc.constantFrom([], [{ IndexName: 'gi', KeySchema: [{ AttributeName: 'r', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }]),
      },
      { requiredKeys: ['TableName'] },
    ),
    DeleteTable: fc.record({ TableName: fc.constantFrom('FuzzNew', 'Missing', 'x') }, optional),
    DescribeTable: fc.record({ TableName: fc.constantFrom('Fuzz', 'FuzzNew', 'Missing', 'x') }, optional),
    ListTables: fc.record({ Limit: fc.integer({ min: -1, max: 101 }), ExclusiveStartTableName: fc.constantFrom('Fuzz', 'a', 'x') }, optional),
  };
  /** Requests that make sense, so the fuzzing also walks the engine's success paths. */
  const sortKey = stringValue.filter((sk) => sk !== '').map((S) => ({ S }));
  const someValue = fc.oneof(scalar.filter((value) => JSON.stringify(value).length > 9), attributeValue);
  const number = fc.constantFrom('1', '1e3', '-2.5', '0', '99999999999999999999999999999999999999').map((N) => ({ N }));
  const sensibleRequests: Record<string, fc.Arbitrary<object>> = {
    PutItem: fc.record({
      TableName: fc.constant('Fuzz'),
      Item: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey, n: number, l: someValue, x: someValue }, { requiredKeys: ['pk', 'sk'] }),
      ReturnValues: fc.constantFrom('NONE', 'ALL_OLD'),
    }),
    GetItem: fc.record({ TableName: fc.constant('Fuzz'), Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }), ConsistentRead: fc.boolean() }),
    UpdateItem: fc.oneof(
      fc.record({ TableName: fc.constant('Fuzz'), Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }), UpdateExpression: fc.constant('SET l = :a, x = if_not_exists(x, :a)'), ExpressionAttributeValues: fc.record({ ':a': someValue }), ReturnValues: returnValues }),
      fc.record({ TableName: fc.constant('Fuzz'), Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }), UpdateExpression: fc.constantFrom('ADD n :n', 'SET n = :n'), ExpressionAttributeValues: fc.record({ ':n': number }), ReturnValues: returnValues }),
    ),
    DeleteItem: fc.record({ TableName: fc.constant('Fuzz'), Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }), ReturnValues: fc.constantFrom('NONE', 'ALL_OLD') }),
    Query: fc.oneof(
      fc.record({
        TableName: fc.constant('Fuzz'),
        KeyConditionExpression: fc.constantFrom('pk = :p AND sk > :a', 'pk = :p AND begins_with(sk, :a)', 'pk = :p AND sk <= :a'),
        ExpressionAttributeValues: fc.record({ ':p': fc.constant({ S: 'p' }), ':a': sortKey }),
        Limit: fc.integer({ min: 1, max: 4 }),
        ScanIndexForward: fc.boolean(),
        ExclusiveStartKey: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }),
      }, { requiredKeys: ['TableName', 'KeyConditionExpression', 'ExpressionAttributeValues'] }),
      fc.record({
        TableName: fc.constant('Fuzz'),
        IndexName: fc.constant('byN'),
        KeyConditionExpression: fc.constant('pk = :p AND n >= :n'),
        ExpressionAttributeValues: fc.record({ ':p': fc.constant({ S: 'p' }), ':n': number }),
        Limit: fc.integer({ min: 1, max: 4 }),
        ScanIndexForward: fc.boolean(),
      }, { requiredKeys: ['TableName', 'IndexName', 'KeyConditionExpression', 'ExpressionAttributeValues'] }),
    ),
    Scan: fc.integer({ min: 1, max: 3 }).chain((total) =>
      fc.record({ TableName: fc.constant('Fuzz'), Limit: fc.integer({ min: 1, max: 4 }), Segment: fc.integer({ min: 0, max: total - 1 }), TotalSegments: fc.constant(total) }, { requiredKeys: ['TableName'] }),
    ),
  };
  const engineRequest = fc.oneof(
    fc.constantFrom(...Object.keys(engineRequests)).chain((operation) => (engineRequests[operation] as fc.Arbitrary<object>).map((input) => ({ operation, input }))),
    fc.constantFrom(...Object.keys(sensibleRequests)).chain((operation) => (sensibleRequests[operation] as fc.Arbitrary<object>).map((input) => ({ operation, input }))),
  );

  it('turns every engine input into a result or a DynamoDB error, never a 500 (fuzz, fast-check)', async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(engineRequest, async ({ operation, input }) => {
        const response = await call(operation, input);
        expectWellFormed(response, [200, 400]);
        const outcome = response.status === 200 ? 'ok' : (JSON.parse(response.body).__type as string).split('#')[1] ?? '';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
      { numRuns: 600 },
    );
    // The generator must reach past validation often enough to mean something.
    expect(outcomes.get('ok') ?? 0).toBeGreaterThan(60);
    expect(outcomes.get('ValidationException') ?? 0).toBeGreaterThan(60);
  }, 60_000);

  it('keeps answering after the fuzzing', async () => {
    expect((await client.listTables({})).TableNames).toContain('Fuzz');
    expect((await client.describeTable({ TableName: 'Fuzz' })).Table?.ItemCount).toBeGreaterThanOrEqual(0);
  });

  it('logs operation, status and timing only', () => {
    expect(log.length).toBeGreaterThan(0);
    for (const entry of log) expect(Object.keys(entry).sort()).toEqual(['durationMs', 'error', 'operation', 'status']);
    expect(JSON.stringify(log)).not.toContain(CREDENTIALS.secretAccessKey);
  });
});
