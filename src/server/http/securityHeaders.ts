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

export const CONTENT_SECURITY_POLICY: string = serializePolicy(CONTENT_SECURITY_POLICY_DIRECTIVES);

/** `directive source source; directive source` (the header's syntax). */
export function serializePolicy(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** Headers set on every response, whatever route produced it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

export function applySecurityHeaders(res: ServerResponse, headers: Readonly<Record<string, string>> = SECURITY_HEADERS): void {
  for (const [name, value] of Object.entries(headers)) {
    res.setHeader(name, value);
  }
}
