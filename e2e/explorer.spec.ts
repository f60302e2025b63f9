import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';

test.describe('table explorer on the built-in table', () => {
  test('browses SEASON#2026-SPRING in DynamoDB’s raw order, both directions', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    await explorer.runQuery.click();
    await expect(explorer.grid).toBeVisible();
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['10', '1500', '240', '9']);
    await explorer.descending.check();
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['9', '240', '1500', '10']);
  });

  test('paginates with a small Limit, showing each page’s LastEvaluatedKey', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    await explorer.limit.fill('3');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['10', '1500', '240']);
    await expect(explorer.pages.getByRole('row').nth(1)).toContainText('rankKey=240');
    await explorer.loadMore.click();
    await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['10', '1500', '240', '9']);
    await expect(page.getByText('4 items in 2 pages · end of results')).toBeVisible();
    await expect(explorer.loadMore).toHaveCount(0);
  });

  test('queries the article’s audit-log window with BETWEEN', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('AuditLog');
    await explorer.partitionKey('PK').fill('ACTOR#u_8814');
    await page.getByRole('combobox', { name: 'Sort key condition' }).selectOption('between');
    await page.getByRole('textbox', { name: 'SK from' }).fill('EVT#2026-06-23T00:00:00Z');
    await page.getByRole('textbox', { name: 'SK to' }).fill('EVT#2026-06-23T23:59:59Z');
    await explorer.runQuery.click();
    await expect(explorer.grid).toBeVisible();
    await expect.poll(async () => (await explorer.columnValues('SK')).filter((key) => key.startsWith('EVT#')).length).toBeGreaterThan(0);
    const keys = await explorer.columnValues('SK');
    for (const key of keys) expect(key).toMatch(/^EVT#2026-06-23T/);
  });

  test('says what is wrong next to the field, and shows DynamoDB’s own errors', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.limit.fill('0');
    await explorer.runQuery.click();
    await expect(explorer.partitionKey('leaderboardId')).toHaveAttribute('aria-invalid', 'true');
    await expect(explorer.limit).toHaveAccessibleDescription(/Member must have value greater than or equal to 1/);

    await explorer.limit.fill('');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SPRING');
    await page.getByRole('combobox', { name: 'Sort key condition' }).selectOption('between');
    await page.getByRole('textbox', { name: 'rankKey from' }).fill('9');
    await page.getByRole('textbox', { name: 'rankKey to' }).fill('1');
    await explorer.runQuery.click();
    await expect(page.getByRole('alert').filter({ hasText: 'ValidationException' })).toContainText('upper bound to be greater than or equal to lower bound');
  });
});
