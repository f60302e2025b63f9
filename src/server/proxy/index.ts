/** The loopback proxy: the page's way to endpoints on this machine and to the endpoints allowed with --allow-endpoint. */
export { createLoopbackProxy, DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, loopbackProxyRoute, PROXY_PATH, type LoopbackProxyOptions, type Refusal } from './loopbackProxy';
export {
  ALLOW_ENDPOINTS_ENV,
  allowedEndpointsFromEnv,
  isForwardableAddress,
  isLoopbackAddress,
  parseAllowedEndpoint,
  resolveProxyTarget,
  TARGET_HEADER,
  type ResolvedAddress,
  type Resolver,
  type TargetRules,
} from './proxyTargets';
