/**
 * The screenshots of the docs: each one's PNG under docs/images/, written by
 * `npm run docs:screenshots` (e2e/docs/takeScreenshots.ts) from the screen
 * e2e/docs/screens.ts reaches the way the e2e tests do. Data only, so the unit
 * test of the docs' images (scripts/docsImages.test.ts) reads it without a browser.
 */
export const DOCS_SCREENSHOTS = {
  'design-overview': 'docs/images/design-overview.png',
  'key-builder-order': 'docs/images/key-builder-order.png',
  explorer: 'docs/images/explorer.png',
  'presentation-slide': 'docs/images/presentation-slide.png',
} as const;

export type DocsScreenshot = keyof typeof DOCS_SCREENSHOTS;

/** The viewport every screenshot is taken at (a laptop screen). */
export const DOCS_SCREENSHOT_VIEWPORT = { width: 1440, height: 900 } as const;
