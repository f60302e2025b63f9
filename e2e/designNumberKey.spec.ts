import { LEADERBOARD_DESIGN } from '../src/design';
import { expect, test } from './fixtures';
import { ItemCollectionPage } from './pages/ItemCollectionPage';

/**
 * Issue 31, "A Number key called a string": the Leaderboard's ts is declared N
 * on the byPlayer index. Its "Order of ts" gives no numbers-as-text advice,
 * and after one sample is edited to a shorter number, Raw, Encoded and the
 * item collection agree that it comes first.
 */
test('the Leaderboard’s ts (N): no numbers-as-text advice; after an edit, raw, encoded and the item collection agree', async ({ page }) => {
  const collection = new ItemCollectionPage(page);
  await collection.openWith([{ id: 'example-leaderboard', document: LEADERBOARD_DESIGN }], 'example-leaderboard');
  const run = page.getByRole('region', { name: 'Entities' }).getByRole('listitem', { name: 'Run', exact: true });
  const tsOrder = run.getByRole('group', { name: 'ts order', exact: true });
  const raw = tsOrder.getByRole('region', { name: 'Raw order' });
  const encoded = tsOrder.getByRole('region', { name: 'Encoded order' });
  await expect(encoded.getByRole('status')).toHaveText('Every row is in its intended place.');
  await expect(tsOrder).not.toContainText('Numbers stored in a string field');
  await expect(tsOrder.getByRole('button', { name: /ts:int/ })).toHaveCount(0);

  await run.getByRole('textbox', { name: 'ts, row 12', exact: true }).fill('999');
  await expect(raw.getByRole('status')).toHaveText('Every row is in its intended place.');
  await expect(encoded.getByRole('status')).toHaveText('Every row is in its intended place.');
  await expect(encoded.getByRole('listitem').first()).toContainText('999');
  await expect(raw.getByRole('listitem').first()).toContainText('999');

  await collection.tableOrIndex.selectOption('byPlayer');
  await collection.partition.selectOption({ label: 'p_4477 — 2 items (Run 2)' });
  await expect
    .poll(async () => (await collection.rows()).map((row) => [row.encoded, row.mark]))
    .toEqual([
      ['999', 'in place'],
      ['1719723600', 'in place'],
    ]);
  // The template of the N attribute stays as it was: nothing turned it into a padded string.
  await expect(run.getByRole('textbox', { name: 'ts template', exact: true })).toHaveValue('{ts}');
});
