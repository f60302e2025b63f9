/**
 * A design in a URL fragment: the Share link. Entered directly (eslint/layers.js
 * ENTRY_POINTS), not through the design index, so its compression library
 * loads when Share is used or a link is opened, not before the first paint;
 * the index exports only the link's format (shareLinkFormat.ts).
 */
export { decodeShareFragment, encodeShareFragment, type ShareFragmentResult } from './shareLink';
export * from './shareLinkFormat';
