/**
 * The AWS profile files (~/.aws/config and ~/.aws/credentials, or
 * AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE), read by the SDK's own
 * loader: which profiles there are, how each gets credentials, and which
 * DynamoDB endpoint it configures (the AWS CLI v2's precedence).
 */
import { loadSharedConfigFiles } from '@smithy/core/config';

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

export type ProfileValues = Readonly<Record<string, string | undefined>>;
export type Env = Readonly<Record<string, string | undefined>>;

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

export interface ProfileFiles {
  /** Profiles by name, config and credentials merged (credentials win, as in the SDK). */
  readonly profiles: ReadonlyMap<string, ProfileValues>;
  /** `services` sections by name, keys like `dynamodb.endpoint_url`. */
  readonly services: ReadonlyMap<string, ProfileValues>;
}

/** Reads the profile files with the SDK's loader (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE, ~/.aws). */
export async function readProfileFiles(): Promise<ProfileFiles> {
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

/** Every secret-looking value in the profile files, to scrub from messages. */
export function secretsIn(profiles: ReadonlyMap<string, ProfileValues>): string[] {
  const secrets: string[] = [];
  for (const values of profiles.values()) {
    for (const key of ['aws_secret_access_key', 'aws_session_token', 'aws_security_token']) {
      const value = values[key];
      if (value) secrets.push(value);
    }
  }
  return secrets;
}
