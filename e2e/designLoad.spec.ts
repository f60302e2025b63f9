import { SHOP_DESIGN } from '../src/design';
import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';
import { LoadIntoTablePage } from './pages/LoadIntoTablePage';

test.describe('Load into a table', () => {
  test.beforeEach(async ({ page }) => {
    // The Shop example open in the Design tab, as the designs store saves it (the first navigation only).
    const saved = JSON.stringify({
      state: { designs: [{ id: 'example-shop', design: SHOP_DESIGN, updatedAt: '2026-12-01T10:00:00.000Z' }], openDesignId: 'example-shop' },
      version: 1,
    });
    await page.addInitScript((value) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('keylab.designs', value);
        sessionStorage.setItem('seeded', 'yes');
      }
    }, saved);
  });

  test('loads the Shop example into the built-in table, browses it in the explorer, and a second load overwrites nothing', async ({ page }) => {
    const load = new LoadIntoTablePage(page);
    const explorer = new ExplorerPage(page);
    await page.goto('/');
    await expect(load.builtInTarget).toBeChecked();
    await expect(load.connectionTarget).toBeDisabled();
    await load.load.click();
    await expect(load.report).toContainText('Tables created: Shop');
    await expect(load.report).toContainText('Items written: 8');
    await expect(load.report).toContainText('Items already existed (kept as they were): 0');

    await load.browse('Shop').click();
    await expect(explorer.tab).toHaveAttribute('aria-selected', 'true');
    await expect(explorer.tablePicker).toHaveValue('Shop');
    await explorer.partitionKey('PK').fill('CUSTOMER#c1');
    await explorer.runQuery.click();
    await expect
      .poll(() => explorer.columnValues('SK'))
      .toEqual([
        'ADDRESS#home',
        'ADDRESS#work',
        'CUSTOMER#c1',
        'ORDER#2026-06-21T16:20:00Z#o_15',
        'ORDER#2026-06-23T08:05:00Z#o_16',
        'ORDER#2026-06-23T10:00:00Z#o_17',
      ]);

    await page.getByRole('tab', { name: /Key builder|Design/ }).click();
    await load.load.click();
    await expect(load.report).toContainText('Tables already there (same schema): Shop');
    await expect(load.report).toContainText('Items written: 0');
    await expect(load.report).toContainText('Items already existed (kept as they were): 8');
  });
});
