import type { ListTablesCommandOutput } from '@aws-sdk/client-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import type { DynamoDBDataSource } from '../engine';
import type { RemoteSettings } from '../sources/remoteEndpoints';
import { createConnectionStore, DEFAULT_FORM, STORAGE_KEY } from './connectionStore';
import { readSavedConnections, SAVED_CONNECTIONS_STORAGE_KEY } from './savedConnections';

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

function setup(storage = memoryStorage()) {
  const created: RemoteSettings[] = [];
  const onConnected = vi.fn(async (_source: DynamoDBDataSource, _label: string) => {});
  const connectBuiltIn = vi.fn(async () => {});
  const store = createConnectionStore({
    appOrigin: 'http://localhost:5173',
    onConnected,
    connectBuiltIn,
    storage,
    createSource: (settings) => {
      created.push(settings);
      return { listTables: async (): Promise<Partial<ListTablesCommandOutput>> => ({ TableNames: ['T'] }) } as unknown as DynamoDBDataSource;
    },
  });
  return { store, storage, created, onConnected, connectBuiltIn };
}

describe('saved connections', () => {
  it('saves named connections without any secret, and picking one connects to it', async () => {
    const { store, storage, created, onConnected, connectBuiltIn } = setup();
    store.getState().setForm({ kind: 'dynamodbLocal', endpoint: 'http://localhost:8000', region: 'eu-west-1', accessKeyId: 'alice' });
    expect(store.getState().saveConnection('Local dev')).toBe(true);
    store.getState().setForm({ kind: 'aws', region: 'eu-west-2', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: SECRET, sessionToken: TOKEN });
    expect(store.getState().saveConnection('  Prod  ')).toBe(true);
    const stored = storage.map.get(SAVED_CONNECTIONS_STORAGE_KEY) ?? '';
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(TOKEN);
    expect(store.getState().saved.map((connection) => [connection.name, connection.kind])).toEqual([
      ['Local dev', 'dynamodbLocal'],
      ['Prod', 'aws'],
    ]);

    // Two saved connections, switchable: each pick connects where it says.
    const [local, prod] = store.getState().saved;
    await store.getState().pickConnection(local!.id);
    expect(created.at(-1)).toMatchObject({ kind: 'dynamodbLocal', endpoint: 'http://localhost:8000', region: 'eu-west-1', accessKeyId: 'alice' });
    expect(onConnected).toHaveBeenCalledTimes(1);
    expect(onConnected.mock.calls[0]?.[1]).toContain('DynamoDB Local http://localhost:8000');
    expect(store.getState()).toMatchObject({ savedId: local!.id, status: 'connected' });

    // The AWS one comes back without its secret: Connect asks for it, and nothing is sent.
    await store.getState().pickConnection(prod!.id);
    expect(store.getState().form).toMatchObject({ kind: 'aws', region: 'eu-west-2', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: '', readOnly: true });
    expect(store.getState().errors.secretAccessKey).toMatch(/Enter the secret/);
    expect(created).toHaveLength(1);

    // A new tab reads the same list.
    expect(
      setup(storage)
        .store.getState()
        .saved.map((connection) => connection.name),
    ).toEqual(['Local dev', 'Prod']);
    expect(connectBuiltIn).not.toHaveBeenCalled();
  });

  it('refuses an empty or taken name, renames and deletes the picked one', async () => {
    const { store, storage } = setup();
    store.getState().setForm({ kind: 'dynamodbLocal' });
    expect(store.getState().saveConnection('   ')).toBe(false);
    expect(store.getState().savedError).toMatch(/Type a name/);
    expect(store.getState().saveConnection('Local')).toBe(true);
    store.getState().setForm({ kind: 'custom', endpoint: 'http://localhost:4567' });
    expect(store.getState().saveConnection('Endpoint')).toBe(true);
    expect(store.getState().saveConnection('Local')).toBe(false);
    expect(store.getState().savedError).toMatch(/already named “Local”/);

    // Saving under the picked one's own name updates it instead.
    store.getState().setForm({ endpoint: 'http://localhost:4568' });
    expect(store.getState().saveConnection('Endpoint')).toBe(true);
    expect(store.getState().saved.map((connection) => connection.endpoint)).toEqual(['http://localhost:8000', 'http://localhost:4568']);

    expect(store.getState().renameConnection('Local')).toBe(false);
    expect(store.getState().renameConnection('Keylab endpoint')).toBe(true);
    expect(readSavedConnections(storage).map((connection) => connection.name)).toEqual(['Local', 'Keylab endpoint']);
    store.getState().deleteConnection();
    expect(readSavedConnections(storage).map((connection) => connection.name)).toEqual(['Local']);
    expect(store.getState().savedId).toBeUndefined();
  });

  it('skips entries of another shape and never reads a secret planted in the list', () => {
    const storage = memoryStorage();
    const good = {
      id: 'a',
      name: 'Local',
      kind: 'dynamodbLocal',
      endpoint: 'http://localhost:8000',
      region: 'us-east-1',
      accessKeyId: 'k',
      awsAuth: 'keys',
      profile: '',
      readOnly: false,
    };
    storage.setItem(
      SAVED_CONNECTIONS_STORAGE_KEY,
      JSON.stringify([{ ...good, secretAccessKey: SECRET }, { id: 'b', name: 7 }, null, { ...good, id: 'c', kind: 'ftp' }]),
    );
    const { store } = setup(storage);
    expect(store.getState().saved).toEqual([good]);
    expect(store.getState().form.secretAccessKey).toBe('');
  });

  it('a remembered form that matches a saved connection shows it as picked after a reload', () => {
    const storage = memoryStorage();
    const first = setup(storage).store;
    first.getState().setForm({ kind: 'dynamodbLocal', remember: true });
    first.getState().saveConnection('Local');
    expect(JSON.parse(storage.map.get(STORAGE_KEY) ?? '{}')).toMatchObject({ kind: 'dynamodbLocal' });
    const again = setup(storage).store;
    expect(again.getState().savedId).toBe(first.getState().savedId);
    expect(again.getState().form).toMatchObject({ ...DEFAULT_FORM, kind: 'dynamodbLocal', remember: true });
  });
});
