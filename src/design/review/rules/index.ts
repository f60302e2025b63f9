import type { ReviewRule } from '../review.types';
import { ORDERING_RULES } from './orderingRules';
import { PATTERN_RULES } from './patternRules';
import { CAPACITY_RULES } from './capacityRules';

/**
 * Every rule, in the order the README documents them. Each rule is one file
 * in this folder with its tests beside it; the three lists below group them
 * by what they read (field values and order; keys and access patterns;
 * sizes and capacity).
 */
export const REVIEW_RULES: readonly ReviewRule[] = [...ORDERING_RULES, ...PATTERN_RULES, ...CAPACITY_RULES];
