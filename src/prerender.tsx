import { renderToString } from 'react-dom/server';
import { AppRoot } from './firstScreen';
import { createAppStores } from './ui';

/*
 * Build time only (vite.config.ts's prerender plugin loads this module in
 * Node; nothing in the app imports it): the first screen rendered to HTML for
 * dist/index.html, so the Designs list is in the page's first paint rather
 * than one script load and one render later.
 */

/** The first screen's markup: the app's own components with the built-in example designs (no saved designs, no network). */
export function renderFirstScreen(): string {
  const memory = new Map<string, string>();
  const stores = createAppStores({
    // A fresh browser's storage: nothing saved yet (the page's own designs join when it hydrates).
    storage: { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value), removeItem: (key) => void memory.delete(key) },
    fetch: () => Promise.reject(new Error('No network while prerendering')),
    appOrigin: 'http://127.0.0.1',
    openBuiltInTable: () => Promise.reject(new Error('No built-in table while prerendering')),
    now: () => 0,
  });
  try {
    return renderToString(<AppRoot stores={stores} />);
  } finally {
    stores.dispose();
  }
}
