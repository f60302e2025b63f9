import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The fixture's console watch covers every page of a test, not only `page`: a console error on a page the
 * test opened itself fails the test. The failing cases are marked `test.fail()`: they pass only if the
 * fixture fails them (at teardown).
 */

/** Logs a console error on `page` and waits until Playwright has delivered it. */
async function logConsoleError(page: Page, text: string): Promise<void> {
  await Promise.all([page.waitForEvent('console', (message) => message.type() === 'error'), page.evaluate((message) => console.error(message), text)]);
}

test('a console error on a second tab of the context fails the test', async ({ page, context }) => {
  test.fail();
  await page.goto('/');
  const second = await context.newPage();
  await second.goto('/');
  await logConsoleError(second, 'second tab broke');
});

test('a console error on a popup the page opened fails the test', async ({ page }) => {
  test.fail();
  await page.goto('/');
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate(() => void window.open('/', '_blank'))]);
  await popup.waitForLoadState();
  await logConsoleError(popup, 'popup broke');
});

test('an uncaught exception on a page of a context the test created fails the test', async ({ browser }) => {
  test.fail();
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto('/');
    await Promise.all([
      other.waitForEvent('pageerror'),
      other.evaluate(() =>
        queueMicrotask(() => {
          throw new Error('other context broke');
        }),
      ),
    ]);
  } finally {
    await elsewhere.close();
  }
});

test.describe('with an allow-list', () => {
  test.use({ allowedPageErrors: [/expected on every page/] });

  test('an allowed console error on a second tab does not fail the test', async ({ page, context }) => {
    await page.goto('/');
    const second = await context.newPage();
    await second.goto('/');
    await logConsoleError(second, 'expected on every page');
    await expect(second.locator('body')).toBeVisible();
  });
});
