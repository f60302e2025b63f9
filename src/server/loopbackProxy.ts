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
 * Who may use it (a proxy that any web page could reach would let every site
 * open in the browser read local databases):
 * - `Host` must be exactly `localhost:<port>`, `127.0.0.1:<port>` or
 *   `[::1]:<port>` for the port the request arrived on — a DNS-rebinding page
 *   (evil.example resolving to 127.0.0.1) sends its own host name;
 * - `Origin`, when sent, must be one of the same three origins, and
 *   `Sec-Fetch-Site`, when sent, must say `same-origin` (or `none`);
 * - the target must be http(s), without user info, and every address its
 *   host name resolves to must be a loopback address; the connection then
 *   goes to the address that was checked (no second lookup to rebind).
 *
 * Refusals are DynamoDB-shaped JSON (`{"__type": "…#ProxyRefused", …}`) so
 * the SDK in the browser surfaces them as errors with a readable message.
 * Nothing here logs headers or bodies.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { forwardRequest, sendRefusal as sendRefusalAs } from './forwardRequest';
import type { Route } from './routes';

export const PROXY_PATH = '/proxy/dynamodb';
/** The header carrying the endpoint to forward to (the `target` query parameter works too). */
export const TARGET_HEADER = 'x-keylab-target';
/** Set on forwarded requests, so the proxy never forwards to itself in a loop. */
const HOP_HEADER = 'x-keylab-proxied';
/** DynamoDB's own request-size limit. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export interface LoopbackProxyOptions {
  readonly maxBodyBytes?: number;
  readonly timeoutMs?: number;
  /** Resolves a host name to all its addresses (tests inject one). Default: dns.lookup with all: true. */
  readonly resolve?: (hostname: string) => Promise<readonly ResolvedAddress[]>;
}

/** A request the proxy will not serve, with the status and the sentence to send back. */
export interface Refusal {
  readonly status: number;
  readonly type: 'ProxyRefused' | 'ProxyBadTarget' | 'ProxyConnectionRefused' | 'ProxyUnreachable' | 'ProxyTimeout' | 'ProxyTLSError' | 'ProxyRequestTooLarge';
  readonly message: string;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x addresses (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(bare);
  if (family === 4) return LOOPBACK.check(bare, 'ipv4');
  if (family === 6) {
    const mapped = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
    if (mapped) return isLoopbackAddress(mapped[1] ?? '');
    return LOOPBACK.check(bare, 'ipv6');
  }
  return false;
}

/** The origins (and Host values) of the app itself for the port a request arrived on. */
export function appHosts(port: number): readonly string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}

/**
 * Checks that a request comes from the app's own page on this machine.
 * Returns a refusal, or undefined when the request may proceed.
 */
export function checkSameOrigin(req: IncomingMessage): Refusal | undefined {
  const port = req.socket.localPort;
  const hosts = port ? appHosts(port) : [];
  const host = req.headers.host ?? '';
  if (!hosts.includes(host.toLowerCase())) {
    return {
      status: 403,
      type: 'ProxyRefused',
      message: `Refused: the proxy only answers requests addressed to ${hosts.join(', ')} (this request's Host is ${JSON.stringify(host)}). Open Keylab at http://localhost:${port ?? '<port>'}/.`,
    };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((allowed) => origin.toLowerCase() === `http://${allowed}`)) {
    return {
      status: 403,
      type: 'ProxyRefused',
      message: `Refused: requests from the web origin ${JSON.stringify(origin)} may not use Keylab's proxy; only Keylab's own page (http://localhost:${port}) may.`,
    };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, type: 'ProxyRefused', message: `Refused: a ${site} request may not use Keylab's proxy; only Keylab's own page may.` };
  }
  return undefined;
}

/**
 * Parses and checks a target endpoint: http(s), no user info, and a host
 * whose every address is loopback. Returns the URL and the address to connect to.
 */
export async function resolveLoopbackTarget(
  raw: string | undefined,
  resolve: (hostname: string) => Promise<readonly ResolvedAddress[]> = defaultResolve,
): Promise<{ ok: true; url: URL; address: ResolvedAddress } | { ok: false; refusal: Refusal }> {
  const bad = (message: string, status = 400): { ok: false; refusal: Refusal } => ({ ok: false, refusal: { status, type: 'ProxyBadTarget', message } });
  if (!raw) return bad(`Missing target: send the endpoint in the ${TARGET_HEADER} header, e.g. http://localhost:8000.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('The target is not a valid URL; use e.g. http://localhost:8000.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad(`The target must be an http:// or https:// URL, not ${url.protocol}.`);
  if (url.username || url.password) return bad('The target URL must not contain a user name or password; credentials go in the signed request, never in URLs.');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly ResolvedAddress[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      return bad(`The target host ${hostname} does not resolve.`, 502);
    }
  }
  const foreign = addresses.find((entry) => !isLoopbackAddress(entry.address));
  if (addresses.length === 0 || foreign) {
    return bad(
      `Refused: the proxy only forwards to this machine (localhost, 127.0.0.0/8, [::1]); ${hostname}${foreign && foreign.address !== hostname ? ` resolves to ${foreign.address}, which` : ''} is not a loopback address. Reach remote endpoints directly.`,
      403,
    );
  }
  return { ok: true, url, address: addresses[0] as ResolvedAddress };
}

async function defaultResolve(hostname: string): Promise<readonly ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
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

/** Reads the body up to `max` bytes; undefined when it is larger. */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        if (size > 4 * max) req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (over) resolve(undefined);
    });
  });
}


/**
 * Creates the proxy's handler. Mount it with {@link loopbackProxyRoute}.
 */
export function createLoopbackProxy(options: LoopbackProxyOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const resolve = options.resolve ?? defaultResolve;

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const refused = checkSameOrigin(req);
    if (refused) {
      req.resume();
      sendRefusal(res, refused);
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      res.setHeader('Allow', 'POST');
      sendRefusal(res, { status: 405, type: 'ProxyRefused', message: `The proxy only forwards POST requests (DynamoDB's protocol), not ${req.method ?? '?'}.` });
      return;
    }
    if (req.headers[HOP_HEADER] !== undefined) {
      req.resume();
      sendRefusal(res, { status: 508, type: 'ProxyRefused', message: 'Refused: the target is Keylab’s own proxy (a loop).' });
      return;
    }
    const rawTarget = (req.headers[TARGET_HEADER] as string | undefined) ?? url.searchParams.get('target') ?? undefined;
    const target = await resolveLoopbackTarget(rawTarget, resolve);
    if (!target.ok) {
      req.resume();
      sendRefusal(res, target.refusal);
      return;
    }
    const declared = Number(req.headers['content-length'] ?? '0');
    const tooLarge: Refusal = { status: 413, type: 'ProxyRequestTooLarge', message: `The request body is larger than ${maxBodyBytes} bytes.` };
    if (declared > maxBodyBytes) {
      req.resume();
      res.setHeader('Connection', 'close');
      sendRefusal(res, tooLarge);
      return;
    }
    const body = await readBody(req, maxBodyBytes);
    if (!body) {
      res.setHeader('Connection', 'close');
      sendRefusal(res, tooLarge);
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
      headers: forwardedHeaders(req.headers, targetUrl, body.length),
      body,
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
