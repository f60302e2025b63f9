/**
 * Remote connections without the SDK: settings, where requests travel
 * (through Keylab's proxy, its profile signer, or direct), and failures in
 * plain words. Kept apart from remoteDynamoDB.ts so the SDK client loads only
 * when the user connects somewhere.
 */
import { isLoopbackHost } from '../dynamo';
import type { DynamoDBDataSource } from '../engine';
import { keylabCodeOf, matches } from '../errors';

export type RemoteKind = 'dynamodbLocal' | 'custom' | 'aws';

export interface RemoteSettings {
  readonly kind: RemoteKind;
  /** Endpoint URL (DynamoDB Local and custom); AWS uses the region's endpoint. */
  readonly endpoint?: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  /**
   * A named profile from ~/.aws (AWS only): the app server resolves its
   * credentials like the AWS CLI (keys, SSO, role, credential_process) and
   * signs; the browser never sees them.
   */
  readonly profile?: string;
}

export interface RemoteHooks {
  /** The page's origin (`http://localhost:5173`), where the proxy lives. */
  readonly appOrigin: string;
  /** Called when the SDK retries a request (throttling, 5xx), with the attempt number. */
  readonly onRetry?: (attempt: number) => void;
  /** Called when a request got an answer (clears a "retrying…" notice). */
  readonly onSettled?: () => void;
}

/** Tries per request, throttling retries included (the SDK backs off between them). */
export const MAX_ATTEMPTS = 4;

/** Where the app server's loopback proxy and profile signer listen, and the headers they read (src/server uses these too). */
export const PROXY_PATH = '/proxy/dynamodb';
export const PROFILE_PROXY_PATH = '/proxy/aws-profile';
export const TARGET_HEADER = 'x-keylab-target';
export const PROFILE_HEADER = 'x-keylab-profile';

/** The endpoint a connection talks to (before any proxying). */
export function endpointOf(settings: RemoteSettings): string {
  if (settings.kind === 'aws') return `https://dynamodb.${settings.region}.amazonaws.com${settings.region.startsWith('cn-') ? '.cn' : ''}`;
  return (settings.endpoint ?? '').replace(/\/+$/, '');
}

/**
 * How a connection's requests travel. Endpoints on this machine, and every
 * plain-http one, go through Keylab's proxy: the app server forwards to a
 * plain-http endpoint elsewhere (a DynamoDB Local in docker-compose) only
 * when it was started with `--allow-endpoint <origin>`, and otherwise refuses
 * with a message saying so. Other https endpoints are called directly.
 */
export function routeOf(settings: RemoteSettings): 'proxy' | 'signer' | 'direct' {
  if (settings.kind === 'aws') return settings.profile ? 'signer' : 'direct';
  try {
    const url = new URL(endpointOf(settings));
    return url.protocol === 'http:' || isLoopbackHost(url.hostname) ? 'proxy' : 'direct';
  } catch {
    return 'direct';
  }
}

/** The error name for an answer that did not come from DynamoDB (see {@link notDynamoDBAnswer}). */
export const NOT_DYNAMODB_ENDPOINT = 'NotDynamoDBEndpoint';

/** What an HTTP answer said about itself, as far as telling DynamoDB apart goes. */
export interface AnswerHead {
  readonly statusCode: number;
  /** The reason phrase (`Method Not Allowed`); empty over HTTP/2. */
  readonly reason?: string;
  readonly contentType?: string;
}

/**
 * DynamoDB (and DynamoDB Local, and Keylab's proxy when it refuses) always
 * answers in JSON (`application/x-amz-json-1.0`). Anything else is another
 * server on that address (a web server's 404 page, a 405 from an API): this
 * returns the error that says so in words, where the SDK would otherwise
 * report a JSON SyntaxError while deserializing. Undefined for JSON answers.
 *
 * @example
 * notDynamoDBAnswer('http://localhost:5410', { statusCode: 405, reason: 'Method Not Allowed', contentType: 'text/plain' })?.message
 * // "http://localhost:5410 answered 405 Method Not Allowed and is not a DynamoDB endpoint: check the port"
 */
export function notDynamoDBAnswer(endpoint: string, answer: AnswerHead): Error | undefined {
  const contentType = (answer.contentType ?? '').toLowerCase();
  if (/\bjson\b/.test(contentType)) return undefined;
  const status = `${answer.statusCode}${answer.reason ? ` ${answer.reason}` : ''}`;
  const body = contentType.startsWith('text/html') ? ' with a web page' : '';
  let advice = 'check the endpoint URL';
  try {
    const url = new URL(endpoint);
    if (isLoopbackHost(url.hostname)) advice = 'check the port';
  } catch {
    // Not a URL: the generic advice stands.
  }
  const error = new Error(`${endpoint} answered ${status}${body} and is not a DynamoDB endpoint: ${advice}`);
  error.name = NOT_DYNAMODB_ENDPOINT;
  return error;
}

/** What went wrong with a connection, in plain words. */
export interface ConnectionProblem {
  readonly kind: 'refused' | 'unreachable' | 'notDynamoDB' | 'credentials' | 'region' | 'tls' | 'cors' | 'timeout' | 'proxy' | 'other';
  readonly message: string;
}

/** Replaces every occurrence of the secrets in a text, so they can never reach the screen. */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('•••');
  return out;
}

/**
 * Turns an error from a connection test into plain words. The secret key and
 * session token are scrubbed from anything quoted from the error.
 */
export function describeConnectionError(error: unknown, settings: RemoteSettings): ConnectionProblem {
  const name = error instanceof Error ? error.name : 'Error';
  const raw = error instanceof Error ? error.message : String(error);
  const quoted = scrubSecrets(raw, [settings.secretAccessKey, settings.sessionToken]);
  const endpoint = endpointOf(settings);
  const problem = (kind: ConnectionProblem['kind'], message: string): ConnectionProblem => ({
    kind,
    message: scrubSecrets(message, [settings.secretAccessKey, settings.sessionToken]),
  });

  // Keylab's own refusals (the proxy, the profile signer) by their registered
  // code (src/errors); their messages already say what to do (e.g. run
  // `aws sso login --profile X`).
  const raised = error instanceof Error ? error : undefined;
  switch (keylabCodeOf(raised)) {
    case 'proxy.connectionRefused':
      return problem('refused', quoted);
    case 'proxy.unreachable':
      return problem('unreachable', quoted);
    case 'proxy.timeout':
    case 'profile.timeout':
      return problem('timeout', quoted);
    case 'proxy.tlsError':
      return problem('tls', quoted);
    default:
      // Every other proxy.* and profile.* code, by its prefix below.
      break;
  }
  if (matches(raised, 'proxy.')) return problem('proxy', quoted);
  if (matches(raised, 'profile.')) return problem('credentials', quoted);

  switch (name) {
    case NOT_DYNAMODB_ENDPOINT:
      return problem('notDynamoDB', quoted);
    case 'UnrecognizedClientException':
      if (settings.profile)
        return problem(
          'credentials',
          `Bad credentials: ${endpoint} does not recognise the access key of profile ${settings.profile} (UnrecognizedClientException). Check the profile's keys, or whether they were deleted or deactivated.`,
        );
      return problem(
        'credentials',
        `Bad credentials: ${endpoint} does not recognise access key id ${settings.accessKeyId || '(empty)'} (UnrecognizedClientException). Check the key, or whether it was deleted or deactivated.`,
      );
    case 'InvalidSignatureException':
    case 'SignatureDoesNotMatch':
      if (/region|scope/i.test(raw))
        return problem('region', `Wrong region: the endpoint expects requests signed for another region than ${settings.region} (${name}).`);
      if (settings.profile)
        return problem('credentials', `Bad credentials: the secret access key of profile ${settings.profile} does not match its access key id (${name}).`);
      return problem('credentials', `Bad credentials: the secret access key does not match access key id ${settings.accessKeyId} (${name}).`);
    case 'ExpiredTokenException':
    case 'ExpiredToken':
      if (settings.profile)
        return problem(
          'credentials',
          `Expired credentials: profile ${settings.profile}'s session token has expired. Refresh it (e.g. \`aws sso login --profile ${settings.profile}\`) and connect again.`,
        );
      return problem('credentials', 'Expired credentials: the session token has expired. Get fresh credentials and connect again.');
    case 'AccessDeniedException':
      return problem('credentials', `Access denied: these credentials may not call ListTables (${quoted}).`);
    case 'TimeoutError':
      return problem('timeout', `${endpoint} did not answer in time.`);
  }
  if (error instanceof TypeError || /Failed to fetch|NetworkError|Load failed/i.test(raw)) {
    if (routeOf(settings) === 'direct') {
      return problem(
        'unreachable',
        `Could not reach ${endpoint}. The browser does not say why: the host may be down or misspelled, the network offline, the TLS certificate untrusted, or the endpoint may not allow this page (CORS)${settings.kind === 'aws' ? ` — check the region ${settings.region}` : ' — for an endpoint on this machine use localhost so Keylab’s proxy is used'}.`,
      );
    }
    return problem('unreachable', `Could not reach Keylab’s own server to forward the request (is \`npm start\` still running?).`);
  }
  if (/certificate|SSL|TLS/i.test(raw)) return problem('tls', `TLS failed: ${quoted}`);
  return problem('other', `${name}: ${quoted}`);
}

/** Tests a connection with ListTables (Limit 1); resolves with whether any table exists. */
export async function testConnection(source: DynamoDBDataSource): Promise<{ hasTables: boolean }> {
  const output = await source.listTables({ Limit: 1 });
  return { hasTables: (output.TableNames ?? []).length > 0 };
}
