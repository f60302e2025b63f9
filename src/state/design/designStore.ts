import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { deferredJsonStorage, type DeferredWrites } from '../deferredWrites';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { copyName, describeDesignProblem, emptyDesign, EXAMPLE_DESIGNS, freeDesignName, readDesign, type Design, type DesignDocument } from '../../design';

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

export interface DesignStoreState {
  readonly designs: readonly SavedDesign[];
  /** The design on screen; undefined only when the list is empty. */
  readonly openDesignId: string | undefined;
}

export interface DesignStoreActions {
  /** A new, empty design (one table keyed PK/SK), opened. Returns its id. */
  createDesign(name?: string): string;
  /** A copy of a design under "<name> (copy)" ("<name> (copy 2)", … when taken), opened. Returns its id. */
  duplicateDesign(id: string): string | undefined;
  renameDesign(id: string, name: string): void;
  /** Removes a design (the UI asks first); the next one opens. */
  deleteDesign(id: string): void;
  openDesign(id: string): void;
  /** Replaces a design with `change(design)`; nothing happens when it returns the same object. */
  updateDesign(id: string, change: (design: Design) => Design): void;
  /** Adds a design (an import, Make a copy), opened; under "<name> (copy)" when its name is taken (see freeDesignName). Returns its id. */
  addDesign(design: Design): string;
  /** Puts a built-in example back as it ships (re-adding it when deleted) and opens it. */
  resetExample(exampleId: string): void;
}

export type DesignStore = StoreApi<DesignStoreState & DesignStoreActions>;

export const DESIGNS_STORAGE_KEY = 'keylab.designs';
/** Where saved designs that no longer read as designs are kept aside (never silently dropped). */
export const UNREADABLE_DESIGNS_STORAGE_KEY = 'keylab.designs.unreadable';

export interface DesignStoreOptions {
  /** localStorage in the browser, a map in tests; without it nothing is saved. */
  readonly storage?: StateStorage;
  /** The clock for `updatedAt` (tests pass a fixed one). */
  readonly now?: () => Date;
  /** Saved designs that failed validation on load (kept under UNREADABLE_DESIGNS_STORAGE_KEY): one message per design. */
  readonly onUnreadable?: (messages: readonly string[]) => void;
  /** Saves wait for a pause in typing (the composition root flushes them when the page is hidden); without it every change is saved at once. */
  readonly deferredWrites?: DeferredWrites;
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
 * Creates the designs store. With `storage`, the list and the open design
 * survive a reload; what is read back is untrusted and checked first.
 *
 * @example
 * const store = createDesignStore();
 * const id = store.getState().createDesign("Orders");
 * store.getState().updateDesign(id, (design) => ({ ...design, description: "v2" }));
 */
export function createDesignStore(options: DesignStoreOptions = {}): DesignStore {
  const now = options.now ?? (() => new Date());
  const create = (set: DesignStore['setState'], get: DesignStore['getState']): DesignStoreState & DesignStoreActions => {
    const add = (design: Design): string => {
      const id = nextDesignId(get().designs);
      set((state) => ({ designs: [...state.designs, { id, design, updatedAt: now().toISOString() }], openDesignId: id }));
      return id;
    };
    const initial = exampleDesigns(now());
    return {
      designs: initial,
      openDesignId: initial[0]?.id,
      createDesign: (name) => add(emptyDesign(name ?? uniqueName(get().designs, 'Untitled design'))),
      duplicateDesign: (id) => {
        const source = get().designs.find((saved) => saved.id === id);
        return source ? add({ ...source.design, name: copyName(source.design.name, namesOf(get().designs)) }) : undefined;
      },
      renameDesign: (id, name) => get().updateDesign(id, (design) => (design.name === name ? design : { ...design, name })),
      deleteDesign: (id) =>
        set((state) => {
          const index = state.designs.findIndex((saved) => saved.id === id);
          if (index < 0) return state;
          const designs = state.designs.filter((saved) => saved.id !== id);
          const openDesignId = state.openDesignId === id ? (designs[Math.min(index, designs.length - 1)]?.id ?? undefined) : state.openDesignId;
          return { designs, openDesignId };
        }),
      openDesign: (id) => set((state) => (state.designs.some((saved) => saved.id === id) ? { openDesignId: id } : state)),
      updateDesign: (id, change) =>
        set((state) => {
          let changed = false;
          const designs = state.designs.map((saved) => {
            if (saved.id !== id) return saved;
            const design = change(saved.design);
            if (design === saved.design) return saved;
            changed = true;
            return { ...saved, design, updatedAt: now().toISOString() };
          });
          return changed ? { designs } : state;
        }),
      // An import or a shared design whose name is taken is kept under "<name> (copy)": both stay, told apart.
      addDesign: (design) => add({ ...design, name: freeDesignName(design.name, namesOf(get().designs)) }),
      resetExample: (exampleId) => {
        const example = EXAMPLE_DESIGNS.find((entry) => entry.id === exampleId);
        if (!example) return;
        const saved: SavedDesign = { id: example.id, design: designOf(example.design), updatedAt: now().toISOString() };
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

  if (!options.storage) return createStore<DesignStoreState & DesignStoreActions>()((set, get) => create(set, get));
  return createStore<DesignStoreState & DesignStoreActions>()(
    persist((set, get) => create(set, get), {
      name: DESIGNS_STORAGE_KEY,
      version: 1,
      storage: options.deferredWrites ? deferredJsonStorage(options.storage, options.deferredWrites) : createJSONStorage(() => options.storage as StateStorage),
      partialize: (state): DesignStoreState => ({ designs: state.designs, openDesignId: state.openDesignId }),
      // Saved data is untrusted (older versions, hand edits, another tab): every design is validated;
      // one that fails is kept aside and reported, never silently lost.
      merge: (persisted, current) => {
        const saved = (typeof persisted === 'object' && persisted !== null ? persisted : {}) as Partial<Record<keyof DesignStoreState, unknown>>;
        if (!Array.isArray(saved.designs)) return current;
        const { designs, unreadable, problems } = readSavedDesigns(saved.designs);
        if (unreadable.length > 0) setAside(options.storage as StateStorage, unreadable);
        if (unreadable.length + problems.length > 0) options.onUnreadable?.([...unreadable.map((entry) => entry.message), ...problems]);
        const openDesignId = typeof saved.openDesignId === 'string' && designs.some((entry) => entry.id === saved.openDesignId) ? saved.openDesignId : designs[0]?.id;
        return { ...current, designs, openDesignId };
      },
    }),
  );
}

interface UnreadableDesign {
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
    const read = readDesign(design);
    if (read.ok) designs.push({ id, design: read.design, updatedAt });
    else if (hasDesignShape(design)) {
      // The editor saves designs mid-edit (a pattern still missing a value after its template
      // changed): a reload must not be stricter than the screen was, so the design stays, said.
      designs.push({ id, design, updatedAt });
      problems.push(`Saved design ${label} has problems to fix: ${read.errors.slice(0, 3).map(describeDesignProblem).join('; ')}`);
    } else unreadable.push({ entry, message: `Saved design ${label} could not be read and was set aside: ${read.errors.slice(0, 3).map(describeDesignProblem).join('; ')}` });
  });
  return { designs, unreadable, problems };
}

/**
 * Whether a saved value has every part the screens walk (lists where lists
 * are, names where names are), so it can be shown even when its contents
 * don't pass the document rules.
 */
function hasDesignShape(value: unknown): value is Design {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const isKey = (v: unknown) => isObject(v) && typeof v.name === 'string' && (v.type === 'S' || v.type === 'N' || v.type === 'B');
  const listOf = (v: unknown, check: (element: unknown) => boolean) => Array.isArray(v) && v.every(check);
  const isIndex = (v: unknown) => isObject(v) && typeof v.name === 'string' && listOf(v.partitionKey, isKey) && listOf(v.sortKey, isKey) && isObject(v.projection);
  const isSample = (v: unknown) => isObject(v) && typeof v.id === 'string' && isObject(v.values) && Object.values(v.values).every((text) => typeof text === 'string');
  const isEntity = (v: unknown) =>
    isObject(v) && typeof v.name === 'string' && isObject(v.keys) && Object.values(v.keys).every((text) => typeof text === 'string') && listOf(v.samples, isSample) && Array.isArray(v.attributes) && isObject(v.expectations);
  const isPattern = (v: unknown) => isObject(v) && typeof v.id === 'string' && typeof v.name === 'string' && listOf(v.entities, (name) => typeof name === 'string') && isObject(v.partitionValues) && isObject(v.expected) && Array.isArray(v.projection);
  const isTable = (v: unknown) =>
    isObject(v) && typeof v.name === 'string' && isKey(v.partitionKey) && (v.sortKey === undefined || isKey(v.sortKey)) && listOf(v.indexes, isIndex) && listOf(v.entities, isEntity) && listOf(v.accessPatterns, isPattern);
  return isObject(value) && typeof value.name === 'string' && typeof value.description === 'string' && listOf(value.tables, isTable);
}

/** Appends to what is already kept aside (a second bad load never overwrites the first). */
function setAside(storage: StateStorage, unreadable: readonly UnreadableDesign[]): void {
  try {
    const before = storage.getItem(UNREADABLE_DESIGNS_STORAGE_KEY);
    const list: unknown[] = [];
    if (typeof before === 'string') {
      try {
        const kept: unknown = JSON.parse(before);
        list.push(...(Array.isArray(kept) ? kept : [kept]));
      } catch {
        list.push(before);
      }
    }
    storage.setItem(UNREADABLE_DESIGNS_STORAGE_KEY, JSON.stringify([...list, ...unreadable.map(({ entry, message }) => ({ entry, problem: message }))]));
  } catch {
    // Storage that can't be read or written: the notice still says what was set aside.
  }
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
