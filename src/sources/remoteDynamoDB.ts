/**
 * Remote data sources: DynamoDB Local, any DynamoDB-compatible endpoint, or
 * AWS, as the SDK v3 aggregated `DynamoDB` client (which already is a
 * `DynamoDBDataSource`).
 *
 * Endpoints on this machine (localhost, 127.0.0.0/8, [::1]) go through the
 * app server's loopback proxy, because DynamoDB Local sends no CORS headers
 * unless started with `-cors`. The SDK signs for the real endpoint; a last
 * middleware (after signing) re-aims the request at `/proxy/dynamodb` with
 * the target in a header, and the proxy restores the Host it was signed for.
 * AWS is reached directly (DynamoDB answers CORS), or through the app
 * server's profile signer for named profiles.
 */
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { isThrottlingError } from '../dynamo';
import type { DynamoDBDataSource } from '../engine';
import { mayHoldProtoMember, restoreProtoMembers } from './protoAttributes';
import {
  endpointOf,
  MAX_ATTEMPTS,
  notDynamoDBAnswer,
  PROFILE_HEADER,
  PROFILE_PROXY_PATH,
  PROXY_PATH,
  routeOf,
  TARGET_HEADER,
  type RemoteHooks,
  type RemoteSettings,
} from './remoteEndpoints';

export * from './remoteEndpoints';

interface MutableRequest {
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  headers: Record<string, string>;
}

/**
 * Creates the SDK client for a remote connection. Nothing here logs or keeps
 * the credentials besides the client itself.
 */
export function createRemoteDynamoDB(settings: RemoteSettings, hooks: RemoteHooks): DynamoDB & DynamoDBDataSource {
  const endpoint = endpointOf(settings);
  const route = routeOf(settings);
  const client = new DynamoDB({
    region: settings.region,
    ...(settings.kind === 'aws' ? {} : { endpoint }),
    credentials: settings.profile
      ? { accessKeyId: 'keylab-profile', secretAccessKey: 'signed-by-the-app-server' }
      : {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey,
          ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}),
        },
    maxAttempts: MAX_ATTEMPTS,
  });
  const proxy = new URL(route === 'signer' ? PROFILE_PROXY_PATH : PROXY_PATH, hooks.appOrigin);
  // Responses holding a `__proto__` member, parsed by JSON.parse (see protoAttributes.ts), by request.
  const protoWires = new WeakMap<object, unknown>();
  // Deserialize-step middleware runs once per attempt, after the retry and
  // signing middleware. This one wraps the deserializer, so it sees each
  // attempt's outcome: throttling is reported as soon as it comes back, while
  // the SDK backs off before the next try.
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as MutableRequest;
      const attempt = Number(/attempt=(\d+)/.exec(request.headers['amz-sdk-request'] ?? '')?.[1] ?? '1');
      try {
        const output = await next(args);
        const wire = protoWires.get(request);
        if (wire !== undefined) restoreProtoMembers(output.output, wire);
        hooks.onSettled?.();
        return output;
      } catch (error) {
        if (isThrottlingError(error) && attempt < MAX_ATTEMPTS) hooks.onRetry?.(attempt + 1);
        else hooks.onSettled?.();
        throw error;
      }
    },
    { step: 'deserialize', name: 'keylabRetryWatch', priority: 'high' },
  );
  // This one sits under the deserializer, next to the HTTP handler.
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as MutableRequest;
      if (route !== 'direct') {
        request.headers[TARGET_HEADER] = endpoint;
        // Signed for the target's Host; the proxy sends that Host on (browsers never let pages set it).
        delete request.headers.host;
        if (route === 'signer' && settings.profile) request.headers[PROFILE_HEADER] = settings.profile;
        request.protocol = proxy.protocol;
        request.hostname = proxy.hostname;
        request.port = proxy.port ? Number(proxy.port) : undefined;
        request.path = proxy.pathname;
      }
      const output = await next(args);
      const response = output.response as { statusCode?: number; reason?: string; headers?: Record<string, string> } | undefined;
      // Another server on that address: say so before the SDK tries to read its answer as JSON.
      if (response?.statusCode !== undefined) {
        const notDynamoDB = notDynamoDBAnswer(endpoint, {
          statusCode: response.statusCode,
          reason: response.reason,
          contentType: response.headers?.['content-type'],
        });
        if (notDynamoDB) throw notDynamoDB;
      }
      // The proxy could not reach the endpoint, or the server could not get a
      // profile's credentials: retrying will not help, so answer the SDK with a
      // client error (no retries, one failure to show).
      const errorType = response?.headers?.['x-amzn-errortype'] ?? '';
      if (response?.statusCode !== undefined && response.statusCode >= 500 && /^(Proxy|Profile)/.test(errorType)) response.statusCode = 400;
      await keepProtoWire(response as { statusCode?: number; body?: unknown } | undefined, request);
      return output;
    },
    { step: 'deserialize', name: 'keylabRoute', priority: 'low' },
  );
  /** Reads a successful body once; when it may hold a `__proto__` member, keeps it parsed for the outer middleware. The SDK reads the same bytes. */
  async function keepProtoWire(response: { statusCode?: number; body?: unknown } | undefined, request: object): Promise<void> {
    if (response?.statusCode !== 200 || response.body === undefined || response.body === null) return;
    const bytes = response.body instanceof Uint8Array ? response.body : await client.config.streamCollector(response.body);
    response.body = bytes;
    const text = new TextDecoder().decode(bytes);
    if (!mayHoldProtoMember(text)) return;
    try {
      protoWires.set(request, JSON.parse(text));
    } catch {
      // Not JSON: the SDK says what is wrong with it.
    }
  }
  return client as DynamoDB & DynamoDBDataSource;
}
