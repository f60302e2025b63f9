import type { StateCreator } from 'zustand/vanilla';
import { peekTableName, readPastedRequest } from '../queryBuilder/pasteRequest';
import type { ExplorerSlices } from './explorerSlices';
import { keysOf } from './explorerTypes';

/** What the last "Paste request" could not read (problems) or read with an assumption (notes). */
export interface PasteReport {
  readonly problems: readonly string[];
  readonly notes: readonly string[];
  readonly failed?: boolean;
}

export interface PasteState {
  readonly pasteReport?: PasteReport;
}

export interface PasteActions {
  /**
   * Fills the builder from a pasted Query/Scan request (SDK or CLI JSON):
   * selects its table when this connection has it, and reports what it
   * could not read. Returns false when nothing could be read (e.g. bad JSON).
   */
  pasteRequest(text: string): Promise<boolean>;
  clearPasteReport(): void;
}

export const INITIAL_PASTE: PasteState = { pasteReport: undefined };

export const createPasteSlice: StateCreator<ExplorerSlices, [], [], PasteState & PasteActions> = (set, get) => ({
  ...INITIAL_PASTE,
  clearPasteReport: () => set({ pasteReport: undefined }),
  pasteRequest: async (text) => {
    const notes: string[] = [];
    const problems: string[] = [];
    const wanted = peekTableName(text);
    if (wanted !== undefined && wanted !== get().selectedTable) {
      if (get().tableNames.includes(wanted)) {
        await get().selectTable(wanted);
        // The user picked another table while the pasted one was being described: the builder stays theirs.
        if (get().selectedTable !== wanted) return false;
      } else
        problems.push(`Table "${wanted}" is not on this connection (${get().sourceLabel || 'none'}); the builder kept ${get().selectedTable ?? 'no table'}.`);
    }
    const table = get().table;
    const probe = readPastedRequest(text);
    const indexName = probe.ok ? probe.request.form.indexName : '';
    if (probe.ok && indexName && table && !table.indexes.some((index) => index.name === indexName)) {
      problems.push(`${table.name} has no index "${indexName}"; Run will say so.`);
    }
    const result = table ? readPastedRequest(text, keysOf(table, indexName)) : probe;
    if (!result.ok) {
      set({ pasteReport: { problems: result.problems, notes, failed: true } });
      return false;
    }
    set({
      form: result.request.form,
      formErrors: {},
      keyInputsByIndex: {},
      pasteReport: { problems: [...problems, ...result.request.problems], notes: [...notes, ...result.request.notes] },
    });
    return true;
  },
});
