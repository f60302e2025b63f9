import { createServer as createHttpServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { displayUrl } from './appServer';
import { createKeylabRoutes, resolveServerSettings as resolveOrHelp, UsageError, type ServerSettings } from './cli';

function resolveServerSettings(argv: readonly string[], env: Record<string, string>): ServerSettings {
  const settings = resolveOrHelp(argv, env);
  if (settings === 'help') throw new Error('unexpected --help');
  return settings;
}

describe('resolveServerSettings', () => {
  it('defaults to 127.0.0.1:5173', () => {
    expect(resolveServerSettings([], {})).toEqual({ port: 5173, host: '127.0.0.1', allowedEndpoints: [] });
  });

  it('takes PORT and HOST from the environment', () => {
    expect(resolveServerSettings([], { PORT: '8080', HOST: '0.0.0.0' })).toEqual({ port: 8080, host: '0.0.0.0', allowedEndpoints: [] });
  });

  it('prefers --port over PORT', () => {
    expect(resolveServerSettings(['--port', '5180'], { PORT: '8080' }).port).toBe(5180);
    expect(resolveServerSettings(['--port=5181'], { PORT: '8080' }).port).toBe(5181);
  });

  it('ignores an empty PORT', () => {
    expect(resolveServerSettings([], { PORT: '' }).port).toBe(5173);
  });

  it.each(['0', '65536', 'abc', '12.5', '-1', '1e3', ' '])('rejects the port %j with a helpful message', (value) => {
    expect(() => resolveServerSettings(['--port', value], {})).toThrow(UsageError);
    expect(() => resolveServerSettings([], { PORT: value })).toThrow(/1 to 65535.*PORT=5174 npm start/);
  });

  it('accepts the extremes', () => {
    expect(resolveServerSettings(['--port', '1'], {}).port).toBe(1);
    expect(resolveServerSettings(['--port', '65535'], {}).port).toBe(65535);
  });

  it('rejects a missing --port value and unknown arguments', () => {
    expect(() => resolveServerSettings(['--port'], {})).toThrow(/Missing value after --port/);
    expect(() => resolveServerSettings(['--prot', '1'], {})).toThrow("Unknown option '--prot'. Did you mean --port?");
    expect(() => resolveServerSettings(['5174'], {})).toThrow('Unknown argument "5174": npm start -- takes options only (each starts with --).');
  });
});

describe('--allow-endpoint', () => {
  it('is repeatable, takes --allow-endpoint=X too, adds KEYLAB_ALLOW_ENDPOINTS, and keeps each origin once', () => {
    const settings = resolveServerSettings(
      ['--allow-endpoint', 'http://dynamodb:8000', '--allow-endpoint=http://localstack:4566/', '--allow-endpoint', 'http://DYNAMODB:8000'],
      {
        KEYLAB_ALLOW_ENDPOINTS: 'http://other:9000',
      },
    );
    expect(settings.allowedEndpoints).toEqual(['http://other:9000', 'http://dynamodb:8000', 'http://localstack:4566']);
  });

  it('refuses a missing or malformed value, saying how to write it', () => {
    expect(() => resolveServerSettings(['--allow-endpoint'], {})).toThrow(
      /Missing value after --allow-endpoint, e\.g\. npm start -- --allow-endpoint http:\/\/dynamodb:8000/,
    );
    expect(() => resolveServerSettings(['--allow-endpoint', 'dynamodb:8000'], {})).toThrow(UsageError);
    expect(() => resolveServerSettings([], { KEYLAB_ALLOW_ENDPOINTS: 'http://x:1/path' })).toThrow(/origin only/);
  });
});

describe('displayUrl', () => {
  it('shows localhost for loopback and wildcard binds', () => {
    expect(displayUrl('127.0.0.1', 5173)).toBe('http://localhost:5173/');
    expect(displayUrl('0.0.0.0', 5173)).toBe('http://localhost:5173/');
    for (const host of ['::1', '[::1]', '0:0:0:0:0:0:0:1', '::', 'LOCALHOST']) expect(displayUrl(host, 5173), host).toBe('http://localhost:5173/');
  });

  it('shows another loopback address as it is (localhost would not reach a server bound to it)', () => {
    expect(displayUrl('127.0.0.2', 5173)).toBe('http://127.0.0.2:5173/');
  });

  it('shows other hosts as they are', () => {
    expect(displayUrl('192.0.2.10', 80)).toBe('http://192.0.2.10:80/');
    expect(displayUrl('fe80::1', 8080)).toBe('http://[fe80::1]:8080/');
  });
});

describe('createKeylabRoutes', () => {
  it('is the loopback proxy and the profile routes, for npm start and npm run dev alike', () => {
    expect(createKeylabRoutes().map((route) => route.name)).toEqual(['loopback-proxy', 'aws-profiles', 'aws-profile-proxy']);
  });

  it('is mounted in the Vite dev server (vite.config.ts), with the same origin checks against the dev server’s port', { timeout: 30_000 }, async () => {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: 'vite.config.ts',
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', hmr: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await vite.listen();
    const port = (vite.httpServer?.address() as AddressInfo).port;
    // A loopback endpoint the proxy can forward to.
    const upstream = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{"TableNames":["dev"]}'));
    });
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
    const upstreamPort = (upstream.address() as AddressInfo).port;
    const send = (method: string, path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
        req.end(method === 'POST' ? '{}' : undefined);
      });
    try {
      const own = { host: `localhost:${port}`, origin: `http://localhost:${port}` };
      const proxied = await send('POST', '/proxy/dynamodb', { ...own, 'x-keylab-target': `http://127.0.0.1:${upstreamPort}` });
      expect(proxied).toEqual({ status: 200, body: '{"TableNames":["dev"]}' });
      expect((await send('GET', '/api/aws-profiles', own)).status).toBe(200);
      const foreign = await send('POST', '/proxy/dynamodb', {
        ...own,
        origin: 'https://attacker.example',
        'x-keylab-target': `http://127.0.0.1:${upstreamPort}`,
      });
      expect(foreign.status).toBe(403);
      expect((JSON.parse(foreign.body) as { message: string }).message).toMatch(/Refused: requests from the web origin "https:\/\/attacker\.example"/);
      expect((await send('GET', '/api/aws-profiles', { host: `localhost:${port + 1}` })).status).toBe(403);
    } finally {
      await vite.close();
      await new Promise<void>((done) => upstream.close(() => done()));
    }
  });
});
