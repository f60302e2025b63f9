import type { Design } from '../../design';

/** How many revisions of one design its history keeps (the oldest beyond it are dropped); the Versions region says so. */
export const KEPT_REVISIONS = 50;
/**
 * And how much they may take together (their JSON, in millions of characters):
 * a design of 10 MB of samples keeps its last 6 revisions, not 500 MB.
 */
export const KEPT_REVISIONS_SIZE = 64_000_000;

/** A design's revision: the number in the document, 1 for a design that has none (older files, new designs). */
export function revisionOf(design: Design): number {
  const { revision } = design;
  return typeof revision === 'number' && Number.isInteger(revision) && revision >= 1 ? revision : 1;
}

/** `design` under revision number `revision` (itself when it already is). */
export function withRevision(design: Design, revision: number): Design {
  return design.revision === revision ? design : { ...design, revision };
}

/**
 * Whether two designs say the same thing, their revision numbers aside.
 * Edits are immutable replacements, so what did not change is the same object
 * and is not walked: comparing an edited design with the one before costs the
 * path that changed, not the whole design (a 20,000-row design included).
 */
export function sameDesignContent(a: Design, b: Design): boolean {
  return sameValue({ ...a, revision: 0 }, { ...b, revision: 0 });
}

/** Sizes of parts already measured: designs are immutable and share what did not change, so a save measures only the edited path. */
const measured = new WeakMap<object, number>();

/**
 * About how many characters `value` takes as JSON (strings by length, without
 * escapes): the history's size bound. Cheap where JSON.stringify is not (a
 * 10 MB design took ~300 ms to stringify on a loaded 2-core machine, on every save).
 */
export function estimateSize(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value !== 'object' || value === null) return typeof value === 'number' ? 8 : 5;
  // Lists only are remembered (the samples, the entities…): a WeakMap entry per sample row would cost more than it saves.
  if (!Array.isArray(value)) {
    let size = 2;
    for (const key in value) {
      const element = (value as Record<string, unknown>)[key];
      if (element !== undefined) size += key.length + 4 + estimateSize(element);
    }
    return size;
  }
  const known = measured.get(value);
  if (known !== undefined) return known;
  let size = 2;
  for (const element of value as unknown[]) size += estimateSize(element) + 1;
  measured.set(value, size);
  return size;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((value, index) => sameValue(value, (b as unknown[])[index]));
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Which revision each design's edits belong to. A revision is one save that
 * changes the design: the edits between two saves (a burst of typing, which the
 * deferred writes coalesce) share one number, the first edit after a save
 * opens the next. The store asks `next` on every edit; the persistence calls
 * `seal` when it starts writing a design (its revision is then kept, and the
 * next edit opens a new one).
 */
export interface RevisionCounter {
  /**
   * `edited` numbered: the sealed design itself when it says the same (never a
   * revision for an unchanged design), else the revision after the sealed one
   * (or a higher number the edit set itself).
   */
  next(id: string, before: SealedRevision, edited: Design): Design;
  /** The design as last sealed (what the history holds last), or undefined when not sealed in this tab. */
  sealed(id: string): SealedRevision | undefined;
  seal(id: string, revision: SealedRevision): void;
  /** The newest revision the design's history already keeps: a new revision is numbered after it, never over it. */
  keptUpTo(id: string, revision: number): void;
  forget(id: string): void;
}

/** A design as saved, and when. */
export interface SealedRevision {
  readonly design: Design;
  readonly updatedAt: string;
}

export function createRevisionCounter(): RevisionCounter {
  const sealed = new Map<string, SealedRevision>();
  const kept = new Map<string, number>();
  return {
    next(id, before, edited) {
      // The first edit in this tab: what was there before it (loaded, imported, shipped) is the revision it follows.
      let base = sealed.get(id);
      if (!base) sealed.set(id, (base = before));
      // A number the edit sets itself is kept when it is higher (numbers only grow).
      const explicit = edited.revision !== before.design.revision;
      if (!explicit && sameDesignContent(edited, base.design)) return base.design;
      const next = Math.max(revisionOf(base.design), kept.get(id) ?? 0) + 1;
      return withRevision(edited, Math.max(next, revisionOf(explicit ? edited : before.design)));
    },
    keptUpTo: (id, revision) => void kept.set(id, Math.max(revision, kept.get(id) ?? 0)),
    sealed: (id) => sealed.get(id),
    seal: (id, design) => void sealed.set(id, design),
    forget: (id) => {
      sealed.delete(id);
      kept.delete(id);
    },
  };
}
