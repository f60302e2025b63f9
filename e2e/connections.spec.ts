import type { Page } from '@playwright/test';
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { startDynamoDBLocal, type RunningDynamoDBLocal, pkSkTable } from '../scripts/dynamodbLocal';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';

// DynamoDB Local answers tags (and a statement it can't read) with an HTTP 400, which Chromium logs.
test.use({
  allowedPageErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/proxy\/dynamodb/],
});

/*
 * Connections against the real DynamoDB Local (no -sharedDb: each access key
 * id has its own tables, so key "nobody" sees an empty endpoint): switching
 * leaves nothing of the previous table, "Remember in this browser" reconnects
 * on load, saved connections switch, and the explorer's writes (PartiQL, the
 * item editor's Delete, time to live) say what they did.
 */
test.describe.configure({ mode: 'serial' });

let ddbLocal: RunningDynamoDBLocal;
let client: DynamoDB;
const KEY_ID = 'keylab';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ddbLocal = await startDynamoDBLocal({ sharedDb: false });
  client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: KEY_ID, secretAccessKey: 'x' } });
  for (const TableName of ['Notes', 'Visits']) {
    await client.createTable(pkSkTable(TableName));
  }
  for (const sk of ['1', '2', '3']) await client.putItem({ TableName: 'Notes', Item: { pk: { S: 'n' }, sk: { S: sk } } });
});

test.afterAll(async () => {
  client?.destroy();
  await ddbLocal?.stop();
});

const endpoint = () => `http://localhost:${ddbLocal.port}`;

/** One of DescribeTable's facts under the table picker ("Items", "Time to live"). */
function fact(page: Page, name: string) {
  return page
    .locator('.table-facts > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd');
}

/** The DynamoDB operations the page sends through Keylab's proxy (X-Amz-Target), in order. */
function recordOperations(page: Page): string[] {
  const operations: string[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/proxy/dynamodb')) return;
    const target = request.headers()['x-amz-target'];
    if (target) operations.push(target.replace(/^DynamoDB_\d+\./, ''));
  });
  return operations;
}

test('connecting to an empty DynamoDB Local after the built-in table shows no stale table and sends nothing for it', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await expect(fact(page, 'Items')).toHaveText(/\d/);
  await expect(explorer.runQuery).toBeVisible();
  const operations = recordOperations(page);

  await connection.connectToDynamoDBLocal(endpoint(), 'nobody');
  const none = page.getByRole('status').filter({ hasText: `No tables on DynamoDB Local ${endpoint()}` });
  await expect(none).toBeVisible();
  await expect(page.locator('.table-facts')).toHaveCount(0);
  await expect(explorer.runQuery).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New item' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create table' })).toBeVisible();
  await expect(explorer.tablePicker).toBeDisabled();
  // Only the listing: nothing asks about (or queries) the built-in table's table on this endpoint.
  expect(operations.length).toBeGreaterThan(0);
  expect([...new Set(operations)]).toEqual(['ListTables']);
});

test('Remember in this browser: after a reload the explorer is on the remembered DynamoDB Local, and New item lands there', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await connection.kind.selectOption('DynamoDB Local');
  await connection.endpoint.fill(endpoint());
  await connection.accessKeyId.fill(KEY_ID);
  await connection.remember.check();
  await connection.connect.click();
  await expect(explorer.tablePicker).toHaveValue('Notes');

  await page.reload();
  await explorer.tab.click();
  await expect(page.locator('#explorer-title + .muted')).toContainText(`DynamoDB Local ${endpoint()}`);
  await expect(connection.kind).toHaveValue('dynamodbLocal');
  await expect(explorer.tablePicker).toHaveValue('Notes');
  await explorer.partitionKey('pk').fill('remembered');
  await explorer.runQuery.click();
  await page.getByRole('button', { name: 'New item' }).click();
  const editor = page.getByRole('dialog', { name: 'Item editor' });
  await editor.getByRole('textbox', { name: 'DynamoDB JSON' }).fill(JSON.stringify({ pk: { S: 'remembered' }, sk: { S: '1' } }));
  await editor.getByRole('button', { name: 'Save item' }).click();
  await expect(editor).toBeHidden();
  await expect
    .poll(async () => (await client.getItem({ TableName: 'Notes', Key: { pk: { S: 'remembered' }, sk: { S: '1' } }, ConsistentRead: true })).Item)
    .toEqual({ pk: { S: 'remembered' }, sk: { S: '1' } });
  await client.deleteItem({ TableName: 'Notes', Key: { pk: { S: 'remembered' }, sk: { S: '1' } } });
});

test('two saved connections switch with one pick each, survive a reload, and rename and delete', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await connection.connectToDynamoDBLocal(endpoint(), KEY_ID);
  await expect(explorer.tablePicker).toHaveValue('Notes');
  await connection.save('Local notes');
  await connection.connectToDynamoDBLocal(endpoint(), 'nobody');
  await expect(page.getByRole('status').filter({ hasText: 'No tables on' })).toBeVisible();
  await connection.save('Empty local');
  // A taken name is refused, saying which.
  await connection.save('Local notes');
  await expect(page.getByRole('alert').filter({ hasText: 'already named “Local notes”' })).toBeVisible();
  await connection.connectionName.fill('');

  await connection.saved.selectOption({ label: 'Local notes' });
  await expect(explorer.tablePicker).toHaveValue('Notes');
  await connection.saved.selectOption({ label: 'Empty local' });
  await expect(page.getByRole('status').filter({ hasText: 'No tables on' })).toBeVisible();
  await expect(explorer.runQuery).toHaveCount(0);

  await page.reload();
  await explorer.tab.click();
  await expect(connection.saved.locator('option')).toHaveText(['Choose…', 'Local notes', 'Empty local']);
  await connection.saved.selectOption({ label: 'Empty local' });
  await connection.connectionName.fill('Nothing here');
  await connection.renameConnection.click();
  await expect(connection.saved.locator('option')).toHaveText(['', 'Local notes', 'Nothing here']);
  await connection.deleteConnection.click();
  await expect(connection.saved.locator('option')).toHaveText(['Choose…', 'Local notes']);
  expect(await page.evaluate(() => localStorage.getItem('keylab.connections.saved'))).not.toMatch(/secret/i);
});

test('PartiQL: a new statement clears the old refusal, and INSERT says it wrote', async ({ page }) => {
  test.setTimeout(60_000);
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await new ConnectionPanelPage(page).connectToDynamoDBLocal(endpoint(), KEY_ID);
  await explorer.tablePicker.selectOption('Visits');
  await page.getByRole('radio', { name: 'PartiQL' }).check();
  const statement = page.getByRole('textbox', { name: 'PartiQL statement' });
  const run = page.getByRole('button', { name: 'Run statement' });
  await page.getByRole('textbox', { name: 'Parameters' }).fill('');
  await statement.fill('SELEC * FROM "Visits"');
  await run.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'ValidationException' });
  // DynamoDB Local's first PartiQL statement warms up its parser: give it time.
  await expect(refusal).toBeVisible({ timeout: 30_000 });

  // Refused before sending: the old refusal goes, the new message stays.
  const parameters = page.getByRole('textbox', { name: 'Parameters' });
  await parameters.fill('[{"S": 1}]');
  await run.click();
  await expect(parameters).toHaveAccessibleDescription(/Parameter 1 \(line 1, column 2\) at S: a string value is text/);
  await expect(refusal).toHaveCount(0);
  await parameters.fill('');

  await statement.fill(`INSERT INTO "Visits" VALUE {'pk': 'v', 'sk': '1'}`);
  await run.click();
  await expect(page.getByRole('status').filter({ hasText: 'INSERT succeeded: 1 item written.' })).toBeVisible();
  await expect(refusal).toHaveCount(0);
  expect((await client.getItem({ TableName: 'Visits', Key: { pk: { S: 'v' }, sk: { S: '1' } }, ConsistentRead: true })).Item).toBeDefined();

  await statement.fill(`DELETE FROM "Visits" WHERE "pk" = 'v' AND "sk" = '1'`);
  await run.click();
  await expect(page.getByRole('status').filter({ hasText: /^DELETE succeeded/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'INSERT succeeded' })).toHaveCount(0);
});

test('the Items count follows the item editor’s Delete on DynamoDB Local', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await new ConnectionPanelPage(page).connectToDynamoDBLocal(endpoint(), KEY_ID);
  await expect(explorer.tablePicker).toHaveValue('Notes');
  await expect(fact(page, 'Items')).toHaveText('3');
  await explorer.partitionKey('pk').fill('n');
  await explorer.runQuery.click();
  await expect.poll(() => explorer.columnValues('sk')).toEqual(['1', '2', '3']);
  await page.getByRole('button', { name: 'Inspect the key of row 1' }).focus();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete item' }).click();
  await expect.poll(() => explorer.columnValues('sk')).toEqual(['2', '3']);
  await expect(fact(page, 'Items')).toHaveText('2');
});

/** Enables time to live on `attribute` from the table details, then disables it, checking what they show. */
async function enableThenDisableTimeToLive(page: Page, attribute: string) {
  const ttl = fact(page, 'Time to live');
  await expect(ttl).toContainText('off (DISABLED)');
  await ttl.getByRole('button', { name: 'Change time to live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Time to live' });
  await dialog.getByRole('button', { name: 'Enable time to live' }).click();
  await expect(dialog.getByRole('textbox', { name: 'TTL attribute' })).toHaveAccessibleDescription(/Type the attribute that holds each item’s expiry time/);
  await dialog.getByRole('textbox', { name: 'TTL attribute' }).fill(attribute);
  await dialog.getByRole('button', { name: 'Enable time to live' }).click();
  await expect(dialog).toBeHidden();
  await expect(ttl).toContainText(`ENABLED on ${attribute}`);
  await ttl.getByRole('button', { name: 'Change time to live' }).click();
  await expect(dialog).toContainText(`ENABLED on ${attribute}`);
  await dialog.getByRole('button', { name: 'Disable time to live' }).click();
  await expect(dialog).toBeHidden();
  await expect(ttl).toContainText('off (DISABLED)');
}

test('time to live is enabled and disabled from the table details on DynamoDB Local', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await new ConnectionPanelPage(page).connectToDynamoDBLocal(endpoint(), KEY_ID);
  await explorer.tablePicker.selectOption('Visits');
  await enableThenDisableTimeToLive(page, 'expiresAt');
  expect((await client.describeTimeToLive({ TableName: 'Visits' })).TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
});

test('time to live is enabled and disabled from the table details on the built-in table', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  await enableThenDisableTimeToLive(page, 'expiresAt');
});
