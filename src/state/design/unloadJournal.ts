import type { StateStorage } from 'zustand/middleware';
import type { DesignListRecord } from './designRecords.types';

/**
 * The saves still unconfirmed when the page goes away. An IndexedDB write
 * started while a page unloads may never commit (a reload right after an
 * edit lost it), so the composition root writes the designs whose latest
 * change has not committed yet, synchronously, to localStorage, one key per
 * design (a design too large for localStorage fails alone and keeps only its
 * IndexedDB write). The next load prefers them (they are newer than what
 * IndexedDB holds) and removes each once IndexedDB has committed it.
 */
export interface UnloadJournal {
  /** What the last page left: designs by id (as saved entries, untrusted) and the list. */
  read(): { readonly designs: ReadonlyMap<string, unknown>; readonly list: DesignListRecord | undefined };
  /** Keeps `entries` and `list` (undefined: none pending); returns the ids localStorage refused. */
  write(entries: readonly { readonly id: string }[], list: DesignListRecord | undefined): string[];
  /** Forgets a design (its latest version has committed to IndexedDB). */
  forget(id: string): void;
  forgetList(): void;
}

export const UNSAVED_DESIGNS_KEY = 'keylab.designs.unsaved';
const entryKey = (id: string) => `${UNSAVED_DESIGNS_KEY}:${id}`;

interface JournalIndex {
  readonly ids: string[];
  readonly list?: DesignListRecord;
}

export function createUnloadJournal(storage: StateStorage): UnloadJournal {
  const readIndex = (): JournalIndex => {
    try {
      const value = JSON.parse((storage.getItem(UNSAVED_DESIGNS_KEY) as string | null) ?? '{"ids":[]}') as Partial<JournalIndex>;
      const ids = Array.isArray(value.ids) ? value.ids.filter((id): id is string => typeof id === 'string') : [];
      const list =
        value.list && Array.isArray(value.list.order)
          ? {
              order: value.list.order.filter((id): id is string => typeof id === 'string'),
              openDesignId: typeof value.list.openDesignId === 'string' ? value.list.openDesignId : undefined,
            }
          : undefined;
      return { ids, ...(list ? { list } : {}) };
    } catch {
      return { ids: [] };
    }
  };
  const writeIndex = (index: JournalIndex) => {
    try {
      if (index.ids.length === 0 && !index.list) storage.removeItem(UNSAVED_DESIGNS_KEY);
      else storage.setItem(UNSAVED_DESIGNS_KEY, JSON.stringify(index));
    } catch {
      // localStorage full or blocked: the IndexedDB writes were started anyway.
    }
  };
  return {
    read() {
      const index = readIndex();
      const designs = new Map<string, unknown>();
      for (const id of index.ids) {
        try {
          const text = storage.getItem(entryKey(id)) as string | null;
          if (text !== null) designs.set(id, JSON.parse(text));
        } catch {
          // An entry that doesn't parse is skipped: IndexedDB's copy (older by at most a pause in typing) stands.
        }
      }
      return { designs, list: index.list };
    },
    write(entries, list) {
      const index = readIndex();
      const ids = new Set(index.ids);
      const refused: string[] = [];
      for (const entry of entries) {
        try {
          storage.setItem(entryKey(entry.id), JSON.stringify(entry));
          ids.add(entry.id);
        } catch {
          refused.push(entry.id);
        }
      }
      writeIndex({ ids: [...ids], ...((list ?? index.list) ? { list: list ?? index.list } : {}) });
      return refused;
    },
    forget(id) {
      const index = readIndex();
      if (!index.ids.includes(id)) return;
      storage.removeItem(entryKey(id));
      writeIndex({ ...index, ids: index.ids.filter((entry) => entry !== id) });
    },
    forgetList() {
      const index = readIndex();
      if (!index.list) return;
      writeIndex({ ids: index.ids });
    },
  };
}
