/**
 * Credentials per profile from the SDK's own resolver, `fromIni` (static keys,
 * SSO, assume-role, credential_process, web identity), cached until five
 * minutes before they expire or until a profile file changes. They never
 * leave this process.
 */
import { fromIni } from '@aws-sdk/credential-provider-ini';
import type { AwsCredentialIdentity } from '@smithy/types';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CredentialTimeout } from './profileErrors';
import type { Env, ProfileKind } from './profileFiles';

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
