import type { ReviewRule } from '../review.types';
import { beginsWithInsideField } from './beginsWithInsideField';
import { invertedWhereFlagSuffices } from './invertedWhereFlagSuffices';
import { multiAttributeGsiKey } from './multiAttributeGsiKey';
import { noTiebreaker } from './noTiebreaker';
import { prefixOverlap } from './prefixOverlap';
import { randomSortKey } from './randomSortKey';
import { scanPattern } from './scanPattern';
import { unservedPattern } from './unservedPattern';

/** Key structure and access patterns: one import and one list entry per rule file. */
export const PATTERN_RULES: readonly ReviewRule[] = [
  noTiebreaker,
  randomSortKey,
  invertedWhereFlagSuffices,
  beginsWithInsideField,
  prefixOverlap,
  scanPattern,
  unservedPattern,
  multiAttributeGsiKey,
];
