import type { ReviewRule } from '../review.types';

/** Key structure and access patterns: one import and one list entry per rule file. */
export const PATTERN_RULES: readonly ReviewRule[] = [];
