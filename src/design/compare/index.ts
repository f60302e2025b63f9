/**
 * Compare designs: two designs, two versions of one entity's template, or a
 * concatenated sort key beside its multi-attribute version, over the same
 * samples (orders, differing keys, bytes, servable access patterns).
 */
export {
  compareDesigns,
  compareKeySides,
  compareTemplateVersions,
  withEntityTemplate,
  type ComparedSample,
  type KeyComparison,
  type OrderDisagreement,
  type TemplateVersions,
} from './compareKeySides';
export { keyBytesOf, valueByteLength, type KeyBytes } from './keyBytes';
export { buildKeySide, compareParts, type EncodingFailure, type KeyCollision, type KeyPart, type KeySide, type KeySideSpec, type SideKey } from './keySides';
export {
  compareWithMultiAttribute,
  MAX_MULTI_ATTRIBUTE_KEYS,
  toMultiAttributeVariant,
  type MultiAttributeComparison,
  type MultiAttributeSortAttribute,
  type MultiAttributeVariant,
  type MultiAttributeVariantResult,
} from './multiAttribute';
export { derivedPatterns, judgePattern, patternServability, type PatternServability, type ServabilityVerdict } from './patternServability';
