/**
 * Multi-attribute GSI keys (DynamoDB since November 2025): the conversion of
 * a GSI keyed by concatenated strings into typed attributes, left to right,
 * and what it means for the samples' order, the access patterns and the
 * stored items. The review rule review.multiAttributeGsiKey offers it.
 */
export { convertToMultiAttributeGsi } from './convertToMultiAttributeGsi';
export { typedAttributeFor, isInvertedField, type TypedFieldAttribute } from './typedAttributes';
export type * from './multiAttributeConversion.types';
