/**
 * Where rows stand against the order their people mean (src/keys' intended
 * order), for the surfaces that list stored keys: the item collection on the
 * slides and in the review document, and each side of Compare designs.
 */
export { judgeCollectionOrder, type CollectionIntendedOrder } from './judgeCollectionOrder';
