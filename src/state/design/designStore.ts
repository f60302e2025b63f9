import { createStore, type StoreApi } from 'zustand/vanilla';
import { copyName, emptyDesign, EXAMPLE_DESIGNS, freeDesignName, type Design, type DesignDocument } from '../../design';
import type { DesignRecords } from './designRecords.types';
import { createRevisionCounter } from './designRevisions';
import { createChangesBeforeLoad } from './changesBeforeLoad';
import { createDesignVersionActions, type DesignVersionActions, type DesignVersionsState } from './designVersions';
import { persistDesigns, type DesignPersistenceOptions } from './persistDesigns';

/**
 * The designs the user keeps in this browser: the Designs list (the
 * built-in examples first, then their own), which one is open, and every
 * edit to it. Each design is a whole document (src/design); edits are pure
 * functions of it passed to `updateDesign`, so the store stays small and
 * every change is one immutable replacement (undo, diff and share are easy).
 */
export interface SavedDesign {
  /** Local id: `example-leaderboard` for an example, `design-<n>` for the user's. */
  readonly id: string;
  readonly design: Design;
  /** When it last changed (ISO-8601), for the list. */
  readonly updatedAt: string;
}

export interface DesignStoreState extends DesignVersionsState {
  readonly designs: readonly SavedDesign[];
  /** The design on screen; undefined only when the list is empty. */
  readonly openDesignId: string | undefined;
  /** Whether the saved designs have been read (at once without records; the examples show until then). */
  readonly loaded: boolean;
}

export interface DesignStoreActions extends DesignVersionActions {
  /** A new, empty design (one table keyed PK/SK), opened. Returns its id. */
  createDesign(name?: string): string;
  /** A copy of a design under "<name> (copy)" ("<name> (copy 2)", … when taken), opened. Returns its id. */
  duplicateDesign(id: string): string | undefined;
  renameDesign(id: string, name: string): void;
  /** Removes a design (the UI asks first); the next one opens. */
  deleteDesign(id: string): void;
  openDesign(id: string): void;
  /**
   * Replaces a design with `change(design)`; nothing happens when it returns the same object.
   * The result is numbered: the edits between two saves share one revision (see designRevisions.ts).
   */
  updateDesign(id: string, change: (design: Design) => Design): void;
  /** Adds a design (an import, Make a copy), opened; under "<name> (copy)" when its name is taken (see freeDesignName). Returns its id. */
  addDesign(design: Design): string;
  /** Puts a built-in example back as it ships (re-adding it when deleted) and opens it. */
  resetExample(exampleId: string): void;
  /** Writes pending saves now and resolves once every save so far has finished (failures are reported, not thrown). */
  saved(): Promise<void>;
  /** The page is going away: keeps the designs whose saves have not committed yet where the next load finds them (synchronously). */
  beforeUnload(): void;
}

export type DesignStore = StoreApi<DesignStoreState & DesignStoreActions>;

export interface DesignStoreOptions extends Partial<Omit<DesignPersistenceOptions, 'records' | 'revisions' | 'onRevisionKept'>> {
  /** IndexedDB in the browser (src/state/design/designRecords.ts), one record per design; without it nothing is saved. */
  readonly records?: DesignRecords;
  /** The clock for `updatedAt` (tests pass a fixed one). */
  readonly now?: () => Date;
}

/** A document's design part (the format tag is the document's, not the design's). */
export function designOf(document: DesignDocument): Design {
  const { format: _format, ...design } = document;
  return design;
}

function exampleDesigns(now: Date): SavedDesign[] {
  return EXAMPLE_DESIGNS.map((example) => ({ id: example.id, design: designOf(example.design), updatedAt: now.toISOString() }));
}

/**
 * Creates the designs store. With `records`, every design, the list's order
 * and the open design survive a reload (each design saved on its own); what
 * is read back is untrusted and checked first.
 *
 * @example
 * const store = createDesignStore();
 * const id = store.getState().createDesign("Orders");
 * store.getState().updateDesign(id, (design) => ({ ...design, description: "v2" }));
 */
export function createDesignStore(options: DesignStoreOptions = {}): DesignStore {
  const now = options.now ?? (() => new Date());
  let persistence: { settled(): Promise<void>; beforeUnload(): void } | undefined;
  const revisions = createRevisionCounter();
  // Until the saved designs are read, every change is also logged, to be made again on the list as read.
  const beforeLoad = options.records ? createChangesBeforeLoad() : undefined;
  const create = (set: DesignStore['setState'], get: DesignStore['getState']): DesignStoreState & DesignStoreActions => {
    const add = (design: Design): string => {
      const id = nextDesignId(get().designs);
      set((state) => ({ designs: [...state.designs, { id, design, updatedAt: now().toISOString() }], openDesignId: id }));
      beforeLoad?.record({ kind: 'add', id, design });
      return id;
    };
    const initial = exampleDesigns(now());
    const designOfId = (id: string) => get().designs.find((saved) => saved.id === id)?.design;
    return {
      designs: initial,
      openDesignId: initial[0]?.id,
      loaded: !options.records,
      versions: {},
      ...createDesignVersionActions(options.records, {
        getDesign: designOfId,
        updateDesign: (id, change) => get().updateDesign(id, change),
        saved: () => get().saved(),
        setVersions: (id, versions) => set((state) => ({ versions: { ...state.versions, [id]: versions } })),
      }),
      saved: async () => persistence?.settled(),
      beforeUnload: () => persistence?.beforeUnload(),
      createDesign: (name) => add(emptyDesign(name ?? uniqueName(get().designs, 'Untitled design'))),
      duplicateDesign: (id) => {
        const source = get().designs.find((saved) => saved.id === id);
        return source ? add({ ...source.design, name: copyName(source.design.name, namesOf(get().designs)) }) : undefined;
      },
      renameDesign: (id, name) => get().updateDesign(id, (design) => (design.name === name ? design : { ...design, name })),
      deleteDesign: (id) => {
        beforeLoad?.record({ kind: 'delete', id });
        set((state) => {
          const index = state.designs.findIndex((saved) => saved.id === id);
          if (index < 0) return state;
          const designs = state.designs.filter((saved) => saved.id !== id);
          revisions.forget(id);
          const openDesignId = state.openDesignId === id ? (designs[Math.min(index, designs.length - 1)]?.id ?? undefined) : state.openDesignId;
          return { designs, openDesignId };
        });
      },
      openDesign: (id) => {
        beforeLoad?.record({ kind: 'open', id });
        set((state) => (state.designs.some((saved) => saved.id === id) ? { openDesignId: id } : state));
      },
      updateDesign: (id, change) => {
        beforeLoad?.record({ kind: 'update', id, change });
        set((state) => {
          let changed = false;
          const designs = state.designs.map((saved) => {
            if (saved.id !== id) return saved;
            const edited = change(saved.design);
            if (edited === saved.design) return saved;
            const design = revisions.next(id, saved, edited);
            if (design === saved.design) return saved;
            changed = true;
            return { ...saved, design, updatedAt: now().toISOString() };
          });
          return changed ? { designs } : state;
        });
      },
      // An import or a shared design whose name is taken is kept under "<name> (copy)": both stay, told apart.
      addDesign: (design) => add({ ...design, name: freeDesignName(design.name, namesOf(get().designs)) }),
      resetExample: (exampleId) => {
        const example = EXAMPLE_DESIGNS.find((entry) => entry.id === exampleId);
        if (!example) return;
        beforeLoad?.record({ kind: 'resetExample', id: exampleId });
        const before = get().designs.find((entry) => entry.id === exampleId);
        // Put back over a kept design, the example as it ships is its next revision (the edited one stays in the history).
        const design = before ? revisions.next(exampleId, before, designOf(example.design)) : designOf(example.design);
        const saved: SavedDesign = { id: example.id, design, updatedAt: now().toISOString() };
        set((state) => {
          const exists = state.designs.some((entry) => entry.id === exampleId);
          return {
            designs: exists ? state.designs.map((entry) => (entry.id === exampleId ? saved : entry)) : [saved, ...state.designs],
            openDesignId: exampleId,
          };
        });
      },
    };
  };

  const store = createStore<DesignStoreState & DesignStoreActions>()((set, get) => create(set, get));
  if (beforeLoad) {
    const unsubscribe = store.subscribe((state, previous) => {
      if (!state.loaded || previous.loaded) return;
      unsubscribe();
      // The saved designs replaced the list: do again what was done to the one shown. (Nothing saved yet, or
      // unreadable storage: the list shown stays, with those changes in it.)
      if (state.designs === previous.designs) return beforeLoad.discard();
      const { addDesign, updateDesign, deleteDesign, openDesign, resetExample } = store.getState();
      beforeLoad.replay({
        add: addDesign,
        has: (id) => store.getState().designs.some((saved) => saved.id === id),
        shownBefore: (id) => previous.designs.find((saved) => saved.id === id)?.design,
        updateDesign,
        deleteDesign,
        openDesign,
        resetExample,
      });
    });
  }
  if (options.records) {
    persistence = persistDesigns(store, {
      ...options,
      records: options.records,
      revisions,
      // The Versions list shown (read once asked for) is read again when its design keeps a revision.
      onRevisionKept: (id) =>
        void (store.getState().versions[id]
          ? store
              .getState()
              .loadVersions(id)
              .catch(() => undefined)
          : undefined),
    });
  }
  return store;
}

function nextDesignId(designs: readonly SavedDesign[]): string {
  const used = new Set(designs.map((saved) => saved.id));
  let n = designs.length + 1;
  while (used.has(`design-${n}`)) n++;
  return `design-${n}`;
}

function namesOf(designs: readonly SavedDesign[]): string[] {
  return designs.map((saved) => saved.design.name);
}

/** `name`, or `name 2`, `name 3`… so the list never shows two designs under one name. */
function uniqueName(designs: readonly SavedDesign[], name: string): string {
  const used = new Set(designs.map((saved) => saved.design.name));
  if (!used.has(name)) return name;
  let n = 2;
  while (used.has(`${name} ${n}`)) n++;
  return `${name} ${n}`;
}
