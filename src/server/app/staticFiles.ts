import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentSecurityPolicyForPage, sendText, type Route } from '../http';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Vite puts content-hashed files in dist/assets/; they can be cached forever. */
const ASSETS_DIR = 'assets';
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE = 'no-cache';

export type ResolvedPath = { kind: 'ok'; segments: string[] } | { kind: 'bad-request'; reason: string } | { kind: 'hidden' };

/**
 * Turns the raw request target into safe path segments, or rejects it.
 *
 * Works on the raw string (not `new URL()`), because URL parsing silently
 * normalises `..` and `%2e%2e` away; we want such requests refused outright.
 */
export function resolveRequestPath(rawUrl: string): ResolvedPath {
  if (!rawUrl.startsWith('/')) return { kind: 'bad-request', reason: 'request target must be a path' };
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (rawPath.includes('\\') || rawPath.includes('\0') || /%00/i.test(rawPath)) {
    return { kind: 'bad-request', reason: 'invalid characters in path' };
  }
  const segments: string[] = [];
  for (const rawSegment of rawPath.split('/')) {
    if (rawSegment === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(rawSegment);
    } catch {
      return { kind: 'bad-request', reason: 'malformed percent-encoding' };
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) {
      return { kind: 'bad-request', reason: 'path traversal' };
    }
    if (segment.startsWith('.')) return { kind: 'hidden' };
    segments.push(segment);
  }
  return { kind: 'ok', segments };
}

async function statFile(filePath: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(filePath);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

function etagFor(stats: Stats): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
}

/** Each HTML page's Content-Security-Policy, by file and version (ETag): computed once per build, not per request. */
const pagePolicies = new Map<string, { etag: string; policy: string }>();

/** The policy for an HTML file: the app's, with the page's inline styles allowed by hash (contentSecurityPolicyForPage). */
async function pagePolicyOf(filePath: string, etag: string): Promise<string> {
  const known = pagePolicies.get(filePath);
  if (known?.etag === etag) return known.policy;
  const policy = contentSecurityPolicyForPage(await readFile(filePath, 'utf8'));
  pagePolicies.set(filePath, { etag, policy });
  return policy;
}

async function sendFile(req: IncomingMessage, res: ServerResponse, filePath: string, stats: Stats, cacheControl: string): Promise<void> {
  const etag = etagFor(stats);
  // On 200, 304 and HEAD alike: a revalidated page keeps its policy's hashes.
  if (path.extname(filePath).toLowerCase() === '.html') res.setHeader('Content-Security-Policy', await pagePolicyOf(filePath, etag));
  res.setHeader('Content-Type', contentTypeFor(filePath));
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', stats.mtime.toUTCString());

  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }

  res.statusCode = 200;
  res.setHeader('Content-Length', stats.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(filePath), res);
}

/**
 * Should a request for a missing file get index.html (client-side routing)?
 * Yes for extensionless paths (`/tables/orders`), and for browser navigations
 * (Accept: text/html) outside assets/, so deep links whose last segment has a
 * dot (DynamoDB table names may: `/tables/orders.v2`) still work. Missing
 * scripts, styles and images stay 404s.
 */
export function wantsAppShell(req: IncomingMessage, segments: readonly string[]): boolean {
  const last = segments.at(-1) ?? '';
  if (!last.includes('.')) return true;
  if (segments[0] === ASSETS_DIR) return false;
  return (req.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the production build in `distDir`:
 * - GET/HEAD only (405 otherwise),
 * - existing files with their content type,
 * - extensionless paths (and HTML navigations) fall back to index.html,
 * - other missing files are 404s.
 *
 * It matches every request, so it must be the last route.
 */
export function staticFilesRoute(distDir: string): Route {
  const root = path.resolve(distDir);
  const indexHtml = path.join(root, 'index.html');

  return {
    name: 'static',
    matches: () => true,
    async handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        sendText(req, res, 405, 'Method Not Allowed');
        return;
      }

      const resolved = resolveRequestPath(req.url ?? '/');
      if (resolved.kind === 'bad-request') {
        sendText(req, res, 400, `Bad Request: ${resolved.reason}`);
        return;
      }
      if (resolved.kind === 'hidden') {
        sendText(req, res, 404, 'Not Found');
        return;
      }

      const { segments } = resolved;
      const filePath = path.join(root, ...segments);
      if (filePath !== root && !filePath.startsWith(root + path.sep)) {
        sendText(req, res, 400, 'Bad Request: path traversal');
        return;
      }

      const stats = segments.length > 0 ? await statFile(filePath) : undefined;
      if (stats) {
        const hashed = segments[0] === ASSETS_DIR;
        await sendFile(req, res, filePath, stats, hashed ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
        return;
      }

      if (wantsAppShell(req, segments)) {
        const indexStats = await statFile(indexHtml);
        if (indexStats) {
          await sendFile(req, res, indexHtml, indexStats, REVALIDATE_CACHE);
          return;
        }
        sendText(req, res, 404, 'Not Found: the app is not built (dist/index.html is missing)');
        return;
      }

      sendText(req, res, 404, 'Not Found');
    },
  };
}
