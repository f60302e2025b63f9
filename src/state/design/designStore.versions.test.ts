import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDeferredWrites } from '../deferredWrites';
import { openDesignRecords, type DesignRecords } from './designRecords';
import { estimateSize, KEPT_REVISIONS, revisionOf } from './designRevisions';
import { createDesignStore, type DesignStore } from './designStore';
import { createUnloadJournal } from './unloadJournal';

/*
 * A design's history (Versions): every save that changes it keeps a revision
 * in IndexedDB (fake-indexeddb; a reload is a second store over the same
 * factory), bounded, named on request, restored as a new revision.
 */

const ID = 'example-leaderboard';

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

/** A store whose saves wait until `save()` (typing bursts are whatever happens between two saves). */
async function open(indexedDB: IDBFactory, records: DesignRecords = openDesignRecords({ indexedDB })) {
  const writes = createDeferredWrites({ delayMs: 60_000, maxWaitMs: 60_000 });
  const store = await loaded(createDesignStore({ records, deferredWrites: writes }));
  const save = async () => {
    writes.flush();
    await store.getState().saved();
  };
  const describe = (text: string) => store.getState().updateDesign(ID, (design) => ({ ...design, description: text }));
  const design = () => store.getState().designs.find((saved) => saved.id === ID)!.design;
  const history = async () => {
    await store.getState().loadVersions(ID);
    return store.getState().versions[ID]!.map((info) => info.revision);
  };
  return { store, save, describe, design, history };
}

describe('the versions of a design', () => {
  it('keeps one revision per save that changes it: a burst of typing is one, the shipped design is revision 1', async () => {
    const { save, describe, design, history } = await open(new IDBFactory());
    for (const text of ['L', 'Le', 'Lea']) describe(text);
    await save();
    describe('Lead');
    await save();
    expect(revisionOf(design())).toBe(3);
    expect(await history()).toEqual([3, 2, 1]);
  });

  it('adds no revision for a save that changes nothing, nor for edits that end where they started', async () => {
    const { store, save, describe, design, history } = await open(new IDBFactory());
    describe('first');
    await save();
    const before = design();
    store.getState().updateDesign(ID, (current) => ({ ...current, description: 'first' }));
    describe('typo');
    describe('first');
    await save();
    expect(design()).toBe(before);
    expect(revisionOf(design())).toBe(2);
    expect(await history()).toEqual([2, 1]);
  });

  it(`keeps the last ${KEPT_REVISIONS} revisions: the oldest are dropped`, async () => {
    const { save, describe, history } = await open(new IDBFactory());
    for (let n = 1; n <= KEPT_REVISIONS + 5; n++) {
      describe(`edit ${n}`);
      await save();
    }
    const kept = await history();
    expect(kept).toHaveLength(KEPT_REVISIONS);
    expect(kept[0]).toBe(KEPT_REVISIONS + 6);
    expect(kept.at(-1)).toBe(7);
  });

  it('Restore puts an old revision back as a new one: the current one stays kept, the name given is kept too', async () => {
    const { store, save, describe, design, history } = await open(new IDBFactory());
    describe('second');
    await save();
    describe('third');
    await save();
    await store.getState().nameVersion(ID, 2, '  Before the review  ');
    const outcome = await store.getState().restoreVersion(ID, 1);
    expect(outcome).toEqual({ ok: true, restored: 1, revision: 4 });
    expect(design().description).toBe((await store.getState().readVersion(ID, 1))!.description);
    expect(await history()).toEqual([4, 3, 2, 1]);
    expect((await store.getState().readVersion(ID, 3))!.description).toBe('third');
    expect(store.getState().versions[ID]!.find((info) => info.revision === 2)?.name).toBe('Before the review');
    // Restoring what is already current changes nothing and says so.
    expect(await store.getState().restoreVersion(ID, 4)).toEqual({ ok: true, restored: 4, unchanged: true });
    expect(await store.getState().restoreVersion(ID, 99)).toEqual({ ok: false, message: expect.stringMatching(/^Revision 99 is no longer kept/) });
  });

  it('a reload keeps the history, the names and the revision number; the next edit goes on from it', async () => {
    const indexedDB = new IDBFactory();
    const first = await open(indexedDB);
    first.describe('second');
    await first.save();
    await first.store.getState().nameVersion(ID, 2, 'Agreed');
    const again = await open(indexedDB);
    expect(revisionOf(again.design())).toBe(2);
    expect(await again.history()).toEqual([2, 1]);
    expect(again.store.getState().versions[ID]![0]).toMatchObject({ revision: 2, name: 'Agreed' });
    again.describe('third');
    await again.save();
    expect(await again.history()).toEqual([3, 2, 1]);
  });

  it('a change kept by the unload journal (IndexedDB never confirmed it) is a revision after the reload', async () => {
    const indexedDB = new IDBFactory();
    const storage = new Map<string, string>();
    const journal = createUnloadJournal({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    });
    const writes = createDeferredWrites({ delayMs: 60_000, maxWaitMs: 60_000 });
    const store = await loaded(createDesignStore({ records: openDesignRecords({ indexedDB }), deferredWrites: writes, unloadJournal: journal }));
    store.getState().updateDesign(ID, (design) => ({ ...design, description: 'unconfirmed' }));
    store.getState().beforeUnload();
    const again = await loaded(createDesignStore({ records: openDesignRecords({ indexedDB }), unloadJournal: journal }));
    await again.getState().saved();
    await again.getState().loadVersions(ID);
    expect(again.getState().versions[ID]!.map((info) => info.revision)).toEqual([2]);
    expect((await again.getState().readVersion(ID, 2))?.description).toBe('unconfirmed');
  });

  it("an import or a copy starts at its file's revision (or 1); Reset example is a new revision; a deleted design's history goes with it", async () => {
    const indexedDB = new IDBFactory();
    const { store, save, describe, design, history } = await open(indexedDB);
    const imported = store.getState().addDesign({ ...design(), name: 'Imported', revision: 7 });
    const copy = store.getState().duplicateDesign(imported)!;
    await save();
    store.getState().updateDesign(imported, (current) => ({ ...current, description: 'edited' }));
    await save();
    await store.getState().loadVersions(imported);
    expect(store.getState().versions[imported]!.map((info) => info.revision)).toEqual([8, 7]);
    expect(revisionOf(store.getState().designs.find((saved) => saved.id === copy)!.design)).toBe(7);

    describe('edited');
    await save();
    store.getState().resetExample(ID);
    await save();
    expect(revisionOf(design())).toBe(3);
    expect(await history()).toEqual([3, 2, 1]);

    store.getState().deleteDesign(imported);
    await save();
    expect(await openDesignRecords({ indexedDB }).listRevisions(imported)).toEqual([]);
  });

  it('a design read back at an older number (an older Keylab, another tab) goes on after its kept revisions, never over them', async () => {
    const indexedDB = new IDBFactory();
    const first = await open(indexedDB);
    first.describe('second');
    await first.save();
    first.describe('third');
    await first.save();
    const { revision: _dropped, ...unnumbered } = first.design();
    const record = { id: ID, updatedAt: '2026-12-05T10:00:00Z', design: unnumbered };
    await openDesignRecords({ indexedDB }).put(record);
    const again = await open(indexedDB);
    again.describe('fourth');
    await again.save();
    expect(revisionOf(again.design())).toBe(4);
    expect(await again.history()).toEqual([4, 3, 2, 1]);
    expect((await again.store.getState().readVersion(ID, 3))?.description).toBe('third');
  });

  it('a history write that fails costs not the design: it is saved, and the failure is named', async () => {
    const indexedDB = new IDBFactory();
    const records = openDesignRecords({ indexedDB });
    const failures: [string, string][] = [];
    const failing: DesignRecords = { ...records, putRevisions: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) };
    const store = await loaded(createDesignStore({ records: failing, onSaveFailed: (id, message) => failures.push([id, message]) }));
    store.getState().updateDesign(ID, (design) => ({ ...design, description: 'kept' }));
    await store.getState().saved();
    expect(failures).toContainEqual([
      `${ID}:history`,
      expect.stringMatching(/^A version of design "Leaderboard" could not be kept in its history \(QuotaExceededError: .*\); the design itself is saved\.$/),
    ]);
    const again = await open(indexedDB);
    expect(again.design().description).toBe('kept');
  });

  it('keeps the history within its size too: the oldest go first, the newest always stays', async () => {
    const records = openDesignRecords({ indexedDB: new IDBFactory() });
    const revision = (n: number, size: number) => ({ revision: n, savedAt: '2026-12-05T10:00:00Z', size, design: { n } });
    await records.putRevisions('d', [revision(1, 10), revision(2, 10), revision(3, 10)], { count: 50, size: 25 });
    expect((await records.listRevisions('d')).map((info) => info.revision)).toEqual([2, 3]);
    await records.putRevisions('d', [revision(4, 40)], { count: 50, size: 25 });
    expect((await records.listRevisions('d')).map((info) => info.revision)).toEqual([4]);
    expect(await records.readRevision('d', 2)).toBeUndefined();
  });

  it('sizes a design about as its JSON does (the bound counts characters)', () => {
    const design = { name: 'Orders', n: 12, tables: [{ keys: { PK: 'ORDER#{id}' }, samples: [{ id: 's1', note: 'x'.repeat(1000) }] }], gone: undefined };
    const json = JSON.stringify(design).length;
    expect(Math.abs(estimateSize(design) - json) / json).toBeLessThan(0.05);
  });
});
