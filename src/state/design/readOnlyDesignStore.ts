import { createStore } from 'zustand/vanilla';
import type { Design } from '../../design';
import type { DesignStore, DesignStoreActions, DesignStoreState, SavedDesign } from './designStore';

/**
 * The id a design shown read-only (opened from a share link) has in its own
 * designs store: never one of the saved designs' ids (`example-…`, `design-<n>`).
 */
export const READ_ONLY_DESIGN_ID = 'shared-link';

/**
 * A designs store holding one design that is shown, not kept: a design opened
 * from a share link. The Design tab's regions are keyed to a design id in a
 * designs store (the review store, acceptances, pattern runs); given this
 * store instead of the app's, they show a design that is not saved, and
 * every change they could ask for is refused here too, so nothing reaches the
 * saved designs (it has no records: nothing is written to IndexedDB) and the
 * shown design stays as the link carried it. Make a copy adds the design to
 * the app's own store.
 *
 * @example
 * const shown = createReadOnlyDesignStore(LEADERBOARD_DESIGN_FROM_A_LINK);
 * shown.getState().updateDesign(READ_ONLY_DESIGN_ID, (design) => ({ ...design, name: "x" })); // ignored
 */
export function createReadOnlyDesignStore(design: Design, updatedAt = new Date().toISOString()): DesignStore {
  const saved: SavedDesign = { id: READ_ONLY_DESIGN_ID, design, updatedAt };
  const ignored = () => undefined;
  return createStore<DesignStoreState & DesignStoreActions>()(() => ({
    designs: [saved],
    openDesignId: READ_ONLY_DESIGN_ID,
    loaded: true,
    // Every edit is refused: the design stays as the link carried it.
    createDesign: () => READ_ONLY_DESIGN_ID,
    duplicateDesign: ignored,
    renameDesign: ignored,
    deleteDesign: ignored,
    openDesign: ignored,
    updateDesign: ignored,
    addDesign: () => READ_ONLY_DESIGN_ID,
    resetExample: ignored,
    saved: () => Promise.resolve(),
    beforeUnload: ignored,
    // No history: a shown design keeps no revisions, and none is restored into it.
    versions: {},
    loadVersions: () => Promise.resolve(),
    nameVersion: () => Promise.resolve(),
    readVersion: () => Promise.resolve(undefined),
    restoreVersion: () => Promise.resolve({ ok: false, message: 'A design opened from a share link keeps no versions: Make a copy first.' }),
  }));
}
