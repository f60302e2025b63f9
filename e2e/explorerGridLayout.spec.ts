import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { ExplorerPage } from './pages/ExplorerPage';

/** The width a column's resize handle reports (px). */
const widthOf = async (explorer: ExplorerPage, column: string) => Number(await explorer.resizeHandle(column).getAttribute('aria-valuenow'));

test.describe('the results grid’s column widths', () => {
  test('stay as the user set them across Run query and Load more, and start over on another table', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SUMMER');
    await explorer.limit.fill('5');
    await explorer.runQuery.click();
    await expect.poll(async () => (await explorer.columnValues('rankKey')).length).toBe(5);
    const rankKeyDefault = await widthOf(explorer, 'rankKey');
    const scoreDefault = await widthOf(explorer, 'score');

    // One column by dragging, one by keyboard. The grid scrolls sideways in its card: bring the handle into its view first.
    await explorer.resizeHandle('score').evaluate((handle) => {
      const grid = handle.closest('[role="table"]') as HTMLElement;
      const past = handle.getBoundingClientRect().right - grid.getBoundingClientRect().right + 24;
      if (past > 0) grid.scrollLeft += past;
    });
    // And into the page's view: the explorer's panels above the grid may push its header below the fold.
    await explorer.resizeHandle('score').scrollIntoViewIfNeeded();
    const box = await explorer.resizeHandle('score').boundingBox();
    if (!box) throw new Error('the resize handle of score is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => widthOf(explorer, 'score')).toBeGreaterThanOrEqual(scoreDefault + 75);
    await explorer.resizeHandle('rankKey').focus();
    for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowLeft');
    await expect(explorer.resizeHandle('rankKey')).toHaveAttribute('aria-valuenow', String(rankKeyDefault - 3 * 16));
    const scoreResized = await widthOf(explorer, 'score');

    await explorer.runQuery.click();
    await expect.poll(async () => (await explorer.columnValues('rankKey')).length).toBe(5);
    expect(await widthOf(explorer, 'rankKey')).toBe(rankKeyDefault - 3 * 16);
    expect(await widthOf(explorer, 'score')).toBe(scoreResized);

    await explorer.loadMore.click();
    await expect.poll(async () => (await explorer.columnValues('rankKey')).length).toBe(10);
    expect(await widthOf(explorer, 'rankKey')).toBe(rankKeyDefault - 3 * 16);
    expect(await widthOf(explorer, 'score')).toBe(scoreResized);

    // Another table has other columns: its widths are its own, and coming back starts over too.
    await explorer.tablePicker.selectOption('AuditLog');
    await explorer.tablePicker.selectOption('Leaderboard');
    await explorer.partitionKey('leaderboardId').fill('SEASON#2026-SUMMER');
    await explorer.runQuery.click();
    await expect.poll(async () => (await explorer.columnValues('rankKey')).length).toBe(5);
    expect(await widthOf(explorer, 'rankKey')).toBe(rankKeyDefault);
    expect(await widthOf(explorer, 'score')).toBe(scoreDefault);
  });
});

test.describe('the results grid scrolls sideways inside its card, never the page', () => {
  const samples = [
    { table: 'Leaderboard', partitionKey: 'leaderboardId', partition: 'SEASON#2026-SUMMER' },
    { table: 'AuditLog', partitionKey: 'PK', partition: 'ACTOR#u_8814' },
  ];
  for (const [width, height] of [
    [800, 900],
    [1440, 900],
    [1920, 1080],
  ] as const) {
    for (const sample of samples) {
      test(`${sample.table} at ${width}×${height}`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        const explorer = new ExplorerPage(page);
        await explorer.open();
        await explorer.tablePicker.selectOption(sample.table);
        await explorer.partitionKey(sample.partitionKey).fill(sample.partition);
        await explorer.runQuery.click();
        await expect(explorer.grid.getByRole('row')).not.toHaveCount(0);
        await expectNoSidewaysScroll(page);

        // A Scan shows every attribute of the table: the widest grid the sample gives.
        await page.getByRole('radio', { name: 'Scan' }).check();
        await page.getByRole('button', { name: 'Run scan' }).click();
        await expect(explorer.grid.getByRole('row')).not.toHaveCount(0);
        await expectNoSidewaysScroll(page);
        // Widen a column a lot: the grid grows inside its own scroll box.
        await explorer.resizeHandle(sample.partitionKey).focus();
        for (let press = 0; press < 10; press++) await page.keyboard.press('Shift+ArrowRight');
        await expectNoSidewaysScroll(page);
        const card = await page.getByRole('region', { name: 'Results' }).boundingBox();
        const grid = await explorer.grid.boundingBox();
        if (!card || !grid) throw new Error('the results card or its grid is not on screen');
        expect(grid.x).toBeGreaterThanOrEqual(card.x);
        expect(grid.x + grid.width).toBeLessThanOrEqual(card.x + card.width);
        expect(await explorer.grid.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      });
    }
  }
});
