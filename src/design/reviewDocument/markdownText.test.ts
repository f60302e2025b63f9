import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { markdownCode, markdownCodeBlock, markdownProse, visibleMarkdownText } from './markdownText';

// A real CommonMark + GFM renderer with raw HTML allowed: the worst case a wiki or a pull request renders with.
const markdown = new MarkdownIt({ html: true, linkify: false });
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HOSTILE = [
  '</details><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '| pipe | in | a cell |',
  'back`tick``s and ```fences```',
  '`leading and trailing`',
  '# not a heading #',
  '- not a list',
  '1. not a list',
  '=== not an underline',
  '*not* _emphasis_ ~~struck~~ $x$ [link](http://x) ![img](x)',
  '&amp; &lt; entities &#60;',
  'back\\slash\\',
  'line\nbreak\r\nand\ttab',
  '05\u202Egnp.exe',
  '   four spaces    indent',
  'a\u0000b\u200Bc',
];

describe('markdownProse', () => {
  it.each(HOSTILE)('renders %j as exactly its text (folded whitespace, visible controls), never as structure or HTML', (hostile) => {
    const expected = escapeHtml(
      visibleMarkdownText(hostile)
        .replace(/[\t\r\n ]+/g, ' ')
        .trimStart(),
    );
    expect(markdown.renderInline(markdownProse(hostile, true))).toBe(expected);
    // As a whole block too: one paragraph, nothing else.
    expect(markdown.render(markdownProse(hostile, true))).toBe(`<p>${expected.trimEnd()}</p>\n`);
  });

  it('escapes HTML and Markdown specials', () => {
    expect(markdownProse('</details><script>')).toBe('&lt;/details&gt;&lt;script&gt;');
    expect(markdownProse('# x | y', true)).toBe('\\# x \\| y');
    expect(markdownProse('- item', true)).toBe('\\- item');
    expect(markdownProse('2026. year', true)).toBe('2026\\. year');
    // Only at a line's start: in the middle a dash is just a dash.
    expect(markdownProse('2026-SUMMER - x')).toBe('2026-SUMMER - x');
  });

  it('makes bidi controls visible instead of letting them reorder the text', () => {
    expect(markdownProse('05\u202Egnp.exe')).toBe('05⟨U+202E⟩gnp.exe');
    expect(markdownProse('\u2066a\u2069\u200F')).toBe('⟨U+2066⟩a⟨U+2069⟩⟨U+200F⟩');
  });
});

describe('markdownCode', () => {
  it.each(HOSTILE)('renders %j as one code span holding exactly its (visible) text', (hostile) => {
    const visible = visibleMarkdownText(hostile, 'marker').replace(/^ +| +$/g, (spaces) => '␣'.repeat(spaces.length));
    expect(markdown.renderInline(markdownCode(hostile))).toBe(`<code>${escapeHtml(visible)}</code>`);
  });

  it('chooses a fence longer than any backtick run inside, padding a text that starts or ends with one', () => {
    expect(markdownCode('SK')).toBe('`SK`');
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('a``b`')).toBe('``` a``b` ```');
    expect(markdownCode('`x`')).toBe('`` `x` ``');
  });

  it('shows line breaks, tabs and edge spaces of a key as markers', () => {
    expect(markdownCode(' a\nb\t')).toBe('`␣a␊b␉`');
    expect(markdownCode('')).toBe('*(empty)*');
  });

  it('escapes a pipe inside a table cell, where GFM would otherwise end the cell', () => {
    expect(markdownCode('a|b', true)).toBe('`a\\|b`');
    const table = ['| Key | Bytes |', '| --- | --- |', `| ${markdownCode('x | y `z`', true)} | 3 |`].join('\n');
    expect(markdown.render(table)).toContain('<td><code>x | y `z`</code></td>\n<td>3</td>');
  });
});

describe('markdownCodeBlock', () => {
  it('is never closed early by a fence inside the text', () => {
    const text = 'a\n```\n</pre><script>x</script>\n````';
    const rendered = markdown.render(`${markdownCodeBlock(text, 'json')}\n\nafter`);
    expect(rendered).toBe(`<pre><code class="language-json">${escapeHtml(text)}\n</code></pre>\n<p>after</p>\n`);
  });

  it('makes bidi controls visible', () => {
    expect(markdownCodeBlock('"a\u202Eb"')).toBe('```\n"a⟨U+202E⟩b"\n```');
  });
});
