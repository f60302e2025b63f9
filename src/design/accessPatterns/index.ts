/** Access patterns: the Query each one sends, the verdict on its result, and pure edits of a table's patterns. */
export * from './buildPatternRequest';
export * from './editAccessPatterns';
export * from './jsonAttributeValues';
export * from './patternFields';
export * from './judgePatternResult';
export { expectedOrderWords } from './judgeResultOrder';
export * from './sortKeyBounds';
