import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { ExplorerPage } from './pages/ExplorerPage';
import { OrderComparisonPage } from './pages/OrderComparisonPage';

test.describe('explorer: rows recognised as the bound design’s entities', () => {
  test('the built-in Leaderboard is bound to the Leaderboard design: its rows are Runs, compared under Run’s template', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const orders = new OrderComparisonPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await expect(orders.keyDesign).toHaveValue(JSON.stringify(['example-leaderboard', 'Leaderboard']));
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SUMMER');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('Entity')).toEqual(Array(12).fill('Run'));
    await expect(orders.entity('Run')).toContainText('rankKey = {score:int(10)}#{ts:epoch(16)}#{playerId}');
    await expect(orders.verdict).toHaveAttribute('data-tone', 'success');
    await expect(orders.notCompared).toHaveCount(0);
    await expect(orders.noEntity).toHaveCount(0);
  });

  test('AuditLog is compared under the Event template — no wall of “Not compared” — until the Key design is None', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const orders = new OrderComparisonPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('AuditLog');
    await expect(orders.keyDesign).toHaveValue(JSON.stringify(['example-audit-log', 'AuditLog']));
    await page.getByRole('radio', { name: 'Scan' }).check();
    await page.getByRole('button', { name: 'Run scan' }).click();
    await expect.poll(() => explorer.columnValues('Entity')).toEqual(Array(16).fill('Event'));
    await expect(orders.entity('Event')).toContainText('SK = EVT#{at:iso}');
    await expect(orders.verdict).toHaveText(/^0 of 16 rows change rank under the template/);
    await expect(orders.notCompared).toHaveCount(0);
    expect(await orders.storedKeysIn(orders.encodedOrder)).toHaveLength(16);

    await orders.keyDesign.selectOption('None');
    await expect(orders.noKeyDesign).toContainText('No key design is bound to this table');
    await expect(explorer.grid.getByRole('columnheader', { name: 'Entity' })).toHaveCount(0);
    await expect(orders.verdict).toHaveCount(0);
    // Remembered for the table across a reload.
    await page.reload();
    await explorer.tab.click();
    await explorer.tablePicker.selectOption('AuditLog');
    await expect(orders.keyDesign).toHaveValue('none');
    await expect(orders.noKeyDesign).toBeVisible();
  });

  test('the query builder encodes field values with the bound entity’s template', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('AuditLog');
    const fieldValues = page.getByRole('group', { name: 'Sort key field values' });
    await page.getByRole('combobox', { name: 'Sort key condition' }).selectOption('=');
    await page.getByRole('radio', { name: 'Field values' }).check();
    await expect(fieldValues).toContainText('the template of entity Event in AuditLog · AuditLog');
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
    { width: 800, height: 900 },
  ]) {
    test(`the Entity column and the Key design select fit at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const explorer = new ExplorerPage(page);
      await explorer.open();
      await explorer.tablePicker.selectOption('AuditLog');
      await page.getByRole('radio', { name: 'Scan' }).check();
      await page.getByRole('button', { name: 'Run scan' }).click();
      await expect.poll(async () => (await explorer.columnValues('Entity')).length).toBe(16);
      await expectNoSidewaysScroll(page);
    });
  }
});
