import { DynamoDB, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { type RunningDynamoDBLocal, pkSkTable } from '../scripts/dynamodbLocal';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { emptyDynamoDBLocal } from './sharedDynamoDBLocal';

/*
 * A hostile table: items whose attributes are named like JavaScript's own
 * members (constructor, toString, valueOf, hasOwnProperty, __proto__), one
 * value with a right-to-left override, 120 rows. On the built-in table (read
 * in through Import…) and on DynamoDB Local through Keylab's proxy (where the
 * SDK lost __proto__'s value): the grid stays readable (headers in one row,
 * rows not overlapping), row numbers past 99 fit beside their checkboxes, the
 * exports keep __proto__, and Edit item works.
 */
test.use({
  allowedPageErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/proxy\/dynamodb/],
});
test.describe.configure({ mode: 'serial' });

const JS_OWN = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
const ROWS = 120;

/** Row `i`'s item as DynamoDB JSON text (JSON.parse keeps __proto__ as a plain key). */
function itemJson(pk: string, sk: string, i: number): string {
  const members = [`"${pk}": {"S": "HOSTILE"}`, `"${sk}": {"S": "${String(i).padStart(3, '0')}"}`, ...JS_OWN.map((name) => `"${name}": {"S": "${name} ${i}"}`)];
  if (i === 1) members.push('"file": {"S": "05\\u202Egnp.exe"}');
  return `{${members.join(', ')}}`;
}

async function boxes(locators: Locator): Promise<{ x: number; y: number; width: number; height: number }[]> {
  return locators.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x, y, width, height })),
  );
}

async function exportAs(page: Page, label: string): Promise<string> {
  const format = page.getByRole('combobox', { name: 'Export format' });
  // The Export… button opens the panel and closes it again: open it once.
  if (!(await format.isVisible())) await page.getByRole('button', { name: 'Export…' }).click();
  await format.selectOption({ label });
  await page.evaluate(() => Reflect.deleteProperty(window, 'showSaveFilePicker') || Object.defineProperty(window, 'showSaveFilePicker', { value: undefined }));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  return readFile(await (await downloading).path(), 'utf8');
}

async function checkHostileTable(page: Page, pk: string): Promise<void> {
  const explorer = new ExplorerPage(page);
  await explorer.partitionKey(pk).fill('HOSTILE');
  await explorer.runQuery.click();
  await expect.poll(async () => (await explorer.columnValues('__proto__'))[0]).toBe('__proto__ 1');

  // Headers in one row, each of them once.
  const headers = explorer.grid.getByRole('columnheader');
  const headerTexts = (await headers.allInnerTexts()).map((text) => text.split('\n')[0]?.trim());
  for (const name of JS_OWN) expect(headerTexts.filter((text) => text === name)).toHaveLength(1);
  const headerBoxes = await boxes(headers);
  expect(new Set(headerBoxes.map((box) => Math.round(box.y))).size).toBe(1);
  for (const box of headerBoxes) expect(box.width).toBeGreaterThan(40);

  // Rows one under the other, none overlapping, every cell with a real width.
  const rows = explorer.grid.getByRole('rowgroup').nth(1).getByRole('row');
  const rowBoxes = (await boxes(rows)).sort((a, b) => a.y - b.y);
  expect(rowBoxes.length).toBeGreaterThan(3);
  for (let i = 1; i < rowBoxes.length; i++) expect(rowBoxes[i]!.y).toBeGreaterThanOrEqual(rowBoxes[i - 1]!.y + rowBoxes[i - 1]!.height - 1);
  const cellWidths = await rows
    .first()
    .getByRole('cell')
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
  for (const width of cellWidths) expect(width).toBeGreaterThan(40);

  // Row numbers past 99 fit beside their checkboxes (they showed "…").
  // Scrolled to the end (a page at a time, if the result comes in pages) until the last row is there.
  const last = page.getByRole('button', { name: `Inspect the key of row ${ROWS}` });
  await expect
    .poll(async () => {
      await explorer.grid.evaluate((grid) => (grid.scrollTop = grid.scrollHeight));
      return last.isVisible();
    })
    .toBe(true);
  await expect(page.getByRole('checkbox', { name: `Select row ${ROWS}` })).toBeVisible();
  const clipped = await last.evaluate((button) => {
    const cell = button.closest('[role="cell"]') as HTMLElement;
    return button.getBoundingClientRect().right > cell.getBoundingClientRect().right || cell.scrollWidth > cell.clientWidth;
  });
  expect(clipped).toBe(false);
  await explorer.grid.evaluate((grid) => (grid.scrollTop = 0));

  // Exports keep __proto__ with its value.
  const jsonl = await exportAs(page, 'DynamoDB JSON lines');
  expect(jsonl).toContain('"__proto__":{"S":"__proto__ 1"}');
  const csv = await exportAs(page, 'CSV');
  expect(csv.split('\n')[0]).toContain('__proto__ (S)');
  expect(csv).toContain('__proto__ 120');

  // Edit item: the text shows __proto__ and the override escaped; a change saves.
  await page.getByRole('button', { name: 'Inspect the key of row 1', exact: true }).click();
  await page.getByRole('button', { name: 'Edit item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Item editor' });
  const json = dialog.getByRole('textbox', { name: 'DynamoDB JSON' });
  await expect(json).toHaveValue(/"__proto__": \{\s*"S": "__proto__ 1"/);
  await expect(json).toHaveValue(/05\\u202egnp\.exe/);
  expect(await json.inputValue()).not.toContain('\u202E');
  await json.fill((await json.inputValue()).replace('"valueOf 1"', '"edited"'));
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await explorer.columnValues('valueOf'))[0]).toBe('edited');
  expect((await explorer.columnValues('__proto__'))[0]).toBe('__proto__ 1');
}

test('built-in table: a hostile import stays readable, exports keep __proto__, Edit item works', async ({ page }) => {
  test.setTimeout(90_000);
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  const lines = Array.from({ length: ROWS }, (_, i) => itemJson('leaderboardId', 'rankKey', i + 1));
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByLabel('Import file').setInputFiles({ name: 'hostile.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${lines.join('\n')}\n`) });
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('region', { name: 'Import report' })).toContainText(`Written: ${ROWS} items from hostile.jsonl; rejected: 0`);
  await checkHostileTable(page, 'leaderboardId');
});

test.describe('DynamoDB Local through the proxy', () => {
  let ddbLocal: RunningDynamoDBLocal;
  test.beforeAll(async ({ dynamoDBLocal }) => {
    ddbLocal = await emptyDynamoDBLocal(dynamoDBLocal);
    const client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'seeder', secretAccessKey: 'x' } });
    await client.createTable(pkSkTable('Hostile'));
    for (let i = 1; i <= ROWS; i++) await client.putItem({ TableName: 'Hostile', Item: JSON.parse(itemJson('pk', 'sk', i)) as Record<string, AttributeValue> });
    client.destroy();
  });

  test('the grid, the exports and Edit item keep every attribute', async ({ page }) => {
    test.setTimeout(90_000);
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await new ConnectionPanelPage(page).connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`);
    await expect(explorer.tablePicker).toHaveValue('Hostile');
    await checkHostileTable(page, 'pk');
  });
});
