/**
 * What a share link looks like and its limits, without the code that packs
 * and unpacks it (shareLink.ts, with its compression library): the app
 * tells a share link from another fragment before it loads that code.
 */

/** The link format this Keylab writes and reads. A later Keylab keeps reading `k1` links. */
export const SHARE_LINK_VERSION = 'k1';
/** What starts the fragment of a share link (after the `#`). */
export const SHARE_FRAGMENT_PREFIX = 'share=';

/**
 * The longest fragment Keylab writes or reads. Browsers take far longer URLs
 * (Chromium 2 MB; Firefox and Safari well past 64 KB), but a link is made to
 * be pasted: a GitHub comment holds at most 65,536 characters and most chat
 * apps cut or refuse links long before that. 32 KB keeps a link pasteable
 * into an issue or an email; a design that needs more travels as a file
 * (Export design), which has no such limit. Reading stops at the same length,
 * so a 10 MB "link" is refused before it is decoded.
 */
export const MAX_SHARE_FRAGMENT_CHARS = 32 * 1024;
/** Where chat apps start cutting links: a longer one still works, but is better sent as a file. */
export const SHARE_LINK_CHAT_CHARS = 2000;
/**
 * The most a link may inflate to. Design JSON packs about 3–10:1, so a link
 * within the length limit holds at most ~1 MB of design; deflate can pack
 * ~1,000:1, so a hostile 32 KB link could expand to ~30 MB and freeze the
 * tab. Inflating stops at 4 MB: room for any real link, and a bomb is
 * refused in a few milliseconds.
 */
export const MAX_SHARE_DESIGN_BYTES = 4 * 1024 * 1024;

/** Whether a URL hash (`#share=…`) is meant as a share link: it then opens the shared-design view, good or bad. */
export function isShareHash(hash: string): boolean {
  return hash.startsWith(`#${SHARE_FRAGMENT_PREFIX}`);
}
