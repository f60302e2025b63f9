import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';

/*
 * A click that lands while the page still moves is lost: Playwright (like a user) presses on the Scan radio, the
 * table's actions arrive above it, and the release lands on another element (once, at load ~20, explorerEntities'
 * check() on Scan "did not change its state"). The query builder must appear where it stays.
 */
test('the query builder shows where it stays: the table’s facts and actions arrive with the table, not after it', async ({ page }) => {
  // Every frame from the first one with the Scan radio, the radio's top when it changed.
  await page.addInitScript(() => {
    const moves: number[] = [];
    Object.assign(window, { scanRadioMoves: moves });
    const watch = () => {
      const scan = [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].find((radio) => radio.parentElement?.textContent?.trim() === 'Scan');
      const top = scan ? Math.round(scan.getBoundingClientRect().top + window.scrollY) : undefined;
      if (top !== undefined && top !== moves[moves.length - 1]) moves.push(top);
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('AuditLog');
  await expect(page.getByRole('radio', { name: 'Scan' })).toBeVisible();
  // Everything the table brings above the builder: its actions toolbar and the details read with their own calls.
  await expect(page.getByRole('toolbar', { name: 'Table actions' })).toBeVisible();
  await expect(page.getByLabel('Table details', { exact: true })).not.toContainText('reading…');
  // Two frames more, so a move that just happened is recorded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { scanRadioMoves: number[] }).scanRadioMoves)).toHaveLength(1);
});
