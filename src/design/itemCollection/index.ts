/** The item collection view's core: one partition's items, every entity together, in DynamoDB's order. */
export { buildItemCollection, defaultPartition, listPartitions, positionedRow, type ItemCollectionQuery } from './buildItemCollection';
export { explainOutOfPlace, type OutOfPlaceReason } from './explainOutOfPlace';
export { mergeInto, mergeSorted } from './mergeSorted';
export type { CollectionRow, ItemCollection, KeyPartText, PartitionSummary, PositionedRow, UnencodableSample } from './itemCollection.types';
export { entityRuns, glanceAtCollections, type CollectionGlance, type EntityRun } from './glanceAtCollections';
