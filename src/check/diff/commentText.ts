import { markdownCode, markdownProse, visibleMarkdownText } from '../../design/reviewDocument';

/*
 * Untrusted design text in a pull-request comment. markdownProse and
 * markdownCode (the review document's) keep it from becoming Markdown
 * structure or HTML; GitHub also turns plain text into links and
 * notifications after rendering (@mentions, #123 references, bare URLs and
 * www. addresses), which no Markdown escape prevents: a zero-width space
 * after the `@`, after the `#` and inside `://` and `www.` breaks them, as
 * dependency bots do, and the text still reads the same.
 */

const ZERO_WIDTH_SPACE = '&#8203;';

/** Mentions, references and autolinks broken in text already escaped for Markdown or HTML (its entities left whole). */
function defuse(escaped: string): string {
  return escaped.replace(/&#?[a-z0-9]+;|[@#]|:\/\/|\bwww\./gi, (match) => {
    if (match.startsWith('&')) return match;
    if (match === '://') return `${ZERO_WIDTH_SPACE}://`;
    return match.endsWith('.') ? `${match.slice(0, -1)}${ZERO_WIDTH_SPACE}.` : `${match}${ZERO_WIDTH_SPACE}`;
  });
}

/** Design text longer than `max` characters cut, saying how much was left out (a name can't fill a comment). */
export function clip(text: string, max = 400): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max).join('')}… (${(characters.length - max).toLocaleString('en-US')} more characters)`;
}

/** Prose that quotes the design (a change's subject, a finding's message): text, never structure, a link or a mention. */
export const commentProse = (text: string, atLineStart = false, max = 400): string => defuse(markdownProse(clip(text, max), atLineStart));

/** A code span (a key, a template, a name): code never links or mentions. */
export const commentCode = (text: string, inTable = false): string => markdownCode(clip(text), inTable);

/** Text inside an HTML element (`<summary>`), where Markdown is not read: entities only. */
export const commentHtml = (text: string): string =>
  defuse(
    visibleMarkdownText(clip(text), 'marker').replace(
      /[&<>"']/g,
      (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
    ),
  );
