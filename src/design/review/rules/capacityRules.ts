import type { ReviewRule } from '../review.types';
import { keyTooLong } from './keyTooLong';
import { itemSize } from './itemSize';
import { hotPartition } from './hotPartition';
import { lowCardinalityPartitionKey } from './lowCardinalityPartitionKey';
import { itemCollectionLimit } from './itemCollectionLimit';
import { gsiProjection } from './gsiProjection';

/** Sizes, limits and capacity: one import and one list entry per rule file. */
export const CAPACITY_RULES: readonly ReviewRule[] = [
  keyTooLong,
  itemSize,
  hotPartition,
  lowCardinalityPartitionKey,
  itemCollectionLimit,
  gsiProjection,
];
