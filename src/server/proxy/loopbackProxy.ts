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
 * open in the browser read local databases): only Keylab's own page on this
 * machine, by Host, Origin and Sec-Fetch-Site (checkSameOrigin, ../http).
 * - the target must be http(s), without user info, and every address its
 *   host name resolves to must be a loopback address — or the target's
 *   origin is one the server was started with (`--allow-endpoint
 *   http://dynamodb:8000`), and every address must be one Keylab forwards to
 *   (never link-local, multicast, ...); the connection then goes to the
 *   address that was checked (no second lookup to rebind).
 *
 * Refusals carry a proxy code of the registry (src/errors) and travel as
 * DynamoDB-shaped JSON (`{"__type": "…#ProxyRefused", …}`) so
 * the SDK in the browser surfaces them as errors with a readable message.
 * Nothing here logs headers or bodies.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { isLoopbackHost } from '../../dynamo';
import type { ProxyErrorCode } from '../../errors';
import { PROXY_PATH, TARGET_HEADER } from '../../sources/remoteEndpoints';
import {
  checkSameOrigin,
  closeAfterAnswer,
  forwardRequest,
  readBoundedBody,
  sendRefusal as sendRefusalAs,
  UsageError,
  type ErrorAnswer,
  type Route,
} from '../http';

// The proxy's path and target header (the `target` query parameter works
// too) are the page's (src/sources), so both sides use one spelling.
export { PROXY_PATH, TARGET_HEADER };
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
  readonly code: ProxyErrorCode;
}

/*
 * Where the proxy may forward: endpoints on this machine, and the endpoints
 * the server was started with (`--allow-endpoint`), which the page cannot
 * change. In both cases the host name is resolved once, every address it
 * resolves to is checked, and the connection goes to the checked address (no
 * second lookup that a rebinding DNS server could answer differently).
 */

/** How `npm run dev` (and `npm start`) take allowed endpoints from the environment: comma- or space-separated. */
export const ALLOW_ENDPOINTS_ENV = 'KEYLAB_ALLOW_ENDPOINTS';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** A target the proxy will not forward to, with the status and the sentence to send back. */
export interface TargetRefusal extends Refusal {
  readonly code: 'proxy.badTarget';
}

export type ResolvedTarget = { ok: true; url: URL; address: ResolvedAddress } | { ok: false; refusal: TargetRefusal };

/**
 * Addresses no allowed endpoint may resolve to, whatever its name: nowhere
 * (0.0.0.0/8, ::), link-local (169.254.0.0/16 holds the cloud metadata
 * service, fe80::/10), multicast and broadcast.
 */
const NEVER_FORWARDED = new BlockList();
NEVER_FORWARDED.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER_FORWARDED.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER_FORWARDED.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER_FORWARDED.addAddress('255.255.255.255', 'ipv4');
NEVER_FORWARDED.addAddress('::', 'ipv6');
NEVER_FORWARDED.addSubnet('fe80::', 10, 'ipv6');
NEVER_FORWARDED.addSubnet('ff00::', 8, 'ipv6');

/** Bare IPv4 for an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`), else the address unbracketed and lower-cased. */
function unmapped(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare) ?? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped?.[1] ?? bare;
}

function inList(list: BlockList, address: string): boolean {
  const bare = unmapped(address);
  const family = isIP(bare);
  if (family === 4) return list.check(bare, 'ipv4');
  if (family === 6) return list.check(bare, 'ipv6');
  return false;
}

/**
 * True for an IP address (not a name) on this machine: 127.0.0.0/8, ::1 in any spelling and
 * IPv4-mapped 127.x addresses (`::ffff:127.0.0.1`). Which addresses those are is src/dynamo's
 * isLoopbackHost; only the "is it an address" part (net.isIP) is Node's.
 */
export function isLoopbackAddress(address: string): boolean {
  return isIP(address.replace(/^\[|\]$/g, '')) !== 0 && isLoopbackHost(address);
}

/** True for an IP address an allowed endpoint may resolve to (see NEVER_FORWARDED). */
export function isForwardableAddress(address: string): boolean {
  return isIP(unmapped(address)) !== 0 && !inList(NEVER_FORWARDED, address);
}

/**
 * Parses one `--allow-endpoint` value into the origin that is allowed
 * (scheme, host and port, compared exactly). Throws UsageError.
 */
export function parseAllowedEndpoint(text: string): string {
  const example = 'e.g. --allow-endpoint http://dynamodb:8000';
  let url: URL | undefined;
  try {
    url = text.includes('://') ? new URL(text.trim()) : undefined;
  } catch {
    url = undefined;
  }
  if (!url) throw new UsageError(`Invalid --allow-endpoint ${JSON.stringify(text)}: write the endpoint's origin with its scheme and port, ${example}`);
  if (url.protocol !== 'http:') {
    throw new UsageError(
      `Invalid --allow-endpoint ${JSON.stringify(text)}: only http:// endpoints need it (the page calls https:// endpoints directly), ${example}`,
    );
  }
  if (url.username || url.password) throw new UsageError(`Invalid --allow-endpoint ${JSON.stringify(text)}: no user name or password in the URL, ${example}`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new UsageError(`Invalid --allow-endpoint ${JSON.stringify(text)}: give the origin only (scheme, host, port; no path or query), ${example}`);
  }
  return url.origin;
}

/** The allowed endpoints in KEYLAB_ALLOW_ENDPOINTS (comma- or space-separated). Throws UsageError. */
export function allowedEndpointsFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  return (env[ALLOW_ENDPOINTS_ENV] ?? '')
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .map(parseAllowedEndpoint);
}

export async function defaultResolve(hostname: string): Promise<readonly ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

export interface TargetRules {
  /** Origins allowed besides this machine (`http://dynamodb:8000`), from the server's command line. */
  readonly allowedEndpoints?: readonly string[];
  /** Resolves a host name to all its addresses (tests inject one). */
  readonly resolve?: Resolver;
}

/**
 * Parses and checks a target endpoint: http(s), no user info, and either an
 * allowed origin whose every address is forwardable, or a host whose every
 * address is loopback. Returns the URL and the address to connect to.
 */
export async function resolveProxyTarget(raw: string | undefined, rules: TargetRules = {}): Promise<ResolvedTarget> {
  const resolve = rules.resolve ?? defaultResolve;
  const bad = (message: string, status = 400): { ok: false; refusal: TargetRefusal } => ({ ok: false, refusal: { status, code: 'proxy.badTarget', message } });
  if (!raw) return bad(`Missing target: send the endpoint in the ${TARGET_HEADER} header, e.g. http://localhost:8000.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('The target is not a valid URL; use e.g. http://localhost:8000.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad(`The target must be an http:// or https:// URL, not ${url.protocol}.`);
  if (url.username || url.password) return bad('The target URL must not contain a user name or password; credentials go in the signed request, never in URLs.');
  const allowed = (rules.allowedEndpoints ?? []).includes(url.origin);
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
  const resolvesTo = (address: string) => (address !== hostname ? ` resolves to ${address}, which` : '');
  if (allowed) {
    const refused = addresses.find((entry) => !isForwardableAddress(entry.address));
    if (addresses.length === 0 || refused) {
      return bad(
        `Refused: ${url.origin} is an allowed endpoint (--allow-endpoint), but ${hostname}${refused ? `${resolvesTo(refused.address)} is` : ' has'} no address Keylab forwards to (never: 0.0.0.0, link-local 169.254.x.x / fe80::, multicast, broadcast).`,
        403,
      );
    }
    return { ok: true, url, address: addresses[0] as ResolvedAddress };
  }
  const foreign = addresses.find((entry) => !isLoopbackAddress(entry.address));
  if (addresses.length === 0 || foreign) {
    return bad(
      `Refused: Keylab's proxy forwards only to this machine (localhost, 127.0.0.0/8, [::1]) and to endpoints the server was started with --allow-endpoint; ` +
        `${hostname}${foreign ? resolvesTo(foreign.address) : ''} is not a loopback address and ${url.origin} is not allowed. ` +
        `To reach it (e.g. DynamoDB Local in docker-compose), restart Keylab with \`npm start -- --allow-endpoint ${url.origin}\` ` +
        `(npm run dev: ${ALLOW_ENDPOINTS_ENV}=${url.origin} npm run dev). Endpoints elsewhere over https:// are called directly.`,
      403,
    );
  }
  return { ok: true, url, address: addresses[0] as ResolvedAddress };
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
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'trailer',
  'upgrade',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'set-cookie',
]);

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
      sendRefusal(res, {
        status: 405,
        code: 'proxy.refused',
        message: `The proxy only forwards POST requests (DynamoDB's protocol), not ${req.method ?? '?'}.`,
      });
      return;
    }
    if (req.headers[HOP_HEADER] !== undefined) {
      closeAfterAnswer(req, res);
      sendRefusal(res, { status: 508, code: 'proxy.refused', message: 'Refused: the target is Keylab’s own proxy (a loop).' });
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
      sendRefusal(res, { status: 413, code: 'proxy.requestTooLarge', message: `The request body is larger than ${maxBodyBytes} bytes.` });
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
