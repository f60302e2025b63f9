import { buildReviewDocument } from '../../design/reviewDocument';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type Design } from '../../design';
import { ReviewDocumentView } from './ReviewDocumentView';

/** The date the review documents here are generated on (fixed: the document is pure). */
const REVIEW_NOW = new Date('2026-12-05T09:40:00.000Z');

describe('ReviewDocumentView', () => {
  it('renders the same sections as the Markdown, in order', () => {
    const html = renderToStaticMarkup(<ReviewDocumentView document={buildReviewDocument(LEADERBOARD_DESIGN, { now: REVIEW_NOW, findings: [] })} />);
    expect([...html.matchAll(/<h4>(.*?)<\/h4>/g)].map(([, title]) => title)).toEqual([
      'Tables and indexes',
      'Key templates',
      'Item collection',
      'Access patterns',
      'Findings',
      'Decisions',
      'Sign-off',
    ]);
    expect(html).toContain('<table aria-label="Key templates of table Leaderboard">');
    // Code blocks keep their indentation as spaces, not ␣ markers.
    expect(html).toContain('\n  <bdi>&quot;KeyConditionExpression&quot;: &quot;leaderboardId = :leaderboardId&quot;,</bdi>');
  });

  it('renders a hostile design as text: no element it names, bidi controls as markers', () => {
    const hostile: Design = { ...LEADERBOARD_DESIGN, name: '</h3><script>alert(1)</script>', description: '<img src=x onerror=alert(1)>\u202Eevil' };
    const html = renderToStaticMarkup(<ReviewDocumentView document={buildReviewDocument(hostile, { now: REVIEW_NOW, findings: [] })} />);
    expect(html).not.toMatch(/<(script|img)\b/);
    expect(html).toContain('&lt;/h3&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('\u202E');
    expect(html).toContain('⟨U+202E⟩');
  });
});
