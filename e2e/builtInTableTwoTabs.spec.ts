import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';

/*
 * Two tabs of one browser on Keylab's built-in table (IndexedDB, one Web
 * Lock per database). Before, the second tab ran on its own in-memory copy
 * with fresh samples: it did not see the first tab's writes, accepted
 * conditional writes the stored table would refuse, and lost them on reload.
 * Now one tab owns the table; the other says so and offers Take over.
 */

const season = 'SEASON#TWO-TABS';

/** Opens the explorer on Leaderboard's `season` partition. */
async function openSeason(page: Page): Promise<ExplorerPage> {
  const explorer = new ExplorerPage(page);
  await explorer.tablePicker.selectOption('Leaderboard');
  await explorer.partitionKey('leaderboardId').fill(season);
  await explorer.runQuery.click();
  return explorer;
}

/** New item `rankKey` with `note`, saved; returns the editor's alert text when it was refused, '' when saved. */
async function newItem(page: Page, rankKey: string, note: string): Promise<string> {
  await page.getByRole('button', { name: 'New item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Item editor' });
  await dialog
    .getByRole('textbox', { name: 'DynamoDB JSON' })
    .fill(JSON.stringify({ leaderboardId: { S: season }, rankKey: { S: rankKey }, note: { S: note } }));
  await dialog.getByRole('button', { name: 'Save item' }).click();
  const alert = dialog.getByRole('alert');
  await expect.poll(async () => !(await dialog.isVisible()) || (await alert.count()) > 0).toBe(true);
  if (!(await dialog.isVisible())) return '';
  const text = await alert.innerText();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  return text;
}

async function waitForOwner(page: Page): Promise<void> {
  await expect
    .poll(async () => page.evaluate(async () => (await navigator.locks.query()).held?.filter((lock) => lock.name === 'keylab-idb:keylab').length ?? 0), {
      timeout: 15_000,
    })
    .toBe(1);
}

test('one tab owns the built-in table; the other says so, takes it over with the stored changes, and the first stops saving', async ({ page, context }) => {
  test.setTimeout(180_000);
  const a = page;
  await a.goto('/#explorer');
  await waitForOwner(a);
  const explorerA = await openSeason(a);
  expect(await newItem(a, 'r1', 'from A')).toBe('');
  await expect.poll(() => explorerA.columnValues('note')).toEqual(['from A']);

  // Tab B while A owns the table: no copy of its own (nothing to diverge), and it says so.
  const b = await context.newPage();
  await b.goto('/#explorer');
  const elsewhereB = b.getByRole('alert', { name: 'Built-in table open in another tab' });
  await expect(elsewhereB).toContainText("Keylab's built-in table is open in another tab, which owns it", { timeout: 15_000 });
  await expect(new ExplorerPage(b).tablePicker.locator('option', { hasText: 'Leaderboard' })).toHaveCount(0);

  // A reload of A while B is open: A owns the table again, with its item.
  await a.reload();
  await waitForOwner(a);
  await openSeason(a);
  await expect.poll(() => explorerA.columnValues('note')).toEqual(['from A']);
  await expect(elsewhereB).toBeVisible();

  // B takes over: it reloads with A's item, so its conditional write is refused as the stored table refuses it.
  await elsewhereB.getByRole('button', { name: 'Take over' }).click();
  await expect(b.getByRole('alert').filter({ hasText: 'This tab took over' })).toContainText("reloaded from this browser's storage");
  const explorerB = await openSeason(b);
  await expect.poll(() => explorerB.columnValues('note')).toEqual(['from A']);
  expect(await newItem(b, 'r1', 'from B over A')).toContain('An item with this key already exists');
  expect(await newItem(b, 'r2', 'from B')).toBe('');

  // A stopped saving, says so, and refuses its writes (its copy is stale: it has no r2).
  const elsewhereA = a.getByRole('alert', { name: 'Built-in table open in another tab' });
  await expect(elsewhereA).toContainText('which took it over: this tab stopped saving');
  expect(await newItem(a, 'r2', 'stale A')).toContain('this tab stopped saving');

  // A takes it back: reloaded from IndexedDB with B's item; B stops saving.
  await elsewhereA.getByRole('button', { name: 'Take over' }).click();
  await expect(a.getByRole('alert').filter({ hasText: 'This tab took over' })).toBeVisible();
  await openSeason(a);
  await expect.poll(() => explorerA.columnValues('note')).toEqual(['from A', 'from B']);
  await expect(b.getByRole('alert', { name: 'Built-in table open in another tab' })).toContainText('stopped saving');

  // A closes: B still writes nothing until it takes over, then works on the stored table.
  await a.close();
  expect(await newItem(b, 'r3', 'after close')).toContain('this tab stopped saving');
  await b.getByRole('alert', { name: 'Built-in table open in another tab' }).getByRole('button', { name: 'Take over' }).click();
  await expect(b.getByRole('alert').filter({ hasText: 'This tab took over' })).toBeVisible();
  await openSeason(b);
  expect(await newItem(b, 'r3', 'after close')).toBe('');
  await expect.poll(() => explorerB.columnValues('note')).toEqual(['from A', 'from B', 'after close']);
});
