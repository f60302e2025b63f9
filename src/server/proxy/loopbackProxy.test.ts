import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { createAppServer, type AppServer } from '../app';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../endpoint';
import { isLoopbackAddress, loopbackProxyRoute, PROXY_PATH, resolveProxyTarget, TARGET_HEADER, type ResolvedAddress } from './loopbackProxy';

/*
 * The proxy behind the app server, driven with raw HTTP (so Host and Origin
 * can be forged the way a cross-site page or a DNS-rebinding page would send
 * them) and with the real SDK client. The target is Keylab's own
 * DynamoDB-compatible endpoint on a free loopback port, plus a tiny echo
 * server that shows exactly what arrived.
 */

const fakeDns: Record<string, ResolvedAddress[]> = {
  'public.example': [{ address: '93.184.216.34', family: 4 }],
  'mixed.example': [
    { address: '127.0.0.1', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  'loop.example': [{ address: '127.0.0.1', family: 4 }],
  localhost: [{ address: '127.0.0.1', family: 4 }],
};
const resolve = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
  const found = fakeDns[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

let app: AppServer;
let appPort: number;
let endpoint: RunningDynamoDBEndpoint;
let echo: Server;
let echoPort: number;
let lastEcho: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string } | undefined;

beforeAll(async () => {
  endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
  echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      lastEcho = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.setHeader('x-amzn-RequestId', 'echo-1');
      res.end(JSON.stringify({ echoed: true }));
    });
  });
  await new Promise<void>((done) => echo.listen(0, '127.0.0.1', done));
  echoPort = (echo.address() as AddressInfo).port;
  app = createAppServer({ distDir: '/nonexistent', port: 0, routes: [loopbackProxyRoute({ resolve, maxBodyBytes: 1024 * 1024, timeoutMs: 2000 })] });
  appPort = (await app.start()).port;
});

afterAll(async () => {
  await app.stop();
  await endpoint.stop();
  await new Promise<void>((done) => echo.close(() => done()));
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function send(options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: appPort,
        method: options.method ?? 'POST',
        path: options.path ?? PROXY_PATH,
        headers: { host: `127.0.0.1:${appPort}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

const listTablesHeaders = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' };
const messageOf = (response: RawResponse) => (JSON.parse(response.body) as { message: string; __type: string }).message;

describe('loopback proxy: who may use it', () => {
  it('refuses a cross-site request (foreign Origin)', async () => {
    const response = await send({
      headers: { ...listTablesHeaders, origin: 'https://evil.example', [TARGET_HEADER]: `http://127.0.0.1:${echoPort}` },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(messageOf(response)).toMatch(/web origin "https:\/\/evil\.example" may not use Keylab's proxy/);
    expect(response.headers['x-amzn-errortype']).toBe('ProxyRefused');
  });

  it('refuses an Origin on another port of localhost', async () => {
    const response = await send({
      headers: { ...listTablesHeaders, origin: `http://localhost:${appPort + 1}`, [TARGET_HEADER]: `http://127.0.0.1:${echoPort}` },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('refuses a DNS-rebinding request (foreign Host, even with a matching-looking Origin)', async () => {
    const response = await send({
      headers: {
        ...listTablesHeaders,
        host: `rebind.evil.example:${appPort}`,
        origin: `http://rebind.evil.example:${appPort}`,
        [TARGET_HEADER]: `http://127.0.0.1:${echoPort}`,
      },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(messageOf(response)).toMatch(/only answers requests addressed to localhost:\d+, 127\.0\.0\.1:\d+, \[::1\]:\d+/);
    expect(lastEcho).toBeUndefined();
  });

  it('refuses a cross-site Sec-Fetch-Site even without an Origin', async () => {
    const response = await send({
      headers: { ...listTablesHeaders, 'sec-fetch-site': 'cross-site', [TARGET_HEADER]: `http://127.0.0.1:${echoPort}` },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('refuses methods other than POST', async () => {
    const response = await send({ method: 'GET', headers: { [TARGET_HEADER]: `http://127.0.0.1:${echoPort}` } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(messageOf(response)).toMatch(/only forwards POST/);
  });
});

describe('loopback proxy: where it forwards', () => {
  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is not a loopback address/],
    ['a public host name', 'http://public.example', /public\.example resolves to 93\.184\.216\.34, which is not a loopback address/],
    ['a name resolving to loopback and a private address', 'http://mixed.example:8000', /resolves to 10\.0\.0\.7/],
    ['a private address', 'http://10.0.0.1:8000', /not a loopback address/],
    ['an unresolvable name', 'http://nowhere.example', /does not resolve/],
    ['credentials in the URL', 'http://user:pass@127.0.0.1:8000', /must not contain a user name or password/],
    ['another scheme', 'file:///etc/passwd', /must be an http:\/\/ or https:\/\/ URL/],
    ['no URL at all', 'not a url', /not a valid URL/],
  ])('refuses %s', async (_what, target, message) => {
    lastEcho = undefined;
    const response = await send({ headers: { ...listTablesHeaders, origin: `http://127.0.0.1:${appPort}`, [TARGET_HEADER]: target }, body: '{}' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(messageOf(response)).toMatch(message);
    expect(messageOf(response)).not.toContain('pass@');
    expect(lastEcho).toBeUndefined();
  });

  it('refuses a request without a target', async () => {
    const response = await send({ headers: listTablesHeaders, body: '{}' });
    expect(response.status).toBe(400);
    expect(messageOf(response)).toMatch(/Missing target/);
  });

  it('refuses a body over the cap', async () => {
    const response = await send({ headers: { ...listTablesHeaders, [TARGET_HEADER]: `http://127.0.0.1:${echoPort}` }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(response.status).toBe(413);
  });

  it('says "connection refused" when nothing listens on the target port', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const response = await send({ headers: { ...listTablesHeaders, [TARGET_HEADER]: `http://localhost:${port}` }, body: '{}' });
    expect(response.status).toBe(502);
    expect(response.headers['x-amzn-errortype']).toBe('ProxyConnectionRefused');
    expect(messageOf(response)).toMatch(/Connection refused: nothing is listening on localhost:\d+/);
  });

  it('classifies addresses', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:7f08:90a]'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '169.254.169.254', '::', '::2', '::ffff:10.0.0.1', '0.0.0.0', 'localhost', 'fe80::1'])
      expect(isLoopbackAddress(address), address).toBe(false);
  });

  it('forwards to an IPv4-mapped loopback target however it is spelled (the URL parser writes it in hex)', async () => {
    for (const target of ['http://[::ffff:127.0.0.1]:8000', 'http://[::ffff:7f00:1]:8000', 'http://[0:0:0:0:0:0:0:1]:8000'])
      expect((await resolveProxyTarget(target, { resolve })).ok, target).toBe(true);
    for (const target of ['http://[::ffff:10.0.0.1]:8000', 'http://[::]:8000']) expect((await resolveProxyTarget(target, { resolve })).ok, target).toBe(false);
  });

  it('checks every address a name resolves to', async () => {
    expect((await resolveProxyTarget('http://loop.example:8000', { resolve })).ok).toBe(true);
    expect((await resolveProxyTarget('http://mixed.example:8000', { resolve })).ok).toBe(false);
  });
});

describe('loopback proxy: forwarding', () => {
  it('forwards method, body and signed headers unchanged, with the target as Host, and streams the answer back', async () => {
    const body = JSON.stringify({ Limit: 1, note: 'héllo' });
    const response = await send({
      headers: {
        ...listTablesHeaders,
        origin: `http://localhost:${appPort}`,
        host: `localhost:${appPort}`,
        authorization: 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc',
        'x-amz-date': '20260101T000000Z',
        cookie: 'session=should-not-travel',
        [TARGET_HEADER]: `http://localhost:${echoPort}`,
      },
      body,
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ echoed: true });
    expect(response.headers['x-amzn-requestid']).toBe('echo-1');
    expect(lastEcho?.method).toBe('POST');
    expect(lastEcho?.url).toBe('/');
    expect(lastEcho?.body).toBe(body);
    expect(lastEcho?.headers.host).toBe(`localhost:${echoPort}`);
    expect(lastEcho?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/);
    expect(lastEcho?.headers['x-amz-date']).toBe('20260101T000000Z');
    expect(lastEcho?.headers['x-amz-target']).toBe('DynamoDB_20120810.ListTables');
    expect(lastEcho?.headers.cookie).toBeUndefined();
    expect(lastEcho?.headers.origin).toBeUndefined();
    expect(lastEcho?.headers[TARGET_HEADER]).toBeUndefined();
  });

  it('accepts the target as a query parameter too', async () => {
    const response = await send({ path: `${PROXY_PATH}?target=${encodeURIComponent(`http://127.0.0.1:${echoPort}`)}`, headers: listTablesHeaders, body: '{}' });
    expect(response.status).toBe(200);
  });

  it('carries a real SDK client to the built-in engine endpoint and back', async () => {
    const client = new DynamoDB({
      region: 'us-east-1',
      endpoint: `http://localhost:${appPort}${PROXY_PATH}`,
      credentials: { accessKeyId: 'keylab', secretAccessKey: 'not-secret' },
      maxAttempts: 1,
    });
    client.middlewareStack.add(
      (next) => (args) => {
        const request = args.request as { headers: Record<string, string> };
        request.headers[TARGET_HEADER] = endpoint.url;
        return next(args);
      },
      { step: 'build', name: 'keylabTarget' },
    );
    await client.createTable({
      TableName: 'Proxied',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    for (const sk of ['9', '10', '240']) await client.putItem({ TableName: 'Proxied', Item: { pk: { S: 'p' }, sk: { S: sk } } });
    const output = await client.query({ TableName: 'Proxied', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } } });
    expect(output.Items?.map((item) => item.sk?.S)).toEqual(['10', '240', '9']);
    await expect(client.describeTable({ TableName: 'Missing' })).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    client.destroy();
  });
});
