import type { ReviewRule } from '../review.types';
import { keyTooLong } from './keyTooLong';
import { hotPartition } from './hotPartition';
import { lowCardinalityPartitionKey } from './lowCardinalityPartitionKey';
import { itemCollectionLimit } from './itemCollectionLimit';
import { itemSize } from './itemSize';
import { gsiProjection } from './gsiProjection';

/** Sizes, limits and capacity: one import and one list entry per rule file. */
export const CAPACITY_RULES: readonly ReviewRule[] = [keyTooLong, hotPartition, lowCardinalityPartitionKey, itemCollectionLimit, itemSize, gsiProjection];
