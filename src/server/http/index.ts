/**
 * HTTP pieces both of Keylab's servers share (the app server behind
 * `npm start` / `npm run dev`, and the DynamoDB endpoint): routes and plain
 * answers, the security headers, the one bounded body reader, the one
 * same-origin guard, the upstream forwarder, and the command-line helpers.
 */
export { prefixRoute, sendJson, sendText, type Route } from './routes';
export {
  applySecurityHeaders,
  CONTENT_SECURITY_POLICY,
  CONTENT_SECURITY_POLICY_DIRECTIVES,
  contentSecurityPolicyForPage,
  SECURITY_HEADERS,
} from './securityHeaders';
export { devContentSecurityPolicy, devSecurityHeaders } from './devSecurityHeaders';
export { closeAfterAnswer, declaredLength, isBodyless, LINGER_MS, readBoundedBody, type BodyLimits, type BodySource, type BoundedBody } from './boundedBody';
export { appHosts, checkSameOrigin } from './sameOrigin';
export { describeUpstreamError, forwardRequest, sendRefusal, type ErrorAnswer, type ForwardOptions } from './forwardRequest';
export { portNumber, stopOnSignals, UsageError, type ShutdownOptions } from './commandLine';
