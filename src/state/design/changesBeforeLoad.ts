import type { Design } from '../../design';

/**
 * What the user did to the Designs list before the saved designs were read
 * from IndexedDB, to be done again on what was read.
 *
 * The store shows the examples at once (the first screen does not wait for
 * IndexedDB) and the saved designs replace them when read. An import, an edit
 * or a copy made in between lived only in the replaced list and was lost
 * (on a loaded machine the read takes seconds). Each change is logged here
 * and replayed on the list as read: an update runs its own change function on
 * the stored version, an added design is added again under an id free there,
 * and later changes to it follow it to that id.
 */
export type ChangeBeforeLoad =
  | { readonly kind: 'add'; readonly id: string; readonly design: Design }
  | { readonly kind: 'update'; readonly id: string; readonly change: (design: Design) => Design }
  | { readonly kind: 'delete'; readonly id: string }
  | { readonly kind: 'open'; readonly id: string }
  | { readonly kind: 'resetExample'; readonly id: string };

/** The store's own actions a change is replayed through. */
export interface ReplayTarget {
  add(design: Design): string;
  has(id: string): boolean;
  /** The design as it was before the load replaced the list (for an update of a design the saved list lacks). */
  shownBefore(id: string): Design | undefined;
  updateDesign(id: string, change: (design: Design) => Design): void;
  deleteDesign(id: string): void;
  openDesign(id: string): void;
  resetExample(id: string): void;
}

export function createChangesBeforeLoad() {
  let log: ChangeBeforeLoad[] | undefined = [];
  return {
    /** Whether changes are being logged (true until the saved designs are read). */
    get logging(): boolean {
      return log !== undefined;
    },
    record(change: ChangeBeforeLoad): void {
      log?.push(change);
    },
    /** Stops logging, replaying nothing: the list shown was kept (nothing was saved yet, or storage could not be read). */
    discard(): void {
      log = undefined;
    },
    /** Replays the log once, after the saved designs replaced the list, and stops logging. */
    replay(target: ReplayTarget): void {
      const changes = log ?? [];
      log = undefined;
      const ids = new Map<string, string>();
      // Designs edited before the load but missing from the saved list, carried over as they were shown (every edit in).
      const carried = new Set<string>();
      const idOf = (id: string) => ids.get(id) ?? id;
      for (const change of changes) {
        if (change.kind === 'add') ids.set(change.id, target.add(change.design));
        else if (change.kind === 'update') {
          if (carried.has(change.id)) continue;
          const id = idOf(change.id);
          if (target.has(id)) target.updateDesign(id, change.change);
          else {
            // Not among the saved designs (an example deleted in an earlier visit): kept as a design of its own.
            const shown = target.shownBefore(change.id);
            if (shown) {
              carried.add(change.id);
              ids.set(change.id, target.add(shown));
            }
          }
        } else if (change.kind === 'delete') target.deleteDesign(idOf(change.id));
        else if (change.kind === 'open') target.openDesign(idOf(change.id));
        else target.resetExample(change.id);
      }
    },
  };
}
