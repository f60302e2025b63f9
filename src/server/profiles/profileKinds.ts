/**
 * How a profile gets its credentials, in the order the SDK's `fromIni` tries
 * them: role (role_arn + source_profile or credential_source), static keys,
 * web identity, credential_process, SSO, `aws login` session.
 */
export type ProfileKind = 'role' | 'static' | 'web-identity' | 'process' | 'sso' | 'login' | 'unknown';

export type ProfileValues = Readonly<Record<string, string | undefined>>;

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
