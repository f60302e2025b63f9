import { createServer as createHttpServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { devContentSecurityPolicy, SECURITY_HEADERS } from '../http';

/*
 * `npm run dev`: a real Vite dev server from vite.config.ts (HMR on, so
 * @vitejs/plugin-react injects its inline react-refresh preamble), checked for
 * npm start's security headers with the dev policy's one relaxation, and for
 * KEYLAB_ALLOW_ENDPOINTS reaching the proxy.
 */

const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;

let vite: ViteDevServer;
let port: number;
let upstream: Server;
let upstreamPort: number;
const savedAllow = process.env.KEYLAB_ALLOW_ENDPOINTS;

function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  upstream = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{"TableNames":["compose"]}'));
  });
  await new Promise<void>((done) => upstream.listen(0, lanAddress ?? '127.0.0.1', done));
  upstreamPort = (upstream.address() as AddressInfo).port;
  process.env.KEYLAB_ALLOW_ENDPOINTS = `http://${lanAddress ?? '127.0.0.1'}:${upstreamPort}`;
  const { createServer } = await import('vite');
  vite = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1', watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await vite.listen();
  port = (vite.httpServer?.address() as AddressInfo).port;
  // The first request loads src/server through Vite and transforms the page: slow once, not per test.
  await get('/', { accept: 'text/html' });
}, 60_000);

afterAll(async () => {
  await vite.close();
  await new Promise<void>((done) => upstream.close(() => done()));
  if (savedAllow === undefined) delete process.env.KEYLAB_ALLOW_ENDPOINTS;
  else process.env.KEYLAB_ALLOW_ENDPOINTS = savedAllow;
});

describe('npm run dev: security headers', () => {
  it('sends npm start’s headers, with a policy that only adds the page’s nonce for scripts and styles', async () => {
    const page = await get('/', { accept: 'text/html' });
    expect(page.status).toBe(200);
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(page.body)?.[1];
    expect(nonce).toBeDefined();
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toBe(devContentSecurityPolicy(nonce ?? ''));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (name !== 'Content-Security-Policy') expect(page.headers[name.toLowerCase()], name).toBe(value);
    }
    // The relaxation is one nonce, never 'unsafe-inline' or 'unsafe-eval'; everything else is npm start's policy.
    expect(policy).not.toMatch(/unsafe-(inline|eval)/);
    expect(policy.replaceAll(` 'nonce-${nonce}'`, '')).toBe(SECURITY_HEADERS['Content-Security-Policy']);
  });

  it('every inline script Vite serves (the react-refresh preamble) carries that nonce', async () => {
    const page = await get('/', { accept: 'text/html' });
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(page.body)?.[1];
    const inline = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\bsrc=/.test(attrs ?? ''));
    expect(inline.some(([, , code]) => (code ?? '').includes('injectIntoGlobalHook'))).toBe(true);
    for (const [tag, attrs] of inline) expect(attrs, tag).toContain(`nonce="${nonce}"`);
  });

  it('a fresh nonce each time the dev server starts', async () => {
    const { createServer } = await import('vite');
    const other = await createServer({
      configFile: 'vite.config.ts',
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', watch: null, hmr: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const html = await other.transformIndexHtml('/', '<!doctype html><html><head></head><body></body></html>');
      const mine = /nonce="([^"]+)"/.exec((await get('/', { accept: 'text/html' })).body)?.[1];
      const theirs = /nonce="([^"]+)"/.exec(html)?.[1];
      expect(theirs).toBeDefined();
      expect(theirs).not.toBe(mine);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('on modules, assets and the Node routes too', async () => {
    for (const path of ['/src/main.tsx', '/favicon.svg', '/api/aws-profiles', '/no-such-file.js']) {
      const response = await get(path);
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      expect(String(response.headers['content-security-policy']), path).toMatch(/^default-src 'self'; script-src 'self' 'nonce-/);
    }
  });
});

describe('npm run dev: KEYLAB_ALLOW_ENDPOINTS', () => {
  it('lets the proxy forward to the allowed endpoint', async () => {
    const proxied = await get(
      '/proxy/dynamodb',
      {
        origin: `http://localhost:${port}`,
        'x-keylab-target': `http://${lanAddress ?? '127.0.0.1'}:${upstreamPort}`,
        'content-type': 'application/x-amz-json-1.0',
      },
      'POST',
      '{}',
    );
    expect(proxied).toMatchObject({ status: 200, body: '{"TableNames":["compose"]}' });
  });
});
