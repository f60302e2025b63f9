import { StrictMode } from 'react';
import { App, AppStoresProvider, type AppStores } from './ui';

/*
 * The first screen, one component for both renders of it: the build renders
 * it into dist/index.html (src/prerender.tsx, at build time, with the
 * built-in example designs), and startApp.tsx hydrates that markup in the
 * browser with the real stores. Hydration reads each store's initial state
 * (zustand's server snapshot: the examples, the first one open), so the two
 * renders agree; the designs saved in this browser join right after.
 */

/** The whole app as both renders see it. */
export function AppRoot({ stores }: { stores: AppStores }) {
  return (
    <StrictMode>
      <AppStoresProvider stores={stores}>
        <App />
      </AppStoresProvider>
    </StrictMode>
  );
}

/** Set on #root by the build when it holds the prerendered first screen (dist/index.html; `npm run dev` serves the plain shell). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Whether a page at this URL hash starts on the screen the build rendered:
 * the Design tab with nothing else in the URL. Another hash (#explorer, a
 * share link, a slide) renders differently from its first frame, so that page
 * is rendered afresh instead of hydrated (hydrating it would be a mismatch).
 *
 * @example
 * startsOnPrerenderedScreen("")          // true
 * startsOnPrerenderedScreen("#explorer") // false
 */
export function startsOnPrerenderedScreen(hash: string): boolean {
  return hash === '' || hash === '#design';
}
