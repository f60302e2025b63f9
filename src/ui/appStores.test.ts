import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { openBuiltInTableInMemory } from '../sources';
import { DESIGNS_STORAGE_KEY, KEY_DESIGN_STORAGE_KEY, STORAGE_KEY } from '../state';
import { createAppStores, PROFILES_PATH, type AppDeps } from './appStores';
import { connectOnFirstShow } from './LazyExplorer';

/*
 * The composition root without React: every store built from injected
 * dependencies (an in-memory storage, a fetch that records its calls, the
 * built-in table in memory, a fake clock), wired to each other by subscribe.
 */

function memoryStorage() {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  };
}

function fakeDeps(overrides: Partial<AppDeps> = {}) {
  const fetchCalls: { url: string; headers?: Record<string, string> }[] = [];
  let clock = 0;
  const deps: AppDeps = {
    storage: memoryStorage(),
    indexedDB: new IDBFactory(),
    fetch: async (url, init) => {
      fetchCalls.push({ url, ...(init?.headers ? { headers: init.headers } : {}) });
      return { ok: true, status: 200, json: async () => ({ profiles: [{ name: 'dev', kind: 'sso', region: 'eu-west-1' }] }) };
    },
    appOrigin: 'http://keylab.test:5173',
    openBuiltInTable: openBuiltInTableInMemory,
    now: () => (clock += 1500),
    ...overrides,
  };
  return { deps, fetchCalls };
}

/** Resolves once `check` holds after the store changes (or at once). */
function until<T>(store: { getState(): T; subscribe(listener: (state: T) => void): () => void }, check: (state: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    if (check(store.getState())) return resolve(store.getState());
    const unsubscribe = store.subscribe((state) => {
      if (!check(state)) return;
      unsubscribe();
      resolve(state);
    });
  });
}

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'fetch', 'location', 'navigator', 'performance'] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();

/** Makes every browser global throw when read, so a test proves the code under it never reaches for one. */
function trapBrowserGlobals(): string[] {
  const touched: string[] = [];
  for (const name of BROWSER_GLOBALS) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        const stack = new Error().stack ?? '';
        // zustand's persist builds its default storage from window.localStorage (in a try) before taking ours: not a use.
        if (!/zustand[\\/]esm[\\/]middleware/.test(stack)) touched.push(`${name}\n${stack}`);
        throw new Error(`touched the global ${name}`);
      },
    });
  }
  return touched;
}

afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
  saved.clear();
});

describe('createAppStores', () => {
  it('builds and runs every store from its dependencies alone, touching no browser global', async () => {
    const touched = trapBrowserGlobals();
    const { deps, fetchCalls } = fakeDeps();
    const stores = createAppStores(deps);
    stores.keyDesign.getState().setTemplateText('EVT#{at:iso}');
    const side = await stores.explorerSide();
    await stores.connectBuiltInTable();
    side.connection.getState().setForm({ kind: 'aws', awsAuth: 'profile' });
    await until(side.connection, (state) => state.profiles !== undefined);
    stores.dispose();
    expect(touched).toEqual([]);
    expect(side.explorer.getState().tableNames).toEqual(['AuditLog', 'Leaderboard']);
    expect(fetchCalls).toHaveLength(1);
  });

  it('binds the explorer’s table to the design of the same name and key schema, by subscription, with no component mounted', async () => {
    const stores = createAppStores(fakeDeps().deps);
    const side = await stores.explorerSide();
    await stores.connectBuiltInTable();
    await until(side.explorer, (state) => state.table?.name === 'AuditLog');
    expect(side.explorer.getState().designBinding).toMatchObject({ designName: 'AuditLog', automatic: true });
    expect(side.explorer.getState().keyTemplateSource).toMatchObject({ entityName: 'Event', templateText: 'EVT#{at:iso}' });
    stores.designBindings.getState().choose('AuditLog', 'none');
    expect(side.explorer.getState().designBinding).toBeUndefined();
    expect(side.explorer.getState().keyTemplate).toBeUndefined();
    stores.dispose();
    stores.designBindings.getState().choose('AuditLog', undefined);
    expect(side.explorer.getState().designBinding).toBeUndefined();
  });

  it('remembers the Key design chosen for a table in the injected storage', () => {
    const { deps } = fakeDeps();
    createAppStores(deps).designBindings.getState().choose('AuditLog', { designId: 'example-shop', tableName: 'Shop' });
    expect(createAppStores(deps).designBindings.getState().choices).toEqual({ AuditLog: { designId: 'example-shop', tableName: 'Shop' } });
  });

  it('saves the key design in the injected storage', () => {
    const { deps } = fakeDeps();
    const stores = createAppStores(deps);
    stores.keyDesign.getState().setTemplateText('EVT#{at:iso}');
    const saved = deps.storage?.getItem(KEY_DESIGN_STORAGE_KEY);
    expect(JSON.parse(saved ?? '{}')).toMatchObject({ state: { templateText: 'EVT#{at:iso}' } });
  });

  it('says so when the browser blocks storage, and keeps working in memory', () => {
    const stores = createAppStores(fakeDeps({ storage: undefined }).deps);
    expect(stores.notices.getState().notices.map((notice) => notice.id)).toEqual(['storage']);
    stores.keyDesign.getState().setTemplateText('EVT#{at:iso}');
    expect(stores.keyDesign.getState().templateText).toBe('EVT#{at:iso}');
  });

  it('shows a failed save as a notice', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const stores = createAppStores(fakeDeps({ storage }).deps);
    stores.keyDesign.getState().setTemplateText('EVT#{at:iso}');
    expect(stores.notices.getState().notices[0]?.message).toMatch(/could not be saved in this browser \(QuotaExceededError\)/);
  });

  it('moves the designs saved in localStorage into IndexedDB; one that fails validation is a notice, kept aside', async () => {
    const storage = memoryStorage();
    const broken = {
      id: 'design-9',
      updatedAt: '2026-12-01T10:00:00Z',
      design: { name: 'Half-typed', description: '', tables: [{ name: 'T1', partitionKey: { name: 'PK', type: 'S' } }] },
    };
    storage.setItem(DESIGNS_STORAGE_KEY, JSON.stringify({ state: { designs: [broken], openDesignId: 'design-9' }, version: 1 }));
    const stores = createAppStores(fakeDeps({ storage }).deps);
    await until(stores.designs, (state) => state.loaded);
    const notice = stores.notices.getState().notices.find((entry) => entry.id === 'designs-unreadable');
    expect(notice?.message).toMatch(/^Saved design "Half-typed" could not be read and was set aside: tables\[0\]\.name: table name "T1" is 2 characters long/);
    expect(notice?.message).toContain('IndexedDB, database keylab-designs, store unreadable');
    expect(storage.getItem(DESIGNS_STORAGE_KEY)).toBeNull();
  });

  it('says so when the browser blocks IndexedDB: designs live in this tab only', () => {
    const stores = createAppStores(fakeDeps({ indexedDB: null }).deps);
    expect(stores.notices.getState().notices.map((notice) => notice.message)).toContainEqual(
      expect.stringMatching(/blocks IndexedDB, so your designs will not survive a reload/),
    );
  });

  it('reads the ~/.aws profiles from the app server, through the injected fetch, when the form asks for one', async () => {
    const { deps, fetchCalls } = fakeDeps();
    const stores = createAppStores(deps);
    const side = await stores.explorerSide();
    expect(fetchCalls).toEqual([]);
    side.connection.getState().setForm({ kind: 'aws' });
    side.connection.getState().setForm({ awsAuth: 'profile' });
    side.connection.getState().setForm({ region: 'eu-west-1' });
    const state = await until(side.connection, (current) => current.profiles !== undefined);
    expect(state.profiles).toEqual([{ name: 'dev', kind: 'sso', region: 'eu-west-1' }]);
    expect(fetchCalls).toEqual([{ url: `http://keylab.test:5173${PROFILES_PATH}`, headers: { accept: 'application/json' } }]);
  });

  it('switching the connection back to the built-in table reconnects the explorer to the same table', async () => {
    const stores = createAppStores(fakeDeps().deps);
    const side = await stores.explorerSide();
    await stores.connectBuiltInTable();
    const source = side.explorer.getState().source;
    side.connection.getState().setForm({ kind: 'builtIn' });
    await side.connection.getState().connect();
    expect(side.connection.getState()).toMatchObject({ status: 'connected', connectedLabel: 'Built-in table (this browser)' });
    expect(side.explorer.getState().source).toBe(source);
    expect(stores.builtInTable.getState().status).toBe('in memory only');
  });
});

describe('the explorer side', () => {
  it('re-reads the Items count after the app’s own deletes on a remote connection (item editor Delete, bulk delete)', async () => {
    // Another engine in memory stands in for DynamoDB Local: no built-in table change tells the explorer.
    const remote = (await openBuiltInTableInMemory()).source;
    const stores = createAppStores(fakeDeps({ createRemoteSource: () => remote }).deps);
    const side = await stores.explorerSide();
    side.connection.getState().setForm({ kind: 'dynamodbLocal' });
    await side.connection.getState().connect();
    await side.explorer.getState().selectTable('AuditLog');
    const before = side.explorer.getState().table?.itemCount ?? 0;
    expect(before).toBeGreaterThan(2);
    side.explorer.getState().setForm({ mode: 'scan' });
    await side.explorer.getState().run();

    const editor = await side.explorerTools.itemEditor();
    editor.getState().askDelete(side.explorer.getState().items[0]!);
    expect(await editor.getState().confirmDelete()).toBe(true);
    await until(side.explorer, (state) => state.table?.itemCount === before - 1);

    const transfer = await side.explorerTools.transfer();
    await side.explorer.getState().run();
    transfer.getState().setSelected(side.explorer.getState().items[0]!, true);
    await transfer.getState().askDelete('selected');
    await transfer.getState().confirmDelete();
    await until(side.explorer, (state) => state.table?.itemCount === before - 2);
    stores.dispose();
  });

  it('reconnects the connection remembered in this browser on first show, so writes go where the form says', async () => {
    // Another engine in memory stands in for the remembered DynamoDB Local.
    const remote = (await openBuiltInTableInMemory()).source;
    const { deps } = fakeDeps({ createRemoteSource: () => remote });
    deps.storage?.setItem(
      STORAGE_KEY,
      JSON.stringify({ kind: 'dynamodbLocal', endpoint: 'http://localhost:8000', region: 'us-east-1', accessKeyId: 'local', remember: true }),
    );
    const stores = createAppStores(deps);
    const side = await stores.explorerSide();
    connectOnFirstShow(side);
    const explorer = await until(side.explorer, (state) => state.source !== undefined && !state.tablesLoading);
    expect(explorer.source).toBe(remote);
    expect(explorer.sourceLabel).toContain('DynamoDB Local http://localhost:8000');
    expect(side.connection.getState()).toMatchObject({ status: 'connected', form: { kind: 'dynamodbLocal' } });
    expect(stores.builtInTable.getState().source).toBeUndefined();
    stores.dispose();
  });

  it('a built-in table that opens after the user connected elsewhere does not take the explorer back', async () => {
    let opened: () => void = () => undefined;
    // Another engine in memory stands in for DynamoDB Local.
    const remote = (await openBuiltInTableInMemory()).source;
    const { deps } = fakeDeps({
      openBuiltInTable: async () => {
        await new Promise<void>((resolve) => (opened = resolve));
        return openBuiltInTableInMemory();
      },
      createRemoteSource: () => remote,
    });
    const stores = createAppStores(deps);
    const side = await stores.explorerSide();
    // The explorer's first show connects the built-in table; it is still opening when the user connects to DynamoDB Local.
    const startUp = side.connectBuiltInTable();
    side.connection.getState().setForm({ kind: 'dynamodbLocal' });
    await side.connection.getState().connect();
    expect(side.explorer.getState().source).toBe(remote);
    opened();
    await startUp;
    expect(side.explorer.getState().source).toBe(remote);
    expect(side.connection.getState().status).toBe('connected');
    stores.dispose();
  });

  it('is built on first use only (the Design tab starts without the explorer), once, and reachable from then on', async () => {
    const stores = createAppStores(fakeDeps().deps);
    expect(stores.explorerSideBuilt.getState().built).toBeUndefined();
    const side = await stores.explorerSide();
    expect(await stores.explorerSide()).toBe(side);
    expect(stores.explorerSideBuilt.getState().built).toBe(side);
    stores.dispose();
  });
});

describe('the explorer’s PartiQL tab and table details', () => {
  it('are built once, on first use, and offer Add index on the built-in table and local endpoints, not on AWS', async () => {
    // Other engines stand in for the remote endpoints (they answer as DynamoDB does).
    const stores = createAppStores(fakeDeps({ createRemoteSource: async () => (await openBuiltInTableInMemory()).source }).deps);
    const side = await stores.explorerSide();
    await stores.connectBuiltInTable();
    const details = await side.explorerTools.tableDetails();
    expect(await side.explorerTools.tableDetails()).toBe(details);
    expect(await side.explorerTools.partiql()).toBe(await side.explorerTools.partiql());
    expect(details.getState().canAddIndex).toBe(true);

    side.connection.getState().setForm({ kind: 'aws', region: 'eu-west-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'not-a-real-secret' });
    await side.connection.getState().connect();
    expect(side.connection.getState().status).toBe('connected');
    expect(details.getState().canAddIndex).toBe(false);

    side.connection.getState().setForm({ kind: 'dynamodbLocal', accessKeyId: 'keylab' });
    await side.connection.getState().connect();
    expect(details.getState().canAddIndex).toBe(true);
    stores.dispose();
  });
});

describe('Generate items', () => {
  async function onLeaderboard() {
    const stores = createAppStores(fakeDeps().deps);
    const side = await stores.explorerSide();
    await stores.connectBuiltInTable();
    await side.explorer.getState().selectTable('Leaderboard');
    const table = await until(side.explorer, (state) => state.table?.name === 'Leaderboard');
    return { stores, side, table: table.table! };
  }

  it('writes the items and the explorer’s table stats follow, with no Refresh', async () => {
    const { stores, side, table } = await onLeaderboard();
    const before = table.itemCount ?? 0;
    const sizeBefore = table.sizeBytes ?? 0;
    await stores.builtInTable.getState().generateItems({ table, partition: 'GENERATED#1', count: '1000' });
    expect(stores.builtInTable.getState().generation).toEqual({
      running: false,
      error: false,
      message: ['Generated 1,000 items in ', { data: 'leaderboardId' }, ' = ', { data: 'GENERATED#1' }, ' (1.5 s).'],
    });
    const after = await until(side.explorer, (state) => state.table?.itemCount === before + 1000);
    expect(after.table?.sizeBytes).toBeGreaterThan(sizeBefore);
    stores.dispose();
  });

  it.each([
    ['1e3', 'Items to generate must be a whole number from 1 to 1,000,000; "1e3" has an exponent: write the digits, 1000.'],
    ['😀', 'Items to generate must be a whole number from 1 to 1,000,000; "😀" (U+1F600) is not a digit: type the number in digits only.'],
    [
      '1,5',
      'Items to generate must be a whole number from 1 to 1,000,000; "1,5" has "," at character 2, but separators go between groups of three digits, as in 1,000,000: write 15.',
    ],
    ['2000000', 'Items to generate can be at most 1,000,000; 2000000 is larger.'],
  ])('refuses %s before touching the table, saying why', async (count, message) => {
    const { stores, side, table } = await onLeaderboard();
    await stores.builtInTable.getState().generateItems({ table, partition: 'GENERATED#1', count });
    expect(stores.builtInTable.getState().generation).toEqual({ running: false, error: true, message: [{ data: message }] });
    expect(side.explorer.getState().table?.itemCount).toBe(table.itemCount);
  });
});
