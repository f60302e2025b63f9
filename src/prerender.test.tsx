import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppRoot, startsOnPrerenderedScreen } from './firstScreen';
import { renderFirstScreen } from './prerender';
import { createAppStores, type AppDeps } from './ui';

function depsWith(memory: Map<string, string>): AppDeps {
  return {
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
    const names = [...html.matchAll(/<button type="button" class="design-item"( aria-current="true")?><bdi>([^<]+)<\/bdi>/g)].map((match) => `${match[2]}${match[1] ? ' (open)' : ''}`);
    expect(names).toEqual(['Leaderboard (open)', 'AuditLog', 'Shop (single table)']);
    expect(html).toContain('aria-selected="true" aria-controls="view-design"');
  });

  it('is what a browser with saved designs renders while hydrating (so hydration never mismatches); the saved ones are in the store, joining right after', () => {
    const memory = new Map<string, string>();
    const first = createAppStores(depsWith(memory));
    first.designs.getState().createDesign('Orders');
    first.flushSaves();
    first.dispose();
    const stores = createAppStores(depsWith(memory));
    expect(stores.designs.getState().designs.map((saved) => saved.design.name)).toContain('Orders');
    // renderToString, like hydrateRoot, reads each store's server snapshot: its initial state.
    expect(renderToString(<AppRoot stores={stores} />)).toBe(renderFirstScreen());
    stores.dispose();
  });

  it('is hydrated only on a URL that starts on it', () => {
    expect(startsOnPrerenderedScreen('')).toBe(true);
    expect(startsOnPrerenderedScreen('#design')).toBe(true);
    for (const hash of ['#explorer', '#migrate', '#present=2', '#share=abc']) expect(startsOnPrerenderedScreen(hash)).toBe(false);
  });
});
