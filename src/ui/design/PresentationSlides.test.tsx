import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AccessPatternSlide, FindingsSlide } from '../../design';
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
  result: { verdict: 'fails', reasons: ['`SCORE#9` came back before `SCORE#1500`, which should have come first.'], rows: { rows: [], moreCount: 0 }, itemCount: 0 },
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
});
