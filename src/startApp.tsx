import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, AppStoresProvider, createAppStores, type AppDeps } from './ui';

/*
 * The app itself, loaded by main.tsx once the shell in index.html has painted:
 * builds the stores from the browser's globals and renders the UI into #root.
 */

/** The browser's side of the app's dependencies: the only place that reads these globals. */
function browserAppDeps(): AppDeps {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    // Blocked (privacy settings, sandboxed frame): the app says so and keeps everything in memory.
  }
  return {
    storage,
    fetch: (url, init) => window.fetch(url, init),
    appOrigin: window.location.origin,
    // The engine and IndexedDB load when the built-in table is first needed (the explorer, Load into a table), not at start.
    openBuiltInTable: async () => (await import('./sources')).openBuiltInTable(),
    now: () => performance.now(),
  };
}

performance.mark('keylab:app-evaluated');
const container = document.getElementById('root');
if (!container) throw new Error('Keylab: #root element missing from index.html');
const stores = createAppStores(browserAppDeps());
// Designs are saved after a pause in typing; a reload, a closed tab or a switch away saves at once.
window.addEventListener('pagehide', () => stores.flushSaves());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') stores.flushSaves();
});
performance.mark('keylab:stores-built');
createRoot(container).render(
  <StrictMode>
    <AppStoresProvider stores={stores}>
      <App />
    </AppStoresProvider>
  </StrictMode>,
);
