import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { createLocalDynamoDB, type LocalDynamoDB } from '../src/engine';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../src/server';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';

/*
 * The explorer's table facts (Items, Size) follow the data: after Generate
 * items, and after Refresh when someone else wrote. And an address where
 * something other than DynamoDB answers is named as such, in words.
 */

/** One of DescribeTable's facts under the table picker ("Items", "Size"). */
function fact(page: Page, name: string) {
  return page
    .locator('.table-facts > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd');
}

const asNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

test.describe('Generate items on the built-in table', () => {
  test('the table’s Items and Size show the generated items, and Refresh keeps them', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    const items = fact(page, 'Items');
    await expect(items).not.toHaveText('—');
    const before = asNumber(await items.innerText());
    const sizeBefore = await fact(page, 'Size').innerText();

    const generator = page.getByRole('region', { name: 'Generate items' });
    await generator.getByRole('textbox', { name: 'Items to generate' }).fill('1000');
    await generator.getByRole('button', { name: 'Generate items' }).click();
    await expect(generator.getByRole('status')).toContainText('Generated 1,000 items in leaderboardId = GENERATED#1');
    await expect(items).toHaveText(String(before + 1000));
    await expect(fact(page, 'Size')).not.toHaveText(sizeBefore);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(items).toHaveText(String(before + 1000));
  });

  test('refuses counts that are not whole numbers, saying why (no 1e3, no NaN)', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.open();
    await explorer.tablePicker.selectOption('Leaderboard');
    const items = fact(page, 'Items');
    await expect(items).not.toHaveText('—');
    const before = await items.innerText();
    const generator = page.getByRole('region', { name: 'Generate items' });
    const count = generator.getByRole('textbox', { name: 'Items to generate' });
    // The same reader as the width advisor's largest value: an exponent is refused with its digits.
    for (const [typed, problem] of [
      ['1e3', '"1e3" has an exponent: write the digits, 1000.'],
      ['😀', '"😀" (U+1F600) is not a digit: type the number in digits only.'],
    ] as const) {
      await count.fill(typed);
      await generator.getByRole('button', { name: 'Generate items' }).click();
      await expect(generator.getByRole('alert')).toHaveText(`Items to generate must be a whole number from 1 to 1,000,000; ${problem}`);
    }
    await expect(items).toHaveText(before);
  });
});

test.describe('Refresh on a remote endpoint', () => {
  let db: LocalDynamoDB;
  let endpoint: RunningDynamoDBEndpoint;

  test.beforeAll(async () => {
    db = createLocalDynamoDB();
    await db.createTable({
      TableName: 'Counted',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    await db.putItem({ TableName: 'Counted', Item: { pk: { S: 'first' } } });
    endpoint = await startDynamoDBEndpoint({ db, port: 0 });
  });

  test.afterAll(async () => {
    await endpoint.stop();
  });

  test('shows items another client wrote after Refresh', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const connection = new ConnectionPanelPage(page);
    await explorer.open();
    await connection.kind.selectOption('Custom endpoint');
    await connection.endpoint.fill(endpoint.url);
    await connection.connect.click();
    await expect(explorer.tablePicker).toHaveValue('Counted');
    await expect(fact(page, 'Items')).toHaveText('1');

    await db.putItem({ TableName: 'Counted', Item: { pk: { S: 'second' } } });
    await db.putItem({ TableName: 'Counted', Item: { pk: { S: 'third' } } });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(fact(page, 'Items')).toHaveText('3');
  });
});

test.describe('an address where something else answers', () => {
  // Chromium logs every non-2xx fetch as "Failed to load resource": expected here, nothing else is.
  test.use({ allowedPageErrors: [/Failed to load resource: the server responded with a status of 405/] });
  let other: Server;
  let port: number;

  test.beforeAll(async () => {
    other = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(405, { 'Content-Type': 'text/plain' });
        res.end('Method Not Allowed ');
      });
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    port = (other.address() as AddressInfo).port;
  });

  test.afterAll(async () => {
    await new Promise<void>((done) => other.close(() => done()));
  });

  test('"DynamoDB Local" on a port that is not DynamoDB says so, and what to check', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    const connection = new ConnectionPanelPage(page);
    await explorer.open();
    await connection.connectToDynamoDBLocal(`http://localhost:${port}`);
    await expect(connection.problem).toHaveText(
      `Could not connect: http://localhost:${port} answered 405 Method Not Allowed and is not a DynamoDB endpoint: check the port`,
    );
    await expect(connection.problem).not.toContainText('SyntaxError');
  });
});
