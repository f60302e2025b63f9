import { createStore, type StoreApi } from 'zustand/vanilla';
import { LOCAL_CREDENTIALS } from '../codegen';
import type { DynamoDBDataSource } from '../engine';
import {
  describeConnectionError,
  endpointOf,
  routeOf,
  testConnection,
  type ConnectionProblem,
  type RemoteHooks,
  type RemoteSettings,
} from '../sources/remoteEndpoints';
import { confirmingDataSource } from '../sources/confirmingDataSource';
import { readOnlyDataSource } from '../sources/readOnlyDataSource';
import { BUILT_IN_TABLE_LABEL } from './builtInTableStore';
import {
  checkConnectionName,
  formOfSavedConnection,
  isFormOf,
  readSavedConnections,
  savedConnectionOf,
  writeSavedConnections,
  type SavedConnection,
} from './savedConnections';

export type ConnectionKind = 'builtIn' | 'dynamodbLocal' | 'custom' | 'aws';
export type AwsAuth = 'keys' | 'profile';

/** What the user typed. Secrets live here, in memory, unless `remember` is on. */
export interface ConnectionForm {
  readonly kind: ConnectionKind;
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
  readonly awsAuth: AwsAuth;
  readonly profile: string;
  readonly remember: boolean;
  /** Read-only: the connection's data source refuses writes and no write control is shown (the default for AWS). */
  readonly readOnly: boolean;
}

export type ConnectionField = 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey' | 'profile';
export type ConnectionErrors = Partial<Record<ConnectionField, string>>;

/** A named profile as the app server lists it (how it gets credentials; never a key). */
export interface ProfileOption {
  readonly name: string;
  readonly kind: 'static' | 'sso' | 'role' | 'process' | 'web-identity' | 'login' | 'unknown';
  readonly region?: string;
  /** The profile's configured DynamoDB endpoint_url, when it has one. */
  readonly endpoint?: string;
}

/** What the explorer was last connected to through this store: where writes go (never a secret). */
export interface ConnectedConnection {
  /** The data source handed to the explorer (the read-only wrapper when readOnly; on AWS otherwise, the confirming one). */
  readonly source: DynamoDBDataSource;
  readonly kind: ConnectionKind;
  readonly region?: string;
  readonly endpoint?: string;
  readonly readOnly: boolean;
}

export interface ConnectionState {
  readonly form: ConnectionForm;
  readonly errors: ConnectionErrors;
  readonly status: 'idle' | 'connecting' | 'connected' | 'failed';
  /** Why the last Connect failed, in plain words (never containing a secret). */
  readonly problem?: ConnectionProblem;
  /** A remark on a working connection (e.g. DynamoDB Local's per-key tables). */
  readonly note?: string;
  /** What the explorer is connected to, in words. */
  readonly connectedLabel?: string;
  /** Set while the SDK retries a throttled request. */
  readonly retrying?: string;
  readonly profiles?: readonly ProfileOption[];
  readonly profilesError?: string;
  /** Set by a successful Connect. */
  readonly connected?: ConnectedConnection;
  /** The Saved connections list (never a secret in it). */
  readonly saved: readonly SavedConnection[];
  /** The saved connection last picked or saved (Rename and Delete act on it). */
  readonly savedId?: string;
  /** Why the last Save, Rename or Delete did not happen, next to those controls. */
  readonly savedError?: string;
}

export interface ConnectionActions {
  setForm(patch: Partial<ConnectionForm>): void;
  /** Validates, tests the connection (ListTables, Limit 1) and switches the explorer to it. */
  connect(): Promise<void>;
  loadProfiles(): Promise<void>;
  /** Saves the form's connection (no secret) under `name`: a new entry, or the picked one when `name` is its name. False (with savedError) when the name is refused. */
  saveConnection(name: string): boolean;
  /** Renames the picked saved connection. */
  renameConnection(name: string): boolean;
  /** Deletes the picked saved connection from the list (the current connection stays). */
  deleteConnection(): void;
  /** Puts a saved connection in the form and connects to it. */
  pickConnection(id: string): Promise<void>;
}

export type ConnectionStore = StoreApi<ConnectionState & ConnectionActions>;

export const DEFAULT_LOCAL_ENDPOINT = 'http://localhost:8000';
export const STORAGE_KEY = 'keylab.connection';

export const DEFAULT_FORM: ConnectionForm = {
  kind: 'builtIn',
  endpoint: DEFAULT_LOCAL_ENDPOINT,
  region: 'us-east-1',
  // The dummy key id generated programs for a local endpoint use too, so they see the same tables.
  accessKeyId: LOCAL_CREDENTIALS.accessKeyId,
  secretAccessKey: '',
  sessionToken: '',
  awsAuth: 'keys',
  profile: '',
  remember: false,
  readOnly: false,
};

/** Where each kind's Read-only choice is remembered (no credential: just kind → boolean), with or without "Remember in this browser". */
export const READ_ONLY_STORAGE_KEY = 'keylab.connection.readOnly';

/** Read-only unless the user said otherwise: on for AWS, off for the built-in table, DynamoDB Local and custom endpoints. */
export function defaultReadOnly(kind: ConnectionKind): boolean {
  return kind === 'aws';
}

type ReadOnlyChoices = Partial<Record<ConnectionKind, boolean>>;

function readOnlyChoices(storage: ConnectionStorage | undefined): ReadOnlyChoices {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(READ_ONLY_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => typeof value === 'boolean')) as ReadOnlyChoices;
  } catch {
    return {};
  }
}

/** The Read-only setting a connection of `kind` starts with: the user's last choice for that kind, or the default. */
export function readOnlyFor(kind: ConnectionKind, storage: ConnectionStorage | undefined): boolean {
  return readOnlyChoices(storage)[kind] ?? defaultReadOnly(kind);
}

const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d{1,2}$/;

/**
 * Checks the form; messages are meant to sit next to their field and never
 * quote the secret.
 */
export function validateConnectionForm(form: ConnectionForm): ConnectionErrors {
  const errors: { -readonly [K in ConnectionField]?: string } = {};
  if (form.kind === 'builtIn') return errors;
  if (form.kind !== 'aws') {
    const endpoint = form.endpoint.trim();
    if (!endpoint) errors.endpoint = `Enter the endpoint URL, e.g. ${DEFAULT_LOCAL_ENDPOINT}.`;
    else if (/^[a-z][a-z0-9+.-]*:\/\/[^@]*@/i.test(endpoint))
      errors.endpoint = 'Remove the user name and password from the URL: credentials go in their own fields, never in URLs.';
    else if (!endpoint.includes('://')) errors.endpoint = `Not a URL. Write it with its scheme and port, e.g. ${DEFAULT_LOCAL_ENDPOINT}.`;
    else {
      let url: URL | undefined;
      try {
        url = new URL(endpoint);
      } catch {
        errors.endpoint = `Not a URL. Write it with its scheme and port, e.g. ${DEFAULT_LOCAL_ENDPOINT}.`;
      }
      if (url) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') errors.endpoint = 'Use an http:// or https:// URL.';
        else if (url.username || url.password)
          errors.endpoint = 'Remove the user name and password from the URL: credentials go in their own fields, never in URLs.';
        else if (url.search || url.hash) errors.endpoint = 'Remove the query string or fragment: DynamoDB endpoints have none.';
      }
    }
  }
  if (!REGION.test(form.region.trim())) errors.region = 'Use a region code such as us-east-1 or eu-west-2.';
  if (form.kind === 'aws' && form.awsAuth === 'profile') {
    if (!form.profile) errors.profile = 'Choose a profile.';
    return errors;
  }
  const keyId = form.accessKeyId.trim();
  if (!keyId) errors.accessKeyId = 'Enter an access key id.';
  else if (form.kind === 'dynamodbLocal' && !/^[A-Za-z0-9]+$/.test(keyId))
    errors.accessKeyId = 'DynamoDB Local accepts only letters and digits in the access key id.';
  else if (form.kind === 'aws' && !/^[A-Z0-9]{16,128}$/.test(keyId))
    errors.accessKeyId = 'An AWS access key id is 16 or more capital letters and digits, e.g. AKIA… or ASIA….';
  if (form.kind === 'aws' && !form.secretAccessKey) errors.secretAccessKey = 'Enter the secret access key.';
  return errors;
}

/** The settings a remote data source is created from. */
export function settingsOf(form: ConnectionForm): RemoteSettings {
  if (form.kind === 'builtIn') throw new Error('The built-in table has no remote settings');
  const profile = form.kind === 'aws' && form.awsAuth === 'profile' ? form.profile : undefined;
  return {
    kind: form.kind,
    endpoint: form.endpoint.trim(),
    region: form.region.trim(),
    accessKeyId: form.accessKeyId.trim(),
    // DynamoDB Local checks no secret, but the SDK must sign with one.
    secretAccessKey:
      form.kind === 'dynamodbLocal' || (form.kind === 'custom' && !form.secretAccessKey) ? LOCAL_CREDENTIALS.secretAccessKey : form.secretAccessKey,
    ...(form.sessionToken && form.kind === 'aws' ? { sessionToken: form.sessionToken } : {}),
    ...(profile ? { profile } : {}),
  };
}

/** A connection's name for the explorer's header. Never contains a secret. */
export function labelOf(settings: RemoteSettings): string {
  const via = routeOf(settings) === 'proxy' ? ' (via Keylab’s proxy)' : routeOf(settings) === 'signer' ? ' (signed by Keylab’s server)' : '';
  switch (settings.kind) {
    case 'dynamodbLocal':
      return `DynamoDB Local ${endpointOf(settings)}${via} · ${settings.region} · key ${settings.accessKeyId}`;
    case 'custom':
      return `${endpointOf(settings)}${via} · ${settings.region}`;
    case 'aws':
      return `AWS ${settings.region}${settings.profile ? ` · profile ${settings.profile}` : ` · key ${settings.accessKeyId}`}${via}`;
  }
}

/** Minimal storage (localStorage in the browser, a Map in tests). */
export interface ConnectionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ConnectionStoreOptions {
  /** Switches the explorer to a tested remote source. */
  readonly onConnected: (source: DynamoDBDataSource, label: string) => Promise<void>;
  /** Switches the explorer back to the built-in table. */
  readonly connectBuiltIn: () => Promise<void>;
  /** The page's origin, where the proxy lives. */
  readonly appOrigin: string;
  readonly storage?: ConnectionStorage;
  /** Creates the SDK client (tests pass a fake). Default: loads the SDK on first use. */
  readonly createSource?: (settings: RemoteSettings, hooks: RemoteHooks) => DynamoDBDataSource | Promise<DynamoDBDataSource>;
  /** Lists ~/.aws profiles through the app server. */
  readonly fetchProfiles?: () => Promise<readonly ProfileOption[]>;
}

function restore(storage: ConnectionStorage | undefined): ConnectionForm {
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (!saved) return { ...DEFAULT_FORM, readOnly: readOnlyFor(DEFAULT_FORM.kind, storage) };
    const parsed = JSON.parse(saved) as Partial<ConnectionForm>;
    const form = { ...DEFAULT_FORM, ...parsed, remember: true };
    return { ...form, readOnly: typeof parsed.readOnly === 'boolean' ? parsed.readOnly : readOnlyFor(form.kind, storage) };
  } catch {
    return DEFAULT_FORM;
  }
}

/**
 * Creates the connection store. The form (secrets included) is written to
 * `storage` only while "Remember in this browser" is ticked; unticking it
 * erases what was stored.
 */
export function createConnectionStore(options: ConnectionStoreOptions): ConnectionStore {
  const createSource =
    options.createSource ??
    (async (settings: RemoteSettings, hooks: RemoteHooks) => (await import('../sources/remoteDynamoDB')).createRemoteDynamoDB(settings, hooks));
  let attempt = 0;

  return createStore<ConnectionState & ConnectionActions>()((set, get) => {
    const persist = (form: ConnectionForm) => {
      try {
        if (form.remember) options.storage?.setItem(STORAGE_KEY, JSON.stringify(form));
        else options.storage?.removeItem(STORAGE_KEY);
      } catch {
        // Storage full or blocked: the form still works in memory.
      }
    };
    const rememberReadOnly = (kind: ConnectionKind, readOnly: boolean) => {
      try {
        options.storage?.setItem(READ_ONLY_STORAGE_KEY, JSON.stringify({ ...readOnlyChoices(options.storage), [kind]: readOnly }));
      } catch {
        // Storage full or blocked: the choice holds for this tab.
      }
    };
    // The profile list is read once, when the form first asks for a profile (at start, for a remembered form).
    let profilesLoading = false;
    const loadProfilesIfNeeded = () => {
      const { form, profiles } = get();
      if (form.kind === 'aws' && form.awsAuth === 'profile' && profiles === undefined && !profilesLoading) void get().loadProfiles();
    };
    queueMicrotask(loadProfilesIfNeeded);
    const form = restore(options.storage);
    const saved = readSavedConnections(options.storage);
    let lastId = 0;
    const newId = () => {
      const ids = new Set(get().saved.map((connection) => connection.id));
      let id: string;
      do id = `connection-${Date.now().toString(36)}-${++lastId}`;
      while (ids.has(id));
      return id;
    };
    const keep = (list: readonly SavedConnection[], patch: Partial<ConnectionState> = {}) => {
      const problem = writeSavedConnections(options.storage, list);
      set({ ...patch, saved: list, savedError: problem });
    };
    return {
      form,
      errors: {},
      status: 'idle',
      saved,
      savedId: saved.find((connection) => isFormOf(connection, form))?.id,
      setForm: (patch) => {
        const form = { ...get().form, ...patch };
        if (patch.kind && patch.kind !== get().form.kind && patch.kind === 'dynamodbLocal' && !form.endpoint)
          Object.assign(form, { endpoint: DEFAULT_LOCAL_ENDPOINT });
        // Another kind of connection starts with its own Read-only setting; a ticked box is remembered for its kind.
        if (patch.kind && patch.kind !== get().form.kind && patch.readOnly === undefined)
          Object.assign(form, { readOnly: readOnlyFor(patch.kind, options.storage) });
        if (patch.readOnly !== undefined && patch.readOnly !== get().form.readOnly) rememberReadOnly(form.kind, patch.readOnly);
        const errors = get().errors;
        // Re-check only fields that already show a message, so typing never nags early.
        const fresh = validateConnectionForm(form);
        const kept: ConnectionErrors = Object.fromEntries(
          Object.keys(errors).flatMap((field) => (fresh[field as ConnectionField] ? [[field, fresh[field as ConnectionField]]] : [])),
        );
        const kindChanged = patch.kind !== undefined && patch.kind !== get().form.kind;
        set({ form, errors: kindChanged ? {} : kept, ...(kindChanged ? { problem: undefined, note: undefined, status: 'idle' as const } : {}) });
        persist(form);
        loadProfilesIfNeeded();
      },
      connect: async () => {
        const { form } = get();
        const ticket = ++attempt;
        if (form.kind === 'builtIn') {
          set({ errors: {}, status: 'connecting', problem: undefined, note: undefined, retrying: undefined });
          await options.connectBuiltIn();
          if (ticket === attempt) set({ status: 'connected', connectedLabel: BUILT_IN_TABLE_LABEL, connected: undefined });
          return;
        }
        const errors = validateConnectionForm(form);
        if (Object.keys(errors).length > 0) {
          set({ errors, status: 'failed', problem: undefined, note: undefined });
          return;
        }
        const settings = settingsOf(form);
        set({ errors: {}, status: 'connecting', problem: undefined, note: undefined, retrying: undefined });
        const sourceOrPromise = createSource(settings, {
          appOrigin: options.appOrigin,
          onRetry: (retry) => set({ retrying: `DynamoDB is throttling requests; retrying with backoff (attempt ${retry})…` }),
          onSettled: () => {
            if (get().retrying) set({ retrying: undefined });
          },
        });
        try {
          const client = await sourceOrPromise;
          const { hasTables } = await testConnection(client);
          if (ticket !== attempt) return;
          // A profile with its own endpoint_url is not AWS proper: say where it goes.
          const profileEndpoint = settings.profile ? get().profiles?.find((profile) => profile.name === settings.profile)?.endpoint : undefined;
          const label = profileEndpoint ? `${labelOf(settings)} · endpoint_url ${profileEndpoint}` : labelOf(settings);
          const note = hasTables
            ? undefined
            : form.kind === 'dynamodbLocal'
              ? `Connected, but there are no tables for access key id ${settings.accessKeyId} in ${settings.region}. DynamoDB Local keeps separate tables per access key id and region unless it was started with -sharedDb: try the key and region your tables were created with.`
              : `Connected, but ${settings.kind === 'aws' ? `region ${settings.region}` : 'this endpoint'} has no tables.`;
          const shownLabel = form.readOnly ? `${label} · read-only` : label;
          const endpoint = profileEndpoint ?? endpointOf(settings);
          // Read-only refuses writes; AWS otherwise writes only through a confirmed job (writeAccess.ts's confirmWrite).
          const source = form.readOnly
            ? readOnlyDataSource(client, label)
            : form.kind === 'aws'
              ? confirmingDataSource(client, { region: settings.region, endpoint })
              : client;
          set({
            status: 'connected',
            connectedLabel: shownLabel,
            note,
            connected: { source, kind: form.kind, region: settings.region, endpoint, readOnly: form.readOnly },
          });
          await options.onConnected(source, shownLabel);
        } catch (error) {
          if (ticket !== attempt) return;
          set({ status: 'failed', problem: describeConnectionError(error, settings), retrying: undefined });
        }
      },
      saveConnection: (name) => {
        const { saved: list, savedId, form: current } = get();
        const picked = list.find((connection) => connection.id === savedId && connection.name === name.trim());
        const refused = picked ? undefined : checkConnectionName(name, list);
        if (refused) {
          set({ savedError: refused });
          return false;
        }
        const entry = savedConnectionOf(current, name.trim(), picked?.id ?? newId());
        keep(picked ? list.map((connection) => (connection.id === picked.id ? entry : connection)) : [...list, entry], { savedId: entry.id });
        return true;
      },
      renameConnection: (name) => {
        const { saved: list, savedId } = get();
        if (!savedId) return false;
        const refused = checkConnectionName(name, list, savedId);
        if (refused) {
          set({ savedError: refused });
          return false;
        }
        keep(list.map((connection) => (connection.id === savedId ? { ...connection, name: name.trim() } : connection)));
        return true;
      },
      deleteConnection: () => {
        const { saved: list, savedId } = get();
        if (!savedId) return;
        keep(
          list.filter((connection) => connection.id !== savedId),
          { savedId: undefined },
        );
      },
      pickConnection: async (id) => {
        const picked = get().saved.find((connection) => connection.id === id);
        if (!picked) return;
        set({ savedId: id, savedError: undefined });
        get().setForm(formOfSavedConnection(picked, get().form));
        await get().connect();
      },
      loadProfiles: async () => {
        if (!options.fetchProfiles) return;
        profilesLoading = true;
        try {
          const profiles = await options.fetchProfiles();
          set({ profiles, profilesError: undefined });
        } catch (error) {
          set({ profiles: [], profilesError: `Could not read profiles from Keylab’s server: ${error instanceof Error ? error.message : String(error)}` });
        } finally {
          profilesLoading = false;
        }
      },
    };
  });
}
