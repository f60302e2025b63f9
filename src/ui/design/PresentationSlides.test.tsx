import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, type AccessPatternSlide, type FindingsSlide, type Slide } from '../../design';
import { buildSlides } from '../../design/present';
import { plainScoreDesign } from '../../design/present/present.fixtures';
import { SlideView } from './PresentationSlides';

const findingsSlide: FindingsSlide = {
  kind: 'findings',
  id: 'findings|1',
  title: 'Review findings',
  page: 1,
  pageCount: 1,
  total: 1,
  counts: { error: 0, warning: 1, note: 0 },
  findings: [
    {
      code: 'review.numberInStringField',
      severity: 'warning',
      subject: 'Leaderboard · Run · SK · score',
      message: 'Scores stored as text in `SCORE#{score}` sort `9` after `10`.',
      evidence: [{ label: 'Keys of `Run`', text: 'SCORE#9' }],
      suggestion: "Use `{score:int(10)}`, as the article's `<paddedScore>#<playerId>` does.",
    },
  ],
};

const patternSlide: AccessPatternSlide = {
  kind: 'accessPattern',
  id: 'pattern|Leaderboard|top',
  title: 'Top 3 scores',
  table: 'Leaderboard',
  description: '',
  patternId: 'top',
  problems: [],
  resultAttributes: ['SK'],
  result: {
    verdict: 'fails',
    reasons: ['`SCORE#9` came back before `SCORE#1500`, which should have come first.'],
    rows: { rows: [], moreCount: 0 },
    itemCount: 0,
  },
};

describe('slides', () => {
  it('show the code a finding quotes as <code>, never a backtick or a marker between words', () => {
    const html = renderToStaticMarkup(<SlideView slide={findingsSlide} titleId="t" running={false} />);
    expect(html).toContain('<code><bdi>SCORE#{score}</bdi></code>');
    expect(html).toContain('<code><bdi>{score:int(10)}</bdi></code>');
    expect(html).toContain('<code><bdi>Run</bdi></code>');
    expect(html).not.toContain('`');
    expect(html).not.toContain('␣');
  });

  it('show the code a failing pattern’s reason quotes as <code>', () => {
    const html = renderToStaticMarkup(<SlideView slide={patternSlide} titleId="t" running={false} />);
    expect(html).toContain('<code><bdi>SCORE#1500</bdi></code>');
    expect(html).not.toContain('`');
  });

  it('show code as code: templates, keys, key conditions, request values and evidence in <code>, data escaped', () => {
    const render = (slide: Slide | undefined) => renderToStaticMarkup(<SlideView slide={slide as Slide} titleId="t" running={false} />);
    const slides = buildSlides(LEADERBOARD_DESIGN);
    const byKind = (kind: Slide['kind']) => slides.find((slide) => slide.kind === kind);
    const title = render(byKind('title'));
    expect(title).toContain('<code class="slide-mono"><bdi>leaderboardId (S), rankKey (S)</bdi></code>');
    const order = render(byKind('entityOrder'));
    expect(order).toContain('<code class="slide-mono"><bdi>{score:int(10)}#{ts:epoch(16)}#{playerId}</bdi></code>');
    // Every key of both lists is a <code>, none a bare element.
    expect(order.match(/class="slide-key"/g)?.length).toBe(24);
    expect(order.match(/<code class="slide-key">/g)?.length).toBe(24);
    const collection = render(byKind('itemCollection'));
    expect(collection).toContain('<code class="slide-mono"><bdi>leaderboardId = SEASON#2026-SUMMER</bdi></code>');
    const pattern = render(byKind('accessPattern'));
    expect(pattern).toContain('<code class="slide-code"><bdi>leaderboardId = :leaderboardId</bdi></code>');
    expect(pattern).toContain('<dt><code>KeyConditionExpression</code></dt>');
    expect(pattern).toContain('<dd><code class="slide-code">false</code></dd>');
    expect(pattern).toMatch(
      /<dt><code><bdi>:leaderboardId<\/bdi><\/code><\/dt><dd><span class="slide-type">S<\/span> <code class="slide-code"><bdi>SEASON#2026-SUMMER<\/bdi><\/code><\/dd>/,
    );

    const [findings] = buildSlides(plainScoreDesign()).filter((slide) => slide.kind === 'findings');
    const findingsHtml = render(findings);
    expect(findingsHtml).toMatch(/<code class="slide-code">review\.[a-zA-Z]+<\/code>/);
    expect(findingsHtml).toMatch(/<p class="slide-evidence">.*?<code class="slide-code"><bdi>[^<]+<\/bdi><\/code><\/p>/);

    const hostile = render({ ...(byKind('entityOrder') as Extract<Slide, { kind: 'entityOrder' }>), template: '<img src=x onerror=alert(1)>{a}' });
    expect(hostile).toContain('<code class="slide-mono"><bdi>&lt;img src=x onerror=alert(1)&gt;{a}</bdi></code>');
    expect(hostile).not.toContain('<img');
  });

  it('the closing slide shows each decision (kind, code, finding, comment, who, when) and each sign-off, current or out of date, as text', () => {
    const closing: Slide = {
      kind: 'closing',
      id: 'closing|1',
      title: 'Decisions and sign-off',
      revision: 4,
      decisionCount: 2,
      undecidedCount: 1,
      page: 1,
      pageCount: 1,
      decisions: [
        {
          findingId: 'a',
          code: 'review.noTiebreaker',
          kind: 'wontFix',
          comment: '<img src=x onerror=alert(1)> unique per season',
          decidedBy: 'Ada',
          decidedAt: '2026-12-05 09:40 UTC',
          finding: { subject: 'Scores · Score · SK', severity: 'warning' },
        },
        { findingId: 'b', code: 'review.dateNotIso', kind: 'fixLater', comment: 'next sprint', decidedBy: '', decidedAt: '' },
      ],
      signOffs: [
        { reviewer: 'Grace', signedAt: '2026-12-05 10:00 UTC', revision: 3, current: false },
        { reviewer: 'Linus', signedAt: '2026-12-05 10:05 UTC', revision: 4, current: true },
      ],
    };
    const html = renderToStaticMarkup(<SlideView slide={closing} titleId="t" running={false} />);
    expect(html).toContain('Revision 4 · 2 decisions · 1 finding without a decision');
    expect(html).toContain('<span class="slide-decision-kind wontFix">Won&#x27;t fix</span> <code class="slide-code">review.noTiebreaker</code>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; unique per season');
    expect(html).not.toContain('<img');
    expect(html).toContain('<bdi>Ada</bdi> · 2026-12-05 09:40 UTC');
    expect(html).toContain('no longer raised by the review');
    expect(html).toContain(
      '<strong><bdi>Grace</bdi></strong> <span class="slide-muted">revision 3 · 2026-12-05 10:00 UTC</span> <span class="slide-pill fails">✗ out of date: the design changed since</span>',
    );
    expect(html).toContain('<span class="slide-pill passes">✓ current</span>');
  });
});
