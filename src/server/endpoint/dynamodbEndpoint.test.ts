import {
  ConditionalCheckFailedException,
  DynamoDB,
  DynamoDBServiceException,
  InternalServerError,
  ResourceInUseException,
  ResourceNotFoundException,
  TransactionCanceledException,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../engine';
import { createAppServer } from '../app';
import { createDynamoDBEndpoint, dynamodbRoute, startDynamoDBEndpoint } from './dynamodbEndpoint';
import { CREDENTIALS, rejection, SIGNED_HEADERS, table, useTestEndpoint } from './endpointTestKit';

/*
 * The endpoint driven by the real AWS SDK v3 client, plus raw HTTP for what
 * an SDK never sends. Wire details (error __type strings, CRC32 values,
 * epoch-second dates) were captured from DynamoDB Local 3.3.1 with curl and
 * from architect/dynalite's recordings of live DynamoDB.
 */

const kit = useTestEndpoint();
const { send, call } = kit;

describe('tables', () => {
  it('creates, describes, lists and deletes a table (dates arrive as Dates)', async () => {
    const before = Date.now();
    const created = await kit.client.createTable(
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
    const described = await kit.client.describeTable({ TableName: 'Tables1' });
    expect(described.Table?.CreationDateTime).toBeInstanceOf(Date);
    const createdAt = described.Table?.CreationDateTime?.getTime() ?? 0;
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(described.Table?.GlobalSecondaryIndexes?.[0]?.IndexName).toBe('byG');
    expect((await kit.client.listTables({})).TableNames).toContain('Tables1');
    await kit.client.deleteTable({ TableName: 'Tables1' });
    expect((await kit.client.listTables({})).TableNames).not.toContain('Tables1');
  });

  it('sends CreationDateTime as epoch seconds on the wire, as DynamoDB Local does', async () => {
    await kit.client.createTable(table('Tables2'));
    const response = await call('DescribeTable', { TableName: 'Tables2' });
    const seconds = JSON.parse(response.body).Table.CreationDateTime;
    expect(typeof seconds).toBe('number');
    expect(Math.abs(seconds - Date.now() / 1000)).toBeLessThan(60);
  });
});

describe('items', () => {
  beforeAll(async () => {
    await kit.client.createTable(table('Items'));
  });

  it('puts, gets, updates and deletes an item', async () => {
    await kit.client.putItem({ TableName: 'Items', Item: { pk: { S: 'p' }, sk: { S: 'a' }, n: { N: '1e3' }, s: { SS: ['x', 'y'] } } });
    const got = await kit.client.getItem({ TableName: 'Items', Key: { pk: { S: 'p' }, sk: { S: 'a' } } });
    expect(got.Item).toEqual({ pk: { S: 'p' }, sk: { S: 'a' }, n: { N: '1000' }, s: { SS: ['x', 'y'] } });
    const updated = await kit.client.updateItem({
      TableName: 'Items',
      Key: { pk: { S: 'p' }, sk: { S: 'a' } },
      UpdateExpression: 'SET n = n + :one REMOVE s',
      ExpressionAttributeValues: { ':one': { N: '1' } },
      ReturnValues: 'ALL_NEW',
    });
    expect(updated.Attributes).toEqual({ pk: { S: 'p' }, sk: { S: 'a' }, n: { N: '1001' } });
    const deleted = await kit.client.deleteItem({ TableName: 'Items', Key: { pk: { S: 'p' }, sk: { S: 'a' } }, ReturnValues: 'ALL_OLD' });
    expect(deleted.Attributes?.n).toEqual({ N: '1001' });
    expect((await kit.client.getItem({ TableName: 'Items', Key: { pk: { S: 'p' }, sk: { S: 'a' } } })).Item).toBeUndefined();
  });

  it('queries in UTF-8 byte order both ways, pages with LastEvaluatedKey, and scans', async () => {
    const keys = ['9', '10', '240', '1500', 'z', 'ä', '€', '\uFFFF', '𝄞'];
    for (const sk of keys) await kit.client.putItem({ TableName: 'Items', Item: { pk: { S: 'order' }, sk: { S: sk } } });
    const ascending = ['10', '1500', '240', '9', 'z', 'ä', '€', '\uFFFF', '𝄞'];

    const seen: string[] = [];
    let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
    let pages = 0;
    do {
      const page = await kit.client.query({
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

    const descending = await kit.client.query({
      TableName: 'Items',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'order' } },
      ScanIndexForward: false,
    });
    expect(descending.Items?.map((item) => item.sk?.S)).toEqual([...ascending].reverse());
    expect(descending.Count).toBe(9);

    const scanned = await kit.client.scan({ TableName: 'Items', FilterExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'order' } } });
    expect(scanned.Count).toBe(9);
  });

  it('writes and reads in batches', async () => {
    const written = await kit.client.batchWriteItem({
      RequestItems: { Items: Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: { pk: { S: 'batch' }, sk: { S: String(i).padStart(2, '0') } } } })) },
    });
    expect(written.UnprocessedItems).toEqual({});
    const read = await kit.client.batchGetItem({
      RequestItems: {
        Items: {
          Keys: [
            { pk: { S: 'batch' }, sk: { S: '03' } },
            { pk: { S: 'batch' }, sk: { S: '24' } },
            { pk: { S: 'batch' }, sk: { S: 'nope' } },
          ],
        },
      },
    });
    expect(read.Responses?.Items?.map((item) => item.sk?.S).sort()).toEqual(['03', '24']);
    expect(read.UnprocessedKeys).toEqual({});
    await kit.client.batchWriteItem({ RequestItems: { Items: [{ DeleteRequest: { Key: { pk: { S: 'batch' }, sk: { S: '03' } } } }] } });
    const count = await kit.client.query({
      TableName: 'Items',
      KeyConditionExpression: 'pk = :p',
      ExpressionAttributeValues: { ':p': { S: 'batch' } },
      Select: 'COUNT',
    });
    expect(count.Count).toBe(24);
    expect(count.Items).toBeUndefined();
  });

  it('answers concurrent requests correctly', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => kit.client.putItem({ TableName: 'Items', Item: { pk: { S: 'parallel' }, sk: { S: `${i}` } } })));
    const [count] = await Promise.all([
      kit.client.query({ TableName: 'Items', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'parallel' } }, Select: 'COUNT' }),
      ...Array.from({ length: 10 }, () => kit.client.listTables({})),
    ]);
    expect(count.Count).toBe(40);
  });
});

describe('binary values', () => {
  const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

  beforeAll(async () => {
    await kit.client.createTable({
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
    await kit.client.putItem({ TableName: 'Binary', Item: item });
    const got = await kit.client.getItem({ TableName: 'Binary', Key: { pk: item.pk as AttributeValue, sk: item.sk as AttributeValue } });
    expect(got.Item?.pk?.B).toEqual(ALL_BYTES);
    expect(got.Item?.sk?.B).toEqual(Uint8Array.of(0xff, 0x00, 0x80));
    expect(new Set(got.Item?.bs?.BS?.map((b) => [...b].join(',')))).toEqual(new Set(['0', '254,255', '127']));
    expect(got.Item?.doc).toEqual(item.doc);
    expect(got.Item?.empty?.B).toEqual(new Uint8Array(0));
  });

  it('orders binary sort keys as unsigned bytes (0x7f before 0x80, a prefix first)', async () => {
    const pk = { B: Uint8Array.of(1) };
    for (const sk of [[0x80], [0x7f], [0xff], [0x7f, 0x00], [0x00]]) {
      await kit.client.putItem({ TableName: 'Binary', Item: { pk, sk: { B: Uint8Array.from(sk) } } });
    }
    const result = await kit.client.query({ TableName: 'Binary', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': pk } });
    expect(result.Items?.map((item) => [...(item.sk?.B ?? [])])).toEqual([[0x00], [0x7f], [0x7f, 0x00], [0x80], [0xff]]);
  });

  it('sends binary values as base64 on the wire', async () => {
    const response = await call('GetItem', { TableName: 'Binary', Key: { pk: { B: 'AQ==' }, sk: { B: 'fwA=' } } });
    expect(JSON.parse(response.body)).toEqual({ Item: { pk: { B: 'AQ==' }, sk: { B: 'fwA=' } } });
  });
});

describe('DynamoDB errors arrive as the SDK’s exception classes', () => {
  beforeAll(async () => {
    await kit.client.createTable(table('Errors'));
    await kit.client.putItem({ TableName: 'Errors', Item: { pk: { S: 'p' }, sk: { S: 'a' }, v: { N: '1' } } });
  });

  it('ResourceNotFoundException', async () => {
    const error = await rejection(kit.client.getItem({ TableName: 'Missing', Key: { pk: { S: 'p' } } }));
    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect(error.message).toBe('Requested resource not found');
    expect(error.$metadata?.httpStatusCode).toBe(400);
    const described = await rejection(kit.client.describeTable({ TableName: 'Missing' }));
    expect(described).toBeInstanceOf(ResourceNotFoundException);
    expect(described.message).toBe('Requested resource not found: Table: Missing not found');
  });

  it('ResourceInUseException', async () => {
    const error = await rejection(kit.client.createTable(table('Errors')));
    expect(error).toBeInstanceOf(ResourceInUseException);
    expect(error.message).toBe('Table already exists: Errors');
  });

  it('ConditionalCheckFailedException, with the old item when asked for', async () => {
    const error = await rejection(
      kit.client.putItem({
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
      kit.client.query({
        TableName: 'Errors',
        KeyConditionExpression: 'pk = :p AND sk BETWEEN :b AND :a',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':a': { S: '1' }, ':b': { S: '9' } },
      }),
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
    const error = await rejection(kit.client.listBackups({}));
    expect(error.name).toBe('UnknownOperationException');
    expect(error.message).toContain('DynamoDB_20120810.ListBackups');
  });

  it('TransactionCanceledException carries its CancellationReasons, with binary items, to the SDK', async () => {
    await kit.client.putItem({ TableName: 'Errors', Item: { pk: { S: 'bin' }, sk: { S: 'a' }, b: { B: Uint8Array.of(0xff, 0) } } });
    const request = {
      TransactItems: [
        { Put: { TableName: 'Errors', Item: { pk: { S: 'tx' }, sk: { S: 'new' } } } },
        {
          ConditionCheck: {
            TableName: 'Errors',
            Key: { pk: { S: 'bin' }, sk: { S: 'a' } },
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
          },
        },
      ],
    };
    const expectCancelled = (error: Error) => {
      expect(error).toBeInstanceOf(TransactionCanceledException);
      expect(error.message).toBe('Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]');
      expect((error as TransactionCanceledException).CancellationReasons).toEqual([
        { Code: 'None' },
        {
          Code: 'ConditionalCheckFailed',
          Message: 'The conditional request failed',
          Item: { pk: { S: 'bin' }, sk: { S: 'a' }, b: { B: Uint8Array.of(0xff, 0) } },
        },
      ]);
    };
    expectCancelled(await rejection(kit.client.transactWriteItems(request)));
    const raw = JSON.parse((await call('TransactWriteItems', { ...request, TransactItems: request.TransactItems.slice(1) })).body) as Record<string, unknown>;
    expect(Object.keys(raw)).toEqual(['__type', 'CancellationReasons', 'Message']);
    // In front of a real SDK client, the reasons pass through.
    const front = await startDynamoDBEndpoint({ db: kit.client, port: 0 });
    const frontClient = new DynamoDB({ endpoint: front.url, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    try {
      expectCancelled(await rejection(frontClient.transactWriteItems(request)));
      const { Responses } = await frontClient.transactGetItems({
        TransactItems: [{ Get: { TableName: 'Errors', Key: { pk: { S: 'bin' }, sk: { S: 'a' } }, ProjectionExpression: 'b' } }],
      });
      expect(Responses).toEqual([{ Item: { b: { B: Uint8Array.of(0xff, 0) } } }]);
    } finally {
      frontClient.destroy();
      await front.stop();
    }
  });

  it('serves any data source: in front of a real SDK client, its DynamoDB errors pass through', async () => {
    const front = await startDynamoDBEndpoint({ db: kit.client, port: 0 });
    const frontClient = new DynamoDB({ endpoint: front.url, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    try {
      expect((await frontClient.getItem({ TableName: 'Errors', Key: { pk: { S: 'p' }, sk: { S: 'a' } } })).Item?.v).toEqual({ N: '1' });
      const error = await rejection(
        frontClient.putItem({
          TableName: 'Errors',
          Item: { pk: { S: 'p' }, sk: { S: 'a' } },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
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

  it('accepts any well-formed credentials (the signature is never checked)', async () => {
    expect(
      (
        await call(
          'ListTables',
          {},
          { Authorization: 'AWS4-HMAC-SHA256 Credential=anyone/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00' },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses an unknown operation as DynamoDB does (com.amazon.coral.service#UnknownOperationException)', async () => {
    for (const headers of [
      { 'X-Amz-Target': 'DynamoDB_20120810.ListTable' },
      { 'X-Amz-Target': 'whatever' },
      { 'X-Amz-Target': 'DynamoDB_20111205.ListTables' },
    ]) {
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
      expect(JSON.parse(response.body)).toMatchObject({
        __type: 'com.amazon.coral.service#SerializationException',
        Message: expect.stringContaining('not valid JSON'),
      });
    }
    const empty = await call('ListTables', '');
    expect(JSON.parse(empty.body)).toMatchObject({ __type: 'com.amazon.coral.service#SerializationException', Message: expect.stringContaining('empty') });
  });

  it('refuses a member of the wrong JSON type with DynamoDB’s SerializationException', async () => {
    const response = await call('PutItem', { TableName: 'Items', Item: { pk: { S: 'p' }, sk: { S: 's' }, n: { N: 5 } } });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      __type: 'com.amazon.coral.service#SerializationException',
      Message: 'NUMBER_VALUE cannot be converted to String',
    });
  });
});

describe('CORS', () => {
  const origin = 'http://localhost:5173';

  it('lets the browser read the response and its request id', async () => {
    const response = await call('ListTables', {}, { Origin: origin });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-expose-headers'])).toBe('x-amzn-RequestId, x-amz-crc32');
  });

  it('with an origin list: other origins get no CORS headers and cannot call it; same-origin calls can', async () => {
    const restricted = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, corsOrigins: [origin] });
    const headers = { 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.ListTables', ...SIGNED_HEADERS };
    try {
      const preflight = await send({
        port: restricted.port,
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
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
    const app = createAppServer({
      distDir,
      port: 0,
      onError: () => undefined,
      routes: [dynamodbRoute('/dynamodb', createDynamoDBEndpoint({ db: createLocalDynamoDB() }))],
    });
    const { port } = await app.start();
    const mounted = new DynamoDB({ endpoint: `http://127.0.0.1:${port}/dynamodb`, region: 'us-east-1', credentials: CREDENTIALS, maxAttempts: 1 });
    try {
      await mounted.createTable(table('Mounted'));
      await mounted.putItem({ TableName: 'Mounted', Item: { pk: { S: 'p' }, sk: { S: 's' }, b: { B: Uint8Array.of(0xff) } } });
      expect((await mounted.getItem({ TableName: 'Mounted', Key: { pk: { S: 'p' }, sk: { S: 's' } } })).Item?.b?.B).toEqual(Uint8Array.of(0xff));
      const page = await send({ port, method: 'GET', path: '/' });
      expect(page.body).toContain('<title>Keylab</title>');
      // Mounted, the endpoint allows its own origin only.
      const crossOrigin = await send({
        port,
        path: '/dynamodb',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-amz-json-1.0', 'X-Amz-Target': 'DynamoDB_20120810.ListTables' },
        body: '{}',
      });
      expect(crossOrigin.status).toBe(403);
    } finally {
      mounted.destroy();
      await app.stop();
      await rm(distDir, { recursive: true, force: true });
    }
  });
});
