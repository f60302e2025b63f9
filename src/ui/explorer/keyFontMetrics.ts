import { FALLBACK_METRICS, type KeyFontMetrics } from './gridLayout';

/** The grid's font size and the type badge's, in rem (app.css: `.results-grid`, `.type-badge`). */
const GRID_FONT_REM = 0.88;
const BADGE_FONT_REM = 0.7;
/** The badge's horizontal padding plus its right margin, in rem (app.css `.type-badge`). */
const BADGE_CHROME_REM = 0.25 * 2 + 0.3;

let measured: KeyFontMetrics | undefined;

/**
 * The key font's character width and the type badge's width, measured once with a canvas in the
 * page's monospace font (`--mono`); key columns are sized and wrapped in these characters.
 * Where nothing can be measured (no canvas), an estimate.
 */
export function keyFontMetrics(): KeyFontMetrics {
  if (measured) return measured;
  measured = FALLBACK_METRICS;
  if (typeof document === 'undefined') return measured;
  try {
    const root = getComputedStyle(document.documentElement);
    const remPx = Number.parseFloat(root.fontSize) || 16;
    const family = root.getPropertyValue('--mono').trim() || 'monospace';
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return measured;
    const sample = '0123456789#ABCDEFGHIJ';
    context.font = `${GRID_FONT_REM * remPx}px ${family}`;
    const charPx = context.measureText(sample).width / sample.length;
    context.font = `${BADGE_FONT_REM * remPx}px ${family}`;
    const badgePx = context.measureText('N').width + BADGE_CHROME_REM * remPx;
    if (charPx > 0) measured = { charPx, badgePx: Math.ceil(badgePx) };
  } catch {
    // No canvas (a test DOM): keep the estimate.
  }
  return measured;
}
