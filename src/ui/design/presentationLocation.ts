import { useSyncExternalStore } from 'react';

/**
 * Where the presentation is: `#present=<n>` in the URL (1-based), so a
 * reload or a shared link opens the same slide. The hash is the one source
 * of truth; moving between slides replaces it (no history entry per slide).
 */

const PREFIX = '#present=';
const listeners = new Set<() => void>();

/**
 * The slide a hash names, or undefined when it names none.
 *
 * @example
 * slideFromHash("#present=3") // 3
 * slideFromHash("#explorer")  // undefined
 */
export function slideFromHash(hash: string): number | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  const text = hash.slice(PREFIX.length);
  if (!/^[0-9]{1,6}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('hashchange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('hashchange', listener);
  };
}

/** The slide shown (1-based), or undefined when not presenting. */
export function usePresentSlide(): number | undefined {
  // The prerendered first screen (src/prerender.tsx) shows no slide; a page opened on one is rendered afresh, not hydrated.
  return useSyncExternalStore(
    subscribe,
    () => slideFromHash(window.location.hash),
    () => undefined,
  );
}

/** Shows slide `slide` (1-based), or leaves the presentation (undefined). */
export function showPresentSlide(slide: number | undefined): void {
  const url = slide === undefined ? window.location.pathname + window.location.search : `${PREFIX}${slide}`;
  window.history.replaceState(null, '', url);
  for (const listener of listeners) listener();
}

/** Whether the presentation put the page into full screen (so leaving full screen leaves it, and leaving it leaves full screen). */
let enteredFullscreen = false;

/**
 * The Present button: the first slide, full screen where the browser allows
 * it (a request needs the click's user gesture; refused or unsupported, the
 * presentation still fills the window).
 */
export function openPresentation(): void {
  showPresentSlide(1);
  const root = document.documentElement;
  if (typeof root.requestFullscreen !== 'function' || document.fullscreenElement) return;
  root.requestFullscreen().then(
    () => {
      enteredFullscreen = true;
    },
    () => undefined,
  );
}

/** Esc, Exit presentation, or leaving full screen: back to the design. */
export function leavePresentation(): void {
  showPresentSlide(undefined);
  if (enteredFullscreen && document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  enteredFullscreen = false;
}

/** Called on `fullscreenchange`: full screen ended (the browser's Esc) while presenting, so the presentation ends too. */
export function onFullscreenChange(): void {
  if (enteredFullscreen && !document.fullscreenElement) leavePresentation();
}
