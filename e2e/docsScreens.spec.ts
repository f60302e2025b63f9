import { test } from './fixtures';
import { DOCS_SCREENS } from './docs/screens';
import { DOCS_SCREENSHOT_VIEWPORT, DOCS_SCREENSHOTS, type DocsScreenshot } from './docs/screenshotFiles';

/*
 * The docs' screenshots stay reachable: each screen `npm run docs:screenshots` photographs is
 * reached here by the same function, at the same viewport, with its assertions (no pixels compared).
 */
test.use({ viewport: DOCS_SCREENSHOT_VIEWPORT });

for (const name of Object.keys(DOCS_SCREENSHOTS) as DocsScreenshot[]) {
  test(`the docs screenshot ${DOCS_SCREENSHOTS[name]} reaches its screen`, async ({ page }) => {
    await DOCS_SCREENS[name](page);
  });
}
