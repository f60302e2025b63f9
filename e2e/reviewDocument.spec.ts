import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { AccessPatternsPage } from './pages/AccessPatternsPage';

test.describe('Design tab: the review document', () => {
  test('Export review downloads the leaderboard’s review as Markdown, with the run results', async ({ page }) => {
    const patterns = new AccessPatternsPage(page);
    await patterns.openExample('example-leaderboard');
    await patterns.run();
    await expect(patterns.region.getByRole('status')).toHaveText('2 of 2 pass.');

    const importExport = page.getByRole('region', { name: 'Import and export' });
    const downloading = page.waitForEvent('download');
    await importExport.getByRole('button', { name: 'Export review' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Leaderboard.review.md');
    await expect(importExport.getByRole('status').filter({ hasText: 'Downloaded Leaderboard.review.md.' })).toBeVisible();
    const markdown = await readFile((await download.path())!, 'utf8');

    expect(markdown.startsWith('# Leaderboard\n')).toBe(true);
    // The table and its index.
    expect(markdown).toContain('| `Leaderboard` | `leaderboardId` (S) | `rankKey` (S) | Table | — |');
    expect(markdown).toContain('| `byPlayer` | `playerId` (S) | `ts` (N) | GSI | ALL |');
    // A template with its example key and byte length.
    expect(markdown).toContain(
      '| `Run` | `rankKey` (S, sort) | `{score:int(10)}#{ts:epoch(16)}#{playerId}` | `0000002300#0000001719705600#p_7781` | 34 of 1,024 |',
    );
    // The item collection, in order.
    const collection = markdown.slice(markdown.indexOf('## Item collection'), markdown.indexOf('## Access patterns'));
    expect(collection).toContain('| 1 | `Run` | `0000000003#0000001719745200#p_4477` |');
    expect(collection).toContain('| 12 | `Run` | `0000002300#0000001719705600#p_7781` |');
    // A KeyConditionExpression and a sample result (the run's: highest score first).
    expect(markdown).toContain('**KeyConditionExpression:** `leaderboardId = :leaderboardId`');
    expect(markdown).toContain('**Verdict:** passes');
    const topScores = markdown.slice(markdown.indexOf('### Top scores'), markdown.indexOf('### A player’s runs'));
    expect(topScores).toContain('| 1 | `Run` | `SEASON#2026-SUMMER` | `0000002300#0000001719705600#p_7781` |');
    expect(markdown).toContain('| 1 | `Run` | `p_4477` | `1719745200` | `SEASON#2026-SUMMER` | `0000000003#0000001719745200#p_4477` |');
    expect(markdown).not.toContain('not run');
    expect(markdown).toContain('## Findings');
  });

  test('Export review runs the access patterns that were not run yet', async ({ page }) => {
    const patterns = new AccessPatternsPage(page);
    await patterns.openExample('example-leaderboard');
    const downloading = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Import and export' }).getByRole('button', { name: 'Export review' }).click();
    const markdown = await readFile((await (await downloading).path())!, 'utf8');
    expect(markdown).toContain('**Verdict:** passes');
    expect(markdown).not.toContain('not run');
    // Through the same store: the Access patterns region shows the run too.
    await expect(patterns.region.getByRole('status')).toHaveText('2 of 2 pass.');
  });

  test('the Review document region shows the same document; printed, only it is on the page', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    const patterns = new AccessPatternsPage(page);
    await patterns.openExample('example-leaderboard');
    const review = page.getByRole('region', { name: 'Review document' });
    await expect(review.getByRole('table', { name: 'Keys of table Leaderboard and its indexes' })).toContainText('byPlayer');
    await expect(review.getByRole('table', { name: 'Key templates of table Leaderboard' })).toContainText('0000002300#0000001719705600#p_7781');
    await expect(review.locator('[data-section="access-patterns"]')).toContainText('Sample result: not run.');
    // Its sections are no landmarks: the Design tab's own regions keep their names to themselves.
    await expect(page.getByRole('region', { name: 'Access patterns' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Item collection' })).toHaveCount(1);

    // Print runs the patterns first, then opens the print dialog.
    await review.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect(review.getByRole('table', { name: 'Sample result of Top scores of a season, highest first' })).toContainText(
      '0000002300#0000001719705600#p_7781',
    );

    await page.emulateMedia({ media: 'print' });
    // By class, not role: hidden elements have no role to be found by.
    for (const chrome of ['nav.view-tabs', 'header.app-header', 'section.access-patterns', 'section.import-export', '.design-panel > :first-child']) {
      await expect(page.locator(chrome), chrome).toHaveCount(1);
      await expect(page.locator(chrome), chrome).toBeHidden();
    }
    await expect(page.locator('input, textarea, select').first()).toBeHidden();
    await expect(review.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(review.getByRole('table', { name: 'Item collection of table Leaderboard' })).toBeVisible();
    const colors = await review
      .locator('code')
      .first()
      .evaluate((element) => ({ color: getComputedStyle(element).color, font: getComputedStyle(element).fontFamily }));
    expect(colors.color).toBe('rgb(0, 0, 0)');
    expect(colors.font).toContain('monospace');

    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('tablist', { name: 'Views' })).toBeVisible();
  });
});
