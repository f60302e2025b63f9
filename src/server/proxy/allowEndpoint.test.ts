import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer, type AppServer } from '../app';
import { UsageError } from '../http';
import {
  allowedEndpointsFromEnv,
  isForwardableAddress,
  loopbackProxyRoute,
  parseAllowedEndpoint,
  PROXY_PATH,
  resolveProxyTarget,
  TARGET_HEADER,
  type ResolvedAddress,
} from './loopbackProxy';
import { expectErr } from '../../errors/testing';

/*
 * `--allow-endpoint`: origins off this machine the proxy forwards to, set on
 * the server's command line. Host names resolve through an injected resolver
 * (standing in for docker-compose's DNS); the upstream is a real HTTP server
 * bound to this machine's non-loopback address when it has one, so only the
 * allow-list (not the loopback rule) can let the request through.
 */

/** This machine's first non-internal IPv4 address (a container's eth0), if any. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;

let upstream: Server;
let upstreamPort: number;
let lastSeen: { host?: string; body: string } | undefined;
const dns: Record<string, ResolvedAddress[]> = {
  dynamodb: [{ address: lanAddress ?? '127.0.0.1', family: 4 }],
  'dynamodb-loop': [{ address: '127.0.0.1', family: 4 }],
  metadata: [{ address: '169.254.169.254', family: 4 }],
  'half-metadata': [
    { address: '127.0.0.1', family: 4 },
    { address: '169.254.169.254', family: 4 },
  ],
};
const resolve = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
  const found = dns[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

const apps: AppServer[] = [];
async function startApp(allowedEndpoints: readonly string[]): Promise<number> {
  const app = createAppServer({ distDir: '/nonexistent', port: 0, routes: [loopbackProxyRoute({ resolve, allowedEndpoints, timeoutMs: 2000 })] });
  apps.push(app);
  return (await app.start()).port;
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      lastSeen = { host: req.headers.host, body: Buffer.concat(chunks).toString('utf8') };
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.end('{"TableNames":["compose"]}');
    });
  });
  await new Promise<void>((done) => upstream.listen(0, lanAddress ?? '127.0.0.1', done));
  upstreamPort = (upstream.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const app of apps) await app.stop();
  await new Promise<void>((done) => upstream.close(() => done()));
});

function proxy(appPort: number, target: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: appPort,
        method: 'POST',
        path: PROXY_PATH,
        headers: {
          host: `localhost:${appPort}`,
          origin: `http://localhost:${appPort}`,
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          [TARGET_HEADER]: target,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', fail);
    req.end('{}');
  });
}
const messageOf = (response: { body: string }) => (JSON.parse(response.body) as { message: string }).message;

describe('--allow-endpoint: forwarding', () => {
  it.skipIf(lanAddress === undefined)('forwards to an allowed endpoint off this machine, and refuses it when not allowed', async () => {
    const target = `http://dynamodb:${upstreamPort}`;
    const refused = await proxy(await startApp([]), target);
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toContain(`npm start -- --allow-endpoint http://dynamodb:${upstreamPort}`);
    expect(messageOf(refused)).toContain(`resolves to ${lanAddress}`);

    lastSeen = undefined;
    const allowed = await proxy(await startApp([`http://dynamodb:${upstreamPort}`]), target);
    expect(allowed).toMatchObject({ status: 200, body: '{"TableNames":["compose"]}' });
    // Connected to the checked address, with the target's own Host (what the SDK signed).
    expect(lastSeen).toEqual({ host: `dynamodb:${upstreamPort}`, body: '{}' });
  });

  it('forwards to an allowed name that resolves to this machine, connecting to the resolved address', async () => {
    const appPort = await startApp([`http://dynamodb-loop:${upstreamPort}`, `http://dynamodb:${upstreamPort}`]);
    lastSeen = undefined;
    const response = await proxy(appPort, `http://${lanAddress === undefined ? 'dynamodb-loop' : 'dynamodb'}:${upstreamPort}/`);
    expect(response.status).toBe(200);
    expect((lastSeen as { body: string } | undefined)?.body).toBe('{}');
  });

  it('matches the origin exactly: another port, scheme or host is not allowed', async () => {
    const appPort = await startApp(['http://dynamodb:8000']);
    for (const target of ['http://dynamodb:8001', 'https://dynamodb:8000', 'http://dynamodb2:8000', 'http://other:8000']) {
      const response = await proxy(appPort, target);
      expect(response.status, target).not.toBe(200);
    }
    const other = await proxy(appPort, 'http://metadata:8000');
    expect(other.status).toBe(403);
    expect(messageOf(other)).toMatch(/is not allowed\. To reach it .*--allow-endpoint http:\/\/metadata:8000/);
  });
});

describe('--allow-endpoint: the resolved address is checked too', () => {
  it('refuses an allowed name that resolves to the cloud metadata service, or partly does', async () => {
    for (const name of ['metadata', 'half-metadata']) {
      const result = await resolveProxyTarget(`http://${name}:80`, { resolve, allowedEndpoints: [`http://${name}`] });
      expectErr(result, name);
      expect(result.refusal.message).toMatch(/resolves to 169\.254\.169\.254, which is no address Keylab forwards to|169\.254\.169\.254/);
    }
  });

  it('refuses an allowed IP literal that is link-local, unspecified or multicast', async () => {
    for (const origin of [
      'http://169.254.169.254',
      'http://0.0.0.0:8000',
      'http://[fe80::1]:8000',
      'http://224.0.0.1:8000',
      'http://[::ffff:169.254.169.254]:8000',
    ]) {
      const result = await resolveProxyTarget(`${origin}/`, { resolve, allowedEndpoints: [new URL(origin).origin] });
      expect(result.ok, origin).toBe(false);
    }
  });

  it('classifies addresses', () => {
    for (const address of ['10.0.0.7', '172.18.0.2', '192.168.1.20', '127.0.0.1', '::1', 'fd00::2', '::ffff:10.0.0.1'])
      expect(isForwardableAddress(address), address).toBe(true);
    for (const address of ['169.254.169.254', '0.0.0.0', '::', 'fe80::1', '224.0.0.251', 'ff02::1', '255.255.255.255', '::ffff:169.254.169.254', 'dynamodb']) {
      expect(isForwardableAddress(address), address).toBe(false);
    }
  });
});

describe('--allow-endpoint: parsing', () => {
  it('keeps the origin (scheme, host, port), normalised', () => {
    expect(parseAllowedEndpoint('http://dynamodb:8000')).toBe('http://dynamodb:8000');
    expect(parseAllowedEndpoint(' http://DynamoDB:8000/ ')).toBe('http://dynamodb:8000');
    expect(parseAllowedEndpoint('http://dynamodb:80')).toBe('http://dynamodb');
  });

  it.each([
    ['dynamodb:8000', /write the endpoint's origin/],
    ['https://dynamodb:8000', /only http:\/\/ endpoints need it/],
    ['http://user:pw@dynamodb:8000', /no user name or password/],
    ['http://dynamodb:8000/tables', /origin only/],
    ['http://dynamodb:8000?x=1', /origin only/],
  ])('refuses %j with a message saying what to write', (text, message) => {
    expect(() => parseAllowedEndpoint(text)).toThrow(UsageError);
    expect(() => parseAllowedEndpoint(text)).toThrow(message);
  });

  it('reads KEYLAB_ALLOW_ENDPOINTS, comma- or space-separated', () => {
    expect(allowedEndpointsFromEnv({ KEYLAB_ALLOW_ENDPOINTS: 'http://dynamodb:8000, http://localstack:4566 http://x:1' })).toEqual([
      'http://dynamodb:8000',
      'http://localstack:4566',
      'http://x:1',
    ]);
    expect(allowedEndpointsFromEnv({})).toEqual([]);
  });
});
