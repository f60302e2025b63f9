import { createDesignReviewStore, createReviewerNameStore, type ReviewerNameStore } from '../../state/design/review';
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
    store = createDesignReviewStore({ designs, reviewerName: reviewerNameStore() });
    reviewStores.set(designs, store);
  }
  return store;
}

let reviewerName: ReviewerNameStore | undefined;

/** The reviewer's name, typed once and remembered in this browser (localStorage), for every design. */
export function reviewerNameStore(): ReviewerNameStore {
  reviewerName ??= createReviewerNameStore({ storage: browserStorage() });
  return reviewerName;
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Blocked (a privacy setting): the name is kept for this tab only.
    return undefined;
  }
}
