import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { emptyDesign } from '../../design';
import { createDeferredWrites } from '../deferredWrites';
import { DESIGNS_DATABASE_NAME, DESIGNS_STORAGE_KEY, openDesignRecords, type DesignRecords } from './designRecords';
import { createDesignStore, type DesignStore } from './designStore';
import { createUnloadJournal, UNSAVED_DESIGNS_KEY } from './unloadJournal';

/*
 * The Designs list in IndexedDB (fake-indexeddb: in memory, one IDBFactory
 * per "browser"; a reload is a second store over the same factory).
 */

const fixedClock = () => new Date('2026-12-01T10:00:00Z');

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (name: string) => map.get(name) ?? null,
    setItem: (name: string, value: string) => void map.set(name, value),
    removeItem: (name: string) => void map.delete(name),
  };
}

/** Resolves once the store has read what was saved. */
function loaded(store: DesignStore): Promise<DesignStore> {
  return new Promise((resolve) => {
    if (store.getState().loaded) resolve(store);
    const unsubscribe = store.subscribe((state) => {
      if (!state.loaded) return;
      unsubscribe();
      resolve(store);
    });
  });
}

async function reload(indexedDB: IDBFactory, options: Parameters<typeof createDesignStore>[0] = {}) {
  return loaded(createDesignStore({ records: openDesignRecords({ indexedDB }), now: fixedClock, ...options }));
}

/** A design of about `megabytes` MB of sample attributes. */
function bigDesign(name: string, megabytes: number) {
  const design = emptyDesign(name);
  const table = design.tables[0]!;
  const samples = Array.from({ length: megabytes * 100 }, (_, i) => ({
    id: `s${i}`,
    values: { PK: `P${i}`, SK: `S${i}` },
    attributes: { blob: { S: 'x'.repeat(10_000) } },
  }));
  return {
    ...design,
    tables: [
      {
        ...table,
        entities: [
          {
            name: 'Blob',
            description: '',
            keys: { PK: '{PK}', SK: '{SK}' },
            attributes: [],
            samples,
            expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
          },
        ],
      },
    ],
  };
}

describe('the designs store in IndexedDB', () => {
  it('keeps every design, the list order and the open design across a reload', async () => {
    const indexedDB = new IDBFactory();
    const store = await reload(indexedDB);
    const id = store.getState().createDesign('Kept');
    store.getState().updateDesign('example-shop', (design) => ({ ...design, description: 'edited' }));
    store.getState().deleteDesign('example-auditlog');
    await store.getState().saved();

    const again = await reload(indexedDB);
    const before = store.getState().designs.map((saved) => saved.id);
    expect(again.getState().designs.map((saved) => saved.id)).toEqual(before);
    expect(again.getState().designs.find((saved) => saved.id === 'example-shop')?.design.description).toBe('edited');
    expect(again.getState().openDesignId).toBe(id);
  });

  it("one design's failed write (the browser's quota) costs no other design's edits, and names the design", async () => {
    const indexedDB = new IDBFactory();
    const records = openDesignRecords({ indexedDB });
    // The browser refuses the big design only, as a full quota does for the largest write.
    const quotaFor = (name: string): DesignRecords => ({
      ...records,
      put: (saved) =>
        (saved as { design?: { name?: string } }).design?.name === name
          ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
          : records.put(saved),
    });
    const failures: [string, string][] = [];
    const store = await loaded(
      createDesignStore({ records: quotaFor('Big import'), now: fixedClock, onSaveFailed: (id, message) => failures.push([id, message]) }),
    );
    const big = store.getState().addDesign(bigDesign('Big import', 10));
    store.getState().updateDesign('example-leaderboard', (design) => ({ ...design, description: 'edited after the big one' }));
    const created = store.getState().createDesign('Created after');
    await store.getState().saved();

    expect(failures).toEqual([
      [
        big,
        expect.stringMatching(
          /^Design "Big import" could not be saved in this browser: the browser's storage for this site is full\. .*your other designs are saved/,
        ),
      ],
    ]);
    const again = await reload(indexedDB);
    expect(again.getState().designs.find((saved) => saved.id === 'example-leaderboard')?.design.description).toBe('edited after the big one');
    expect(again.getState().designs.find((saved) => saved.id === created)?.design.name).toBe('Created after');
  });

  it('writes a 10 MB design on its own: it and the edits after it survive a reload', async () => {
    const indexedDB = new IDBFactory();
    const store = await reload(indexedDB);
    const big = store.getState().addDesign(bigDesign('Big import', 10));
    store.getState().updateDesign('example-leaderboard', (design) => ({ ...design, description: 'edited' }));
    const created = store.getState().createDesign('New one');
    await store.getState().saved();
    const again = await reload(indexedDB);
    const ids = again.getState().designs.map((saved) => saved.id);
    expect(ids).toEqual(expect.arrayContaining([big, created]));
    expect(again.getState().designs.find((saved) => saved.id === big)?.design.tables[0]?.entities[0]?.samples).toHaveLength(1000);
    expect(again.getState().designs.find((saved) => saved.id === 'example-leaderboard')?.design.description).toBe('edited');
  });

  it('saves after a pause in typing: one write per design, not per change, and flush writes at once', async () => {
    const indexedDB = new IDBFactory();
    const records = openDesignRecords({ indexedDB });
    const puts: string[] = [];
    const counting: DesignRecords = { ...records, put: (saved) => (puts.push(saved.id), records.put(saved)) };
    const writes = createDeferredWrites({ delayMs: 60_000, maxWaitMs: 60_000 });
    const store = await loaded(createDesignStore({ records: counting, now: fixedClock, deferredWrites: writes }));
    for (const text of ['a', 'ab', 'abc']) store.getState().updateDesign('example-shop', (design) => ({ ...design, description: text }));
    expect(puts).toEqual([]);
    writes.flush();
    await store.getState().saved();
    // The examples are written with the first change (before it, nothing was ever saved).
    expect(puts.filter((id) => id === 'example-shop')).toEqual(['example-shop']);
    expect((await reload(indexedDB)).getState().designs.find((saved) => saved.id === 'example-shop')?.design.description).toBe('abc');
  });

  it('moves the designs saved in localStorage into IndexedDB, and removes the old value only once that has committed', async () => {
    const legacy = memoryStorage();
    const oldDesign = { id: 'design-4', updatedAt: '2026-11-01T10:00:00Z', design: emptyDesign('From localStorage') };
    legacy.setItem(DESIGNS_STORAGE_KEY, JSON.stringify({ state: { designs: [oldDesign], openDesignId: 'design-4' }, version: 1 }));

    // IndexedDB that can't be opened: nothing is migrated, the old value stays, and the tab says so.
    const broken = {
      open: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const loadFailures: string[] = [];
    await loaded(
      createDesignStore({ records: openDesignRecords({ indexedDB: broken, legacyStorage: legacy }), onLoadFailed: (message) => loadFailures.push(message) }),
    );
    expect(loadFailures).toEqual([expect.stringMatching(/^Your saved designs could not be read .*SecurityError.*saves nothing/)]);
    expect(legacy.getItem(DESIGNS_STORAGE_KEY)).not.toBeNull();

    const indexedDB = new IDBFactory();
    const store = await loaded(createDesignStore({ records: openDesignRecords({ indexedDB, legacyStorage: legacy }) }));
    expect(store.getState().designs.map((saved) => saved.id)).toEqual(['design-4']);
    expect(store.getState().openDesignId).toBe('design-4');
    expect(legacy.getItem(DESIGNS_STORAGE_KEY)).toBeNull();
    const again = await reload(indexedDB);
    expect(again.getState().designs[0]?.design.name).toBe('From localStorage');
  });

  it('a migration that runs again (the old value came back) keeps the newer design in IndexedDB', async () => {
    const legacy = memoryStorage();
    const seed = JSON.stringify({
      state: { designs: [{ id: 'design-4', updatedAt: '2026-11-01T10:00:00Z', design: emptyDesign('Old') }], openDesignId: 'design-4' },
      version: 1,
    });
    legacy.setItem(DESIGNS_STORAGE_KEY, seed);
    const indexedDB = new IDBFactory();
    const store = await loaded(createDesignStore({ records: openDesignRecords({ indexedDB, legacyStorage: legacy }) }));
    store.getState().renameDesign('design-4', 'Renamed');
    await store.getState().saved();
    legacy.setItem(DESIGNS_STORAGE_KEY, seed);
    const again = await loaded(createDesignStore({ records: openDesignRecords({ indexedDB, legacyStorage: legacy }) }));
    expect(again.getState().designs.map((saved) => saved.design.name)).toEqual(['Renamed']);
  });

  it('validates saved designs on load: one that fails is set aside (kept, not dropped) and reported, the others load', async () => {
    const indexedDB = new IDBFactory();
    const store = await reload(indexedDB);
    const good = store.getState().createDesign('Good');
    const bad = store.getState().createDesign('Broken');
    store.getState().updateDesign(bad, (design) => ({ ...design, tables: [{ ...design.tables[0]!, partitionKey: { name: 'PK', type: 'X' as 'S' } }] }));
    await store.getState().saved();
    const reported: string[][] = [];
    const reloaded = await reload(indexedDB, { onUnreadable: (messages) => reported.push([...messages]) });
    const ids = reloaded.getState().designs.map((saved) => saved.id);
    expect(ids).toContain(good);
    expect(ids).not.toContain(bad);
    expect(reported).toEqual([[expect.stringMatching(/^Saved design "Broken" could not be read and was set aside: tables\[0\]\.partitionKey\.type: /)]]);
    await reloaded.getState().saved();
    const aside = await setAside(indexedDB);
    expect(aside).toEqual([{ entry: expect.objectContaining({ id: bad }), problem: reported[0]![0], at: expect.any(String) }]);
    // Moved, not copied: the next load neither reports it again nor loses it.
    const third: string[][] = [];
    await reload(indexedDB, { onUnreadable: (messages) => third.push([...messages]) });
    expect(third).toEqual([]);
    expect(await setAside(indexedDB)).toHaveLength(1);
  });

  it('a change whose IndexedDB write never committed (the page unloaded right after it) is found after the reload', async () => {
    const indexedDB = new IDBFactory();
    const local = memoryStorage();
    const records = openDesignRecords({ indexedDB });
    // The unloading page: its IndexedDB writes never commit.
    const unloading: DesignRecords = { ...records, put: () => new Promise(() => {}), putList: () => new Promise(() => {}) };
    const writes = createDeferredWrites({ delayMs: 300, maxWaitMs: 2000 });
    const store = await loaded(createDesignStore({ records: unloading, unloadJournal: createUnloadJournal(local), deferredWrites: writes, now: fixedClock }));
    const id = store.getState().createDesign('Created');
    store.getState().renameDesign(id, 'Renamed just before the reload');
    // pagehide: the composition root keeps what is unconfirmed, then starts the writes.
    store.getState().beforeUnload();
    writes.flush();

    const again = await loaded(createDesignStore({ records: openDesignRecords({ indexedDB }), unloadJournal: createUnloadJournal(local), now: fixedClock }));
    expect(again.getState().designs.find((saved) => saved.id === id)?.design.name).toBe('Renamed just before the reload');
    expect(again.getState().openDesignId).toBe(id);
    // Written to IndexedDB on this load, then forgotten.
    await again.getState().saved();
    expect([...local.map.keys()].filter((key) => key.startsWith(UNSAVED_DESIGNS_KEY))).toEqual([]);
    const third = await reload(indexedDB);
    expect(third.getState().designs.find((saved) => saved.id === id)?.design.name).toBe('Renamed just before the reload');
    expect(third.getState().openDesignId).toBe(id);
  });

  it('an earlier write that commits during the unload does not forget the newer change kept for the reload', async () => {
    const indexedDB = new IDBFactory();
    const local = memoryStorage();
    const records = openDesignRecords({ indexedDB });
    // The unloading page: the write started before the last change commits late (a slow disk), the last one never.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: Promise<void>[] = [];
    let unloaded = false;
    const unloading: DesignRecords = {
      ...records,
      put: (saved) => {
        if (unloaded) return new Promise<void>(() => {});
        const put = gate.then(() => records.put(saved));
        started.push(put);
        return put;
      },
      putList: () => new Promise(() => {}),
    };
    const writes = createDeferredWrites({ delayMs: 300, maxWaitMs: 2000 });
    const store = await loaded(createDesignStore({ records: unloading, unloadJournal: createUnloadJournal(local), deferredWrites: writes, now: fixedClock }));
    store.getState().updateDesign('example-shop', (design) => ({ ...design, description: 'first' }));
    writes.flush();
    store.getState().updateDesign('example-shop', (design) => ({ ...design, description: 'accepted just before the reload' }));
    // pagehide: the composition root keeps what is unconfirmed, then starts the writes.
    store.getState().beforeUnload();
    unloaded = true;
    writes.flush();
    release();
    await Promise.all(started);

    const again = await reload(indexedDB, { unloadJournal: createUnloadJournal(local) });
    expect(again.getState().designs.find((saved) => saved.id === 'example-shop')?.design.description).toBe('accepted just before the reload');
  });

  it('writes nothing before the saved designs are read: an early change never overwrites them, it is made again on them', async () => {
    const indexedDB = new IDBFactory();
    const first = await reload(indexedDB);
    first.getState().updateDesign('example-shop', (design) => ({ ...design, name: 'Shop as saved', description: 'saved' }));
    await first.getState().saved();
    const early = createDesignStore({ records: openDesignRecords({ indexedDB }), now: fixedClock });
    early.getState().updateDesign('example-shop', (design) => ({ ...design, description: 'before the load' }));
    await loaded(early);
    await early.getState().saved();
    // The saved design, not the example shown, with the one change the user made.
    expect((await reload(indexedDB)).getState().designs.find((saved) => saved.id === 'example-shop')?.design).toMatchObject({
      name: 'Shop as saved',
      description: 'before the load',
    });
  });

  it('keeps a saved design whose contents are mid-edit (a pattern left without a value), and says what to fix', async () => {
    const indexedDB = new IDBFactory();
    const store = await reload(indexedDB);
    store.getState().updateDesign('example-shop', (design) => ({
      ...design,
      tables: design.tables.map((table) => ({ ...table, accessPatterns: table.accessPatterns.map((pattern) => ({ ...pattern, partitionValues: {} })) })),
    }));
    await store.getState().saved();
    const reported: string[][] = [];
    const reloaded = await reload(indexedDB, { onUnreadable: (messages) => reported.push([...messages]) });
    const shop = reloaded.getState().designs.find((saved) => saved.id === 'example-shop');
    expect(shop?.design.tables[0]?.accessPatterns[0]?.partitionValues).toEqual({});
    expect(reported).toEqual([[expect.stringMatching(/^Saved design "Shop \(single table\)" has problems to fix: .*customerId/)]]);
  });
});

/** What the records set aside (the `unreadable` store), read with the factory's own database. */
async function setAside(indexedDB: IDBFactory): Promise<unknown[]> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DESIGNS_DATABASE_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = await new Promise<unknown[]>((resolve, reject) => {
    const request = database.transaction('unreadable').objectStore('unreadable').getAll();
    request.onsuccess = () => resolve(request.result as unknown[]);
    request.onerror = () => reject(request.error);
  });
  database.close();
  return all;
}

describe('changes made before the saved designs are read', () => {
  it('are made again on the saved designs: an import, an edit, a copy, a rename and the open design survive the load (they were lost when it replaced the list)', async () => {
    const indexedDB = new IDBFactory();
    const first = await reload(indexedDB);
    first.getState().updateDesign('example-shop', (design) => ({ ...design, description: 'saved earlier' }));
    const earlierId = first.getState().createDesign('Saved earlier');
    await first.getState().saved();

    // A new tab: the examples are shown at once, and the user acts before IndexedDB answers.
    const store = createDesignStore({ records: openDesignRecords({ indexedDB }), now: fixedClock });
    expect(store.getState().loaded).toBe(false);
    const importedId = store.getState().addDesign({ ...emptyDesign('Imported before the load'), description: 'from a file' });
    store.getState().updateDesign(importedId, (design) => ({ ...design, description: 'edited right after' }));
    store.getState().updateDesign('example-shop', (design) => ({ ...design, name: 'Shop, renamed before the load' }));
    const copyId = store.getState().duplicateDesign('example-leaderboard')!;
    store.getState().openDesign(importedId);
    await loaded(store);

    const designs = store.getState().designs.map((saved) => saved.design);
    // What was saved before is there (the edit of the shop kept, the earlier design too) …
    expect(designs.find((design) => design.name === 'Saved earlier')).toBeDefined();
    expect(store.getState().designs.find((saved) => saved.id === earlierId)?.design.name).toBe('Saved earlier');
    const shop = store.getState().designs.find((saved) => saved.id === 'example-shop')!.design;
    // … with the change made before the load applied to the saved version, not to the example shown.
    expect(shop).toMatchObject({ name: 'Shop, renamed before the load', description: 'saved earlier' });
    const imported = store.getState().designs.filter((saved) => saved.design.name === 'Imported before the load');
    expect(imported).toHaveLength(1);
    expect(imported[0]!.design.description).toBe('edited right after');
    expect(designs.filter((design) => design.name === 'Leaderboard (copy)')).toHaveLength(1);
    expect(store.getState().openDesignId).toBe(imported[0]!.id);
    expect(copyId).toBeDefined();

    // And they are saved: a reload reads them.
    await store.getState().saved();
    const again = await reload(indexedDB);
    expect(again.getState().designs.map((saved) => saved.design.name)).toEqual(store.getState().designs.map((saved) => saved.design.name));
  });

  it('are kept once, not twice, when nothing was saved before (the list shown stays)', async () => {
    const indexedDB = new IDBFactory();
    const store = createDesignStore({ records: openDesignRecords({ indexedDB }), now: fixedClock });
    store.getState().addDesign(emptyDesign('Imported into a new browser'));
    store.getState().updateDesign('example-shop', (design) => ({ ...design, description: `${design.description}!` }));
    await loaded(store);
    expect(store.getState().designs.filter((saved) => saved.design.name === 'Imported into a new browser')).toHaveLength(1);
    expect(
      store
        .getState()
        .designs.find((saved) => saved.id === 'example-shop')!
        .design.description.endsWith('!!'),
    ).toBe(false);
  });
});
