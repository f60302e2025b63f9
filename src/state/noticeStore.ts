import { createStore, type StoreApi } from 'zustand/vanilla';

/** A message the app shows until it is dismissed or its cause goes away. */
export interface Notice {
  readonly id: string;
  readonly message: string;
}

export interface NoticeState {
  readonly notices: readonly Notice[];
  /** Shows a notice; a second notice with the same id replaces the first. */
  show(id: string, message: string): void;
  dismiss(id: string): void;
}

export type NoticeStore = StoreApi<NoticeState>;

/**
 * Notices about the app itself (not about user input, whose errors sit next to
 * the input): storage that can't be written, for example.
 */
export function createNoticeStore(): NoticeStore {
  return createStore<NoticeState>()((set) => ({
    notices: [],
    show: (id, message) => set((state) => ({ notices: [...state.notices.filter((notice) => notice.id !== id), { id, message }] })),
    dismiss: (id) =>
      set((state) => (state.notices.some((notice) => notice.id === id) ? { notices: state.notices.filter((notice) => notice.id !== id) } : state)),
  }));
}
