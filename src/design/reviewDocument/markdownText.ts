/**
 * Untrusted text made safe for Markdown: whatever a design's names, keys and
 * notes hold, they render as the same text and never as Markdown structure
 * or HTML (`</details><script>`, `| pipe`, backticks, a leading `#`).
 */

/** Bidirectional controls: rendered as they are, they reorder the text around them (`05\u202Egnp.exe` reads `05exe.png`). */
export const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** C0 controls (but tab and line breaks, handled by each context), DEL, C1 controls, zero-width and line/paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are made visible.
const OTHER_INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200D\u2028\u2029\u2060\uFEFF]/gu;
const LINE_BREAK = /\r\n|\r|\n/g;

/** The marker an invisible character is shown as: a Control Picture for C0 (␀ … ␟), else its code point (`⟨U+202E⟩`), as the app's views show it. */
function marker(char: string): string {
  const code = char.codePointAt(0) as number;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '␡';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/**
 * Invisible and direction-changing characters replaced by visible markers;
 * with `lineBreaks: 'marker'` line breaks and tabs too (a key), otherwise
 * they are left for the caller (prose folds them into spaces).
 *
 * @example
 * visibleMarkdownText("05\u202Egnp.exe") // "05⟨U+202E⟩gnp.exe"
 */
export function visibleMarkdownText(text: string, lineBreaks: 'marker' | 'keep' = 'keep'): string {
  const visible = text.replace(BIDI_CONTROL, marker).replace(OTHER_INVISIBLE, marker);
  return lineBreaks === 'marker' ? visible.replace(/[\t\n\r]/g, marker) : visible;
}

/** Punctuation Markdown (CommonMark, GFM, GitHub's math) reads as inline structure anywhere: backslash-escaped. */
const INLINE_SPECIAL = /[\\`*_[\]|~$#]/g;
/** What starts a block at the start of a line (a list, a setext underline; `#` is escaped everywhere, as a heading's closing sequence too). */
const BLOCK_START = /^(?:[+=-]|\d+(?=[.)]))/;

/**
 * Prose for a Markdown paragraph, heading, list item or table cell: every
 * Markdown special backslash-escaped, `<` `>` `&` as entities (no raw HTML,
 * no autolink), line breaks and runs of whitespace folded into one space (a
 * cell or heading can't hold a line break, and a blank line would end the
 * block), invisible characters shown as markers. `atLineStart`: the
 * text begins a line, so leading spaces go (four would make a code block)
 * and what would start a list or an underline is escaped.
 *
 * @example
 * markdownProse("</details><script>") // "&lt;/details&gt;&lt;script&gt;"
 * markdownProse("# not a heading | x") // "\\# not a heading \\| x"
 * markdownProse("- item", true) // "\\- item"
 */
export function markdownProse(text: string, atLineStart = false): string {
  const folded = visibleMarkdownText(text).replace(/[\t\r\n ]+/g, ' ');
  const escaped = (atLineStart ? folded.trimStart() : folded).replace(INLINE_SPECIAL, (char) => `\\${char}`);
  return (atLineStart ? escaped.replace(BLOCK_START, (start) => (/\d/.test(start) ? `${start}\\` : `\\${start}`)) : escaped).replace(/[&<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;',
  );
}

/** The longest run of backticks in `text` (0 without any). */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * A code span holding `text` exactly (a key, a template): fenced by more
 * backticks than the longest run inside, padded with a space where the text
 * starts or ends with a backtick (CommonMark strips one such space on each
 * side). Leading and trailing spaces, line breaks, tabs and invisible
 * characters are shown as markers (a code span would fold or hide them). In
 * a table cell (`inTable`) a `|` is escaped as `\|`, which GFM undoes inside
 * code in a cell but which otherwise would end the cell.
 *
 * @example
 * markdownCode("a`b") // "``a`b``"
 * markdownCode("`x`") // "`` `x` ``"
 */
export function markdownCode(text: string, inTable = false): string {
  let content = visibleMarkdownText(text, 'marker').replace(/^ +| +$/g, (spaces) => '␣'.repeat(spaces.length));
  if (content === '') return '*(empty)*';
  if (inTable) content = content.replace(/\|/g, '\\|');
  const fence = '`'.repeat(longestBacktickRun(content) + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/**
 * A fenced code block holding `text` (an expression, a request's JSON): a
 * fence of backticks longer than any run inside, so no line of the text can
 * close it; invisible characters shown as markers (tabs and line breaks kept).
 */
export function markdownCodeBlock(text: string, language = ''): string {
  const content = visibleMarkdownText(text).replace(LINE_BREAK, '\n');
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${fence}${language}\n${content}\n${fence}`;
}
