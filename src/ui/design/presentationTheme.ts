import { useSyncExternalStore } from 'react';

/**
 * The slides' theme: dark (the default: light text on near black, for a dim
 * room) or light (dark text on white, for a bright room or a printout-like
 * screen share). Remembered in this browser (localStorage), shared by the
 * presentation and the presenter window: switching in one switches both.
 */
export type PresentationTheme = 'dark' | 'light';

const STORAGE_KEY = 'keylab.presentation.theme';
const listeners = new Set<() => void>();
/** The choice when storage is blocked (privacy settings): kept for this page only. */
let inMemory: PresentationTheme = 'dark';

function readTheme(): PresentationTheme {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : inMemory;
  } catch {
    return inMemory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another window of this browser (the presenter window, or the presentation) changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setPresentationTheme(theme: PresentationTheme): void {
  inMemory = theme;
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage blocked or full: the theme holds for this page.
  }
  for (const listener of listeners) listener();
}

/** The slides' theme in this browser. */
export function usePresentationTheme(): PresentationTheme {
  return useSyncExternalStore(subscribe, readTheme, () => 'dark');
}
