import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One entry in the app server's ordered route list. The first route whose
 * `matches` returns true handles the request; the static-file route is always
 * last and matches everything.
 *
 * To add e.g. `/api/...` or `/proxy/...`, pass routes to `createAppServer`:
 *
 *   createAppServer({ distDir, port, routes: [prefixRoute('api', '/api/', handleApi)] })
 *
 * Security headers are already set when a route runs; a route may override them
 * with `res.setHeader` (e.g. a different CSP is never needed for JSON).
 */
export interface Route {
  readonly name: string;
  /** `url` is parsed from the request target with a dummy origin. */
  matches(req: IncomingMessage, url: URL): boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void | Promise<void>;
}

/** A route that handles every request whose path starts with `prefix`. */
export function prefixRoute(name: string, prefix: string, handle: Route['handle']): Route {
  return {
    name,
    matches: (_req, url) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix),
    handle,
  };
}

/** Sends a short plain-text response (errors, 405s, ...), honouring HEAD. */
export function sendText(req: IncomingMessage, res: ServerResponse, status: number, body: string): void {
  const payload = Buffer.from(`${body}\n`, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', payload.length);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** Sends a JSON response, honouring HEAD. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  const payload = Buffer.from(JSON.stringify(value), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', payload.length);
  res.end(req.method === 'HEAD' ? undefined : payload);
}
