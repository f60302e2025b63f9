/**
 * Named AWS profiles for the browser app, resolved by the app server the way
 * the AWS CLI resolves them:
 *
 *   GET  /api/aws-profiles        → { profiles: [{ name, kind, region?, endpoint? }] }   (never a key)
 *   POST /proxy/aws-profile       X-Keylab-Profile: <name>
 *                                 X-Keylab-Target: https://dynamodb.<region>.amazonaws.com
 *        → the request, re-signed (SigV4) with the profile's credentials, sent to
 *          DynamoDB in that region, or to the profile's configured `endpoint_url`.
 *
 * Files: ~/.aws/config and ~/.aws/credentials, or AWS_CONFIG_FILE /
 * AWS_SHARED_CREDENTIALS_FILE, read by the SDK's own loader; the SSO token
 * cache is ~/.aws/sso/cache (HOME), as for the CLI.
 *
 * Credentials come from the SDK's own resolver, `fromIni` — static keys, SSO
 * (sso_session or legacy, from the token `aws sso login` cached), assume-role
 * (source_profile / credential_source), credential_process, web identity —
 * nothing here speaks SSO or STS itself. They are cached per profile until five
 * minutes before they expire (or until a profile file changes) and never leave
 * this process: the browser signs with a placeholder, this server re-signs.
 *
 * Endpoint, as in AWS CLI v2 (≥ 2.13, "service-specific endpoints"), first that
 * applies: AWS_IGNORE_CONFIGURED_ENDPOINT_URLS / ignore_configured_endpoint_urls
 * turn the rest off; AWS_ENDPOINT_URL_DYNAMODB; AWS_ENDPOINT_URL; the profile's
 * `services` section (`dynamodb = \n  endpoint_url = …`); the profile's
 * `endpoint_url`; else DynamoDB in the region from the request.
 *
 * The same Host/Origin/Sec-Fetch-Site rule as the loopback proxy applies: only
 * Keylab's own page on this machine may use either route. Failures are plain
 * sentences (`aws sso login --profile X`, role assumption, credential_process),
 * scrubbed of anything that looks like a secret; nothing here logs.
 */
import { fromIni } from '@aws-sdk/credential-provider-ini';
import { loadSharedConfigFiles } from '@smithy/core/config';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity } from '@smithy/types';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_HEADER, PROFILE_PROXY_PATH, TARGET_HEADER } from '../../sources/remoteEndpoints';
import { checkSameOrigin, closeAfterAnswer, forwardRequest, readBoundedBody, sendJson, sendRefusal, type ErrorAnswer, type Route } from '../http';
import { CredentialTimeout, describeProfileError, scrubProviderText } from './profileErrors';
import { classifyProfile, type ProfileKind, type ProfileValues } from './profileKinds';

export const PROFILES_PATH = '/api/aws-profiles';
// The signer's path and headers are the page's (src/sources), so both sides use one spelling.
export { PROFILE_HEADER, PROFILE_PROXY_PATH };
/** DynamoDB's own request-size limit. */
export const PROFILE_MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface ProfileSummary {
  readonly name: string;
  readonly kind: ProfileKind;
  readonly region?: string;
  /** The configured DynamoDB endpoint_url, when there is one (never with user info). */
  readonly endpoint?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

interface ProfileFiles {
  /** Profiles by name, config and credentials merged (credentials win, as in the SDK). */
  readonly profiles: ReadonlyMap<string, ProfileValues>;
  /** `services` sections by name, keys like `dynamodb.endpoint_url`. */
  readonly services: ReadonlyMap<string, ProfileValues>;
}

/** Reads the profile files with the SDK's loader (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE, ~/.aws). */
async function readProfileFiles(): Promise<ProfileFiles> {
  const { configFile, credentialsFile } = await loadSharedConfigFiles({ ignoreCache: true });
  const profiles = new Map<string, ProfileValues>();
  const services = new Map<string, ProfileValues>();
  for (const [key, values] of Object.entries(configFile)) {
    if (key.startsWith('services.')) services.set(key.slice('services.'.length), values);
    // The loader keys [profile x] as "x" (dots allowed) and other sections with their type.
    else if (!key.startsWith('sso-session.')) profiles.set(key, { ...values });
  }
  for (const [name, values] of Object.entries(credentialsFile)) profiles.set(name, { ...profiles.get(name), ...values });
  return { profiles, services };
}

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/** Keeps an endpoint URL showable: no user info, no trailing slash. Undefined when it is not a URL. */
function cleanEndpoint(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/**
 * The DynamoDB endpoint a profile configures, by the AWS CLI's precedence
 * (see the file comment), or undefined for the regional AWS endpoint.
 */
export function configuredEndpoint(values: ProfileValues, services: ReadonlyMap<string, ProfileValues>, env: Env): string | undefined {
  if (
    isTrue(env.AWS_IGNORE_CONFIGURED_ENDPOINT_URLS) ||
    (env.AWS_IGNORE_CONFIGURED_ENDPOINT_URLS === undefined && isTrue(values.ignore_configured_endpoint_urls))
  )
    return undefined;
  const fromEnv = env.AWS_ENDPOINT_URL_DYNAMODB || env.AWS_ENDPOINT_URL;
  if (fromEnv) return cleanEndpoint(fromEnv);
  const section = values.services ? services.get(values.services) : undefined;
  return cleanEndpoint(section?.['dynamodb.endpoint_url'] ?? values.endpoint_url);
}

/** Every profile, with its kind, region and configured endpoint; never a key. */
export async function listProfiles(env: Env = process.env): Promise<ProfileSummary[]> {
  const { profiles, services } = await readProfileFiles();
  return [...profiles].map(([name, values]) => {
    const endpoint = configuredEndpoint(values, services, env);
    return { name, kind: classifyProfile(values), ...(values.region ? { region: values.region } : {}), ...(endpoint ? { endpoint } : {}) };
  });
}

/** Credentials this close to expiry are resolved afresh (the CLI and SDK use 5 minutes too). */
const REFRESH_WINDOW_MS = 5 * 60 * 1000;

export interface AwsProfileOptions {
  /** Longest wait for a profile's credentials from SSO or STS before a plain "took too long" (default 15 s). */
  readonly credentialTimeoutMs?: number;
  /** Longest wait for a credential_process, which may wait for a login of its own (default 60 s). */
  readonly processTimeoutMs?: number;
  /** Connect and answer timeout for each SSO/STS request the resolver makes (default 5 s, two tries). */
  readonly authRequestTimeoutMs?: number;
  /** Longest wait for DynamoDB's answer. */
  readonly upstreamTimeoutMs?: number;
  /** Largest request body the signer accepts (default 16 MB, DynamoDB's limit). */
  readonly maxBodyBytes?: number;
  /** Where AWS_ENDPOINT_URL* and AWS_IGNORE_CONFIGURED_ENDPOINT_URLS are read (default process.env). */
  readonly env?: Env;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CredentialTimeout(ms)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function expiresSoon(credentials: AwsCredentialIdentity): boolean {
  return credentials.expiration !== undefined && credentials.expiration.getTime() - Date.now() < REFRESH_WINDOW_MS;
}

/** Changes when either profile file changes, so edited profiles are not served from the cache. */
async function filesStamp(env: Env): Promise<string> {
  const home = env.HOME || os.homedir();
  const files = [env.AWS_CONFIG_FILE || path.join(home, '.aws', 'config'), env.AWS_SHARED_CREDENTIALS_FILE || path.join(home, '.aws', 'credentials')];
  const stamps = await Promise.all(
    files.map((file) =>
      stat(file).then(
        (info) => `${info.mtimeMs}:${info.size}`,
        () => '-',
      ),
    ),
  );
  return `${files.join('|')}#${stamps.join('|')}`;
}

/**
 * Resolves and caches credentials per profile with the SDK's `fromIni`.
 * Failures are not cached, so Connect after `aws sso login` works at once.
 */
export function createProfileCredentials(options: AwsProfileOptions = {}) {
  const timeoutMs = options.credentialTimeoutMs ?? 15_000;
  const processTimeoutMs = options.processTimeoutMs ?? 60_000;
  const requestTimeout = options.authRequestTimeoutMs ?? 5_000;
  const env = options.env ?? process.env;
  const cache = new Map<string, { stamp: string; promise: Promise<AwsCredentialIdentity> }>();

  return async function credentialsFor(name: string, region: string, kind: ProfileKind): Promise<AwsCredentialIdentity> {
    const stamp = await filesStamp(env);
    const key = `${name}\u0000${region}`;
    const hit = cache.get(key);
    if (hit && hit.stamp === stamp) {
      const credentials = await hit.promise.catch(() => undefined);
      if (credentials && !expiresSoon(credentials)) return credentials;
    }
    const resolving = fromIni({
      profile: name,
      ignoreCache: true,
      // For the SSO, SSO-OIDC and STS clients the resolver creates: fail fast
      // rather than retry into the overall timeout.
      clientConfig: { requestHandler: { connectionTimeout: requestTimeout, requestTimeout, throwOnRequestTimeout: true }, maxAttempts: 2 },
      // STS needs a region when the role profile names none: the one the user connects to.
      parentClientConfig: { region },
    })();
    const promise = withTimeout(resolving, kind === 'process' ? processTimeoutMs : timeoutMs);
    resolving.catch(() => undefined);
    cache.set(key, { stamp, promise });
    promise.catch(() => {
      if (cache.get(key)?.promise === promise) cache.delete(key);
    });
    return promise;
  };
}

function toBytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** A small Hash for SignatureV4 over node:crypto (SHA-256, or HMAC-SHA-256 with a secret). */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** The upstream headers the SDK in the browser reads. */
const FORWARDED_RESPONSE_HEADERS = new Set(['content-type', 'x-amzn-requestid', 'x-amz-crc32', 'x-amzn-errortype']);

/** AWS DynamoDB endpoints the browser may name as the target (it picks the region, nothing else). */
const AWS_TARGET = /^https:\/\/dynamodb\.([a-z]{2}(?:-[a-z]+)+-\d+)\.amazonaws\.com(?:\.cn)?\/?$/;

function refuse(res: ServerResponse, refusal: ErrorAnswer): void {
  sendRefusal(res, refusal, 'com.keylab.profile');
}

/** The profile routes for the app server (and the Vite dev server). */
export function awsProfileRoutes(options: AwsProfileOptions = {}): Route[] {
  const env = options.env ?? process.env;
  const credentialsFor = createProfileCredentials(options);
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 30_000;
  const maxBodyBytes = options.maxBodyBytes ?? PROFILE_MAX_BODY_BYTES;

  const list: Route = {
    name: 'aws-profiles',
    matches: (_req, url) => url.pathname === PROFILES_PATH,
    handle: async (req, res) => {
      const refused = checkSameOrigin(req);
      if (refused) {
        closeAfterAnswer(req, res);
        return refuse(res, refused);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, { status: 405, code: 'proxy.refused', message: 'Use GET.' });
      let profiles: ProfileSummary[];
      try {
        profiles = await listProfiles(env);
      } catch (error) {
        // The SDK's parser refuses a few malformed files; say which rule, never a value.
        return refuse(res, {
          status: 500,
          code: 'profile.credentialsUnavailable',
          message: `Could not read the AWS profile files: ${scrubProviderText(error instanceof Error ? error.message : String(error))}`,
        });
      }
      sendJson(req, res, 200, { profiles });
    },
  };

  const signer: Route = {
    name: 'aws-profile-proxy',
    matches: (_req, url) => url.pathname === PROFILE_PROXY_PATH || url.pathname === `${PROFILE_PROXY_PATH}/`,
    handle: async (req, res) => {
      const refused = checkSameOrigin(req);
      if (refused) {
        closeAfterAnswer(req, res);
        return refuse(res, refused);
      }
      if (req.method !== 'POST') {
        closeAfterAnswer(req, res);
        return refuse(res, { status: 405, code: 'proxy.refused', message: 'The profile signer only forwards POST requests.' });
      }
      const target = String(req.headers[TARGET_HEADER] ?? '');
      const region = AWS_TARGET.exec(target)?.[1];
      if (!region) {
        closeAfterAnswer(req, res);
        return refuse(res, {
          status: 400,
          code: 'proxy.badTarget',
          message: 'The profile signer only sends to https://dynamodb.<region>.amazonaws.com (or the profile’s own endpoint_url).',
        });
      }
      const name = String(req.headers[PROFILE_HEADER] ?? '');
      let files: ProfileFiles;
      try {
        files = await readProfileFiles();
      } catch (error) {
        closeAfterAnswer(req, res);
        return refuse(res, {
          status: 500,
          code: 'profile.credentialsUnavailable',
          message: `Could not read the AWS profile files: ${scrubProviderText(error instanceof Error ? error.message : String(error))}`,
        });
      }
      const values = files.profiles.get(name);
      if (!values) {
        closeAfterAnswer(req, res);
        const where = [env.AWS_CONFIG_FILE ?? '~/.aws/config', env.AWS_SHARED_CREDENTIALS_FILE ?? '~/.aws/credentials'].join(' or ');
        return refuse(res, {
          status: 400,
          code: 'profile.notFound',
          message: `There is no profile named ${JSON.stringify(name)} in ${where}. Pick one from the list (or add it with \`aws configure --profile ${name || 'NAME'}\`).`,
        });
      }
      const read = await readBoundedBody(req, { maxBytes: maxBodyBytes });
      if (read.kind === 'aborted') return;
      if (read.kind === 'tooLarge') {
        if (!read.drained) closeAfterAnswer(req, res);
        return refuse(res, {
          status: 413,
          code: 'proxy.requestTooLarge',
          message: `The request body is larger than ${maxBodyBytes} bytes (DynamoDB's limit).`,
        });
      }
      const body = read.bytes;

      let credentials: AwsCredentialIdentity;
      try {
        credentials = await credentialsFor(name, region, classifyProfile(values));
      } catch (error) {
        return refuse(res, describeProfileError(error, name, files.profiles));
      }

      const url = new URL(configuredEndpoint(values, files.services, env) ?? target);
      const headers: Record<string, string> = { host: url.host, 'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.0') };
      const amzTarget = req.headers['x-amz-target'];
      if (typeof amzTarget === 'string') headers['x-amz-target'] = amzTarget;
      const signed = await new SignatureV4({ credentials, region, service: 'dynamodb', sha256: NodeSha256 }).sign({
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port ? { port: Number(url.port) } : {}),
        path: url.pathname || '/',
        headers,
        body,
        query: {},
      });
      await forwardRequest(res, {
        url,
        headers: { ...signed.headers, 'content-length': String(body.length) },
        body,
        timeoutMs: upstreamTimeoutMs,
        keepResponseHeader: (header) => FORWARDED_RESPONSE_HEADERS.has(header),
        namespace: 'com.keylab.profile',
      });
    },
  };
  return [list, signer];
}
