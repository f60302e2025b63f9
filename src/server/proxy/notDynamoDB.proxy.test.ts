import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteDynamoDB, describeConnectionError } from '../../sources/remoteDynamoDB';
import { createAppServer, type AppServer } from '../app';
import { loopbackProxyRoute } from '.';

/*
 * Connecting "DynamoDB Local" to a port where another server listens: the
 * browser's remote source, through the real loopback proxy, to a real HTTP
 * server that answers 405 / 404 / an HTML page. The user reads what answered
 * and what to check, never a JSON SyntaxError from the SDK's deserializer.
 */

let app: AppServer;
let appOrigin: string;
let other: Server;
let otherPort: number;

const ANSWERS: Record<string, { status: number; type: string; body: string }> = {
  '/405': { status: 405, type: 'text/plain', body: 'Method Not Allowed ' },
  '/404': { status: 404, type: 'text/html; charset=utf-8', body: '<!doctype html><title>Not found</title>' },
  '/html': { status: 200, type: 'text/html', body: '<!doctype html><title>Some app</title><p>Hello' },
};

beforeAll(async () => {
  app = createAppServer({ distDir: '/nonexistent', port: 0, routes: [loopbackProxyRoute({ timeoutMs: 2000 })] });
  appOrigin = `http://localhost:${(await app.start()).port}`;
  // The SDK posts to the endpoint's path, so each endpoint below gets its own path and answer.
  other = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = ANSWERS[req.url ?? ''] ?? ANSWERS['/405']!;
      res.writeHead(answer.status, { 'Content-Type': answer.type });
      res.end(answer.body);
    });
  });
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  otherPort = (other.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.stop();
  await new Promise<void>((done) => other.close(() => done()));
});

const settingsFor = (endpoint: string) => ({
  kind: 'dynamodbLocal' as const,
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'keylab',
  secretAccessKey: 'keylab-local',
});

async function connectionProblem(path: string) {
  const endpoint = `http://localhost:${otherPort}${path}`;
  const settings = settingsFor(endpoint);
  const client = createRemoteDynamoDB(settings, { appOrigin });
  const error = await client.listTables({ Limit: 1 }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, 'ListTables must fail').toBeDefined();
  return { endpoint, problem: describeConnectionError(error, settings) };
}

describe('an endpoint that is not DynamoDB, through the proxy', () => {
  it('405: says what answered and to check the port', async () => {
    const { endpoint, problem } = await connectionProblem('/405');
    expect(problem).toEqual({ kind: 'notDynamoDB', message: `${endpoint} answered 405 Method Not Allowed and is not a DynamoDB endpoint: check the port` });
  });

  it('404 HTML page: the same, with the status it gave', async () => {
    const { endpoint, problem } = await connectionProblem('/404');
    expect(problem.message).toBe(`${endpoint} answered 404 Not Found with a web page and is not a DynamoDB endpoint: check the port`);
  });

  it('200 HTML page (a web app on that port): not mistaken for success', async () => {
    const { endpoint, problem } = await connectionProblem('/html');
    expect(problem.message).toBe(`${endpoint} answered 200 OK with a web page and is not a DynamoDB endpoint: check the port`);
    expect(problem.message).not.toMatch(/SyntaxError|JSON|Deserialization/);
  });
});
