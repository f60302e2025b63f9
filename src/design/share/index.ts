/** A design in a URL fragment: the Share link (see shareLink.ts). */
export {
  decodeShareFragment,
  encodeShareFragment,
  MAX_SHARE_DESIGN_BYTES,
  MAX_SHARE_FRAGMENT_CHARS,
  SHARE_FRAGMENT_PREFIX,
  SHARE_LINK_CHAT_CHARS,
  SHARE_LINK_VERSION,
  type ShareFragmentResult,
} from './shareLink';
