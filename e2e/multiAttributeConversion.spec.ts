import type { Page } from '@playwright/test';
import { SHOP_DESIGN, type Design } from '../src/design';
import { leaderboardWithConcatenatedGsi } from '../src/design/multiAttribute/multiAttribute.fixtures';
import { expect, test } from './fixtures';
import { AccessPatternsPage } from './pages/AccessPatternsPage';
import { DesignReviewPage } from './pages/DesignReviewPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { LoadIntoTablePage } from './pages/LoadIntoTablePage';
import { VersionsPage } from './pages/DesignPage';
import { MultiAttributeConversionPage } from './pages/MultiAttributeConversionPage';
import { StructuralDiffPage } from './pages/StructuralDiffPage';

/** The Leaderboard whose byPlayer GSI is keyed by concatenated strings, its table renamed (the built-in table has a Leaderboard of its own). */
function seasonRuns(): Design {
  const design = leaderboardWithConcatenatedGsi();
  return { ...design, tables: design.tables.map((table) => ({ ...table, name: 'SeasonRuns' })) };
}

/** The design as saved in this browser, once per test (a reload keeps what the test did). */
async function seedDesign(page: Page, design: Design): Promise<void> {
  const saved = JSON.stringify({
    state: { designs: [{ id: 'converted', design, updatedAt: '2026-12-01T10:00:00.000Z' }], openDesignId: 'converted' },
    version: 1,
  });
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('keylab.designs', value);
      sessionStorage.setItem('seeded', 'yes');
    }
  }, saved);
}

test.describe('Multi-attribute conversion', () => {
  test('converts the Leaderboard’s concatenated byPlayer, runs its patterns green, and carries it out on the built-in table: Migrate keys, then the new GSI in typed order', async ({
    page,
  }) => {
    test.setTimeout(200_000);
    await seedDesign(page, seasonRuns());
    const load = new LoadIntoTablePage(page);
    const conversion = new MultiAttributeConversionPage(page);
    const patterns = new AccessPatternsPage(page);
    await page.goto('/');
    await load.load.click();
    await expect(load.report).toContainText('Items written: 12', { timeout: 60_000 });

    // The review's note offers the same preview as its fix; Cancel there changes nothing.
    const note = new DesignReviewPage(page).finding('review.multiAttributeGsiKey');
    await note.getByRole('button', { name: 'Convert byPlayer to a multi-attribute key' }).click();
    await expect(conversion.dialog).toBeVisible();
    await expect(conversion.keyAttributes('After', 'sort')).toHaveText(['ts (N)', 'score (N)']);
    await conversion.cancel.click();
    await expect(conversion.dialog).toBeHidden();
    await expect(note).toBeVisible();

    await conversion.open('byPlayer');
    await expect(conversion.keyAttributes('Before', 'sort')).toHaveText([/^GSI1SK \(S\) = \{ts:epoch\(16\)\}#\{score:int\(10\)\}/]);
    await conversion.newIndexName.fill('byPlayerTyped');
    await expect(conversion.keyAttributes('After', 'partition')).toHaveText(['playerId (S)']);
    await expect(conversion.keyAttributes('After', 'sort')).toHaveText(['ts (N)', 'score (N)']);
    // The old string order beside the typed order, over the same twelve runs.
    await expect(conversion.order('Left order')).toContainText('Concatenated byPlayer');
    await expect(conversion.order('Right order')).toContainText('Multi-attribute byPlayerTyped');
    await expect(conversion.order('Right order').getByRole('list', { name: 'Keys in order' }).getByRole('listitem')).toHaveCount(12);
    // Each pattern's condition left to right: equality on ts, then the one range on score.
    await expect(conversion.patterns.getByRole('row', { name: /A player’s run at one time, by its score/ })).toContainText('Serves');
    await expect(conversion.patterns.getByRole('row')).toHaveCount(4);
    await expect(conversion.dialog.getByRole('region', { name: 'What the stored items need' })).toContainText('Write playerId (S)');

    await conversion.apply.click();
    await expect(conversion.dialog).toBeHidden();
    const carryOut = conversion.carryOut('byPlayer');
    await expect(carryOut.getByRole('status')).toContainText('Migrate keys, then UpdateTable');
    await patterns.run();
    await expect(patterns.region.getByRole('status').filter({ hasText: /of \d+ pass/ })).toHaveText(/^4 of 4 pass/);

    await carryOut.getByRole('button', { name: 'Prepare Migrate keys for Run' }).click();
    const migrate = page.getByRole('tabpanel', { name: 'Migrate keys' });
    await expect(migrate.getByRole('status').filter({ hasText: 'Prepared from the multi-attribute conversion' })).toContainText(
      'entity Run of table SeasonRuns',
    );
    await expect(migrate.getByRole('textbox', { name: 'Target template for playerId' })).toHaveValue('{playerId}');
    await migrate.getByRole('button', { name: 'Preview' }).click();
    const preview = migrate.getByRole('region', { name: 'Migration preview' });
    await expect(preview.getByRole('status').first()).toHaveText(/^12 to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 0 collisions/, {
      timeout: 60_000,
    });
    await migrate.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('dialog', { name: 'Apply the migration?' }).getByRole('button', { name: 'Apply migration' }).click();
    await expect(migrate.getByRole('region', { name: 'Migration report' })).toContainText('12 of 12 items done, 0 skipped, 0 failed.', { timeout: 60_000 });

    await page.getByRole('tab', { name: 'Design', exact: true }).click();
    await carryOut.getByRole('button', { name: 'Create index byPlayerTyped on table SeasonRuns' }).click();
    const explorer = new ExplorerPage(page);
    const addIndex = page.getByRole('dialog', { name: 'Add index' });
    await expect(addIndex.getByRole('textbox', { name: 'Index name' })).toHaveValue('byPlayerTyped');
    await expect(explorer.tablePicker).toHaveValue('SeasonRuns');
    await expect(addIndex.getByRole('list', { name: 'Further sort key attributes' })).toHaveText('score (N)');
    await addIndex.getByRole('button', { name: 'Create index' }).click();
    await expect(addIndex).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Creating index byPlayerTyped' })).toHaveCount(0, { timeout: 60_000 });

    await expect(page.getByLabel('Table details')).toContainText('playerId + ts, score');
    await explorer.indexPicker.selectOption('byPlayerTyped');
    await explorer.partitionKey('playerId').fill('p_4477');
    await explorer.runQuery.click();
    // Typed order: by ts (N), then score (N).
    await expect.poll(() => explorer.columnValues('ts')).toEqual(['1719723600', '1719745200']);
    await expect.poll(() => explorer.columnValues('score')).toEqual(['615', '3']);
  });

  test('converts the Shop’s GSI1 (STATUS#{status}, {at:iso}#{orderId}); Cancel leaves the design as it was, Apply runs its patterns green', async ({
    page,
  }) => {
    await seedDesign(page, SHOP_DESIGN);
    const conversion = new MultiAttributeConversionPage(page);
    const patterns = new AccessPatternsPage(page);
    await page.goto('/');
    await conversion.open('GSI1');
    await expect(conversion.keyAttributes('After', 'partition')).toHaveText(['status (S)']);
    await expect(conversion.keyAttributes('After', 'sort')).toHaveText(['at (S)', 'orderId (S)']);
    await conversion.cancel.click();
    await expect(conversion.dialog).toBeHidden();
    await expect(conversion.index('GSI1')).toBeVisible();

    await conversion.open('GSI1');
    await conversion.apply.click();
    await expect(conversion.index('GSI1').getByRole('textbox', { name: 'GSI1 sort attribute 2 name' })).toHaveValue('orderId');
    await patterns.run();
    await expect(patterns.region.getByRole('status').filter({ hasText: /of \d+ pass/ })).toHaveText(/^(\d+) of \1 pass/);

    // One edit, one revision: Versions compares it with the design before, where the conversion is a new index and backfill.
    const versions = new VersionsPage(page);
    await expect(versions.row(2)).toHaveAccessibleName('Revision 2 (current)', { timeout: 30_000 });
    await versions.compare(1);
    const diff = new StructuralDiffPage(page, versions.region);
    await expect(diff.change('index GSI1 keys')).toContainText('new index and backfill');
  });
});
