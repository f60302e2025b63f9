/**
 * Named AWS profiles for the browser app, read by the app server from
 * `~/.aws/credentials` and `~/.aws/config` (or AWS_SHARED_CREDENTIALS_FILE /
 * AWS_CONFIG_FILE), as the AWS CLI does:
 *
 *   GET  /api/aws-profiles        → [{ name, kind, region? }]   (never any key)
 *   POST /proxy/aws-profile       X-Keylab-Profile: <name>
 *                                 X-Keylab-Target: https://dynamodb.<region>.amazonaws.com
 *        → the request, re-signed with the profile's keys (SigV4), sent to AWS.
 *
 * Only static-key profiles (aws_access_key_id + aws_secret_access_key, with an
 * optional aws_session_token) can sign. SSO, role and process profiles are
 * listed with their kind so the UI can say they are not supported yet.
 * The same Host/Origin rule as the loopback proxy applies: only Keylab's own
 * page on this machine may use either route. Keys never leave this process.
 */
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkSameOrigin, type Refusal } from './loopbackProxy';
import { sendJson, type Route } from './routes';

export const PROFILES_PATH = '/api/aws-profiles';
export const PROFILE_PROXY_PATH = '/proxy/aws-profile';
export const PROFILE_HEADER = 'x-keylab-profile';
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export type ProfileKind = 'static' | 'sso' | 'role' | 'process' | 'unknown';

export interface ProfileSummary {
  readonly name: string;
  readonly kind: ProfileKind;
  readonly region?: string;
}

interface ProfileData {
  readonly summary: ProfileSummary;
  readonly keys?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** Parses an INI file into sections of key → value (comments and blank lines skipped). */
export function parseIni(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1] ?? '', current);
      continue;
    }
    const pair = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (pair && current && !/^\s/.test(rawLine)) current.set((pair[1] ?? '').toLowerCase(), pair[2] ?? '');
  }
  return sections;
}

/** Merges the credentials and config files into profiles (credentials win for keys). */
export function readProfiles(credentialsText: string, configText: string): Map<string, ProfileData> {
  const merged = new Map<string, Map<string, string>>();
  for (const [section, values] of parseIni(configText)) {
    const name = section === 'default' ? 'default' : section.startsWith('profile ') ? section.slice('profile '.length).trim() : undefined;
    if (name) merged.set(name, new Map(values));
  }
  for (const [name, values] of parseIni(credentialsText)) {
    const into = merged.get(name) ?? new Map<string, string>();
    for (const [key, value] of values) into.set(key, value);
    merged.set(name, into);
  }
  const profiles = new Map<string, ProfileData>();
  for (const [name, values] of merged) {
    const region = values.get('region');
    const accessKeyId = values.get('aws_access_key_id');
    const secretAccessKey = values.get('aws_secret_access_key');
    const kind: ProfileKind =
      values.has('sso_session') || values.has('sso_start_url')
        ? 'sso'
        : values.has('role_arn')
          ? 'role'
          : values.has('credential_process')
            ? 'process'
            : accessKeyId && secretAccessKey
              ? 'static'
              : 'unknown';
    const sessionToken = values.get('aws_session_token');
    profiles.set(name, {
      summary: { name, kind, ...(region ? { region } : {}) },
      ...(kind === 'static' && accessKeyId && secretAccessKey ? { keys: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } } : {}),
    });
  }
  return profiles;
}

export interface ProfileFiles {
  readonly credentialsFile: string;
  readonly configFile: string;
}

export function defaultProfileFiles(env: NodeJS.ProcessEnv = process.env): ProfileFiles {
  const home = os.homedir();
  return {
    credentialsFile: env.AWS_SHARED_CREDENTIALS_FILE ?? path.join(home, '.aws', 'credentials'),
    configFile: env.AWS_CONFIG_FILE ?? path.join(home, '.aws', 'config'),
  };
}

async function loadProfiles(files: ProfileFiles): Promise<Map<string, ProfileData>> {
  const read = (file: string) => readFile(file, 'utf8').catch(() => '');
  return readProfiles(await read(files.credentialsFile), await read(files.configFile));
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

/** AWS DynamoDB endpoints the signer may send to. */
const AWS_TARGET = /^https:\/\/dynamodb\.([a-z]{2}(?:-[a-z]+)+-\d+)\.amazonaws\.com(?:\.cn)?\/?$/;

function refuse(res: ServerResponse, refusal: Refusal): void {
  const payload = Buffer.from(JSON.stringify({ __type: `com.keylab.proxy#${refusal.type}`, message: refusal.message }), 'utf8');
  res.statusCode = refusal.status;
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.setHeader('x-amzn-ErrorType', refusal.type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', payload.length);
  res.end(payload);
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

/** The profile routes for the app server. `files` defaults to ~/.aws (tests pass their own). */
export function awsProfileRoutes(files: ProfileFiles = defaultProfileFiles()): Route[] {
  const list: Route = {
    name: 'aws-profiles',
    matches: (_req, url) => url.pathname === PROFILES_PATH,
    handle: async (req, res) => {
      const refused = checkSameOrigin(req);
      if (refused) return refuse(res, refused);
      if (req.method !== 'GET') return refuse(res, { status: 405, type: 'ProxyRefused', message: 'Use GET.' });
      const profiles = await loadProfiles(files);
      sendJson(req, res, 200, { profiles: [...profiles.values()].map((profile) => profile.summary) });
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
      const target = String(req.headers['x-keylab-target'] ?? '');
      const region = AWS_TARGET.exec(target)?.[1];
      if (!region) {
        req.resume();
        return refuse(res, { status: 400, type: 'ProxyBadTarget', message: 'The profile signer only sends to https://dynamodb.<region>.amazonaws.com.' });
      }
      const name = String(req.headers[PROFILE_HEADER] ?? '');
      const profile = (await loadProfiles(files)).get(name);
      if (!profile?.keys) {
        req.resume();
        const why = !profile
          ? `There is no profile named ${JSON.stringify(name)} in ~/.aws/credentials or ~/.aws/config.`
          : profile.summary.kind === 'sso'
            ? `Profile ${name} uses AWS SSO, which Keylab cannot sign with yet (it needs \`aws sso login\` support). Use a profile with access keys, or enter keys directly.`
            : `Profile ${name} has no static access keys (${profile.summary.kind} profiles are not supported yet).`;
        return refuse(res, { status: 400, type: 'ProxyRefused', message: why });
      }
      const body = await readBody(req);
      if (!body) return refuse(res, { status: 413, type: 'ProxyRequestTooLarge', message: 'The request body is too large.' });
      const url = new URL(target);
      const headers: Record<string, string> = { host: url.host, 'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.0') };
      const amzTarget = req.headers['x-amz-target'];
      if (typeof amzTarget === 'string') headers['x-amz-target'] = amzTarget;
      const signed = await new SignatureV4({ credentials: profile.keys, region, service: 'dynamodb', sha256: NodeSha256 }).sign({
        method: 'POST',
        protocol: 'https:',
        hostname: url.hostname,
        path: '/',
        headers,
        body: body.toString('utf8'),
        query: {},
      });
      await new Promise<void>((done) => {
        const upstream = httpsRequest(url, { method: 'POST', headers: { ...signed.headers, 'content-length': String(body.length) }, timeout: TIMEOUT_MS }, (answer) => {
          res.statusCode = answer.statusCode ?? 502;
          for (const header of ['content-type', 'x-amzn-requestid', 'x-amz-crc32', 'x-amzn-errortype']) {
            const value = answer.headers[header];
            if (value !== undefined) res.setHeader(header, value);
          }
          answer.pipe(res);
          answer.on('end', done);
          answer.on('error', () => {
            res.destroy();
            done();
          });
        });
        upstream.on('timeout', () => {
          upstream.destroy();
          refuse(res, { status: 504, type: 'ProxyTimeout', message: `${url.host} did not answer within ${TIMEOUT_MS / 1000} s.` });
          done();
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (!res.headersSent) refuse(res, { status: 502, type: 'ProxyUnreachable', message: `Could not reach ${url.host} (${error.code ?? 'network error'}).` });
          done();
        });
        upstream.end(body);
      });
    },
  };
  return [list, signer];
}
