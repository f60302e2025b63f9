import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer, type AppServer } from './appServer';
import { describeListenError } from './cli';
import { prefixRoute, sendJson } from '../http';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicyForPage } from '../http';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** http.request sends `target` verbatim (fetch() would normalise `..` away). */
function send(port: number, target: string, method = 'GET', headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const INDEX_HTML = '<!doctype html><html><head><title>Keylab test</title></head><body><main></main></body></html>';
/** A page as the build writes index.html: the entry's stylesheet inline. */
const INLINE_STYLE = ':root{color:#1b2330}body{margin:0}';
const STYLED_HTML = `<!doctype html><html><head><style>${INLINE_STYLE}</style></head><body></body></html>`;
const INLINE_STYLE_HASH = `'sha256-${createHash('sha256').update(INLINE_STYLE).digest('base64')}'`;

let tempDir: string;
let distDir: string;
let app: AppServer;
let port: number;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'keylab-server-test-'));
  distDir = path.join(tempDir, 'dist');
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(tempDir, 'secret.txt'), 'TOP SECRET');
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(distDir, 'styled.html'), STYLED_HTML);
  await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(distDir, '.env'), 'SECRET=1');
  await writeFile(path.join(distDir, 'assets', 'index-AbC123.js'), 'console.log("hi");');
  await writeFile(path.join(distDir, 'assets', 'index-AbC123.css'), 'main{}');
  await writeFile(path.join(distDir, 'assets', 'font-x1.woff2'), 'wOF2');
  await writeFile(path.join(distDir, 'assets', 'data.bin'), 'xx');

  app = createAppServer({
    distDir,
    port: 0,
    onError: () => undefined,
    routes: [
      prefixRoute('api', '/api/', (req, res, url) => {
        if (url.pathname === '/api/boom') throw new Error('boom');
        sendJson(req, res, 200, { path: url.pathname, method: req.method });
      }),
    ],
  });
  ({ port } = await app.start());
});

afterAll(async () => {
  await app.stop();
  await rm(tempDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: IncomingHttpHeaders): void {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('uses the documented Content-Security-Policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' https://*.amazonaws.com https://*.amazonaws.com.cn https:; " +
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it.each([
    ['/', 'GET'],
    ['/assets/index-AbC123.js', 'GET'],
    ['/missing.png', 'GET'],
    ['/', 'POST'],
    ['/%2e%2e/secret.txt', 'GET'],
    ['/api/ping', 'GET'],
    ['/api/boom', 'GET'],
  ])('are sent for %s %s', async (target, method) => {
    const res = await send(port, target, method);
    expectSecurityHeaders(res.headers);
  });
});

describe('an HTML page with inline styles', () => {
  it('allows exactly its <style> elements by sha256 hash, and nothing else inline', () => {
    const policy = contentSecurityPolicyForPage(STYLED_HTML);
    expect(policy).toBe(CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self' ${INLINE_STYLE_HASH}`));
    expect(policy).not.toContain('unsafe-inline');
    expect(contentSecurityPolicyForPage(INDEX_HTML)).toBe(CONTENT_SECURITY_POLICY);
    // Two style elements: two hashes; the same text twice: one.
    const two = contentSecurityPolicyForPage(`<style>${INLINE_STYLE}</style><style media="print">a{}</style><style>${INLINE_STYLE}</style>`);
    expect(two.match(/'sha256-/g)).toHaveLength(2);
  });

  it.each(['GET', 'HEAD'])('is served with that policy (%s), and keeps it when revalidated (304)', async (method) => {
    const res = await send(port, '/styled.html', method);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicyForPage(STYLED_HTML));
    expect(res.headers['content-security-policy']).toContain(INLINE_STYLE_HASH);
    const revalidated = await send(port, '/styled.html', method, { 'If-None-Match': String(res.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-security-policy']).toContain(INLINE_STYLE_HASH);
  });

  it('other files keep the plain policy', async () => {
    expect((await send(port, '/assets/index-AbC123.css')).headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('static files', () => {
  it('serves index.html at / with no-cache', async () => {
    const res = await send(port, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each([
    ['/assets/index-AbC123.js', 'text/javascript; charset=utf-8'],
    ['/assets/index-AbC123.css', 'text/css; charset=utf-8'],
    ['/assets/font-x1.woff2', 'font/woff2'],
    ['/assets/data.bin', 'application/octet-stream'],
  ])('serves %s as %s, cached forever', async (target, contentType) => {
    const res = await send(port, target);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(contentType);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves non-hashed files with revalidation', async () => {
    const res = await send(port, '/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('ignores the query string', async () => {
    const res = await send(port, '/assets/index-AbC123.js?v=2');
    expect(res.status).toBe(200);
    expect(res.body).toBe('console.log("hi");');
  });

  it('answers HEAD with headers only', async () => {
    const res = await send(port, '/assets/index-AbC123.js', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String('console.log("hi");'.length));
    expect(res.body).toBe('');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await send(port, '/favicon.svg');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const second = await send(port, '/favicon.svg', 'GET', { 'If-None-Match': etag ?? '' });
    expect(second.status).toBe(304);
    expect(second.body).toBe('');
  });

  it.each(['/some/path', '/tables/orders', '/deep/link/', '/assets'])('falls back to index.html for the extensionless path %s', async (target) => {
    const res = await send(port, target);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('falls back to index.html for browser navigations to paths with a dot', async () => {
    const res = await send(port, '/tables/orders.v2', 'GET', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('keeps missing assets a 404 even for HTML navigations', async () => {
    const res = await send(port, '/assets/index-Gone.js', 'GET', { Accept: 'text/html' });
    expect(res.status).toBe(404);
  });

  it.each(['/missing.js', '/assets/index-Missing.js', '/some/path/image.png', '/.env', '/assets/.hidden'])(
    'returns 404 for the missing or hidden file %s',
    async (target) => {
      const res = await send(port, target);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('<html');
    },
  );

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('rejects %s with 405', async (method) => {
    const res = await send(port, '/', method);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('path traversal', () => {
  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/index.html%00',
    '/index.html%00.js',
    '/%00',
    '/%zz',
  ])('rejects %s with 400', async (target) => {
    const res = await send(port, target);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('TOP SECRET');
  });

  it('rejects absolute-form request targets', async () => {
    const res = await send(port, 'http://example.com/../secret.txt');
    expect(res.status).toBe(400);
  });
});

describe('routes', () => {
  it('runs extra routes before the static files', async () => {
    const res = await send(port, '/api/ping', 'POST');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ path: '/api/ping', method: 'POST' });
  });

  it('turns a throwing route into a 500', async () => {
    const res = await send(port, '/api/boom');
    expect(res.status).toBe(500);
  });

  it('leaves paths that merely share the prefix text to the next route', async () => {
    const res = await send(port, '/apiary');
    expect(res.status).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});

describe('starting', () => {
  it('reports a clear error when the port is taken', async () => {
    const clash = createAppServer({ distDir, port });
    const error = await clash.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    const message = describeListenError(error, { port, host: '127.0.0.1' });
    expect(message).toContain(`port ${port} is already in use`);
    expect(message).toContain(`PORT=${port + 1} npm start`);
    expect(message).toContain(`npm start -- --port ${port + 1}`);
    expect(message).not.toContain('\n');
  });

  it('binds to 127.0.0.1 by default', () => {
    const address = app.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
  });
});
