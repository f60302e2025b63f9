import { describeDesignProblem, readStoredDesign, type Design } from '../../design';
import type { DeferredWrites } from '../deferredWrites';
import type { DesignListRecord, DesignRecords, DesignRevisionRecord, StoredDesigns } from './designRecords.types';
import { estimateSize, KEPT_REVISIONS, KEPT_REVISIONS_SIZE, revisionOf, type RevisionCounter } from './designRevisions';
import type { DesignStore, SavedDesign } from './designStore';
import type { UnloadJournal } from './unloadJournal';

export interface DesignPersistenceOptions {
  readonly records: DesignRecords;
  /** Saved designs that failed validation on load (moved to the records' set-aside store): one message per design. */
  readonly onUnreadable?: (messages: readonly string[]) => void;
  /** One design could not be saved (quota, a closed database): `message` names it and says why; the others are unaffected. */
  readonly onSaveFailed?: (id: string, message: string) => void;
  /** A design was saved (clears an earlier failure of it). */
  readonly onSaved?: (id: string) => void;
  /** The saved designs could not be read: nothing is written from this tab, so nothing saved is overwritten. */
  readonly onLoadFailed?: (message: string) => void;
  readonly deferredWrites?: DeferredWrites;
  /** Where `beforeUnload()` keeps the saves IndexedDB has not confirmed yet (localStorage in the browser). */
  readonly unloadJournal?: UnloadJournal;
  /** The designs store's revision numbers: a write seals the revision it writes, which is then kept in the design's history. */
  readonly revisions?: RevisionCounter;
  /** A design's history gained a revision (the Versions list reads it again). */
  readonly onRevisionKept?: (id: string) => void;
}

const LIST_WRITE = 'designs:list';
const designWrite = (id: string) => `design:${id}`;
const listKey = (state: { designs: readonly SavedDesign[]; openDesignId: string | undefined }) =>
  JSON.stringify([state.designs.map((saved) => saved.id), state.openDesignId ?? null]);

/**
 * Keeps `store` in `records`: loads what was saved (validated; what fails is
 * set aside and reported), then writes each changed design on its own, after
 * a pause in typing when `deferredWrites` is given. Until the load has
 * finished nothing is written (a change then would overwrite designs not yet
 * read). Returns `settled()`: flushes and resolves when every write so far has
 * finished (tests, and the import's "saved" report).
 */
export function persistDesigns(store: DesignStore, options: DesignPersistenceOptions): { settled(): Promise<void>; beforeUnload(): void } {
  const { records, unloadJournal: journal } = options;
  const writes = options.deferredWrites;
  const inFlight = new Set<Promise<void>>();
  /** What records hold (as far as this tab knows), by id; undefined until the load finished. */
  let saved: Map<string, SavedDesign> | undefined;
  let savedList = '';
  /** Designs whose latest version has not committed yet (scheduled or in flight), and whether the list's has. */
  const unsaved = new Set<string>();
  let listUnsaved = false;
  /**
   * Each change's number, by design (and the list's): a write commits the
   * version it started with, so only a write at least as new as what the
   * journal holds forgets it (an earlier write committing during the unload
   * left the journal without the last change).
   */
  const versions = new Map<string, number>();
  let listVersion = 0;
  /** What the journal holds, by the version kept (forgotten once that or a newer one has committed). */
  const journaled = new Map<string, number>();
  let listJournaled: number | undefined;

  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };
  const later = (key: string, run: () => void) => (writes ? writes.schedule(key, run) : run());
  /** The revision last kept in each design's history from this tab. */
  const keptRevision = new Map<string, number>();
  const keepRevisions = (id: string, revisions: readonly DesignRevisionRecord[]) =>
    records.putRevisions(id, revisions, { count: KEPT_REVISIONS, size: KEPT_REVISIONS_SIZE }).then(
      () => options.onRevisionKept?.(id),
      (error: unknown) =>
        options.onSaveFailed?.(
          `${id}:history`,
          `A version of design "${store.getState().designs.find((entry) => entry.id === id)?.design.name ?? id}" could not be kept in its history (${describeError(error)}); the design itself is saved.`,
        ),
    );
  /**
   * The revisions a write of `current` keeps: its own, after the one it
   * follows when that is not kept yet (the state before this tab's first edit:
   * shipped, imported or saved by an older Keylab). Sealing it now makes the
   * next edit open a new revision.
   */
  const revisionsToKeep = (current: SavedDesign): DesignRevisionRecord[] => {
    const revision = revisionOf(current.design);
    const base = options.revisions?.sealed(current.id);
    options.revisions?.seal(current.id, current);
    if (keptRevision.get(current.id) === revision) return [];
    keptRevision.set(current.id, revision);
    const before =
      base && revisionOf(base.design) < revision
        ? [{ revision: revisionOf(base.design), savedAt: base.updatedAt, size: estimateSize(base.design), design: base.design }]
        : [];
    return [...before, { revision, savedAt: current.updatedAt, size: estimateSize(current.design), design: current.design }];
  };
  const writeDesign = (id: string) => {
    const current = store.getState().designs.find((entry) => entry.id === id);
    if (!current) return;
    const version = versions.get(id) ?? 0;
    const revisions = revisionsToKeep(current);
    track(
      records.put(current).then(
        () => {
          // The history after the design: a crash between them loses this revision's entry, never the design.
          if (revisions.length > 0) track(keepRevisions(id, revisions));
          if (store.getState().designs.find((entry) => entry.id === id) === current) unsaved.delete(id);
          const kept = journaled.get(id);
          if (kept !== undefined && version >= kept) {
            journaled.delete(id);
            journal?.forget(id);
          }
          options.onSaved?.(id);
        },
        (error: unknown) => {
          // Not retried on other designs' changes (a 10 MB write per keystroke elsewhere): its own next change writes it again.
          options.onSaveFailed?.(id, saveFailure(current.design.name, error));
        },
      ),
    );
  };
  const writeList = () => {
    const state = store.getState();
    const { designs, openDesignId } = state;
    const key = listKey(state);
    const version = listVersion;
    track(
      records
        .putList({ order: designs.map((entry) => entry.id), openDesignId })
        .then(() => {
          if (listKey(store.getState()) === key) listUnsaved = false;
          if (listJournaled !== undefined && version >= listJournaled) {
            journal?.forgetList();
            listJournaled = undefined;
          }
        })
        .catch((error: unknown) =>
          options.onSaveFailed?.(
            'list',
            `The order of the Designs list could not be saved in this browser (${describeError(error)}); the designs themselves are saved one by one.`,
          ),
        ),
    );
  };

  const sync = (state: { designs: readonly SavedDesign[]; openDesignId: string | undefined }) => {
    if (!saved) return;
    const ids = new Set<string>();
    for (const entry of state.designs) {
      ids.add(entry.id);
      if (saved.get(entry.id) === entry) continue;
      saved.set(entry.id, entry);
      versions.set(entry.id, (versions.get(entry.id) ?? 0) + 1);
      unsaved.add(entry.id);
      later(designWrite(entry.id), () => writeDesign(entry.id));
    }
    for (const id of [...saved.keys()]) {
      if (ids.has(id)) continue;
      saved.delete(id);
      unsaved.delete(id);
      keptRevision.delete(id);
      writes?.cancel(designWrite(id));
      track(
        records
          .remove(id)
          .catch((error: unknown) =>
            options.onSaveFailed?.(
              id,
              `A deleted design could not be removed from this browser's storage (${describeError(error)}); it may come back after a reload.`,
            ),
          ),
      );
    }
    const list = listKey(state);
    if (list !== savedList) {
      savedList = list;
      listVersion++;
      listUnsaved = true;
      later(LIST_WRITE, writeList);
    }
  };

  store.subscribe((state) => sync(state));
  // What each history holds already (a design read back at an older number, from an older file or tab, never reuses a kept one).
  const latest = records.latestRevisions().catch(() => new Map<string, number>());
  const loading = Promise.all([records.load(), latest]).then(
    ([fromRecords, kept]) => {
      for (const [id, revision] of kept) options.revisions?.keptUpTo(id, revision);
      const left = journal?.read();
      const stored = left && (left.designs.size > 0 || left.list) ? withJournal(fromRecords, left.designs, left.list) : fromRecords;
      if (stored) {
        const { designs, unreadable, problems } = readSavedDesigns(stored.entries);
        if (unreadable.length > 0)
          track(
            records
              .setAside(unreadable.map(({ id, entry, message }) => ({ ...(id !== undefined ? { id } : {}), entry, problem: message })))
              .catch(() => undefined),
          );
        if (unreadable.length + problems.length > 0) options.onUnreadable?.([...unreadable.map((entry) => entry.message), ...problems]);
        const openDesignId =
          typeof stored.openDesignId === 'string' && designs.some((entry) => entry.id === stored.openDesignId) ? stored.openDesignId : designs[0]?.id;
        saved = new Map(designs.map((entry) => [entry.id, entry]));
        savedList = listKey({ designs, openDesignId });
        store.setState({ designs, openDesignId, loaded: true });
        if (left && (left.designs.size > 0 || left.list)) {
          // What the last page left unconfirmed is written to IndexedDB now, then forgotten.
          for (const id of left.designs.keys()) saved.delete(id);
          if (left.list) savedList = '';
          sync(store.getState());
          for (const id of left.designs.keys()) journaled.set(id, versions.get(id) ?? 0);
          if (left.list) listJournaled = listVersion;
        }
      } else {
        // Nothing saved yet: the examples are written with the first change.
        saved = new Map();
        store.setState({ loaded: true });
        savedList = listKey(store.getState());
      }
    },
    (error: unknown) => {
      options.onLoadFailed?.(
        `Your saved designs could not be read from this browser's storage (${describeError(error)}): this tab shows the examples and saves nothing, so what is saved is not overwritten. Reload to try again.`,
      );
      store.setState({ loaded: true });
    },
  );
  return {
    beforeUnload: () => {
      if (!journal || !saved) return;
      const { designs, openDesignId } = store.getState();
      const entries = designs.filter((entry) => unsaved.has(entry.id));
      if (entries.length === 0 && !listUnsaved) return;
      const refused = new Set(journal.write(entries, listUnsaved ? { order: designs.map((entry) => entry.id), openDesignId } : undefined));
      for (const entry of entries) if (!refused.has(entry.id)) journaled.set(entry.id, versions.get(entry.id) ?? 0);
      if (listUnsaved) listJournaled = listVersion;
    },
    settled: async () => {
      await loading;
      writes?.flush();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** The records' designs with the journal's newer versions in their place (new ones appended), and the journal's list if any. */
function withJournal(stored: StoredDesigns | undefined, designs: ReadonlyMap<string, unknown>, list: DesignListRecord | undefined): StoredDesigns {
  const entries = (stored?.entries ?? []).map((entry) => {
    const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    return typeof id === 'string' && designs.has(id) ? designs.get(id) : entry;
  });
  const present = new Set(entries.map((entry) => (typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined)));
  for (const [id, entry] of designs) if (!present.has(id)) entries.push(entry);
  if (!list) return { entries, openDesignId: stored?.openDesignId };
  const byId = new Map(entries.map((entry) => [typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined, entry]));
  const ordered = list.order.flatMap((id) => (byId.has(id) ? [byId.get(id)] : []));
  const rest = entries.filter(
    (entry) => !list.order.includes((typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined) as string),
  );
  return { entries: [...ordered, ...rest], openDesignId: list.openDesignId };
}

function describeError(error: unknown): string {
  if (error !== null && typeof error === 'object' && 'name' in error) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return typeof message === 'string' && message !== '' ? `${String(name)}: ${message}` : String(name);
  }
  return String(error);
}

/** Why one design was not saved, quota first (the one the user can act on). */
function saveFailure(name: string, error: unknown): string {
  const quota = error !== null && typeof error === 'object' && (error as { name?: unknown }).name === 'QuotaExceededError';
  const why = quota ? "the browser's storage for this site is full" : `the browser refused the write (${describeError(error)})`;
  return `Design "${name}" could not be saved in this browser: ${why}. It stays open in this tab, and your other designs are saved; export it (Export design) or free space, and its next change saves it again.`;
}

interface UnreadableDesign {
  readonly id?: string;
  readonly entry: unknown;
  readonly message: string;
}

/** The saved entries that read as designs (validated by src/design), and the others with why. */
function readSavedDesigns(entries: readonly unknown[]): { designs: SavedDesign[]; unreadable: UnreadableDesign[]; problems: string[] } {
  const designs: SavedDesign[] = [];
  const unreadable: UnreadableDesign[] = [];
  const problems: string[] = [];
  entries.forEach((entry, index) => {
    const { id, updatedAt, design } = (typeof entry === 'object' && entry !== null ? entry : {}) as Partial<Record<keyof SavedDesign, unknown>>;
    const label = typeof (design as { name?: unknown } | undefined)?.name === 'string' ? `"${(design as { name: string }).name}"` : `#${index + 1}`;
    if (typeof id !== 'string' || typeof updatedAt !== 'string') {
      unreadable.push({ entry, message: `Saved design ${label} has no id or date and was set aside.` });
      return;
    }
    // One read: the reader's verdict and whether a design it refuses has a design's shape.
    const { read, shaped } = readStoredDesign(design);
    if (read.ok) designs.push({ id, design: read.design, updatedAt });
    else if (shaped) {
      // The editor saves designs mid-edit (a pattern still missing a value after its template
      // changed): a reload must not be stricter than the screen was, so the design stays, said.
      designs.push({ id, design: design as Design, updatedAt });
      problems.push(`Saved design ${label} has problems to fix: ${read.errors.slice(0, 3).map(describeDesignProblem).join('; ')}`);
    } else
      unreadable.push({
        id,
        entry,
        message: `Saved design ${label} could not be read and was set aside: ${read.errors.slice(0, 3).map(describeDesignProblem).join('; ')}`,
      });
  });
  return { designs, unreadable, problems };
}
