import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppRoot, startsOnPrerenderedScreen } from './firstScreen';
import { renderFirstScreen } from './prerender';
import { createAppStores, type AppDeps } from './ui';

function depsWith(memory: Map<string, string>, indexedDB: IDBFactory): AppDeps {
  return {
    indexedDB,
    storage: { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value), removeItem: (key) => void memory.delete(key) },
    fetch: () => Promise.reject(new Error('no network in tests')),
    appOrigin: 'http://127.0.0.1',
    openBuiltInTable: () => Promise.reject(new Error('no built-in table in tests')),
    now: () => 0,
  };
}

describe('the prerendered first screen', () => {
  it('is the Design tab with the Designs list of the built-in examples, the first one open', () => {
    const html = renderFirstScreen();
    expect(html).toMatch(/<section class="card designs-list" aria-labelledby="[^"]+"><h2 id="[^"]+">Designs<\/h2>/);
    const names = [...html.matchAll(/<button type="button" class="design-item"( aria-current="true")?><bdi>([^<]+)<\/bdi>/g)].map(
      (match) => `${match[2]}${match[1] ? ' (open)' : ''}`,
    );
    expect(names).toEqual(['Leaderboard (open)', 'AuditLog', 'Shop (single table)']);
    expect(html).toContain('aria-selected="true" aria-controls="view-design"');
  });

  it('is what a browser with saved designs renders while hydrating (so hydration never mismatches); the saved ones join the store right after', async () => {
    const memory = new Map<string, string>();
    const indexedDB = new IDBFactory();
    const first = createAppStores(depsWith(memory, indexedDB));
    await loaded(first);
    first.designs.getState().createDesign('Orders');
    first.flushSaves();
    await first.designs.getState().saved();
    first.dispose();
    const stores = createAppStores(depsWith(memory, indexedDB));
    // renderToString, like hydrateRoot, reads each store's server snapshot: its initial state.
    expect(renderToString(<AppRoot stores={stores} />)).toBe(renderFirstScreen());
    await loaded(stores);
    expect(stores.designs.getState().designs.map((saved) => saved.design.name)).toContain('Orders');
    stores.dispose();
  });

  it('is hydrated only on a URL that starts on it', () => {
    expect(startsOnPrerenderedScreen('')).toBe(true);
    expect(startsOnPrerenderedScreen('#design')).toBe(true);
    for (const hash of ['#explorer', '#migrate', '#present=2', '#share=abc']) expect(startsOnPrerenderedScreen(hash)).toBe(false);
  });
});

/** Resolves once the saved designs have been read from IndexedDB. */
function loaded(stores: ReturnType<typeof createAppStores>): Promise<void> {
  return new Promise((resolve) => {
    if (stores.designs.getState().loaded) return resolve();
    const unsubscribe = stores.designs.subscribe((state) => {
      if (!state.loaded) return;
      unsubscribe();
      resolve();
    });
  });
}
