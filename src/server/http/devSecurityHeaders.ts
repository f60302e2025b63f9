/** The security headers of `npm run dev`, derived from npm start's (securityHeaders.ts, the one source). */
import { CONTENT_SECURITY_POLICY_DIRECTIVES, SECURITY_HEADERS, serializePolicy } from './securityHeaders';

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
  return { ...SECURITY_HEADERS, 'Content-Security-Policy': devContentSecurityPolicy(nonce) };
}
