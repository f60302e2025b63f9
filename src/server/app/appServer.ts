import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalHost } from '../../dynamo';
import { applySecurityHeaders, sendText, type Route } from '../http';
import { staticFilesRoute } from './staticFiles';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 5173;
/** How long stop() lets in-flight responses finish before closing their sockets. */
const STOP_GRACE_MS = 3000;

export interface AppServerOptions {
  /** Folder with the production build (index.html + assets/). */
  distDir: string;
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** Interface to bind; defaults to loopback only. */
  host?: string;
  /** Extra routes tried, in order, before the static files. */
  routes?: readonly Route[];
  /** Where request-handling errors are reported; defaults to console.error. */
  onError?: (error: unknown, req: IncomingMessage) => void;
}

export interface StartedServer {
  port: number;
  host: string;
  /** URL to show to people (uses "localhost" for loopback/wildcard binds). */
  url: string;
}

export interface AppServer {
  readonly server: Server;
  readonly routes: readonly Route[];
  /** Binds and listens. Rejects with the listen error (e.g. code EADDRINUSE). */
  start(): Promise<StartedServer>;
  /** Stops accepting connections and closes open ones. */
  stop(): Promise<void>;
}

/** Hosts that `localhost` reaches: every interface, and this machine's usual addresses (any spelling, see src/dynamo's canonicalHost). */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '[::]']);
const LOCALHOST_ADDRESSES = new Set(['localhost', '127.0.0.1', '[::1]']);

export function displayUrl(host: string, port: number): string {
  const canonical = canonicalHost(host);
  if (canonical !== undefined && (WILDCARD_HOSTS.has(canonical) || LOCALHOST_ADDRESSES.has(canonical))) return `http://localhost:${port}/`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

export function createAppServer(options: AppServerOptions): AppServer {
  const host = options.host ?? DEFAULT_HOST;
  const routes: readonly Route[] = [...(options.routes ?? []), staticFilesRoute(options.distDir)];
  const onError =
    options.onError ??
    ((error: unknown, req: IncomingMessage) => {
      // The browser went away mid-response (a tab closed while chunks were loading): nothing to report.
      if ((error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      console.error(`keylab: error while handling ${req.method ?? '?'} ${req.url ?? '?'}:`, error);
    });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    applySecurityHeaders(res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://keylab.invalid');
    } catch {
      sendText(req, res, 400, 'Bad Request');
      return;
    }
    const route = routes.find((candidate) => candidate.matches(req, url));
    if (!route) {
      sendText(req, res, 404, 'Not Found');
      return;
    }
    await route.handle(req, res, url);
  }

  const server = createServer((req, res) => {
    dispatch(req, res).catch((error: unknown) => {
      onError(error, req);
      if (!res.headersSent) {
        applySecurityHeaders(res);
        sendText(req, res, 500, 'Internal Server Error');
      } else {
        res.destroy();
      }
    });
  });

  return {
    server,
    routes,
    start() {
      return new Promise<StartedServer>((resolve, reject) => {
        const onListenError = (error: Error) => reject(error);
        server.once('error', onListenError);
        server.listen(options.port, host, () => {
          server.off('error', onListenError);
          const { port } = server.address() as AddressInfo;
          resolve({ port, host, url: displayUrl(host, port) });
        });
      });
    },
    stop() {
      return new Promise<void>((resolve, reject) => {
        if (!server.listening) {
          resolve();
          return;
        }
        // Keep-alive connections become idle as their in-flight responses
        // finish: close them as soon as they do, and cut whatever is left
        // after a grace period.
        const reaper = setInterval(() => server.closeIdleConnections(), 50);
        const deadline = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
        server.close((error) => {
          clearInterval(reaper);
          clearTimeout(deadline);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
