import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';
import { OrderComparisonPage } from './pages/OrderComparisonPage';

test.describe('explorer: order comparison, byte inspector, client-side sort, cells', () => {
  test.beforeEach(async ({ page }) => {
    // The built-in Leaderboard is bound to the Leaderboard example design: its Run entity's rankKey template is compared.
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['10', '1500', '240', '9']);
  });

  test('compares the naive spring season with the order under the Run entity’s template', async ({ page }) => {
    const orders = new OrderComparisonPage(page);
    await expect(orders.entity('Run')).toContainText('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    await expect(orders.region.getByRole('note', { name: 'Keys not from the template' })).toContainText('Rows 1–4 are in Run’s item collection');
    expect(await orders.storedKeysIn(orders.storedOrder)).toEqual(['10', '1500', '240', '9']);
    expect(await orders.storedKeysIn(orders.encodedOrder)).toEqual(['9', '10', '240', '1500']);
    expect(await orders.storedKeysIn(orders.intendedOrder)).toEqual(['9', '10', '240', '1500']);
    await expect(orders.encodedOrder).toContainText('0000000009#');
    // Three rows change rank (240 stays third), each with its old and new position.
    await expect(orders.moves(orders.encodedOrder)).toHaveText(['was #4 → now #1', 'was #1 → now #2', 'was #2 → now #4']);
    await expect(orders.verdict).toHaveText('3 of 4 rows change rank under the template, which puts every row in its intended place.');
    await expect(orders.verdict).toHaveAttribute('data-tone', 'success');
    await expect(orders.verdict).toHaveCSS('color', 'rgb(30, 123, 52)');
    await expect(orders.storedOrder.locator('.oc-out-of-place')).toHaveCount(3);
  });

  test('rows of another design’s table match no entity, and say so', async ({ page }) => {
    const orders = new OrderComparisonPage(page);
    await orders.keyDesign.selectOption('AuditLog · AuditLog');
    await expect(orders.noEntity).toContainText('No loaded row matches any entity of AuditLog · AuditLog');
    await expect(orders.notCompared).toHaveCount(0);
    await expect(new ExplorerPage(page).columnValues('Entity')).resolves.toEqual(['no entity', 'no entity', 'no entity', 'no entity']);
  });

  test('a Scan is compared partition by partition', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await page.getByRole('radio', { name: 'Scan' }).check();
    await page.getByRole('button', { name: 'Run scan' }).click();
    await expect.poll(async () => (await explorer.columnValues('rankKey')).length).toBe(16);
    const orders = new OrderComparisonPage(page);
    // Interleaving both seasons made it "14 of 16 rows change rank"; per season only the spring's 9, 10 and 1500 move.
    await expect(orders.verdict).toHaveText('3 of 16 rows change rank under the template, which puts every row in its intended place.');
    await expect(orders.region.getByRole('note', { name: 'Compared per partition' })).toHaveText(
      'Compared within each of the 2 partitions (leaderboardId): a sort key orders items only inside their partition, so ranks count from 1 in each.',
    );
    await expect(orders.encodedOrder.getByRole('heading', { level: 5 })).toHaveText([
      'leaderboardId = SEASON#2026-SPRING',
      'leaderboardId = SEASON#2026-SUMMER',
    ]);
    await expect(orders.moves(orders.encodedOrder)).toHaveText(['was #4 → now #1', 'was #1 → now #2', 'was #2 → now #4']);
    // The summer season follows the template already; the spring's four rows are in Run's collection by their partition key only.
    await expect(new ExplorerPage(page).columnValues('Entity')).resolves.toEqual([...Array(4).fill('no entity'), ...Array(12).fill('Run')]);
  });

  test('byte inspector shows why "10" sorts before "9"', async ({ page }) => {
    const orders = new OrderComparisonPage(page);
    await expect(orders.byteInspector).toContainText('Click a row number');
    await orders.inspectRow(4);
    await expect(orders.byteInspector).toContainText('rankKey = "9"');
    await expect(orders.byteInspector).toContainText('UTF-8 bytes (1): 39');
    await expect(orders.byteInspector).toContainText('"9" 0x39 vs "2" 0x32');

    // In the browser-sorted view "9" and "10" are neighbours: the first byte tells why DynamoDB puts "10" first.
    await orders.sortViewBy('score');
    await orders.inspectRow(1);
    await expect(orders.byteInspector).toContainText('rankKey = "9"');
    await expect(orders.byteInspector).toContainText('The first difference is byte 1: "9" 0x39 vs "1" 0x31. 0x31 is smaller, so "10" sorts before "9".');
  });

  test('client-side sort view is labelled and leaves DynamoDB’s order alone', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const orders = new OrderComparisonPage(page);
    await orders.sortViewBy('score');
    await expect(orders.sortBanner).toContainText('Sorted in this browser by score — not DynamoDB’s order');
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['9', '10', '240', '1500']);
    await expect(page.getByRole('columnheader', { name: /score/ })).toHaveAttribute('aria-sort', 'ascending');
    // The order comparison still sees the order DynamoDB returned.
    expect(await orders.storedKeysIn(orders.storedOrder)).toEqual(['10', '1500', '240', '9']);
    await page.getByRole('button', { name: 'DynamoDB’s order' }).click();
    await expect(orders.sortBanner).toHaveCount(0);
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['10', '1500', '240', '9']);
  });
});

test('L and M values expand to the full nested value', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('AuditLog');
  await page.getByRole('radio', { name: 'Scan' }).check();
  await page.getByRole('button', { name: 'Run scan' }).click();
  await expect(explorer.grid).toBeVisible();
  const expand = explorer.grid.getByRole('button', { name: /^Expand .*\((L|M)\) value$/ }).first();
  await expect(expand).toBeVisible();
  const label = (await expand.getAttribute('aria-label')) ?? '';
  const what = label.replace(/^Expand /, '').replace(/ value$/, '');
  await expand.click();
  const popover = page.getByRole('dialog', { name: `Full value of ${what}` });
  await expect(popover).toBeVisible();
  await expect(popover.locator('pre')).toContainText(/\n {2}\S/);
  await popover.getByRole('button', { name: 'Close' }).click();
  await expect(popover).toBeHidden();
});
