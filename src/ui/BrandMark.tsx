/**
 * Keylab's mark in the header, drawn inline rather than as
 * `<img src="/favicon.svg">`: an image costs the first paint a request and
 * an SVG document of its own (about 10 ms of the first frame in a trace of
 * the first load), and React 19 adds a `<link rel="preload">` for it ahead
 * of the stylesheet. The shapes are public/favicon.svg's (the tab's icon);
 * BrandMark.test.tsx holds the two to the same drawing.
 */
export const BRAND_MARK_VIEW_BOX = '0 0 32 32';
export const BRAND_MARK_SHAPES = {
  background: { width: 32, height: 32, rx: 6, fill: '#1f3a5f' },
  letter: { d: 'M8 9h4v14H8zM14 9h10v4H14zM14 15h7v3h-7zM14 20h10v3H14z', fill: '#f5c542' },
} as const;

export function BrandMark({ size = 24 }: { readonly size?: number }) {
  return (
    <svg className="brand-mark" viewBox={BRAND_MARK_VIEW_BOX} width={size} height={size} aria-hidden="true" focusable="false">
      <rect {...BRAND_MARK_SHAPES.background} />
      <path {...BRAND_MARK_SHAPES.letter} />
    </svg>
  );
}
