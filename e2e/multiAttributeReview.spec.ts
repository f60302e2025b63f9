import { expect, test } from './fixtures';
import { AccessPatternsPage } from './pages/AccessPatternsPage';
import { DesignOverviewPage } from './pages/DesignOverviewPage';
import { DesignReviewPage } from './pages/DesignReviewPage';

// Opening an example runs its review and its patterns on the built-in engine: slow on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('the Shop’s GSI1 gets the multi-attribute note; its fix converts GSI1 and every pattern still passes', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await new AccessPatternsPage(page).openExample('example-shop');
  const review = new DesignReviewPage(page);
  const finding = review.finding('review.multiAttributeGsiKey');
  await expect(finding).toBeVisible({ timeout: 30_000 });
  await expect(finding).toContainText('GSI1SK of index GSI1 of Shop joins at, orderId into one string ({at:iso}#{orderId})');
  await expect(finding.locator('code', { hasText: '{at:iso}#{orderId}' })).toBeVisible();
  await expect(finding).toContainText('partition key status (S) in place of GSI1PK; sort key at (S), orderId (S) in place of GSI1SK');
  const convert = finding.getByRole('button', { name: 'Convert GSI1 to a multi-attribute key' });
  await convert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('multi-attribute-note-1440.png') });
  await page.setViewportSize({ width: 800, height: 900 });
  await convert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('multi-attribute-note-800.png') });

  // The fix opens the Multi-attribute conversion preview; Apply there converts.
  await convert.click();
  await page.getByRole('dialog', { name: 'Multi-attribute conversion' }).getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(review.finding('review.multiAttributeGsiKey')).toHaveCount(0);
  const overview = new DesignOverviewPage(page);
  await expect(overview.verdictsStatus).toHaveText('3 of 3 pass.', { timeout: 30_000 });
});
