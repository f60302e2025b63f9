import type { ReviewRule } from '../review.types';

/** Sizes, limits and capacity: one import and one list entry per rule file. */
export const CAPACITY_RULES: readonly ReviewRule[] = [];
