import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/ExplorerPage';

/*
 * Import… of an S3 export's data file as it is: `*.json.gz`, DynamoDB JSON
 * lines `{"Item": …}` gzipped. The browser gunzips it as it streams
 * (DecompressionStream), found by the gzip bytes; a cut-off file stops with
 * a clear error.
 */

const lines = Array.from({ length: 500 }, (_, i) =>
  i === 1
    ? '{"Item": {"leaderboardId": {"S": "GZ"}, "rankKey": {"N": "2"}}}'
    : JSON.stringify({ Item: { leaderboardId: { S: 'GZ' }, rankKey: { S: String(i).padStart(4, '0') }, note: { S: `é ${i}` } } }),
);
const compressed = gzipSync(`${lines.join('\n')}\n`);

test('built-in table: imports a gzipped S3 export data file, and says where a cut-off one ends', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByLabel('Import file').setInputFiles({ name: '01700000000000-0a1b2c3d.json.gz', mimeType: 'application/gzip', buffer: compressed });
  await page.getByRole('button', { name: 'Start import' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('Written: 499 items from 01700000000000-0a1b2c3d.json.gz; rejected: 1');
  await expect(report.getByRole('list', { name: 'Rejected lines' })).toHaveText(
    'Line 2: One or more parameter values were invalid: Type mismatch for key rankKey expected: S actual: N',
  );
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await explorer.partitionKey('leaderboardId').fill('GZ');
  await explorer.runQuery.click();
  await expect.poll(async () => (await explorer.columnValues('note')).slice(0, 2)).toEqual(['é 0', 'é 2']);

  await page
    .getByLabel('Import file')
    .setInputFiles({ name: 'cut.json.gz', mimeType: 'application/gzip', buffer: compressed.subarray(0, Math.floor(compressed.length / 2)) });
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(report).toContainText('The gzip file ends too early');
  await expect(report).toContainText('Download or copy it again');
});
