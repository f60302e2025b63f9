import { readStoredDesign, type Design } from '../../design';
import type { DesignRecords, DesignRevisionInfo } from './designRecords.types';
import { revisionOf, sameDesignContent } from './designRevisions';

/** The open design's history as the Versions region shows it. */
export interface DesignVersionsState {
  /** Per design id: its kept revisions, newest first, once `loadVersions` has read them. */
  readonly versions: Readonly<Record<string, readonly DesignRevisionInfo[]>>;
}

/** What Restore did. */
export type RestoreOutcome =
  | { readonly ok: true; readonly restored: number; readonly revision: number }
  | { readonly ok: true; readonly restored: number; readonly unchanged: true }
  | { readonly ok: false; readonly message: string };

export interface DesignVersionActions {
  /** Reads a design's kept revisions into `versions` (again after each save that keeps one). */
  loadVersions(id: string): Promise<void>;
  /** Names (or notes) a kept revision; "" removes the name. */
  nameVersion(id: string, revision: number, name: string): Promise<void>;
  /** A kept revision's design (checked first: what is read back is untrusted), or undefined when it is not kept or unreadable. */
  readVersion(id: string, revision: number): Promise<Design | undefined>;
  /** Puts a kept revision's content back as a NEW revision (the current one stays in the history), and saves it. */
  restoreVersion(id: string, revision: number): Promise<RestoreOutcome>;
}

interface StoreAccess {
  readonly getDesign: (id: string) => Design | undefined;
  readonly updateDesign: (id: string, change: (design: Design) => Design) => void;
  readonly saved: () => Promise<void>;
  readonly setVersions: (id: string, versions: readonly DesignRevisionInfo[]) => void;
}

/** The Versions actions over `records` (none kept without records: the lists stay empty). */
export function createDesignVersionActions(records: DesignRecords | undefined, store: StoreAccess): DesignVersionActions {
  const readVersion = async (id: string, revision: number): Promise<Design | undefined> => {
    const stored = await records?.readRevision(id, revision);
    if (stored === undefined) return undefined;
    // One read: the reader's verdict and whether a version it refuses (saved mid-edit) has a design's shape.
    const { read, shaped } = readStoredDesign(stored);
    if (read.ok) return read.design;
    return shaped ? (stored as Design) : undefined;
  };
  const loadVersions = async (id: string) => {
    if (!records) return store.setVersions(id, []);
    const infos = await records.listRevisions(id);
    store.setVersions(
      id,
      [...infos].sort((a, b) => b.revision - a.revision),
    );
  };
  return {
    loadVersions,
    readVersion,
    async nameVersion(id, revision, name) {
      await records?.nameRevision(id, revision, name.trim());
      await loadVersions(id);
    },
    async restoreVersion(id, revision) {
      const old = await readVersion(id, revision);
      const current = store.getDesign(id);
      if (!current) return { ok: false, message: 'This design was deleted: there is nothing to restore into.' };
      if (!old)
        return {
          ok: false,
          message: `Revision ${revision} is no longer kept in this browser (the history keeps the last revisions only), or could not be read: nothing was changed.`,
        };
      if (sameDesignContent(old, current)) return { ok: true, restored: revision, unchanged: true };
      // The restored content under the current number: the designs store numbers it as the next revision.
      store.updateDesign(id, (design) => ({ ...old, revision: revisionOf(design) }));
      await store.saved();
      const now = store.getDesign(id);
      return { ok: true, restored: revision, revision: now ? revisionOf(now) : revision };
    },
  };
}
