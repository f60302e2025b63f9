import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { isSignOffCurrent, parseDesignDocument, serializeDesignDocument } from '../../design';
import { openDesignRecords } from './designRecords';
import { createDesignStore, type DesignStore } from './designStore';
import { expectOk } from '../../errors/testing';

/*
 * A design signed off before the canonical layout (its fingerprint over the
 * decisions as they were stored) keeps its sign-off current when the
 * Designs list saves it to IndexedDB, reads it back after a reload and
 * exports it again.
 */

const fixedClock = () => new Date('2026-12-05T10:00:00Z');

/** The fixture written by the serializer before the canonical layout (src/design/format/fixtures), as text. */
const signedBeforeCanonical = Object.values(
  import.meta.glob<string>('../../design/format/fixtures/signed-before-canonical.keylab.json', { query: '?raw', import: 'default', eager: true }),
)[0]!;

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

const reload = (indexedDB: IDBFactory) => loaded(createDesignStore({ records: openDesignRecords({ indexedDB }), now: fixedClock }));

describe('a sign-off given before the canonical layout, in the Designs list', () => {
  it('stays current after a save, a reload and an export', async () => {
    const read = parseDesignDocument(signedBeforeCanonical);
    expectOk(read, 'the fixture reads');
    const indexedDB = new IDBFactory();
    const store = await reload(indexedDB);
    // The built-in Shop example has the fixture's name: without it the design keeps its name (a "(copy)" would be a change the sign-off covers).
    store.getState().deleteDesign('example-shop');
    const id = store.getState().addDesign(read.design);
    expect(store.getState().designs.find((entry) => entry.id === id)!.design.name).toBe(read.design.name);
    await store.getState().saved();

    const again = await reload(indexedDB);
    const saved = again.getState().designs.find((entry) => entry.id === id)!.design;
    expect(saved.decisions).toHaveLength(2);
    expect(isSignOffCurrent(saved, saved.signOffs![0]!)).toBe(true);

    const exported = parseDesignDocument(serializeDesignDocument(saved));
    expect(exported.ok && isSignOffCurrent(exported.design, exported.design.signOffs![0]!)).toBe(true);
    // An edit after the sign-off still puts it out of date.
    again.getState().updateDesign(id, (design) => ({ ...design, description: 'changed after the sign-off' }));
    const edited = again.getState().designs.find((entry) => entry.id === id)!.design;
    expect(isSignOffCurrent(edited, edited.signOffs![0]!)).toBe(false);
  });
});
