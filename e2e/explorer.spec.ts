import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';

test.describe('table explorer on the built-in table', () => {
  test('browses SEASON#2026-SPRING in DynamoDB’s raw order, both directions', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    // The user's way in: the first screen, then the tab (every other test opens the explorer by its link).
    await explorer.openByTab();
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

test.describe('the results grid', () => {
  const openSummer = async (explorer: ExplorerPage) => {
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SUMMER');
    await explorer.runQuery.click();
    await expect.poll(async () => (await explorer.columnValues('rankKey')).length).toBe(12);
  };
  /** Whether the cell's content fits inside it (nothing cut off, no ellipsis). */
  const fits = (cell: Locator) => cell.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight);

  test('shows composite sort keys whole, so the tiebreaker of equal scores is readable', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await openSummer(explorer);
    const keys = await explorer.columnValues('rankKey');
    // The two 875-point runs differ only after the second #.
    expect(keys.filter((key) => key.startsWith('0000000875#'))).toEqual(['0000000875#0000001719716400#p_2209', '0000000875#0000001719720000#p_9001']);
    for (const position of [8, 9]) {
      const cell = await explorer.cell(position, 'rankKey');
      expect(await fits(cell)).toBe(true);
      await expect(cell).toHaveCSS('font-family', /mono/i);
    }
  });

  test('resizes a column with the keyboard and by dragging; a narrow key column wraps at # instead of cutting the key', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await openSummer(explorer);
    const handle = explorer.resizeHandle('rankKey');
    await expect(handle).toHaveAttribute('aria-orientation', 'vertical');
    const width = Number(await handle.getAttribute('aria-valuenow'));
    const cell = await explorer.cell(9, 'rankKey');
    const oneLineHeight = (await cell.boundingBox())?.height ?? 0;

    await handle.focus();
    for (let press = 0; press < 8; press++) await page.keyboard.press('ArrowLeft');
    await expect(handle).toHaveAttribute('aria-valuenow', String(width - 8 * 16));
    await expect.poll(async () => (await cell.boundingBox())?.height ?? 0).toBeGreaterThan(oneLineHeight);
    expect(await fits(cell)).toBe(true);
    await expect(cell).toContainText('0000000875#0000001719720000#p_9001');
    // Lines break after a # (the cell's text lines, in order).
    const lines = await cell.evaluate((element) => (element as HTMLElement).innerText.replace(/^S\s*/, '').split('\n'));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/#$/);
    await page.keyboard.press('ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(width - 7 * 16));

    const score = explorer.resizeHandle('score');
    const scoreWidth = Number(await score.getAttribute('aria-valuenow'));
    // The Entity column (the bound Leaderboard design's) pushes score past the view's edge: scroll the grid just enough.
    const before = await score.boundingBox();
    const viewWidth = page.viewportSize()?.width ?? 1280;
    if (before && before.x > viewWidth - 100) await explorer.grid.evaluate((grid, by) => grid.scrollBy(by, 0), before.x - (viewWidth - 100));
    const box = await score.boundingBox();
    if (!box) throw new Error('the resize handle of score is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Number(await score.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(scoreWidth + 55);
  });

  test('copies a cell’s value, or the attribute as DynamoDB JSON', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const explorer = new ExplorerPage(page);
    await openSummer(explorer);
    const actions = page.getByRole('group', { name: 'Selected cell' });
    await expect(actions.getByRole('button', { name: 'Copy value' })).toBeDisabled();
    await (await explorer.cell(9, 'rankKey')).click();
    await actions.getByRole('button', { name: 'Copy value' }).click();
    await expect(actions.getByRole('status')).toHaveText('Copied the value of rankKey.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0000000875#0000001719720000#p_9001');
    await actions.getByRole('button', { name: 'Copy as DynamoDB JSON' }).click();
    await expect(actions.getByRole('status')).toHaveText('Copied rankKey as DynamoDB JSON.');
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({ rankKey: { S: '0000000875#0000001719720000#p_9001' } });
    // The keyboard way: another column of the same row.
    await actions.getByRole('combobox', { name: 'Column' }).selectOption('score');
    await actions.getByRole('button', { name: 'Copy as DynamoDB JSON' }).click();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({ score: { N: '875' } });
  });

  test('labels an index’s keys and the table’s keys', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await expect.poll(() => explorer.keyTags()).toEqual([]);
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SUMMER');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.keyTags()).toEqual(['partition key', 'sort key']);
    await explorer.indexPicker.selectOption('byPlayer');
    await explorer.partitionKey('playerId').fill('p_8842');
    await explorer.runQuery.click();
    await expect.poll(() => explorer.keyTags()).toEqual(['partition key (byPlayer)', 'sort key (byPlayer)', 'table partition key', 'table sort key']);
    const headers = await explorer.grid.getByRole('columnheader').allInnerTexts();
    expect(headers.slice(1, 5).map((header) => header.split('\n')[0])).toEqual(['playerId', 'ts', 'leaderboardId', 'rankKey']);
  });

  test('shows a right-to-left override in a key as a marker, isolated, so nothing around it is reversed', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    const spoofed = '05\u202Egnp.exe';
    await page.getByRole('textbox', { name: /^Partition to fill/ }).fill(spoofed);
    await page.getByRole('textbox', { name: 'Items to generate' }).fill('3');
    await page.getByRole('button', { name: 'Generate items' }).click();
    await expect(page.getByText(/Generated 3 items/)).toBeVisible();
    await explorer.partitionKey('leaderboardId').fill(spoofed);
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('leaderboardId')).toEqual(['05⟨U+202E⟩gnp.exe', '05⟨U+202E⟩gnp.exe', '05⟨U+202E⟩gnp.exe']);
    const cell = await explorer.cell(1, 'leaderboardId');
    await expect(cell.locator('.invisible-char')).toHaveAttribute('title', 'U+202E right-to-left override');
    // The value is its own bidi isolate, and no raw control is left anywhere in the results to reorder the app's text.
    await expect(cell.locator('bdi')).toHaveCount(1);
    await expect(cell.locator('bdi')).toHaveCSS('unicode-bidi', 'isolate');
    const results = page.locator('.results');
    expect(await results.evaluate((element) => element.textContent)).not.toContain('\u202E');
    await expect(page.getByText('In DynamoDB’s order. Click a column header')).toBeVisible();
  });
});
