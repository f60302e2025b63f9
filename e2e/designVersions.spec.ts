import { expect, test } from './fixtures';
import { DesignPage, VersionsPage } from './pages/DesignPage';

/*
 * Versions: each save that changes a design keeps a revision in this
 * browser; Compare shows the structural diff of two, Restore puts one back
 * as a new revision, and all of it survives a reload.
 */

const SHIPPED = '{score:int(10)}#{ts:epoch(16)}#{playerId}';
// Saves wait for a pause in typing, then IndexedDB: seconds on a loaded 2-core machine.
const SAVED = { timeout: 30_000 };

test.describe.configure({ timeout: 90_000 });

test('two edits of a template are revisions 2 and 3; one is named; Compare the first shows the diff, Restore it is revision 4, and a reload keeps them', async ({
  page,
}) => {
  const design = new DesignPage(page);
  const versions = new VersionsPage(page);
  await design.open();
  await expect(design.designButton('Leaderboard')).toHaveAttribute('aria-current', 'true');

  await design.template('Run', 'rankKey').fill('{score:int(12)}#{ts:epoch(16)}#{playerId}');
  await expect(versions.row(2)).toBeVisible(SAVED);
  await design.template('Run', 'rankKey').fill('{score:int(12)}#{playerId}');
  await expect(versions.row(3)).toHaveAccessibleName('Revision 3 (current)', SAVED);
  await expect(versions.rows).toHaveCount(3);
  await expect(versions.rows.getByRole('rowheader')).toHaveText(['Revision 3 (current)', 'Revision 2', 'Revision 1']);

  await versions.row(2).getByRole('button', { name: 'Name this version' }).click();
  await versions.region.getByRole('textbox', { name: 'Name or note for revision 2' }).fill('Wider score <b>before</b> review');
  await versions.region.getByRole('button', { name: 'Save name' }).click();
  await expect(versions.row(2)).toHaveAccessibleName('Revision 2: Wider score <b>before</b> review');

  await versions.compare(1);
  await expect(page.getByRole('region', { name: 'Structural diff' })).toBeVisible();

  await versions.restore(1);
  await expect(versions.region.getByRole('status').filter({ hasText: 'restored' })).toHaveText(
    'Revision 1 restored as a new revision, 4; revision 3 and every other revision stay in the list.',
  );
  await expect(design.template('Run', 'rankKey')).toHaveValue(SHIPPED);
  await expect(versions.row(4)).toHaveAccessibleName('Revision 4 (current)', SAVED);

  await page.reload();
  await expect(versions.rows.getByRole('rowheader')).toHaveText(['Revision 4 (current)', 'Revision 3', 'Revision 2', 'Revision 1'], SAVED);
  await expect(versions.row(2)).toContainText('Wider score <b>before</b> review');
  await expect(design.template('Run', 'rankKey')).toHaveValue(SHIPPED);
});

test("Compare two revisions that change a GSI's key and an entity's template: new index and backfill, and the items that move", async ({ page }) => {
  const design = new DesignPage(page);
  const versions = new VersionsPage(page);
  await design.open();
  await expect(design.designButton('Leaderboard')).toHaveAttribute('aria-current', 'true');

  await page.getByRole('listitem', { name: 'GSI byPlayer' }).getByRole('combobox', { name: 'byPlayer sort attribute 1 type' }).selectOption('S');
  await design.template('Run', 'rankKey').fill('{score:int(12)}#{ts:epoch(16)}#{playerId}');
  await expect(versions.row(2)).toBeVisible(SAVED);

  await versions.compare(1);
  const diff = versions.region.getByRole('region', { name: 'Structural diff' });
  await expect(diff).toContainText('new index and backfill');
  await expect(diff).toContainText('run-12');
});
