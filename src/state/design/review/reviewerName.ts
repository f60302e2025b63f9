import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionStorage } from '../../connectionStore';

/**
 * The name a reviewer records decisions and sign-offs under: typed once in
 * the Design review region and remembered in this browser (localStorage),
 * never re-typed. Only the name: no other identity is kept or sent anywhere.
 */

/** Where the name is kept in localStorage. */
export const REVIEWER_NAME_KEY = 'keylab.reviewerName';

export interface ReviewerNameState {
  /** As typed (trimmed when a decision or sign-off records it); "" until typed. */
  readonly name: string;
  setName(name: string): void;
}

export type ReviewerNameStore = StoreApi<ReviewerNameState>;

/**
 * @example
 * const reviewer = createReviewerNameStore({ storage: window.localStorage });
 * reviewer.getState().setName("Ada"); // kept under keylab.reviewerName
 */
export function createReviewerNameStore({ storage }: { readonly storage?: ConnectionStorage } = {}): ReviewerNameStore {
  return createStore<ReviewerNameState>()((set) => ({
    name: readName(storage),
    setName: (name) => {
      set({ name });
      try {
        if (name.trim() === '') storage?.removeItem(REVIEWER_NAME_KEY);
        else storage?.setItem(REVIEWER_NAME_KEY, name);
      } catch {
        // Storage blocked or full: the name stays for this tab only.
      }
    },
  }));
}

function readName(storage: ConnectionStorage | undefined): string {
  try {
    return storage?.getItem(REVIEWER_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}
