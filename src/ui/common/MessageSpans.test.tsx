import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageSpans } from './VisibleText';

/** The text a reader sees (and an accessible name is built from): tags dropped, entities decoded. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('MessageSpans', () => {
  it('shows a fix label’s words as words and its code as code: no marker, no backtick', () => {
    const html = renderToStaticMarkup(
      <button type="button">
        <MessageSpans text="Use `{at:iso}`" />
      </button>,
    );
    expect(html).toBe('<button type="button"><bdi>Use</bdi> <code><bdi>{at:iso}</bdi></code></button>');
    expect(shownText(html)).toBe('Use {at:iso}');
  });

  it('never marks the spaces between words and code (the article’s suggestion)', () => {
    const html = renderToStaticMarkup(<MessageSpans text="Order the key as the article's `<paddedScore>#<paddedTimestamp>#<playerId>` does." />);
    expect(html).not.toMatch(/␣|invisible-char|`/);
    expect(html).toContain('<code><bdi>&lt;paddedScore&gt;#&lt;paddedTimestamp&gt;#&lt;playerId&gt;</bdi></code>');
    expect(shownText(html)).toBe("Order the key as the article's <paddedScore>#<paddedTimestamp>#<playerId> does.");
  });

  it('marks what is genuinely invisible inside quoted data, in code and in words', () => {
    const html = renderToStaticMarkup(<MessageSpans text={'Key `USER#a ` repeats user\u202E1.'} />);
    expect(html).toContain('<code><bdi>USER#a<span class="invisible-char" title="U+0020 space">␣</span></bdi></code>');
    expect(html).toContain('user<span class="invisible-char" title="U+202E right-to-left override">⟨U+202E⟩</span>1.');
  });

  it('renders markup in a message as text, never as HTML', () => {
    expect(renderToStaticMarkup(<MessageSpans text="`<img src=x onerror=alert(1)>` and <b>bold</b>" />)).not.toMatch(/<img|<b>/);
  });

  it('keeps an unpaired backtick as text', () => {
    expect(shownText(renderToStaticMarkup(<MessageSpans text="Add a `# tiebreaker" />))).toBe('Add a `# tiebreaker');
  });
});
