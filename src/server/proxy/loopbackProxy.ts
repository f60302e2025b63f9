/**
 * The loopback proxy: lets the browser app reach DynamoDB Local (or any
 * DynamoDB-compatible endpoint) on this machine when that endpoint sends no
 * CORS headers — DynamoDB Local 3.x only does with `-cors <origin>`.
 *
 *   POST /proxy/dynamodb
 *        X-Keylab-Target: http://localhost:8000        (or ?target=…)
 *        …the SDK's signed request, unchanged…
 *
 * The request is forwarded as is (method, body, signed headers; `Host` is the
 * target's, which is what the SDK signed) and the answer is streamed back.
 *
 * Who may use it: only Keylab's own page on this machine (checkSameOrigin,
 * ../http/sameOrigin.ts). Where it forwards: http(s) targets without user
 * info, whose every address is loopback, or whose origin the server was
 * started with (`--allow-endpoint http://dynamodb:8000`), whose every address
 * is then checked too; the connection goes to the address that was checked
 * (proxyTargets.ts).
 *
 * Refusals are DynamoDB-shaped JSON (`{"__type": "…#ProxyRefused", …}`) so
 * the SDK in the browser surfaces them as errors with a readable message.
 * Nothing here logs headers or bodies.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { checkSameOrigin, closeAfterAnswer, forwardRequest, readBoundedBody, sendRefusal as sendRefusalAs, type ErrorAnswer, type Route } from '../http';
import { resolveProxyTarget, TARGET_HEADER, type ResolvedAddress, type Resolver } from './proxyTargets';

export const PROXY_PATH = '/proxy/dynamodb';
/** Set on forwarded requests, so the proxy never forwards to itself in a loop. */
const HOP_HEADER = 'x-keylab-proxied';
/** DynamoDB's own request-size limit. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface LoopbackProxyOptions {
  readonly maxBodyBytes?: number;
  readonly timeoutMs?: number;
  /** Resolves a host name to all its addresses (tests inject one). Default: dns.lookup with all: true. */
  readonly resolve?: Resolver;
  /**
   * Origins the proxy forwards to besides this machine (`http://dynamodb:8000`),
   * set on the server's command line (`--allow-endpoint`); the page cannot change them.
   */
  readonly allowedEndpoints?: readonly string[];
}

/** A request the proxy will not serve, with the status and the sentence to send back. */
export interface Refusal extends ErrorAnswer {
  readonly type: 'ProxyRefused' | 'ProxyBadTarget' | 'ProxyConnectionRefused' | 'ProxyUnreachable' | 'ProxyTimeout' | 'ProxyTLSError' | 'ProxyRequestTooLarge';
}

const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'upgrade',
  'trailer',
  'origin',
  'referer',
  'cookie',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  TARGET_HEADER,
]);
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'trailer', 'upgrade', 'access-control-allow-origin', 'access-control-allow-credentials', 'set-cookie']);

function forwardedHeaders(headers: IncomingHttpHeaders, url: URL, bodyLength: number): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(name) || name.startsWith('sec-ch-')) continue;
    out[name] = value;
  }
  out.host = url.host;
  out['content-length'] = String(bodyLength);
  out[HOP_HEADER] = '1';
  return out;
}

function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  sendRefusalAs(res, refusal, 'com.keylab.proxy');
}

/**
 * Creates the proxy's handler. Mount it with {@link loopbackProxyRoute}.
 */
export function createLoopbackProxy(options: LoopbackProxyOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const targetRules = { allowedEndpoints: options.allowedEndpoints ?? [], ...(options.resolve ? { resolve: options.resolve } : {}) };

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const refused = checkSameOrigin(req);
    if (refused) {
      closeAfterAnswer(req, res);
      sendRefusal(res, refused);
      return;
    }
    if (req.method !== 'POST') {
      closeAfterAnswer(req, res);
      res.setHeader('Allow', 'POST');
      sendRefusal(res, { status: 405, type: 'ProxyRefused', message: `The proxy only forwards POST requests (DynamoDB's protocol), not ${req.method ?? '?'}.` });
      return;
    }
    if (req.headers[HOP_HEADER] !== undefined) {
      closeAfterAnswer(req, res);
      sendRefusal(res, { status: 508, type: 'ProxyRefused', message: 'Refused: the target is Keylab’s own proxy (a loop).' });
      return;
    }
    const rawTarget = (req.headers[TARGET_HEADER] as string | undefined) ?? url.searchParams.get('target') ?? undefined;
    const target = await resolveProxyTarget(rawTarget, targetRules);
    if (!target.ok) {
      closeAfterAnswer(req, res);
      sendRefusal(res, target.refusal);
      return;
    }
    const body = await readBoundedBody(req, { maxBytes: maxBodyBytes });
    if (body.kind === 'aborted') return;
    if (body.kind === 'tooLarge') {
      if (!body.drained) closeAfterAnswer(req, res);
      sendRefusal(res, { status: 413, type: 'ProxyRequestTooLarge', message: `The request body is larger than ${maxBodyBytes} bytes.` });
      return;
    }

    const { url: targetUrl, address } = target;
    // Connect to the address that was checked, whatever the name resolves to now.
    const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    await forwardRequest(res, {
      url: targetUrl,
      headers: forwardedHeaders(req.headers, targetUrl, body.bytes.length),
      body: body.bytes,
      lookup: pinnedLookup,
      timeoutMs,
      keepResponseHeader: (name) => !DROPPED_RESPONSE_HEADERS.has(name),
      namespace: 'com.keylab.proxy',
    });
  };
}

/** The proxy as an app-server route at {@link PROXY_PATH}. */
export function loopbackProxyRoute(options: LoopbackProxyOptions = {}): Route {
  const handle = createLoopbackProxy(options);
  return {
    name: 'loopback-proxy',
    matches: (_req, url) => url.pathname === PROXY_PATH || url.pathname === `${PROXY_PATH}/`,
    handle,
  };
}
