import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FAVICON from '../../public/favicon.svg?raw';
import { BRAND_MARK_SHAPES, BRAND_MARK_VIEW_BOX, BrandMark } from './BrandMark';

/** An element's attributes in an SVG text, as a name → value map. */
function attributesOf(svg: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\s([^>]*?)/?>`).exec(svg);
  if (!element) throw new Error(`no <${tag}> in ${svg}`);
  return Object.fromEntries([...(element[1] as string).matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}

describe('BrandMark', () => {
  it('draws the same mark as the tab icon (public/favicon.svg)', () => {
    expect(attributesOf(FAVICON, 'svg').viewBox).toBe(BRAND_MARK_VIEW_BOX);
    const rect = attributesOf(FAVICON, 'rect');
    expect({ width: Number(rect.width), height: Number(rect.height), rx: Number(rect.rx), fill: rect.fill }).toEqual(BRAND_MARK_SHAPES.background);
    expect(attributesOf(FAVICON, 'path')).toEqual(BRAND_MARK_SHAPES.letter);
  });

  it('is an inline, decorative SVG: no image request, hidden from screen readers', () => {
    const html = renderToStaticMarkup(<BrandMark />);
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(html).not.toMatch(/<img|href=|src=/);
    expect(attributesOf(html, 'path')).toEqual(BRAND_MARK_SHAPES.letter);
  });
});
