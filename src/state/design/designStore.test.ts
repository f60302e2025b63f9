import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS } from '../../design';
import { createDesignStore, DESIGNS_STORAGE_KEY, UNREADABLE_DESIGNS_STORAGE_KEY } from './designStore';

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (name: string) => map.get(name) ?? null, setItem: (name: string, value: string) => void map.set(name, value), removeItem: (name: string) => void map.delete(name) };
}

const fixedClock = () => new Date('2026-12-01T10:00:00Z');

describe('createDesignStore', () => {
  it('starts with the built-in examples, the leaderboard open', () => {
    const store = createDesignStore({ now: fixedClock });
    expect(store.getState().designs.map((saved) => saved.id)).toEqual(EXAMPLE_DESIGNS.map((example) => example.id));
    expect(store.getState().openDesignId).toBe('example-leaderboard');
  });

  it('creates, duplicates, renames and deletes designs with unique names', () => {
    const store = createDesignStore({ now: fixedClock });
    const first = store.getState().createDesign();
    const second = store.getState().createDesign();
    const names = () => store.getState().designs.map((saved) => saved.design.name);
    expect(names()).toContain('Untitled design');
    expect(names()).toContain('Untitled design 2');
    expect(store.getState().openDesignId).toBe(second);
    const copy = store.getState().duplicateDesign(first);
    expect(store.getState().designs.find((saved) => saved.id === copy)?.design.name).toBe('Untitled design (copy)');
    store.getState().renameDesign(first, 'Orders');
    expect(store.getState().designs.find((saved) => saved.id === first)?.design.name).toBe('Orders');
    store.getState().openDesign(first);
    store.getState().deleteDesign(first);
    expect(store.getState().designs.some((saved) => saved.id === first)).toBe(false);
    expect(store.getState().openDesignId).toBeDefined();
  });

  it('never holds two designs under one name: Duplicate twice, Make a copy / import of a taken name twice', () => {
    const store = createDesignStore({ now: fixedClock });
    const nameOf = (id: string | undefined) => store.getState().designs.find((saved) => saved.id === id)?.design.name;
    const leaderboard = store.getState().designs.find((saved) => saved.id === 'example-leaderboard')!.design;
    expect(nameOf(store.getState().duplicateDesign('example-leaderboard'))).toBe(`${leaderboard.name} (copy)`);
    expect(nameOf(store.getState().duplicateDesign('example-leaderboard'))).toBe(`${leaderboard.name} (copy 2)`);
    // A shared design (or an imported file) named like a saved one: both kept, the new one renamed.
    const shared = { ...leaderboard, description: 'from a link' };
    const copy = store.getState().addDesign(shared);
    expect(nameOf(copy)).toBe(`${leaderboard.name} (copy 3)`);
    expect(nameOf('example-leaderboard')).toBe(leaderboard.name);
    const fresh = store.getState().addDesign({ ...leaderboard, name: 'Brand new' });
    expect(nameOf(fresh)).toBe('Brand new');
    expect(nameOf(store.getState().addDesign({ ...leaderboard, name: 'Brand new' }))).toBe('Brand new (copy)');
    const names = store.getState().designs.map((saved) => saved.design.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('resets an example even after it was deleted', () => {
    const store = createDesignStore({ now: fixedClock });
    store.getState().updateDesign('example-leaderboard', (design) => ({ ...design, description: 'edited' }));
    store.getState().deleteDesign('example-leaderboard');
    store.getState().resetExample('example-leaderboard');
    const saved = store.getState().designs.find((entry) => entry.id === 'example-leaderboard');
    expect(saved?.design.description).toBe(EXAMPLE_DESIGNS[0]!.design.description);
    expect(store.getState().openDesignId).toBe('example-leaderboard');
  });

  it('survives a reload, and ignores saved entries that are not designs', () => {
    const storage = memoryStorage();
    const store = createDesignStore({ storage, now: fixedClock });
    const id = store.getState().createDesign('Kept');
    const reloaded = createDesignStore({ storage, now: fixedClock });
    expect(reloaded.getState().designs.find((saved) => saved.id === id)?.design.name).toBe('Kept');
    expect(reloaded.getState().openDesignId).toBe(id);

    const saved = JSON.parse(storage.map.get(DESIGNS_STORAGE_KEY) ?? '{}') as { state: { designs: unknown[] } };
    saved.state.designs.push({ id: 'bad', design: '<img src=x onerror=alert(1)>' }, null);
    storage.map.set(DESIGNS_STORAGE_KEY, JSON.stringify(saved));
    const again = createDesignStore({ storage, now: fixedClock });
    expect(again.getState().designs.some((entry) => entry.id === 'bad')).toBe(false);
    expect(again.getState().designs.some((entry) => entry.id === id)).toBe(true);
  });

  it('validates saved designs on load: one that fails is set aside and reported, the others load', () => {
    const storage = memoryStorage();
    const store = createDesignStore({ storage, now: fixedClock });
    const good = store.getState().createDesign('Good');
    const bad = store.getState().createDesign('Broken');
    store.getState().updateDesign(bad, (design) => ({ ...design, tables: [{ ...design.tables[0]!, partitionKey: { name: 'PK', type: 'X' as 'S' } }] }));
    storage.map.set(UNREADABLE_DESIGNS_STORAGE_KEY, JSON.stringify([{ entry: 'from before', problem: 'old' }]));
    const reported: string[][] = [];
    const reloaded = createDesignStore({ storage, now: fixedClock, onUnreadable: (messages) => reported.push([...messages]) });
    const ids = reloaded.getState().designs.map((saved) => saved.id);
    expect(ids).toContain(good);
    expect(ids).not.toContain(bad);
    expect(reported).toEqual([[expect.stringMatching(/^Saved design "Broken" could not be read and was set aside: tables\[0\]\.partitionKey\.type: /)]]);
    const aside = JSON.parse(storage.map.get(UNREADABLE_DESIGNS_STORAGE_KEY) ?? '[]') as { entry: { id: string } | string; problem: string }[];
    // What was kept aside before is still there (appended, never overwritten).
    expect(aside.map((kept) => (typeof kept.entry === 'string' ? kept.entry : kept.entry.id))).toEqual(['from before', bad]);
  });

  it('keeps a saved design whose contents are mid-edit (a pattern left without a value), and says what to fix', () => {
    const storage = memoryStorage();
    const store = createDesignStore({ storage, now: fixedClock });
    store.getState().updateDesign('example-shop', (design) => ({
      ...design,
      tables: design.tables.map((table) => ({ ...table, accessPatterns: table.accessPatterns.map((pattern) => ({ ...pattern, partitionValues: {} })) })),
    }));
    const reported: string[][] = [];
    const reloaded = createDesignStore({ storage, now: fixedClock, onUnreadable: (messages) => reported.push([...messages]) });
    const shop = reloaded.getState().designs.find((saved) => saved.id === 'example-shop');
    expect(shop?.design.tables[0]?.accessPatterns[0]?.partitionValues).toEqual({});
    expect(reported).toEqual([[expect.stringMatching(/^Saved design "Shop \(single table\)" has problems to fix: .*customerId/)]]);
  });
});
