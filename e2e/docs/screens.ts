import type { Page } from '@playwright/test';
import { expect } from '../expect';
import { AccessPatternsPage } from '../pages/AccessPatternsPage';
import { DesignOverviewPage } from '../pages/DesignOverviewPage';
import { ExplorerPage } from '../pages/ExplorerPage';
import { KeyBuilderPage } from '../pages/KeyBuilderPage';
import type { DocsScreenshot } from './screenshotFiles';

/**
 * How each docs screenshot's screen is reached: through the e2e page objects, asserting on the way
 * what the e2e specs assert, so a UI change that breaks a screenshot breaks the screenshot script
 * and e2e/docsScreens.spec.ts (which runs these in the e2e step). Each starts from a fresh page
 * (its own browser context) and leaves the screen as the screenshot should show it.
 */
export const DOCS_SCREENS: Record<DocsScreenshot, (page: Page) => Promise<void>> = {
  /** The Design tab on the Leaderboard example: its Design overview, both patterns passing. */
  'design-overview': async (page) => {
    await new AccessPatternsPage(page).openExample('example-leaderboard');
    const overview = new DesignOverviewPage(page);
    await expect(overview.verdictsStatus).toHaveText('2 of 2 pass.', { timeout: 30_000 });
    await expect(overview.region.getByRole('group', { name: 'Item collections at a glance' })).toContainText('Stored: Run ×12');
    await page.evaluate(() => window.scrollTo(0, 0));
  },

  /** The key builder: the article's four scores in DynamoDB's order for the raw keys and for the encoded ones. */
  'key-builder-order': async (page) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.rawOrder, 'score')).toEqual(['10', '1500', '240', '9']);
    await expect.poll(() => keyBuilder.fieldValuesIn(keyBuilder.encodedOrder, 'score')).toEqual(['9', '10', '240', '1500']);
    await expect(keyBuilder.rawOrder).toContainText('3 of 4 rows out of place');
    await keyBuilder.orderGroup.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  },

  /** The table explorer on the built-in Leaderboard table: one season's scores, stored as text, in DynamoDB's order. */
  explorer: async (page) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['10', '1500', '240', '9']);
    await explorer.grid.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  },

  /** Present on the Leaderboard example, second slide: the Run entity's samples in naive and in encoded order. */
  'presentation-slide': async (page) => {
    await new AccessPatternsPage(page).openExample('example-leaderboard');
    await page.getByRole('button', { name: 'Present', exact: true }).click();
    const presentation = page.getByRole('region', { name: 'Presentation' });
    await expect(presentation.getByRole('status')).toHaveText(/^1 \/ \d+$/);
    await page.keyboard.press('ArrowRight');
    await expect(presentation.getByRole('status')).toHaveText(/^2 \/ \d+$/);
    await expect(presentation.getByRole('heading', { level: 2 })).toHaveText('Run: naive and encoded rankKey');
  },
};
