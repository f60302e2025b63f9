import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, PRERENDERED_ATTRIBUTE, startsOnPrerenderedScreen } from './firstScreen';
import { createAppStores, PresenterWindow, presenterKeyFromHash, type AppDeps } from './ui';

/*
 * The app itself, loaded by main.tsx once the page has painted: builds the
 * stores from the browser's globals and renders the UI into #root. The built
 * page already shows the first screen (prerendered by the build: firstScreen.tsx),
 * which is hydrated; `npm run dev`'s shell, or a URL that starts elsewhere, is
 * rendered afresh (React replaces what #root held).
 */

/** The browser's side of the app's dependencies: the only place that reads these globals. */
function browserAppDeps(): AppDeps {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    // Blocked (privacy settings, sandboxed frame): the app says so and keeps everything in memory.
  }
  let indexedDB: IDBFactory | null = null;
  try {
    indexedDB = window.indexedDB ?? null;
  } catch {
    // Blocked like localStorage: designs then live in this tab only (the app says so).
  }
  return {
    storage,
    indexedDB,
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
const presenterKey = presenterKeyFromHash(window.location.hash);
if (presenterKey !== undefined) {
  // A presenter window (the presentation's Presenter view): it shows what the presentation sends, and builds no stores of its own.
  createRoot(container).render(
    <StrictMode>
      <PresenterWindow channelKey={presenterKey} />
    </StrictMode>,
  );
} else {
  const stores = createAppStores(browserAppDeps());
  // Designs are saved after a pause in typing; a reload, a closed tab or a switch away saves at once.
  window.addEventListener('pagehide', () => stores.flushSaves());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') stores.flushSaves();
  });
  performance.mark('keylab:stores-built');
  const app = <AppRoot stores={stores} />;
  if (container.hasAttribute(PRERENDERED_ATTRIBUTE) && startsOnPrerenderedScreen(window.location.hash)) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
