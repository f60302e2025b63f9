import { useId, useState } from 'react';
import { useStore } from 'zustand';
import type { ConnectionField, ConnectionKind, ConnectionStore, ProfileOption } from '../../state';
import './ConnectionPanel.css';
import { VisibleText } from '../common/VisibleText';
import { SavedConnections } from './SavedConnections';

const KINDS: readonly { value: ConnectionKind; label: string }[] = [
  { value: 'builtIn', label: 'Built-in table' },
  { value: 'dynamodbLocal', label: 'DynamoDB Local' },
  { value: 'custom', label: 'Custom endpoint' },
  { value: 'aws', label: 'AWS' },
];

/** How each kind of profile gets its credentials, as shown in the profile list. */
const PROFILE_KINDS: Record<ProfileOption['kind'], string> = {
  static: 'access keys',
  sso: 'SSO',
  role: 'assume role',
  process: 'credential_process',
  'web-identity': 'web identity',
  login: 'aws login',
  unknown: 'no credentials',
};

/** One sentence on what Connect will do with the chosen profile. */
function describeProfile(profile: ProfileOption): string {
  switch (profile.kind) {
    case 'static':
      return 'Uses the access keys stored in the profile.';
    case 'sso':
      return `Uses the AWS SSO login cached by \`aws sso login --profile ${profile.name}\`; if it has expired, run that command, then Connect.`;
    case 'role':
      return 'Assumes the profile’s role (role_arn) with AWS STS, using its source_profile or credential_source, like the AWS CLI.';
    case 'process':
      return 'Runs the profile’s credential_process command to get credentials.';
    case 'web-identity':
      return 'Assumes the profile’s role with its web identity token file.';
    case 'login':
      return `Uses the session from \`aws login --profile ${profile.name}\`.`;
    case 'unknown':
      return 'This profile has no credential settings (keys, SSO, role, credential_process); Connect will say what is missing.';
    default:
      return '';
  }
}

/**
 * The explorer's connection control: what to browse (the built-in table,
 * DynamoDB Local, any DynamoDB-compatible endpoint, or AWS), tested by
 * Connect before the explorer switches to it.
 */
export function ConnectionPanel({ store }: { store: ConnectionStore }) {
  const form = useStore(store, (state) => state.form);
  const errors = useStore(store, (state) => state.errors);
  const status = useStore(store, (state) => state.status);
  const problem = useStore(store, (state) => state.problem);
  const note = useStore(store, (state) => state.note);
  const retrying = useStore(store, (state) => state.retrying);
  const profiles = useStore(store, (state) => state.profiles);
  const profilesError = useStore(store, (state) => state.profilesError);
  const connected = useStore(store, (state) => state.connected);
  const { setForm, connect } = store.getState();
  const [open, setOpen] = useState(false);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;

  const invalid = (field: ConnectionField) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${field}-error`) } : {});
  const errorText = (field: ConnectionField) =>
    errors[field] && (
      <span id={id(`${field}-error`)} className="field-error">
        {errors[field]}
      </span>
    );
  const selectedProfile = profiles?.find((profile) => profile.name === form.profile);
  const remote = form.kind !== 'builtIn';
  // A field to fix (e.g. a saved AWS connection's secret, never stored) shows its settings.
  const fieldsShown = open || Object.keys(errors).length > 0;

  return (
    <form
      className="connection-panel"
      aria-label="Connection"
      onSubmit={(event) => {
        event.preventDefault();
        void connect().then(() => {
          if (store.getState().status === 'connected' && !store.getState().note) setOpen(false);
        });
      }}
    >
      <SavedConnections store={store} />
      <div className="connection-row">
        <label htmlFor={id('kind')}>Connection</label>
        <select
          id={id('kind')}
          value={form.kind}
          onChange={(event) => {
            setForm({ kind: event.target.value as ConnectionKind });
            setOpen(true);
          }}
        >
          {KINDS.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
        {remote && !fieldsShown && (
          <button type="button" className="link-button" onClick={() => setOpen(true)} aria-expanded={false}>
            Settings
          </button>
        )}
        {remote && (
          <label
            className="connection-read-only"
            title="Read-only: no write control is shown and the connection refuses writes (applies from the next Connect)."
          >
            <input type="checkbox" checked={form.readOnly} onChange={(event) => setForm({ readOnly: event.target.checked })} /> Read-only
          </label>
        )}
        {remote && connected?.kind === form.kind && connected.readOnly !== form.readOnly && (
          <span className="muted small">Connect to apply {form.readOnly ? 'Read-only' : 'writes'}.</span>
        )}
        <button type="submit" disabled={status === 'connecting'}>
          {status === 'connecting' ? 'Connecting…' : 'Connect'}
        </button>
        {retrying && (
          <span className="muted" role="status">
            {retrying}
          </span>
        )}
      </div>

      {remote && fieldsShown && (
        <div className="connection-fields">
          {form.kind !== 'aws' && (
            <span className="form-field connection-endpoint">
              <label htmlFor={id('endpoint')}>Endpoint URL</label>
              <input
                id={id('endpoint')}
                className="mono"
                value={form.endpoint}
                placeholder="http://localhost:8000"
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => setForm({ endpoint: event.target.value })}
                {...invalid('endpoint')}
              />
              {errorText('endpoint')}
            </span>
          )}
          <span className="form-field">
            <label htmlFor={id('region')}>Region</label>
            <input
              id={id('region')}
              className="mono"
              value={form.region}
              spellCheck={false}
              onChange={(event) => setForm({ region: event.target.value })}
              {...invalid('region')}
            />
            {errorText('region')}
          </span>
          {form.kind === 'aws' && (
            <fieldset className="mode-switch">
              <legend>Credentials</legend>
              <label>
                <input type="radio" name={id('auth')} checked={form.awsAuth === 'keys'} onChange={() => setForm({ awsAuth: 'keys' })} /> Access keys
              </label>
              <label>
                <input type="radio" name={id('auth')} checked={form.awsAuth === 'profile'} onChange={() => setForm({ awsAuth: 'profile' })} /> Named profile
                (~/.aws)
              </label>
            </fieldset>
          )}
          {form.kind === 'aws' && form.awsAuth === 'profile' ? (
            <span className="form-field">
              <label htmlFor={id('profile')}>Profile</label>
              <select
                id={id('profile')}
                value={form.profile}
                onChange={(event) =>
                  setForm({ profile: event.target.value, region: profiles?.find((profile) => profile.name === event.target.value)?.region ?? form.region })
                }
                {...invalid('profile')}
                aria-describedby={[errors.profile ? id('profile-error') : '', id('profile-help')].join(' ').trim()}
              >
                <option value="">{profiles === undefined ? 'Loading…' : profiles.length === 0 ? 'No profiles in ~/.aws' : 'Choose…'}</option>
                {profiles?.map((profile) => (
                  <option key={profile.name} value={profile.name}>
                    {profile.name} ({PROFILE_KINDS[profile.kind] ?? profile.kind})
                  </option>
                ))}
              </select>
              {errorText('profile')}
              {profilesError && (
                <span className="field-error">
                  <VisibleText text={profilesError} />
                </span>
              )}
              <span className="help" id={id('profile-help')}>
                {selectedProfile && `${describeProfile(selectedProfile)} `}
                {selectedProfile?.endpoint && `Requests go to ${selectedProfile.endpoint} (the profile’s endpoint_url), not to AWS. `}
                Keylab’s server reads ~/.aws, gets the credentials and signs each request; they never reach this page.
              </span>
            </span>
          ) : (
            <>
              <span className="form-field">
                <label htmlFor={id('accessKeyId')}>Access key id</label>
                <input
                  id={id('accessKeyId')}
                  className="mono"
                  value={form.accessKeyId}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => setForm({ accessKeyId: event.target.value })}
                  {...invalid('accessKeyId')}
                />
                {errorText('accessKeyId')}
              </span>
              {form.kind !== 'dynamodbLocal' && (
                <span className="form-field">
                  <label htmlFor={id('secretAccessKey')}>Secret access key{form.kind === 'custom' ? ' (optional)' : ''}</label>
                  <input
                    id={id('secretAccessKey')}
                    type="password"
                    className="mono"
                    value={form.secretAccessKey}
                    autoComplete="off"
                    onChange={(event) => setForm({ secretAccessKey: event.target.value })}
                    {...invalid('secretAccessKey')}
                  />
                  {errorText('secretAccessKey')}
                </span>
              )}
              {form.kind === 'aws' && (
                <span className="form-field">
                  <label htmlFor={id('sessionToken')}>Session token (optional)</label>
                  <input
                    id={id('sessionToken')}
                    type="password"
                    className="mono"
                    value={form.sessionToken}
                    autoComplete="off"
                    onChange={(event) => setForm({ sessionToken: event.target.value })}
                  />
                </span>
              )}
            </>
          )}
          {form.kind === 'dynamodbLocal' && (
            <p className="help connection-help">
              DynamoDB Local keeps separate tables per access key id and region unless started with <code>-sharedDb</code> (<code>npm run dynamodb-local</code>{' '}
              does). Endpoints on this machine go through Keylab’s own server, so DynamoDB Local needs no <code>-cors</code>.
            </p>
          )}
          <label className="connection-remember">
            <input type="checkbox" checked={form.remember} onChange={(event) => setForm({ remember: event.target.checked })} /> Remember in this browser
          </label>
          <p className="help connection-help">
            {form.remember
              ? 'These settings, credentials included, are saved unencrypted in this browser’s local storage; anyone using this browser profile can read them. Untick to erase them.'
              : 'Credentials stay in this tab’s memory and are gone when you close it.'}
          </p>
        </div>
      )}

      {problem && (
        <p className="error-box" role="alert">
          Could not connect: <VisibleText text={problem.message} />
        </p>
      )}
      {note && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
    </form>
  );
}
