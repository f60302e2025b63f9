import { createHash } from 'node:crypto';
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

/** The text of each inline <style> element of an HTML page, as the browser hashes it (exactly what is between the tags). */
function inlineStylesOf(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style\s*>/gi)].map((match) => match[1] as string);
}

/**
 * The Content-Security-Policy for one HTML page: the app's policy, with the
 * page's own inline <style> elements (the build inlines the entry's
 * stylesheet: vite.config.ts, inlineEntryStylesheet) allowed by their sha256
 * hashes. A hash allows that exact text and nothing else, so no
 * 'unsafe-inline': a style injected into the page (by table data rendered
 * wrongly, say) is still refused. A page without inline styles gets the
 * plain policy.
 */
export function contentSecurityPolicyForPage(html: string): string {
  const hashes = inlineStylesOf(html).map((css) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`);
  if (hashes.length === 0) return CONTENT_SECURITY_POLICY;
  return serializePolicy({ ...CONTENT_SECURITY_POLICY_DIRECTIVES, 'style-src': [...CONTENT_SECURITY_POLICY_DIRECTIVES['style-src'], ...new Set(hashes)] });
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
