import { DynamoDB } from '@aws-sdk/client-dynamodb';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { type RunningDynamoDBLocal, pkSkTable } from '../scripts/dynamodbLocal';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { emptyDynamoDBLocal } from './sharedDynamoDBLocal';

// The table details ask DynamoDB Local for tags, which it refuses with an HTTP 400 that Chromium logs (see explorerDynamoDBLocal.spec.ts).
test.use({
  allowedPageErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/proxy\/dynamodb/],
});
// Not serial: each test has its own browser context, and the DynamoDB Local test's database is the worker's (emptied in
// its beforeAll), so the built-in table's tests spread over both workers instead of making one long group at the end
// of the run (this is the last file in the order Playwright hands out).

interface Side {
  /** 'picker': Chromium's showSaveFilePicker (stubbed: it records the stream's writes); 'download': a browser without it (the Blob download). */
  readonly saveTo: 'picker' | 'download';
  readonly table: string;
  readonly pk: string;
  readonly sk: string;
}

/** Three items for partition IMPORT#1 (a string set, a 38-digit number, binary with high bytes) and a broken line 2. */
function importFile(side: Side): { text: string; items: unknown[] } {
  const items = ['a', 'b', 'c'].map((sort, i) => ({
    [side.pk]: { S: 'IMPORT#1' },
    [side.sk]: { S: sort },
    tags: { SS: ['x', `t${i}`] },
    big: { N: '12345678901234567890123456789012345678' },
    bin: { B: ['/wA=', 'gIE=', 'AP8='][i] },
  }));
  const lines = [
    JSON.stringify(items[0]),
    `{"${side.pk}": {"S": "IMPORT#1"}, "${side.sk}": {"N": "1"}}`,
    `{"Item": ${JSON.stringify(items[1])}}`,
    JSON.stringify(items[2]),
  ];
  return { text: `${lines.join('\n')}\n`, items };
}

async function importExportDelete(page: Page, side: Side): Promise<void> {
  const explorer = new ExplorerPage(page);
  const { text, items } = importFile(side);

  // Import a file with a bad line and read the report.
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByLabel('Import file').setInputFiles({ name: 'items.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Start import' }).click();
  const importReport = page.getByRole('region', { name: 'Import report' });
  await expect(importReport).toContainText('Written: 3 items from items.jsonl; rejected: 1');
  await expect(importReport.getByRole('list', { name: 'Rejected lines' })).toHaveText(
    `Line 2: One or more parameter values were invalid: Type mismatch for key ${side.sk} expected: S actual: N`,
  );
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');

  await explorer.partitionKey(side.pk).fill('IMPORT#1');
  await explorer.runQuery.click();
  await expect.poll(() => explorer.columnValues(side.sk)).toEqual(['a', 'b', 'c']);

  // Export the query's results and compare with what was imported.
  await page.getByRole('button', { name: 'Export…' }).click();
  await page.getByRole('combobox', { name: 'Export format' }).selectOption({ label: 'DynamoDB JSON lines' });
  const exported = (await exportText(page, side.saveTo, `${side.table}.jsonl`))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
  expect(exported.map(sortedSets)).toEqual(items.map(sortedSets));

  // Bulk delete two ticked rows: the confirmation shows the count and the keys, then the progress and the report.
  await page.getByRole('checkbox', { name: 'Select row 1' }).check();
  await page.getByRole('checkbox', { name: 'Select row 2' }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm delete' });
  await expect(confirm).toContainText(`Delete 2 items from ${side.table}?`);
  await expect(confirm.getByRole('list', { name: 'Keys to delete' }).getByRole('listitem')).toHaveText([
    JSON.stringify({ [side.pk]: { S: 'IMPORT#1' }, [side.sk]: { S: 'a' } }),
    JSON.stringify({ [side.pk]: { S: 'IMPORT#1' }, [side.sk]: { S: 'b' } }),
  ]);
  await confirm.getByRole('button', { name: 'Delete 2 items' }).click();
  await expect(page.getByRole('region', { name: 'Delete report' })).toContainText('Deleted: 2 items; rejected: 0');
  await expect(page.getByRole('progressbar', { name: 'Delete progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect.poll(() => explorer.columnValues(side.sk)).toEqual(['c']);

  // Delete every result of the query.
  await page.getByRole('button', { name: 'Delete all results of this query' }).click();
  await expect(confirm).toContainText(`Delete 1 item from ${side.table}?`);
  await confirm.getByRole('button', { name: 'Delete 1 item' }).click();
  await expect(page.getByRole('region', { name: 'Delete report' })).toContainText('Deleted: 1 item; rejected: 0');
  await expect(page.getByText('0 items in 1 page · end of results')).toBeVisible();
}

/** Clicks Download and returns the export's text, streamed to a picked file or downloaded. */
async function exportText(page: Page, saveTo: Side['saveTo'], fileName: string): Promise<string> {
  if (saveTo === 'download') {
    await page.evaluate(
      () => Reflect.deleteProperty(window, 'showSaveFilePicker') || Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }),
    );
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    return readFile(await download.path(), 'utf8');
  }
  await page.evaluate(() => {
    const saved = { name: '', writes: [] as string[], closed: false };
    Object.assign(window, {
      savedExport: saved,
      showSaveFilePicker: (options: { suggestedName: string }) => {
        saved.name = options.suggestedName;
        return Promise.resolve({
          createWritable: () =>
            Promise.resolve({ write: (chunk: string) => void saved.writes.push(chunk), close: () => void (saved.closed = true), abort: () => undefined }),
        });
      },
    });
  });
  await page.getByRole('button', { name: 'Download' }).click();
  const saved = () => page.evaluate(() => (window as unknown as { savedExport: { name: string; writes: string[]; closed: boolean } }).savedExport);
  await expect.poll(async () => (await saved()).closed).toBe(true);
  const { name, writes } = await saved();
  expect(name).toBe(fileName);
  return writes.join('');
}

/** DynamoDB JSON with attributes in name order and set members sorted (DynamoDB returns both in its own order). */
function sortedSets(item: unknown): string {
  return JSON.stringify(item, (key, value: unknown) => {
    if (key === 'SS' && Array.isArray(value)) return [...value].sort();
    if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
    return value;
  });
}

test('built-in table: import with a bad line, export and compare, bulk delete with progress', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  await importExportDelete(page, { saveTo: 'picker', table: 'Leaderboard', pk: 'leaderboardId', sk: 'rankKey' });
});

test('built-in table: Pause, Cancel while paused, then Resume import writes the rest and keeps the bad line in the report', async ({ page }) => {
  // The resumed 30,000-line import is given 90 s below; the test's own 30 s default would end it first on a loaded runner.
  test.setTimeout(150_000);
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  const lines = Array.from({ length: 30_000 }, (_, i) =>
    i === 1 ? '{"leaderboardId": {"S": "BIG"}, "rankKey": {"N": "2"}}' : `{"leaderboardId": {"S": "BIG"}, "rankKey": {"S": "${String(i).padStart(5, '0')}"}}`,
  );
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByLabel('Import file').setInputFiles({ name: 'big.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${lines.join('\n')}\n`) });
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(/paused \(the batches in flight finish/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('Cancelled.');
  await report.getByRole('button', { name: 'Resume import' }).click();
  await expect(report).toContainText('Written: 29,999 items from big.jsonl; rejected: 1', { timeout: 90_000 });
  await expect(report.getByRole('list', { name: 'Rejected lines' })).toHaveText(
    'Line 2: One or more parameter values were invalid: Type mismatch for key rankKey expected: S actual: N',
  );
  await expect(report.getByRole('button', { name: 'Resume import' })).toHaveCount(0);
});

test('built-in table: a CSV row with an unclosed quote is one rejected record naming every line it spans; written + rejected = records read', async ({
  page,
}) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  // Row 200 (line 201) opens a quote it never closes; row 202's quoted cell closes it.
  const rows = Array.from({ length: 300 }, (_, i) =>
    i + 1 === 200 ? 'CSV,r200,"oops' : i + 1 === 202 ? 'CSV,r202,"quoted, fine"' : `CSV,r${String(i + 1).padStart(3, '0')},row ${i + 1}`,
  );
  await page.getByRole('button', { name: 'Import…' }).click();
  await page
    .getByLabel('Import file')
    .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(`leaderboardId,rankKey,note\n${rows.join('\n')}\n`) });
  await page.getByRole('button', { name: 'Start import' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('Written: 297 items from rows.csv; rejected: 1; 298 records read');
  await expect(report.getByRole('list', { name: 'Rejected lines' })).toHaveText(
    /^Lines 201–203: Text follows a quoted cell's closing quote on line 203 .*runs from line 201 to line 203/,
  );
});

test('built-in table: a file exported from another table is refused up front, naming the key it lacks', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByLabel('Import file').setInputFiles({
    name: 'other.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('{"PK": {"S": "a"}, "SK": {"S": "b"}}\n{"PK": {"S": "a"}, "SK": {"S": "c"}}\n'),
  });
  await page.getByRole('button', { name: 'Start import' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report.getByRole('alert')).toContainText("This file's items have no attribute leaderboardId, the table's partition key: leaderboardId (S)");
  await report.getByRole('button', { name: 'Import anyway' }).click();
  await expect(report).toContainText('Written: 0 items from other.jsonl; rejected: 2');
});

test.describe('DynamoDB Local', () => {
  let ddbLocal: RunningDynamoDBLocal;
  test.beforeAll(async ({ dynamoDBLocal }) => {
    ddbLocal = await emptyDynamoDBLocal(dynamoDBLocal);
    const client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'seeder', secretAccessKey: 'x' } });
    await client.createTable(pkSkTable('Transfers'));
    client.destroy();
  });

  test('import with a bad line, export and compare, bulk delete with progress', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await new ConnectionPanelPage(page).connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`);
    await expect(explorer.tablePicker).toHaveValue('Transfers');
    await importExportDelete(page, { saveTo: 'download', table: 'Transfers', pk: 'pk', sk: 'sk' });
  });
});
