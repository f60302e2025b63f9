import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { KeyBuilderPage } from './pages/KeyBuilderPage';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('exports the key design as a TypeScript module: shown, copied and downloaded', async ({ page }) => {
  const keyBuilder = new KeyBuilderPage(page);
  await keyBuilder.open();
  await page.getByRole('button', { name: 'Export as TypeScript' }).click();
  const exportSection = page.getByRole('region', { name: 'Use this design in your code' });
  const code = exportSection.getByLabel('keyDesign.ts');
  await expect(code).toContainText('{score:int(10)}#{ts:epoch(16)}#{playerId}');
  await expect(code).toContainText('export function encodeSortKey(fields: SortKeyFields): string');

  await page.getByRole('textbox', { name: 'Key name', exact: true }).fill('rank key');
  await expect(code).toContainText('export function decodeRankKey(key: string): RankKeyFields');

  // The module follows the design.
  await keyBuilder.setTemplate('{score:int(10,desc)}#{playerId}');
  await expect(code).toContainText('// "9999998499#p_8842"');

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(exportSection.getByRole('status')).toHaveText('Copied to the clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('export function encodeRankKey(fields: RankKeyFields): string');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download keyDesign.ts' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('keyDesign.ts');
  expect(await readFile(await download.path(), 'utf8')).toBe(copied);
});
