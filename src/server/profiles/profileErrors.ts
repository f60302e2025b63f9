/**
 * Credential-resolution failures in plain words (`aws sso login --profile X`,
 * role assumption, credential_process), scrubbed of anything that looks like
 * a secret.
 */
import type { ProfileErrorCode } from '../../errors';
import { scrubSecrets } from '../../sources/remoteEndpoints';
import { classifyProfile, type ProfileValues } from './profileKinds';

/** A failure to turn a profile into credentials, with the sentence to show. */
export interface ProfileProblem {
  readonly status: number;
  readonly code: ProfileErrorCode;
  readonly message: string;
}

export class CredentialTimeout extends Error {
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
      code: 'profile.timeout',
      message:
        kind === 'process'
          ? `Getting credentials for profile ${name} took longer than ${took}: its credential_process did not finish. Run it in a terminal to see whether it waits for something, then Connect again.`
          : `Getting credentials for profile ${name} took longer than ${took}: ${service} did not answer. Check your network connection, then Connect again.`,
    };
  }
  if (/aws sso login|SSO session|SSO Token|sso_session|UnauthorizedException|Session token not found or invalid/i.test(`${errorName} ${message}`)) {
    if (/aws sso login|expired|not found or is invalid|is invalid|UnauthorizedException|Session token not found/i.test(`${errorName} ${message}`)) {
      return { status: 401, code: 'profile.loginRequired', message: `The AWS SSO session for profile ${name} has expired or was never started. ${login}` };
    }
    return { status: 400, code: 'profile.credentialsUnavailable', message: `Profile ${name}'s SSO settings are incomplete: ${quote(message)}` };
  }
  if (/aws login/i.test(message) || kind === 'login') {
    return {
      status: 401,
      code: 'profile.loginRequired',
      message: `Profile ${name} uses an \`aws login\` session that is missing or expired (${quote(message)}). Run \`aws login --profile ${name}\`, then Connect again.`,
    };
  }
  if (/multi-factor|mfa/i.test(message)) {
    return {
      status: 400,
      code: 'profile.roleFailed',
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
      code: 'profile.processFailed',
      message: `The credential_process of profile ${name} failed${typeof exit === 'number' ? ` (exit code ${exit})` : ''}${stderr ? `: ${quote(stderr)}` : ', printing nothing on stderr'}. Run it in a terminal to see why, then Connect again.`,
    };
  }
  if (/credential_process/.test(message)) {
    return { status: 502, code: 'profile.processFailed', message: `The credential_process of profile ${name} gave no usable credentials: ${quote(message)}` };
  }
  if (/Could not resolve credentials using profile/.test(message)) {
    return {
      status: 400,
      code: 'profile.credentialsUnavailable',
      message: `Profile ${name} has no credentials: give it aws_access_key_id and aws_secret_access_key, sso_session, role_arn with source_profile, credential_process or web_identity_token_file (see \`aws configure\`).`,
    };
  }
  if (kind === 'role' || kind === 'web-identity' || /AssumeRole|role/i.test(message)) {
    const role = values?.role_arn ? ` ${values.role_arn}` : '';
    if (network) {
      return {
        status: 502,
        code: 'profile.roleFailed',
        message: `Could not assume role${role} for profile ${name}: ${describeNetwork('AWS STS', network)}. Check your network connection, then Connect again.`,
      };
    }
    return {
      status: 403,
      code: 'profile.roleFailed',
      message: `Could not assume role${role} for profile ${name}: ${errorName && errorName !== 'Error' ? `${errorName}: ` : ''}${quote(message)}`,
    };
  }
  if (network) {
    return {
      status: 502,
      code: 'profile.credentialsUnavailable',
      message: `Could not get credentials for profile ${name}: ${describeNetwork(service, network)}. Check your network connection, then Connect again.`,
    };
  }
  return { status: 400, code: 'profile.credentialsUnavailable', message: `Could not get credentials for profile ${name}: ${quote(message)}` };
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
