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
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity } from '@smithy/types';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { checkSameOrigin, closeAfterAnswer, forwardRequest, readBoundedBody, sendJson, sendRefusal, type ErrorAnswer, type Route } from '../http';
import { createProfileCredentials, type AwsProfileOptions } from './profileCredentials';
import { describeProfileError, scrubProviderText } from './profileErrors';
import { classifyProfile, configuredEndpoint, listProfiles, readProfileFiles, type ProfileFiles, type ProfileSummary } from './profileFiles';

export const PROFILES_PATH = '/api/aws-profiles';
export const PROFILE_PROXY_PATH = '/proxy/aws-profile';
export const PROFILE_HEADER = 'x-keylab-profile';
const TARGET_HEADER = 'x-keylab-target';
/** DynamoDB's own request-size limit. */
export const PROFILE_MAX_BODY_BYTES = 16 * 1024 * 1024;

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
        closeAfterAnswer(req, res);
        return refuse(res, refused);
      }
      if (req.method !== 'POST') {
        closeAfterAnswer(req, res);
        return refuse(res, { status: 405, type: 'ProxyRefused', message: 'The profile signer only forwards POST requests.' });
      }
      const target = String(req.headers[TARGET_HEADER] ?? '');
      const region = AWS_TARGET.exec(target)?.[1];
      if (!region) {
        closeAfterAnswer(req, res);
        return refuse(res, { status: 400, type: 'ProxyBadTarget', message: 'The profile signer only sends to https://dynamodb.<region>.amazonaws.com (or the profile’s own endpoint_url).' });
      }
      const name = String(req.headers[PROFILE_HEADER] ?? '');
      let files: ProfileFiles;
      try {
        files = await readProfileFiles();
      } catch (error) {
        closeAfterAnswer(req, res);
        return refuse(res, { status: 500, type: 'ProfileCredentialsUnavailable', message: `Could not read the AWS profile files: ${scrubProviderText(error instanceof Error ? error.message : String(error))}` });
      }
      const values = files.profiles.get(name);
      if (!values) {
        closeAfterAnswer(req, res);
        const where = [env.AWS_CONFIG_FILE ?? '~/.aws/config', env.AWS_SHARED_CREDENTIALS_FILE ?? '~/.aws/credentials'].join(' or ');
        return refuse(res, { status: 400, type: 'ProfileNotFound', message: `There is no profile named ${JSON.stringify(name)} in ${where}. Pick one from the list (or add it with \`aws configure --profile ${name || 'NAME'}\`).` });
      }
      const read = await readBoundedBody(req, { maxBytes: maxBodyBytes });
      if (read.kind === 'aborted') return;
      if (read.kind === 'tooLarge') {
        if (!read.drained) closeAfterAnswer(req, res);
        return refuse(res, { status: 413, type: 'ProxyRequestTooLarge', message: `The request body is larger than ${maxBodyBytes} bytes (DynamoDB's limit).` });
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
