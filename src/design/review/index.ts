/** The design review: rules over a design's keys, samples and access patterns, and their findings. */
export * from './review.types';
export { findingId } from './findingId';
export { ReviewContext, sharePartition, type EntityKeyTemplate, type EntityReview, type KeyUse, type SortRange } from './reviewContext';
export { markDecided, reviewDesign } from './reviewDesign';
export { REVIEW_RULE_GROUPS, REVIEW_RULES } from './rules';
export { isDecided, staleDecisions } from './findingDecisions';
