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
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { scrubSecrets } from '../sources/remoteEndpoints';
import { forwardRequest, sendRefusal, type ErrorAnswer } from './forwardRequest';
import { checkSameOrigin } from './loopbackProxy';
import { sendJson, type Route } from './routes';

export const PROFILES_PATH = '/api/aws-profiles';
export const PROFILE_PROXY_PATH = '/proxy/aws-profile';
export const PROFILE_HEADER = 'x-keylab-profile';
const TARGET_HEADER = 'x-keylab-target';
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Credentials this close to expiry are resolved afresh (the CLI and SDK use 5 minutes too). */
const REFRESH_WINDOW_MS = 5 * 60 * 1000;

/**
 * How a profile gets its credentials, in the order the SDK's `fromIni` tries
 * them: role (role_arn + source_profile or credential_source), static keys,
 * web identity, credential_process, SSO, `aws login` session.
 */
export type ProfileKind = 'role' | 'static' | 'web-identity' | 'process' | 'sso' | 'login' | 'unknown';

export interface ProfileSummary {
  readonly name: string;
  readonly kind: ProfileKind;
  readonly region?: string;
  /** The configured DynamoDB endpoint_url, when there is one (never with user info). */
  readonly endpoint?: string;
}

type ProfileValues = Readonly<Record<string, string | undefined>>;
type Env = Readonly<Record<string, string | undefined>>;

/** Classifies a profile's settings the way `fromIni` picks a resolver. */
export function classifyProfile(values: ProfileValues): ProfileKind {
  if (values.role_arn && (values.source_profile !== undefined || values.credential_source !== undefined)) return 'role';
  if (values.aws_access_key_id !== undefined && values.aws_secret_access_key !== undefined) return 'static';
  if (values.web_identity_token_file && values.role_arn) return 'web-identity';
  if (values.credential_process !== undefined) return 'process';
  if (values.sso_session || values.sso_start_url || values.sso_account_id || values.sso_role_name || values.sso_region) return 'sso';
  if (values.login_session) return 'login';
  return 'unknown';
}

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
  if (isTrue(env.AWS_IGNORE_CONFIGURED_ENDPOINT_URLS) || (env.AWS_IGNORE_CONFIGURED_ENDPOINT_URLS === undefined && isTrue(values.ignore_configured_endpoint_urls))) return undefined;
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

/** A failure to turn a profile into credentials, with the sentence to show. */
export interface ProfileProblem {
  readonly status: number;
  readonly type: 'ProfileNotFound' | 'ProfileLoginRequired' | 'ProfileRoleFailed' | 'ProfileProcessFailed' | 'ProfileCredentialsUnavailable' | 'ProfileTimeout';
  readonly message: string;
}

class CredentialTimeout extends Error {
  override name = 'CredentialTimeout';
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

const NETWORK_CODES = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE)\b/;

/** Removes known secrets and anything shaped like a key or token, and keeps it short. */
export function scrubProviderText(text: string, secrets: readonly string[] = []): string {
  const scrubbed = scrubSecrets(text, secrets)
    .replace(/\b(?:AKIA|ASIA)[A-Z0-9]{12,}\b/g, '•••')
    .replace(/[A-Za-z0-9/+=_-]{32,}/g, '•••')
    .replace(/\s+/g, ' ')
    .trim();
  return scrubbed.length > 300 ? `${scrubbed.slice(0, 297)}…` : scrubbed;
}

function errorCode(error: unknown): string {
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | undefined;
  const text = `${String(e?.code ?? '')} ${String(e?.name ?? '')} ${String(e?.message ?? '')}`;
  if (/ETIMEDOUT|TimeoutError|RequestTimeout|timed? ?out|exceeded the configured/i.test(text)) return 'timeout';
  return NETWORK_CODES.exec(text)?.[1] ?? (/socket hang up/i.test(text) ? 'ECONNRESET' : '');
}

/** "AWS STS did not answer in time" or "AWS STS is unreachable (ENOTFOUND)". */
function describeNetwork(service: string, code: string): string {
  return code === 'timeout' ? `${service} did not answer in time` : `${service} is unreachable (${code})`;
}

/**
 * The profile `aws sso login --profile …` needs: the profile itself, or the
 * first profile up its source_profile chain with SSO settings (a role assumed
 * from an SSO profile logs in through that one).
 */
function ssoLoginProfile(name: string, profiles: ReadonlyMap<string, ProfileValues>): string {
  let current = name;
  for (let hop = 0; hop < 8; hop++) {
    const values = profiles.get(current);
    if (!values || values.sso_session || values.sso_start_url) return current;
    if (!values.source_profile || values.source_profile === current) return current;
    current = values.source_profile;
  }
  return name;
}

/**
 * Turns a credential-resolution failure into plain words. `profiles` are the
 * merged profile files; their secrets are scrubbed from anything quoted.
 */
export function describeProfileError(error: unknown, name: string, profiles: ReadonlyMap<string, ProfileValues>): ProfileProblem {
  const values = profiles.get(name);
  const secrets = secretsIn(profiles);
  const kind = values ? classifyProfile(values) : 'unknown';
  const message = error instanceof Error ? error.message : String(error);
  const errorName = error instanceof Error ? error.name : '';
  const quote = (text: string) => scrubProviderText(text, secrets);
  const login = `Run \`aws sso login --profile ${ssoLoginProfile(name, profiles)}\`, then Connect again.`;
  const network = errorCode(error);
  const service = kind === 'sso' ? 'the AWS SSO portal' : kind === 'process' ? 'the credential process' : 'AWS STS';

  if (error instanceof CredentialTimeout) {
    const took = error.ms < 1000 ? `${error.ms} ms` : `${Math.round(error.ms / 1000)} s`;
    return {
      status: 504,
      type: 'ProfileTimeout',
      message:
        kind === 'process'
          ? `Getting credentials for profile ${name} took longer than ${took}: its credential_process did not finish. Run it in a terminal to see whether it waits for something, then Connect again.`
          : `Getting credentials for profile ${name} took longer than ${took}: ${service} did not answer. Check your network connection, then Connect again.`,
    };
  }
  if (/aws sso login|SSO session|SSO Token|sso_session|UnauthorizedException|Session token not found or invalid/i.test(`${errorName} ${message}`)) {
    if (/aws sso login|expired|not found or is invalid|is invalid|UnauthorizedException|Session token not found/i.test(`${errorName} ${message}`)) {
      return { status: 401, type: 'ProfileLoginRequired', message: `The AWS SSO session for profile ${name} has expired or was never started. ${login}` };
    }
    return { status: 400, type: 'ProfileCredentialsUnavailable', message: `Profile ${name}'s SSO settings are incomplete: ${quote(message)}` };
  }
  if (/aws login/i.test(message) || kind === 'login') {
    return { status: 401, type: 'ProfileLoginRequired', message: `Profile ${name} uses an \`aws login\` session that is missing or expired (${quote(message)}). Run \`aws login --profile ${name}\`, then Connect again.` };
  }
  if (/multi-factor|mfa/i.test(message)) {
    return {
      status: 400,
      type: 'ProfileRoleFailed',
      message: `Profile ${name} needs an MFA code (mfa_serial), which Keylab cannot ask for. Use a profile without mfa_serial, or temporary keys from \`aws sts get-session-token\`.`,
    };
  }
  if (/^Command failed:/.test(message)) {
    // exec's message is "Command failed: <command line>\n<stderr>": the command
    // line may carry arguments that are secrets, so only stderr is quoted.
    const stderr = message.split('\n').slice(1).join(' ').trim();
    const exit = (error as { code?: unknown }).code;
    return {
      status: 502,
      type: 'ProfileProcessFailed',
      message: `The credential_process of profile ${name} failed${typeof exit === 'number' ? ` (exit code ${exit})` : ''}${stderr ? `: ${quote(stderr)}` : ', printing nothing on stderr'}. Run it in a terminal to see why, then Connect again.`,
    };
  }
  if (/credential_process/.test(message)) {
    return { status: 502, type: 'ProfileProcessFailed', message: `The credential_process of profile ${name} gave no usable credentials: ${quote(message)}` };
  }
  if (/Could not resolve credentials using profile/.test(message)) {
    return {
      status: 400,
      type: 'ProfileCredentialsUnavailable',
      message: `Profile ${name} has no credentials: give it aws_access_key_id and aws_secret_access_key, sso_session, role_arn with source_profile, credential_process or web_identity_token_file (see \`aws configure\`).`,
    };
  }
  if (kind === 'role' || kind === 'web-identity' || /AssumeRole|role/i.test(message)) {
    const role = values?.role_arn ? ` ${values.role_arn}` : '';
    if (network) {
      return {
        status: 502,
        type: 'ProfileRoleFailed',
        message: `Could not assume role${role} for profile ${name}: ${describeNetwork('AWS STS', network)}. Check your network connection, then Connect again.`,
      };
    }
    return { status: 403, type: 'ProfileRoleFailed', message: `Could not assume role${role} for profile ${name}: ${errorName && errorName !== 'Error' ? `${errorName}: ` : ''}${quote(message)}` };
  }
  if (network) {
    return { status: 502, type: 'ProfileCredentialsUnavailable', message: `Could not get credentials for profile ${name}: ${describeNetwork(service, network)}. Check your network connection, then Connect again.` };
  }
  return { status: 400, type: 'ProfileCredentialsUnavailable', message: `Could not get credentials for profile ${name}: ${quote(message)}` };
}

export interface AwsProfileOptions {
  /** Longest wait for a profile's credentials from SSO or STS before a plain "took too long" (default 15 s). */
  readonly credentialTimeoutMs?: number;
  /** Longest wait for a credential_process, which may wait for a login of its own (default 60 s). */
  readonly processTimeoutMs?: number;
  /** Connect and answer timeout for each SSO/STS request the resolver makes (default 5 s, two tries). */
  readonly authRequestTimeoutMs?: number;
  /** Longest wait for DynamoDB's answer. */
  readonly upstreamTimeoutMs?: number;
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
  const stamps = await Promise.all(files.map((file) => stat(file).then((info) => `${info.mtimeMs}:${info.size}`, () => '-')));
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

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Every secret-looking value in the profile files, to scrub from messages. */
function secretsIn(profiles: ReadonlyMap<string, ProfileValues>): string[] {
  const secrets: string[] = [];
  for (const values of profiles.values()) {
    for (const key of ['aws_secret_access_key', 'aws_session_token', 'aws_security_token']) {
      const value = values[key];
      if (value) secrets.push(value);
    }
  }
  return secrets;
}

/** The profile routes for the app server (and the Vite dev server). */
export function awsProfileRoutes(options: AwsProfileOptions = {}): Route[] {
  const env = options.env ?? process.env;
  const credentialsFor = createProfileCredentials(options);
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 30_000;

  const list: Route = {
    name: 'aws-profiles',
    matches: (_req, url) => url.pathname === PROFILES_PATH,
    handle: async (req, res) => {
      const refused = checkSameOrigin(req);
      if (refused) return refuse(res, refused);
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, { status: 405, type: 'ProxyRefused', message: 'Use GET.' });
      let profiles: ProfileSummary[];
      try {
        profiles = await listProfiles(env);
      } catch (error) {
        // The SDK's parser refuses a few malformed files; say which rule, never a value.
        return refuse(res, { status: 500, type: 'ProfileCredentialsUnavailable', message: `Could not read the AWS profile files: ${scrubProviderText(error instanceof Error ? error.message : String(error))}` });
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
        req.resume();
        return refuse(res, refused);
      }
      if (req.method !== 'POST') {
        req.resume();
        return refuse(res, { status: 405, type: 'ProxyRefused', message: 'The profile signer only forwards POST requests.' });
      }
      const target = String(req.headers[TARGET_HEADER] ?? '');
      const region = AWS_TARGET.exec(target)?.[1];
      if (!region) {
        req.resume();
        return refuse(res, { status: 400, type: 'ProxyBadTarget', message: 'The profile signer only sends to https://dynamodb.<region>.amazonaws.com (or the profile’s own endpoint_url).' });
      }
      const name = String(req.headers[PROFILE_HEADER] ?? '');
      let files: ProfileFiles;
      try {
        files = await readProfileFiles();
      } catch (error) {
        req.resume();
        return refuse(res, { status: 500, type: 'ProfileCredentialsUnavailable', message: `Could not read the AWS profile files: ${scrubProviderText(error instanceof Error ? error.message : String(error))}` });
      }
      const values = files.profiles.get(name);
      if (!values) {
        req.resume();
        const where = [env.AWS_CONFIG_FILE ?? '~/.aws/config', env.AWS_SHARED_CREDENTIALS_FILE ?? '~/.aws/credentials'].join(' or ');
        return refuse(res, { status: 400, type: 'ProfileNotFound', message: `There is no profile named ${JSON.stringify(name)} in ${where}. Pick one from the list (or add it with \`aws configure --profile ${name || 'NAME'}\`).` });
      }
      const body = await readBody(req);
      if (!body) return refuse(res, { status: 413, type: 'ProxyRequestTooLarge', message: 'The request body is too large.' });

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
