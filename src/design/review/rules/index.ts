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

/**
 * The same rules by group, for choosing a set (`keylab check --profile`):
 * field values and order, keys and access patterns, sizes and capacity.
 * Every rule of REVIEW_RULES is in exactly one group (tested).
 */
export const REVIEW_RULE_GROUPS = { ordering: ORDERING_RULES, patterns: PATTERN_RULES, capacity: CAPACITY_RULES } as const satisfies Readonly<
  Record<string, readonly ReviewRule[]>
>;
