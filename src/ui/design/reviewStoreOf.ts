import { createDesignReviewStore } from '../../state/design/review';
import type { DesignReviewStore, DesignStore } from '../../state';

/*
 * The review store is made on first use, by the regions that show the review
 * (Design review, Review document) rather than with the app's stores: the
 * rules load with those regions' chunks, after the first paint. One per
 * designs store (the app has one; tests make their own), so both regions
 * share one memoised review per design instead of each running the rules.
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
