import path from 'node:path';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { AccessPatternsPage } from './pages/AccessPatternsPage';
import { DesignImportExportPage, IMPORT_OUTCOME } from './pages/DesignImportExportPage';
import { DesignOverviewPage, openEntityEditor } from './pages/DesignOverviewPage';

/** AWS's "AnOnlineShop" Workbench sample as Keylab imports it, with a ninth entity (shipmentItem) and six access patterns. */
const ONLINE_SHOP_9 = path.join(import.meta.dirname, 'designs/online-shop-9.keylab.json');
/** Nine entities with the pitfalls the rules flag: open findings of every severity. */
const REVIEW_DESIGN = path.join(import.meta.dirname, 'designs/review-findings.keylab.json');

// Imports go through a worker and a durable IndexedDB write: on a loaded machine (2 cores) longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 1920, height: 1080 } });

async function importDesign(page: import('@playwright/test').Page, file: string, name: string): Promise<DesignOverviewPage> {
  const importExport = new DesignImportExportPage(page);
  await importExport.open();
  await importExport.importFile(file);
  await expect(importExport.importReport.getByRole('status')).toContainText(`Imported “${name}”`, IMPORT_OUTCOME);
  // Importing scrolled to the report: the design opens at the top, as it does when chosen in the Designs list.
  await page.evaluate(() => window.scrollTo(0, 0));
  const overview = new DesignOverviewPage(page);
  await expect(overview.region).toContainText(name, { timeout: 30_000 });
  return overview;
}

test('the Leaderboard opens on its overview: counts, both verdicts and its item collections inside one 1920×1080 screen', async ({ page }) => {
  await new AccessPatternsPage(page).openExample('example-leaderboard');
  const overview = new DesignOverviewPage(page);
  await expect(overview.verdictsStatus).toHaveText('2 of 2 pass.', { timeout: 30_000 });
  await expect(overview.verdict('Top scores of a season, highest first')).toHaveText('passes');
  await expect(overview.verdict('A player’s runs, newest first')).toHaveText('passes');
  await expect(overview.counts()).toHaveText(/^0 errors0 warnings0 notesopen0 decided$/);
  const collections = overview.region.getByRole('group', { name: 'Item collections at a glance' });
  await expect(collections).toContainText('Stored: Run ×12');
  await expect(collections).toContainText('naive keys would put 11 of 12 elsewhere');

  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  for (const part of [overview.counts(), overview.verdictsStatus, overview.verdict('A player’s runs, newest first'), collections, overview.jumpList])
    await overview.expectInViewport(part);
  await expectNoSidewaysScroll(page);
});

test('a 9-entity model opens on its overview inside 1920×1080, with its entity editors collapsed', async ({ page }) => {
  const overview = await importDesign(page, ONLINE_SHOP_9, 'AnOnlineShop (9 entities)');
  await expect(overview.verdictsStatus).toHaveText('5 of 6 pass.', { timeout: 30_000 });
  await expect(overview.verdict('Order partition as items')).toHaveText('fails');
  await expect(overview.verdict('Orders of a customer')).toHaveText('passes');
  for (const part of [
    overview.counts(),
    overview.verdictsStatus,
    overview.verdict('Items of a shipment'),
    overview.region.getByRole('group', { name: 'Item collections at a glance' }),
    overview.jumpList,
  ]) {
    await overview.expectInViewport(part);
  }
  await expect(overview.jumpList.getByRole('list', { name: 'Entities' }).getByRole('link')).toHaveCount(9);

  // Every entity editor starts collapsed: a disclosure button named "Entity <name>", not expanded.
  const toggles = page.getByRole('region', { name: 'Entities' }).getByRole('button', { name: /^Entity / });
  await expect(toggles).toHaveCount(9);
  for (const toggle of await toggles.all()) await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Entities' }).getByRole('textbox', { name: 'SK template' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  // Opened, an editor shows its templates; the others stay collapsed.
  await openEntityEditor(page, 'customer');
  await expect(page.getByRole('region', { name: 'Entities' }).getByRole('textbox', { name: 'SK template' })).toHaveCount(1);
  await expect(
    page
      .getByRole('region', { name: 'Entities' })
      .getByRole('listitem', { name: 'customer', exact: true })
      .getByRole('textbox', { name: 'SK template', exact: true }),
  ).toHaveValue('c#{customerId}');

  // The overview's verdicts are the Access patterns region's: the same run, pattern by pattern.
  const patterns = new AccessPatternsPage(page);
  await patterns.run();
  for (const name of [
    'Items of an order',
    'Inventory of a product',
    'Orders of a customer',
    'Invoices of an order',
    'Order partition as items',
    'Items of a shipment',
  ]) {
    await expect(patterns.verdict(name), name).toHaveText((await overview.verdict(name).textContent()) ?? '');
  }
});

test('the jump list moves focus to a table, a collapsed entity (opening it) and an access pattern', async ({ page }) => {
  const overview = await importDesign(page, ONLINE_SHOP_9, 'AnOnlineShop (9 entities)');

  await overview.jumpLink('Entities', 'orderItem').click();
  const entity = page.getByRole('region', { name: 'Entities' }).getByRole('listitem', { name: 'orderItem', exact: true });
  await expect(entity).toBeFocused();
  await expect(entity.getByRole('button', { name: 'Entity orderItem', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(entity.getByRole('textbox', { name: 'SK template', exact: true })).toHaveValue('p#{productId}');
  await expect(entity).toBeInViewport();

  // By keyboard: focus a link, press Enter.
  await overview.jumpLink('Patterns', 'Order partition as items').focus();
  await page.keyboard.press('Enter');
  const pattern = new AccessPatternsPage(page).pattern('Order partition as items');
  await expect(pattern).toBeFocused();
  await expect(pattern).toBeInViewport();

  await overview.jumpLink('Tables', 'OnlineShop').click();
  const table = page.locator('.table-editor');
  await expect(table).toBeFocused();
  await expect(table.getByRole('textbox', { name: 'Table name' })).toHaveValue('OnlineShop');
});

test('Skip to findings and Skip to overview: hidden until focused, then each moves focus to its region; a finding link lands on the finding', async ({
  page,
}) => {
  const overview = await importDesign(page, REVIEW_DESIGN, 'Review findings');
  await expect(overview.findings.first()).toBeVisible({ timeout: 30_000 });

  // Off screen until focused.
  expect((await overview.skipToFindings.boundingBox())?.x ?? -1).toBeLessThan(0);
  await overview.skipToFindings.focus();
  await overview.expectInViewport(overview.skipToFindings);
  await page.keyboard.press('Enter');
  const review = page.getByRole('region', { name: 'Design review' });
  await expect(page.locator('#design-findings')).toBeFocused();
  await expect(review.getByRole('heading', { name: 'Design review', level: 2 })).toBeInViewport();

  await overview.skipToOverview.focus();
  await page.keyboard.press('Enter');
  await expect(overview.region).toBeFocused();
  await expect(overview.region.getByRole('heading', { name: 'Design overview' })).toBeInViewport();

  // The most severe open finding: its link lands on the same finding in the Design review region.
  const first = overview.findings.first();
  const code = (await first.locator('code').textContent()) ?? '';
  expect(code).toMatch(/^review\.[a-zA-Z]+$/);
  await first.click();
  // Focus is on the finding's head (its severity, code and subject: what names the finding's list item).
  const focused = review
    .getByRole('listitem')
    .filter({ has: page.locator('code', { hasText: code }) })
    .first()
    .locator('.review-finding-head');
  await expect(focused).toBeFocused();
  await expect(focused).toContainText(code);
  await expect(focused).toBeInViewport();
});

for (const [width, height] of [
  [1440, 900],
  [800, 900],
] as const) {
  test(`at ${width} px the overview has no sideways scroll and its verdicts show`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await new AccessPatternsPage(page).openExample('example-shop');
    const overview = new DesignOverviewPage(page);
    await expect(overview.verdictsStatus).toHaveText('3 of 3 pass.', { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
  });
}
