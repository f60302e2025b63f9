import type { ServerResponse } from 'node:http';

/**
 * Content-Security-Policy sent with every response of the app server.
 *
 * Keep this the single source of truth: later features (e.g. talking to
 * DynamoDB endpoints) widen `connect-src` here and nowhere else.
 */
export const CONTENT_SECURITY_POLICY_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  // 'self': the app's own server (the loopback proxy, the profile signer).
  // AWS DynamoDB is called straight from the page (it answers CORS); other
  // DynamoDB-compatible endpoints off this machine only over TLS (https:);
  // endpoints on this machine, and plain-http ones allowed with
  // --allow-endpoint, always through the proxy, so never listed here.
  'connect-src': ["'self'", 'https://*.amazonaws.com', 'https://*.amazonaws.com.cn', 'https:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

type Directives = Readonly<Record<string, readonly string[]>>;

function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

export const CONTENT_SECURITY_POLICY: string = serializePolicy(CONTENT_SECURITY_POLICY_DIRECTIVES);

function headersWith(policy: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  };
}

/** Headers set on every response, whatever route produced it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = headersWith(CONTENT_SECURITY_POLICY);

/**
 * The policy for `npm run dev` (Vite's dev server): the production one with
 * the smallest relaxation Vite's development runtime needs, and nothing else.
 *
 * - script-src and style-src also allow one nonce, made fresh at each start
 *   of the dev server (vite.config.ts passes it as Vite's `html.cspNonce`, so
 *   Vite puts it on the tags it injects): @vitejs/plugin-react's inline
 *   react-refresh preamble is an inline <script>, and in dev Vite injects
 *   every imported CSS file as an inline <style> element (the build links a
 *   file instead). A nonce admits exactly those, where 'unsafe-inline' would
 *   admit any injected markup.
 * - connect-src is unchanged: the HMR websocket goes to the page's own host
 *   and port, which 'self' covers (CSP Level 3 matches ws: to an http: self).
 */
export function devContentSecurityPolicy(nonce: string): string {
  if (!/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(nonce)) throw new Error('The dev CSP nonce must be 16 or more base64 characters');
  const allowNonce = (sources: readonly string[]) => [...sources, `'nonce-${nonce}'`];
  return serializePolicy({
    ...CONTENT_SECURITY_POLICY_DIRECTIVES,
    'script-src': allowNonce(CONTENT_SECURITY_POLICY_DIRECTIVES['script-src']),
    'style-src': allowNonce(CONTENT_SECURITY_POLICY_DIRECTIVES['style-src']),
  });
}

/** The security headers of `npm run dev`: those of `npm start`, with {@link devContentSecurityPolicy}. */
export function devSecurityHeaders(nonce: string): Readonly<Record<string, string>> {
  return headersWith(devContentSecurityPolicy(nonce));
}

export function applySecurityHeaders(res: ServerResponse, headers: Readonly<Record<string, string>> = SECURITY_HEADERS): void {
  for (const [name, value] of Object.entries(headers)) {
    res.setHeader(name, value);
  }
}
