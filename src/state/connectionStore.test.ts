import type { ListTablesCommandOutput } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_CREDENTIALS } from '../codegen';
import type { DynamoDBDataSource } from '../engine';
import type { RemoteHooks, RemoteSettings } from '../sources/remoteEndpoints';
import { UnconfirmedWriteError, writeTargetOf } from '../sources/confirmingDataSource';
import { isReadOnlyDataSource, ReadOnlyConnectionError } from '../sources/readOnlyDataSource';
import {
  createConnectionStore,
  DEFAULT_FORM,
  READ_ONLY_STORAGE_KEY,
  labelOf,
  settingsOf,
  STORAGE_KEY,
  validateConnectionForm,
  type ConnectionForm,
  type ConnectionStoreOptions,
} from './connectionStore';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const TOKEN = 'IQoJb3JpZ2luX2VjEXAMPLETOKEN';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function fakeSource(listTables: () => Promise<Partial<ListTablesCommandOutput>>): DynamoDBDataSource {
  return { listTables } as unknown as DynamoDBDataSource;
}

function setup(listTables: () => Promise<Partial<ListTablesCommandOutput>>, extra: Partial<ConnectionStoreOptions> = {}) {
  const created: RemoteSettings[] = [];
  const hooks: RemoteHooks[] = [];
  const onConnected = vi.fn(async () => {});
  const connectBuiltIn = vi.fn(async () => {});
  const storage = memoryStorage();
  const store = createConnectionStore({
    appOrigin: 'http://localhost:5173',
    onConnected,
    connectBuiltIn,
    storage,
    createSource: (settings, hook) => {
      created.push(settings);
      hooks.push(hook);
      return fakeSource(listTables);
    },
    ...extra,
  });
  return { store, created, hooks, onConnected, connectBuiltIn, storage };
}

const aws = (patch: Partial<ConnectionForm> = {}): ConnectionForm => ({
  ...DEFAULT_FORM,
  kind: 'aws',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: SECRET,
  region: 'eu-west-2',
  ...patch,
});

describe('validateConnectionForm', () => {
  it.each<[string, Partial<ConnectionForm>, Partial<Record<string, RegExp>>]>([
    ['an empty endpoint', { kind: 'dynamodbLocal', endpoint: '' }, { endpoint: /Enter the endpoint URL/ }],
    ['an endpoint without a scheme', { kind: 'dynamodbLocal', endpoint: 'localhost:8000x y' }, { endpoint: /Not a URL/ }],
    ['an ftp endpoint', { kind: 'custom', endpoint: 'ftp://localhost:8000' }, { endpoint: /http:\/\/ or https:\/\// }],
    ['credentials in the URL', { kind: 'custom', endpoint: `http://me:${SECRET}@localhost:8000` }, { endpoint: /never in URLs/ }],
    ['a bad region', { kind: 'dynamodbLocal', region: 'US East' }, { region: /region code such as us-east-1/ }],
    ['a DynamoDB Local key with symbols', { kind: 'dynamodbLocal', accessKeyId: 'my-key' }, { accessKeyId: /only letters and digits/ }],
    ['a missing AWS secret', { ...aws(), secretAccessKey: '' }, { secretAccessKey: /Enter the secret/ }],
    ['a lower-case AWS key id', { ...aws(), accessKeyId: 'akia123' }, { accessKeyId: /16 or more capital letters/ }],
    ['a profile not chosen', { ...aws(), awsAuth: 'profile', profile: '' }, { profile: /Choose a profile/ }],
  ])('explains %s', (_what, patch, expected) => {
    const errors = validateConnectionForm({ ...DEFAULT_FORM, ...patch });
    for (const [field, pattern] of Object.entries(expected)) expect(errors[field as keyof typeof errors]).toMatch(pattern as RegExp);
    for (const message of Object.values(errors)) expect(message).not.toContain(SECRET);
  });

  it('accepts good forms', () => {
    expect(validateConnectionForm({ ...DEFAULT_FORM, kind: 'dynamodbLocal' })).toEqual({});
    expect(validateConnectionForm({ ...DEFAULT_FORM, kind: 'custom', endpoint: 'https://ddb.internal.example:443' })).toEqual({});
    expect(validateConnectionForm(aws({ region: 'us-gov-west-1', sessionToken: TOKEN }))).toEqual({});
    expect(validateConnectionForm({ ...DEFAULT_FORM, kind: 'builtIn', endpoint: '' })).toEqual({});
  });

  it('accepts a plain-http endpoint off this machine and sends it through Keylab’s proxy, which forwards it only when started with --allow-endpoint', () => {
    const compose = { ...DEFAULT_FORM, kind: 'dynamodbLocal' as const, endpoint: 'http://dynamodb:8000' };
    expect(validateConnectionForm(compose)).toEqual({});
    expect(labelOf(settingsOf(compose))).toContain('http://dynamodb:8000 (via Keylab’s proxy)');
    expect(labelOf(settingsOf({ ...DEFAULT_FORM, kind: 'custom', endpoint: 'https://ddb.internal.example:443' }))).not.toContain('proxy');
  });

  it('signs a local connection with the dummy keys generated programs use, so both see the same DynamoDB Local tables', () => {
    const local = settingsOf({ ...DEFAULT_FORM, kind: 'dynamodbLocal' });
    expect({ accessKeyId: local.accessKeyId, secretAccessKey: local.secretAccessKey }).toEqual(LOCAL_CREDENTIALS);
    expect(settingsOf({ ...DEFAULT_FORM, kind: 'custom', endpoint: 'http://localhost:8001' }).secretAccessKey).toBe(LOCAL_CREDENTIALS.secretAccessKey);
  });
});

describe('connection store', () => {
  it('shows field messages and does not connect when the form is invalid', async () => {
    const { store, created } = setup(async () => ({ TableNames: [] }));
    store.getState().setForm({ kind: 'dynamodbLocal', endpoint: 'nope' });
    await store.getState().connect();
    expect(store.getState().status).toBe('failed');
    expect(store.getState().errors.endpoint).toMatch(/Not a URL/);
    expect(created).toHaveLength(0);
    store.getState().setForm({ endpoint: 'http://localhost:8000' });
    expect(store.getState().errors.endpoint).toBeUndefined();
  });

  it('tests with ListTables (Limit 1), then hands the source to the explorer', async () => {
    const listTables = vi.fn(async () => ({ TableNames: ['Orders'] }));
    const { store, created, onConnected } = setup(listTables);
    store.getState().setForm({ kind: 'dynamodbLocal', accessKeyId: 'local', region: 'eu-west-1' });
    await store.getState().connect();
    expect(listTables).toHaveBeenCalledWith({ Limit: 1 });
    expect(created[0]).toMatchObject({ kind: 'dynamodbLocal', endpoint: 'http://localhost:8000', region: 'eu-west-1', accessKeyId: 'local' });
    expect(store.getState().status).toBe('connected');
    expect(store.getState().note).toBeUndefined();
    expect(onConnected).toHaveBeenCalledWith(expect.anything(), 'DynamoDB Local http://localhost:8000 (via Keylab’s proxy) · eu-west-1 · key local');
  });

  it('explains DynamoDB Local’s per-key, per-region tables when the list is empty', async () => {
    const { store } = setup(async () => ({ TableNames: [] }));
    store.getState().setForm({ kind: 'dynamodbLocal', accessKeyId: 'other' });
    await store.getState().connect();
    expect(store.getState().note).toMatch(/no tables for access key id other in us-east-1.*-sharedDb/);
  });

  it('reports bad credentials in plain words, never quoting the secret', async () => {
    const error = Object.assign(new Error(`The security token included in the request is invalid. (secret ${SECRET}, token ${TOKEN})`), {
      name: 'UnrecognizedClientException',
    });
    const { store, onConnected } = setup(async () => Promise.reject(error));
    store.setState({ form: aws({ sessionToken: TOKEN }) });
    await store.getState().connect();
    const { problem, status, connectedLabel } = store.getState();
    expect(status).toBe('failed');
    expect(problem?.kind).toBe('credentials');
    expect(problem?.message).toMatch(/Bad credentials/);
    expect(JSON.stringify(store.getState().problem)).not.toContain(SECRET);
    expect(JSON.stringify(store.getState().problem)).not.toContain(TOKEN);
    expect(connectedLabel).toBeUndefined();
    expect(onConnected).not.toHaveBeenCalled();
  });

  it.each([
    ['ProxyConnectionRefused', 'Connection refused: nothing is listening on localhost:8000.', 'refused', /Connection refused/],
    ['InvalidSignatureException', 'Credential should be scoped to a valid region.', 'region', /Wrong region/],
    [
      'InvalidSignatureException',
      'The request signature we calculated does not match the signature you provided.',
      'credentials',
      /secret access key does not match/,
    ],
    ['TypeError', 'Failed to fetch', 'unreachable', /CORS/],
    ['ProxyTLSError', 'TLS failed talking to localhost:8443', 'tls', /TLS/],
    ['ExpiredTokenException', 'The security token included in the request is expired', 'credentials', /Expired/],
  ])('classifies %s', async (name, message, kind, words) => {
    const error = name === 'TypeError' ? new TypeError(message) : Object.assign(new Error(`${message} ${SECRET}`), { name });
    const { store } = setup(async () => Promise.reject(error));
    store.setState({ form: name === 'TypeError' ? aws() : { ...aws(), kind: 'custom', endpoint: 'http://localhost:8000' } });
    await store.getState().connect();
    expect(store.getState().problem).toMatchObject({ kind });
    expect(store.getState().problem?.message).toMatch(words);
    expect(store.getState().problem?.message).not.toContain(SECRET);
  });

  it('keeps credentials in memory unless "Remember in this browser" is ticked', () => {
    const { store, storage } = setup(async () => ({}));
    store.getState().setForm({ ...aws() });
    expect(storage.map.size).toBe(0);
    store.getState().setForm({ remember: true });
    expect(JSON.parse(storage.map.get(STORAGE_KEY) ?? '{}')).toMatchObject({ secretAccessKey: SECRET, remember: true });
    store.getState().setForm({ remember: false });
    expect(storage.map.size).toBe(0);
  });

  it('restores a remembered form', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify(aws({ remember: true })));
    const store = createConnectionStore({ appOrigin: 'http://localhost:5173', onConnected: async () => {}, connectBuiltIn: async () => {}, storage });
    expect(store.getState().form).toMatchObject({ kind: 'aws', secretAccessKey: SECRET, remember: true });
  });

  it('shows "retrying…" while the SDK retries a throttled request, and clears it after', async () => {
    let release: (value: Partial<ListTablesCommandOutput>) => void = () => {};
    const { store, hooks } = setup(() => new Promise((resolve) => (release = resolve)));
    store.getState().setForm({ kind: 'dynamodbLocal' });
    const connecting = store.getState().connect();
    hooks[0]?.onRetry?.(2);
    expect(store.getState().retrying).toMatch(/throttling.*retrying with backoff \(attempt 2\)/);
    hooks[0]?.onSettled?.();
    await new Promise((resolve) => setTimeout(resolve, 0)); // ListTables is sent once the client exists
    release({ TableNames: ['T'] });
    await connecting;
    expect(store.getState().retrying).toBeUndefined();
  });

  it('connects any kind of named profile without a key of its own, and names a profile’s endpoint_url', async () => {
    const profiles = [
      { name: 'corp-sso', kind: 'sso' as const, region: 'us-east-1' },
      { name: 'tools', kind: 'process' as const, region: 'eu-west-2', endpoint: 'http://localhost:8000' },
    ];
    const { store, created } = setup(async () => ({ TableNames: ['T'] }), { fetchProfiles: async () => profiles });
    await store.getState().loadProfiles();
    store.getState().setForm(aws({ awsAuth: 'profile', profile: 'corp-sso', accessKeyId: '', secretAccessKey: '' }));
    await store.getState().connect();
    expect(store.getState().status).toBe('connected');
    expect(created.at(-1)).toMatchObject({ kind: 'aws', profile: 'corp-sso', secretAccessKey: '' });
    expect(store.getState().connectedLabel).toBe('AWS eu-west-2 · profile corp-sso (signed by Keylab’s server)');
    store.getState().setForm({ profile: 'tools' });
    await store.getState().connect();
    expect(store.getState().connectedLabel).toBe('AWS eu-west-2 · profile tools (signed by Keylab’s server) · endpoint_url http://localhost:8000');
  });

  it('switches back to the built-in table', async () => {
    const { store, connectBuiltIn } = setup(async () => ({}));
    await store.getState().connect();
    expect(connectBuiltIn).toHaveBeenCalled();
    expect(store.getState().connectedLabel).toBe('Built-in table (this browser)');
  });

  it('starts AWS read-only and the others not, remembers each kind’s choice without any credential, and hands the explorer a source that refuses writes', async () => {
    const { store, onConnected, storage } = setup(async () => ({ TableNames: ['T'] }));
    expect(store.getState().form.readOnly).toBe(false);
    store.getState().setForm({ kind: 'aws' });
    expect(store.getState().form.readOnly).toBe(true);
    store.getState().setForm({ kind: 'dynamodbLocal' });
    expect(store.getState().form.readOnly).toBe(false);
    store.getState().setForm({ readOnly: true });
    store.getState().setForm({ kind: 'custom' });
    expect(store.getState().form.readOnly).toBe(false);
    store.getState().setForm({ kind: 'dynamodbLocal' });
    expect(store.getState().form.readOnly).toBe(true);
    expect(JSON.parse(storage.map.get(READ_ONLY_STORAGE_KEY)!)).toEqual({ dynamodbLocal: true });
    expect(storage.map.has(STORAGE_KEY)).toBe(false);

    await store.getState().connect();
    const [source, label] = onConnected.mock.calls.at(-1) as unknown as [DynamoDBDataSource, string];
    expect(isReadOnlyDataSource(source)).toBe(true);
    expect(label).toMatch(/^DynamoDB Local .* · read-only$/);
    expect(store.getState().connected).toMatchObject({ source, kind: 'dynamodbLocal', region: 'us-east-1', endpoint: 'http://localhost:8000', readOnly: true });
    await expect(source.putItem({ TableName: 'T', Item: {} })).rejects.toBeInstanceOf(ReadOnlyConnectionError);

    // A new store (a reload) starts DynamoDB Local read-only again.
    const again = createConnectionStore({ appOrigin: 'http://localhost:5173', onConnected, connectBuiltIn: async () => {}, storage });
    again.getState().setForm({ kind: 'dynamodbLocal' });
    expect(again.getState().form.readOnly).toBe(true);
  });

  it('hands over, on AWS without Read-only, a source that writes only through a confirmed job, naming its region and endpoint', async () => {
    const { store, onConnected } = setup(async () => ({ TableNames: ['T'] }));
    store.getState().setForm(aws({ readOnly: false }));
    await store.getState().connect();
    const [source] = onConnected.mock.calls.at(-1) as unknown as [DynamoDBDataSource];
    expect(isReadOnlyDataSource(source)).toBe(false);
    const target = { region: 'eu-west-2', endpoint: 'https://dynamodb.eu-west-2.amazonaws.com' };
    expect(writeTargetOf(source)).toEqual(target);
    await expect(source.putItem({ TableName: 'T', Item: {} })).rejects.toBeInstanceOf(UnconfirmedWriteError);
    expect(store.getState().connected).toEqual({ source, kind: 'aws', ...target, readOnly: false });
  });

  it('hands over the client itself to DynamoDB Local without Read-only (no write confirmation there)', async () => {
    const { store, onConnected } = setup(async () => ({ TableNames: ['T'] }));
    store.getState().setForm({ kind: 'dynamodbLocal', readOnly: false });
    await store.getState().connect();
    const [source] = onConnected.mock.calls.at(-1) as unknown as [DynamoDBDataSource];
    expect(isReadOnlyDataSource(source)).toBe(false);
    expect(writeTargetOf(source)).toBeUndefined();
  });
});
