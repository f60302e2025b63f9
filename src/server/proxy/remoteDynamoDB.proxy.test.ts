import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteDynamoDB } from '../../sources/remoteDynamoDB';
import { describeConnectionError } from '../../sources/remoteEndpoints';
import { createAppServer, type AppServer } from '../app';
import { loopbackProxyRoute, PROXY_PATH } from './loopbackProxy';

/*
 * The browser's remote source (src/sources/remoteDynamoDB.ts) against the
 * real proxy: requests to loopback endpoints are re-aimed at /proxy/dynamodb,
 * unreachable endpoints fail once (no pointless retries), and throttling is
 * retried with "retrying…" reported while it happens.
 */

let app: AppServer;
let appOrigin: string;
let proxied = 0;
let fake: Server;
let fakePort: number;
let throttleNext = 0;

beforeAll(async () => {
  // "dynamodb" stands for a docker-compose service name (an address off this machine).
  const resolve = async (hostname: string) => (hostname === 'dynamodb' ? [{ address: '172.18.0.2', family: 4 }] : lookup(hostname, { all: true }));
  const proxy = loopbackProxyRoute({ timeoutMs: 2000, resolve });
  app = createAppServer({
    distDir: '/nonexistent',
    port: 0,
    routes: [{ ...proxy, handle: (req, res, url) => (proxied++, proxy.handle(req, res, url)) }],
  });
  appOrigin = `http://localhost:${(await app.start()).port}`;
  fake = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      if (throttleNext > 0) {
        throttleNext--;
        res.statusCode = 400;
        res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'Rate exceeded' }));
        return;
      }
      res.end(JSON.stringify({ TableNames: ['T'] }));
    });
  });
  await new Promise<void>((done) => fake.listen(0, '127.0.0.1', done));
  fakePort = (fake.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.stop();
  await new Promise<void>((done) => fake.close(() => done()));
});

const settings = (endpoint: string) => ({
  kind: 'dynamodbLocal' as const,
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'keylab',
  secretAccessKey: 'not-secret',
});

describe('remote source through the proxy', () => {
  it('goes through the proxy for a loopback endpoint', async () => {
    proxied = 0;
    const client = createRemoteDynamoDB(settings(`http://localhost:${fakePort}`), { appOrigin });
    expect((await client.listTables({ Limit: 1 })).TableNames).toEqual(['T']);
    expect(proxied).toBe(1);
    expect(PROXY_PATH).toBe('/proxy/dynamodb');
  });

  it('fails once, with the proxy’s words, when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    proxied = 0;
    const client = createRemoteDynamoDB(settings(`http://127.0.0.1:${port}`), { appOrigin });
    await expect(client.listTables({ Limit: 1 })).rejects.toMatchObject({
      name: 'ProxyConnectionRefused',
      message: expect.stringMatching(/Connection refused/),
    });
    expect(proxied).toBe(1);
  });

  it('sends a plain-http endpoint off this machine through the proxy, which refuses it unless allowed, naming --allow-endpoint', async () => {
    proxied = 0;
    const compose = settings('http://dynamodb:8000');
    const error = await createRemoteDynamoDB(compose, { appOrigin })
      .listTables({ Limit: 1 })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(proxied).toBe(1);
    expect(error).toMatchObject({ name: 'ProxyBadTarget' });
    const problem = describeConnectionError(error, compose);
    expect(problem.kind).toBe('proxy');
    expect(problem.message).toContain('restart Keylab with `npm start -- --allow-endpoint http://dynamodb:8000`');
  });

  it('retries throttled requests with backoff and reports it while it happens', async () => {
    throttleNext = 2;
    const events: string[] = [];
    const client = createRemoteDynamoDB(settings(`http://127.0.0.1:${fakePort}`), {
      appOrigin,
      onRetry: (attempt) => events.push(`retry ${attempt}`),
      onSettled: () => events.push('settled'),
    });
    expect((await client.listTables({})).TableNames).toEqual(['T']);
    expect(events[0]).toBe('retry 2');
    expect(events).toContain('retry 3');
    expect(events.at(-1)).toBe('settled');
  });
});
