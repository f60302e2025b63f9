import { connect } from 'node:net';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { IDLE_CONNECTION_MS, MAX_REQUEST_BYTES, startDynamoDBEndpoint } from './dynamodbEndpoint';
import { NOT_FOUND_BODY } from './endpointHttp';
import { SIGNED_HEADERS, useTestEndpoint } from './endpointTestKit';

/*
 * The HTTP layer as DynamoDB answers it, before any operation runs. Expected
 * statuses, bodies and CRC32s are architect/dynalite's recordings of live
 * DynamoDB (test/connection.js): a 404 `<UnknownOperationException/>` for
 * what is not a DynamoDB request, 400s for a missing operation or
 * signature, `Access-Control-Allow-Origin: *`.
 */

const kit = useTestEndpoint();
const { send } = kit;

const LIST_TABLES = { 'X-Amz-Target': 'DynamoDB_20120810.ListTables' };
const AMZ_JSON = { 'Content-Type': 'application/x-amz-json-1.0' };

describe('what is not a DynamoDB request: 404 <UnknownOperationException/>', () => {
  it.each([
    ['a GET', { method: 'GET' }],
    ['a PUT', { method: 'PUT', headers: { ...AMZ_JSON, ...LIST_TABLES, ...SIGNED_HEADERS }, body: '{}' }],
    ['a DELETE', { method: 'DELETE' }],
    ['a PATCH with a body', { method: 'PATCH', headers: { ...AMZ_JSON }, body: '{}' }],
    ['an OPTIONS without an Origin', { method: 'OPTIONS' }],
    ['a POST with a body and no Content-Type', { headers: { ...LIST_TABLES, ...SIGNED_HEADERS }, body: 'hi' }],
    ['a POST with a body of another Content-Type', { headers: { 'Content-Type': 'whatever', ...LIST_TABLES, ...SIGNED_HEADERS }, body: 'hi' }],
    ['a POST with a text/plain JSON body', { headers: { 'Content-Type': 'text/plain', ...LIST_TABLES, ...SIGNED_HEADERS }, body: '{}' }],
  ])('%s', async (_, request) => {
    const response = await send(request);
    expect(response.status).toBe(404);
    expect(response.body).toBe(NOT_FOUND_BODY);
    expect(response.headers['content-length']).toBe('29');
    expect(response.headers['x-amz-crc32']).toBe('3552371480');
    expect(response.headers['x-amzn-requestid']).toMatch(/^[0-9A-Z]{52}$/);
  });

  it('a HEAD: 404 without a body', async () => {
    const response = await send({ method: 'HEAD' });
    expect(response.status).toBe(404);
    expect(response.body).toBe('');
  });
});

describe('JSON answers before the operation runs', () => {
  const serialization = { __type: 'com.amazon.coral.service#SerializationException' };
  const unknown = { __type: 'com.amazon.coral.service#UnknownOperationException' };
  const missing = { __type: 'com.amazon.coral.service#MissingAuthenticationTokenException', message: 'Request is missing Authentication Token' };
  const incompleteAws4 = {
    __type: 'com.amazon.coral.service#IncompleteSignatureException',
    message:
      "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. " +
      "Authorization header requires 'SignedHeaders' parameter. Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. " +
      'Authorization=AWS4-',
  };

  it.each([
    ['a body that is not JSON (application/json)', { 'Content-Type': 'application/json' }, 'hi', serialization, 'application/json'],
    ['a body that is not JSON (x-amz-json-1.0)', AMZ_JSON, 'hi', serialization, 'application/x-amz-json-1.0'],
    ['no target and no body', {}, undefined, unknown, 'application/json'],
    ['no target (application/json)', { 'Content-Type': 'application/json' }, '{}', unknown, 'application/json'],
    ['no target (x-amz-json-1.0)', AMZ_JSON, '{}', unknown, 'application/x-amz-json-1.0'],
    ['a target of another form', { ...AMZ_JSON, 'X-Amz-Target': 'whatever' }, '{}', unknown, 'application/x-amz-json-1.0'],
    ['an operation DynamoDB does not have', { ...AMZ_JSON, 'X-Amz-Target': 'DynamoDB_20120810.ListTable' }, '{}', unknown, 'application/x-amz-json-1.0'],
    ['no Authorization header', { ...AMZ_JSON, ...LIST_TABLES }, '{}', missing, 'application/x-amz-json-1.0'],
    ['no Authorization header nor body', LIST_TABLES, undefined, missing, 'application/json'],
    ['an Authorization header "AWS4"', { ...AMZ_JSON, ...LIST_TABLES, Authorization: 'AWS4' }, '{}', missing, 'application/x-amz-json-1.0'],
    ['a session token without a signature', { ...AMZ_JSON, ...LIST_TABLES, 'X-Amz-Security-Token': 't' }, '{}', missing, 'application/x-amz-json-1.0'],
    ['an Authorization header "AWS4-"', { ...AMZ_JSON, ...LIST_TABLES, Authorization: 'AWS4-' }, '{}', incompleteAws4, 'application/x-amz-json-1.0'],
    [
      'a credential without its five parts',
      { ...AMZ_JSON, ...LIST_TABLES, ...SIGNED_HEADERS, Authorization: 'AWS4-HMAC-SHA256 Credential=a/b, SignedHeaders=host, Signature=00' },
      '{}',
      {
        __type: 'com.amazon.coral.service#IncompleteSignatureException',
        message: "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got 'a/b'",
      },
      'application/x-amz-json-1.0',
    ],
    ['a signed request without a body', { ...LIST_TABLES, ...SIGNED_HEADERS }, undefined, serialization, 'application/json'],
  ])('%s', async (_, headers, body, expected, contentType) => {
    const response = await send({ headers, ...(body === undefined ? {} : { body }) });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject(expected);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['x-amz-crc32']).toBe(String(crc32(Buffer.from(response.body, 'utf8'))));
    expect(response.headers['x-amzn-requestid']).toMatch(/^[0-9A-Z]{52}$/);
  });

  it.each([
    ['a SigV4 header', SIGNED_HEADERS, '/'],
    ['a Date header instead of X-Amz-Date', { Authorization: SIGNED_HEADERS.Authorization, Date: 'Thu, 01 Jan 2026 00:00:00 GMT' }, '/'],
    ['a presigned URL', {}, '/?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AK%2F20260101%2Fus-east-1%2Fdynamodb%2Faws4_request&X-Amz-Signature=00'],
  ])('serves a request signed with %s, whatever the keys', async (_, headers, path) => {
    const response = await send({ path, headers: { ...AMZ_JSON, ...LIST_TABLES, ...headers }, body: '{}' });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toHaveProperty('TableNames');
  });
});

describe('CORS as DynamoDB answers it (corsOrigins: "*")', () => {
  it.each([
    ['an Origin', {}, {}],
    ['an Origin and requested headers', { 'Access-Control-Request-Headers': 'a, b, c' }, { 'access-control-allow-headers': 'a, b, c' }],
    [
      'an Origin, requested headers and a method',
      { 'Access-Control-Request-Headers': 'a, b, c', 'Access-Control-Request-Method': 'd' },
      { 'access-control-allow-headers': 'a, b, c', 'access-control-allow-methods': 'd' },
    ],
  ])('a preflight with %s: 200, empty, "*"', async (_, headers, expected) => {
    const response = await send({ method: 'OPTIONS', headers: { Origin: 'whatever', ...headers } });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-max-age']).toBe('172800');
    expect(response.headers['content-length']).toBe('0');
    expect(response.headers['x-amzn-requestid']).toMatch(/^[0-9A-Z]{52}$/);
    expect(response.headers).toMatchObject(expected);
    expect(response.body).toBe('');
  });

  it('an error answer to an Origin carries "*" too', async () => {
    const response = await send({ headers: { Origin: 'whatever' } });
    expect(response.status).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(response.body).__type).toBe('com.amazon.coral.service#UnknownOperationException');
  });

  it('the browser SDK’s own preflight and call work', async () => {
    const preflight = await send({
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'amz-sdk-invocation-id,amz-sdk-request,authorization,content-type,x-amz-date,x-amz-target,x-amz-user-agent',
      },
    });
    expect(String(preflight.headers['access-control-allow-headers']).split(',').length).toBe(7);
    const call = await kit.call('ListTables', {}, { Origin: 'http://localhost:5173' });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe('*');
  });

  it('with an origin list, a preflight from another origin is not a CORS answer (404, no Allow-Origin)', async () => {
    const restricted = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, corsOrigins: ['http://localhost:5173'] });
    try {
      const other = await send({
        port: restricted.port,
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(other.status).toBe(404);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const listed = await send({
        port: restricted.port,
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      });
      expect(listed.status).toBe(200);
      expect(listed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(listed.headers.vary).toBe('Origin');
    } finally {
      await restricted.stop();
    }
  });
});

describe('a body over the limit', () => {
  it('answers 413 that a raw client reads in full, even far past the limit, before the connection closes', async () => {
    const small = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0, maxBodyBytes: 1024 });
    try {
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(small.port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        // The reply is read to the server's FIN: a reset before that would lose it.
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        const head =
          'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n' +
          `Authorization: ${SIGNED_HEADERS.Authorization}\r\nX-Amz-Date: ${SIGNED_HEADERS['X-Amz-Date']}\r\nTransfer-Encoding: chunked\r\n\r\n`;
        socket.write(head);
        // 64 KB chunks, far past limit + drain allowance; the client keeps sending until the reply has come.
        const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x20), Buffer.from('\r\n')]);
        let sent = 0;
        const pump = () => {
          while (sent < 64 && chunks.length === 0) {
            sent++;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      expect(reply).toMatch(/^HTTP\/1\.1 413 /);
      expect(reply).toMatch(/\r\nconnection: close\r\n/i);
      const body = reply.slice(reply.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toMatchObject({ __type: 'com.amazon.coral.service#RequestEntityTooLargeException' });
    } finally {
      await small.stop();
    }
  });

  it('the default limit is DynamoDB’s 16 MB', () => {
    expect(MAX_REQUEST_BYTES).toBe(16 * 1024 * 1024);
  });
});

describe('idle keep-alive connections', () => {
  it('stay open far longer than Node’s 5 s, so a kept SDK socket is not closed under a request (ECONNRESET)', async () => {
    const running = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
    try {
      expect(running.server.keepAliveTimeout).toBe(IDLE_CONNECTION_MS);
      expect(IDLE_CONNECTION_MS).toBeGreaterThanOrEqual(60_000);
    } finally {
      await running.stop();
    }
  });
});
