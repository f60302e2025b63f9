import { useStore } from 'zustand';
import type { StateStorage } from 'zustand/middleware';
import { createKeyDesignStore, type KeyDesignActions, type KeyDesignState } from '../state/keyDesignStore';
import { createNoticeStore } from '../state/noticeStore';

/** App-wide notices (e.g. "your design can't be saved"), shown in the header. */
export const noticeStore = createNoticeStore();

/**
 * localStorage, wrapped so a failed save (quota, disabled storage) is shown to
 * the user instead of throwing inside a state update or passing silently.
 */
function createReportingLocalStorage(): StateStorage | undefined {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    noticeStore.getState().show('storage', 'This browser blocks local storage, so your key design will not survive a reload.');
    return undefined;
  }
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => {
      try {
        storage.setItem(name, value);
        noticeStore.getState().dismiss('storage');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        noticeStore.getState().show('storage', `Your key design could not be saved in this browser (${reason}); it will be lost on reload.`);
      }
    },
    removeItem: (name) => storage.removeItem(name),
  };
}

export const keyDesignStore = createKeyDesignStore({ storage: createReportingLocalStorage() });

/** Reads a narrow slice of the key design; re-renders only when that slice changes. */
export function useKeyDesign<T>(selector: (state: KeyDesignState & KeyDesignActions) => T): T {
  return useStore(keyDesignStore, selector);
}
