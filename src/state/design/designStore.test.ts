import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS } from '../../design';
import { createDesignStore } from './designStore';

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
});
