import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';
import { KeyBuilderPage } from './pages/KeyBuilderPage';
import { QueryBuilderPage } from './pages/QueryBuilderPage';

/**
 * A right-to-left override in data (`05\u202Egnp.exe` reads as `05exe.png`) must never reach the
 * page raw, where it would reverse the app's own sentences around it: every place that quotes data
 * shows it as a marker inside its own isolate, and the request JSON shows its escape.
 */
const SPOOFED = '05\u202Egnp.exe';

test.describe('bidirectional controls in data', () => {
  test('Generate items quotes the partition isolated, with a marker, and the request JSON escapes it', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    const generator = page.getByRole('region', { name: 'Generate items' });
    await generator.getByRole('textbox', { name: /^Partition to fill/ }).fill(SPOOFED);
    await generator.getByRole('textbox', { name: 'Items to generate' }).fill('3');
    await generator.getByRole('button', { name: 'Generate items' }).click();
    const status = generator.getByRole('status');
    await expect(status).toContainText('Generated 3 items in leaderboardId = 05⟨U+202E⟩gnp.exe (');
    expect(await status.evaluate((element) => element.textContent)).not.toContain('\u202E');
    // The value is its own isolate, so nothing in it can reorder the words after it.
    const value = status.locator('bdi').filter({ hasText: '05⟨U+202E⟩gnp.exe' });
    await expect(value).toHaveCSS('unicode-bidi', 'isolate');
    await expect(value.locator('.invisible-char')).toHaveAttribute('title', 'U+202E right-to-left override');

    await explorer.partitionKey('leaderboardId').fill(SPOOFED);
    const builder = new QueryBuilderPage(page);
    const shown = (await builder.requestJson.textContent()) ?? '';
    expect(shown).toContain('"05\\u202Egnp.exe"');
    expect(shown).not.toContain('\u202E');
    // Still the same request: the escape parses back to the value.
    expect(JSON.stringify(JSON.parse(shown))).toContain(SPOOFED);
    await explorer.runQuery.click();
    await expect.poll(() => explorer.columnValues('leaderboardId')).toEqual(['05⟨U+202E⟩gnp.exe', '05⟨U+202E⟩gnp.exe', '05⟨U+202E⟩gnp.exe']);
    const explorerPanel = page.locator('#view-explorer');
    expect(await explorerPanel.evaluate((element) => element.textContent)).not.toContain('\u202E');
  });

  test('a sample value with a right-to-left override shows a marker, and no raw control anywhere in the key builder', async ({ page }) => {
    const keyBuilder = new KeyBuilderPage(page);
    await keyBuilder.open();
    await keyBuilder.sampleValue('playerId', 1).fill(`p_${SPOOFED}`);
    await expect(keyBuilder.rawOrder).toContainText('p_05⟨U+202E⟩gnp.exe');
    await expect(keyBuilder.encodedOrder).toContainText('p_05⟨U+202E⟩gnp.exe');
    // A finding that quotes the bad value (a score that is not a number) shows it with its marker too.
    await keyBuilder.sampleValue('score', 2).fill('15\u202E00');
    await expect(page.getByRole('region', { name: 'Entities' }).getByRole('row', { name: /^2 / })).toContainText('15⟨U+202E⟩00');
    const panel = page.locator('#view-design');
    await expect(panel.locator('.invisible-char[title="U+202E right-to-left override"]').first()).toBeVisible();
    expect(await panel.evaluate((element) => element.textContent)).not.toContain('\u202E');
  });
});
