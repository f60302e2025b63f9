import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VisibleLines } from './VisibleText';

describe('VisibleLines', () => {
  it('keeps line breaks and indentation of preformatted text, and shows bidi controls as markers', () => {
    const html = renderToStaticMarkup(
      <pre>
        <VisibleLines text={'Written 2 items:\n  Run\u202Ex p_1\r\n    (kept) '} />
      </pre>,
    );
    expect(html).toBe(
      '<pre><bdi>Written 2 items:</bdi>\n  <bdi>Run<span class="invisible-char" title="U+202E right-to-left override">⟨U+202E⟩</span>x p_1</bdi>\n    <bdi>(kept)</bdi> </pre>',
    );
  });
});
