import { createDesignReviewStore, storedKeysForDesign } from '../../state/design/review';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Design, StoredKeys } from '../../design';
import { resolveDesignBinding, type DesignReview, type DesignReviewStore, type DesignStore } from '../../state';
import { useAppStores, useBuiltExplorerSide, useDesignBindings, useDesigns, useStoreIfBuilt } from '../stores';
import './reviewPending.css';

/*
 * The review store is made on first use, here rather than with the app's
 * stores: the rules load with the review regions' chunk, after the first
 * paint. One per designs store (the app has one; tests make their own), shared
 * by every region that shows the open design's findings: one review per
 * design revision.
 */
const reviewStores = new WeakMap<DesignStore, DesignReviewStore>();
export function reviewStoreOf(designs: DesignStore): DesignReviewStore {
  let store = reviewStores.get(designs);
  if (!store) {
    store = createDesignReviewStore({ designs });
    reviewStores.set(designs, store);
  }
  return store;
}

/** What a region shows of the open design's review. */
export interface DesignReviewView {
  readonly store: DesignReviewStore;
  /** The keys the review compares the design with (see useStoredKeys). */
  readonly storedKeys: readonly StoredKeys[] | undefined;
  /**
   * The latest settled review of this design: of `design` itself unless
   * `pending`, else of the revision before (`reviewedDesign`), undefined
   * before the first one settles.
   */
  readonly review: DesignReview | undefined;
  readonly reviewedDesign: Design | undefined;
  /** True while the review of `design` has not settled: the region says "Reviewing…" rather than showing older findings as current. */
  readonly pending: boolean;
}

/**
 * The review of the open design, shared: each region asks for the same
 * revision (the store runs it once, after the frame that shows the edit,
 * superseded by a newer one) and re-renders when it settles.
 */
export function useDesignReview(designId: string, design: Design): DesignReviewView {
  const { designs } = useAppStores();
  const store = reviewStoreOf(designs);
  const storedKeys = useStoredKeys(designId);
  const settled = useStore(store, (state) => state.settled);
  useEffect(() => {
    store.getState().requestReview(designId, design, storedKeys);
  }, [store, designId, design, storedKeys]);
  // A revision reviewed before (an acceptance, an undo, the settled one) needs no wait.
  const known = store.getState().knownReviewOf(design, storedKeys);
  if (known) return { store, storedKeys, review: known, reviewedDesign: design, pending: false };
  const before = settled?.designId === designId ? settled : undefined;
  return { store, storedKeys, review: before?.review, reviewedDesign: before?.design, pending: true };
}

const NO_ITEMS: readonly never[] = [];

/**
 * The keys of the items the explorer has loaded, when its table is bound to
 * a table of this design (for the rules that compare design and data). A new
 * list only when the items or the bound table change, so an acceptance does
 * not re-run the rules; the same list for every region asking (one review).
 */
export function useStoredKeys(designId: string): readonly StoredKeys[] | undefined {
  // The explorer's items only once the explorer was shown (the review doesn't load it).
  const explorer = useBuiltExplorerSide()?.explorer;
  const items = useStoreIfBuilt(explorer, (state) => state.items, NO_ITEMS);
  const tableSummary = useStoreIfBuilt(explorer, (state) => state.table, undefined);
  const choice = useDesignBindings((state) => (tableSummary ? state.choices[tableSummary.name] : undefined));
  const saved = useDesigns((state) => state.designs);
  const binding = useMemo(() => resolveDesignBinding(saved, choice, tableSummary), [saved, choice, tableSummary]);
  return sharedStoredKeys(designId, binding?.designId, binding?.table, items);
}

type BoundTable = NonNullable<ReturnType<typeof resolveDesignBinding>>['table'];
let lastStoredKeys: { designId: string; boundDesignId: string | undefined; boundTable: BoundTable | undefined; items: readonly unknown[]; keys: readonly StoredKeys[] | undefined } | undefined;

/** storedKeysForDesign, the same list while its inputs are the same (across components: identity is what the review is memoised on). */
function sharedStoredKeys(designId: string, boundDesignId: string | undefined, boundTable: BoundTable | undefined, items: Parameters<typeof storedKeysForDesign>[2]) {
  const last = lastStoredKeys;
  if (last && last.designId === designId && last.boundDesignId === boundDesignId && last.boundTable === boundTable && last.items === items) return last.keys;
  const keys = storedKeysForDesign(designId, boundDesignId !== undefined && boundTable ? { designId: boundDesignId, table: boundTable } : undefined, items);
  lastStoredKeys = { designId, boundDesignId, boundTable, items, keys };
  return keys;
}
