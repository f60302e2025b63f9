import { DynamoDB } from '@aws-sdk/client-dynamodb';
import type { RunningDynamoDBLocal } from '../scripts/dynamodbLocal';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { emptyDynamoDBLocal } from './sharedDynamoDBLocal';

// The table details ask for tags, which DynamoDB Local refuses with an HTTP 400 (shown as "not available"); Chromium logs every 400.
test.use({
  allowedPageErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/proxy\/dynamodb/],
});
test.describe.configure({ mode: 'serial' });

let ddbLocal: RunningDynamoDBLocal;
test.beforeAll(async ({ dynamoDBLocal }) => {
  ddbLocal = await emptyDynamoDBLocal(dynamoDBLocal);
});

test('creates a table with a GSI in DynamoDB Local, sees it ACTIVE, adds and deletes an index, and deletes the table by typing its name', async ({ page }) => {
  test.setTimeout(120_000);
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await connection.connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`);
  // The explorer has switched (a dialog opened before would close with the old connection).
  await expect(page.locator('#explorer-title + .muted')).toContainText('DynamoDB Local');

  await page.getByRole('button', { name: 'Create table' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create table' });
  await dialog.getByLabel('Table name').fill('UiOrders');
  await dialog.getByLabel('Partition key name').fill('customer');
  await dialog.getByLabel('Sort key name').fill('placedAt');
  await dialog.getByLabel('Sort key type').selectOption('N');
  await dialog.getByRole('button', { name: 'Add GSI' }).click();
  const gsi = dialog.getByRole('group', { name: 'GSI 1' });
  // Validation first: an empty index name says where and how to fix it.
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(gsi.getByRole('alert').first()).toContainText('GSI 1, index name: Name the index');
  await gsi.getByLabel('Index name').fill('byStatus');
  await gsi.getByLabel('Partition key', { exact: true }).fill('status');
  await gsi.getByLabel('Projection').selectOption('INCLUDE');
  await gsi.getByLabel('Projected attributes').fill('total');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Table status' })).toContainText('UiOrders: ACTIVE', { timeout: 30_000 });
  await expect(explorer.tablePicker).toHaveValue('UiOrders');

  // The table actions are one toolbar; the arrow keys move along it.
  const toolbar = page.getByRole('toolbar', { name: 'Table actions' });
  await expect(toolbar.getByRole('button')).toHaveText(['Add index', 'Delete index', 'Create table', 'Delete table']);
  await toolbar.getByRole('button', { name: 'Add index' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Delete index' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Delete table' })).toBeFocused();

  await page.getByRole('button', { name: 'Add index' }).click();
  const addIndex = page.getByRole('dialog', { name: 'Add index' });
  await addIndex.getByLabel('Index name').fill('byTotal');
  await addIndex.getByLabel('Partition key', { exact: true }).fill('total');
  await addIndex.getByLabel('Partition key type').selectOption('N');
  await addIndex.getByRole('button', { name: 'Create index' }).click();
  await expect(addIndex).toBeHidden();
  await expect(page.getByText(/Creating index byTotal/)).toBeHidden({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Delete index' }).click();
  const deleteIndex = page.getByRole('dialog', { name: 'Delete index' });
  await deleteIndex.getByLabel('Index to delete').selectOption('byTotal');
  await deleteIndex.getByRole('button', { name: 'Delete index' }).click();
  await expect(deleteIndex).toBeHidden();
  await expect(page.getByText(/Deleting index byTotal/)).toBeHidden({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Delete table' }).click();
  const deleteTable = page.getByRole('dialog', { name: 'Delete table' });
  const confirm = deleteTable.getByRole('button', { name: 'Delete table' });
  await expect(confirm).toBeDisabled();
  await deleteTable.getByLabel('Table name to delete').fill('UiOrders');
  await confirm.click();
  await expect(deleteTable).toBeHidden();
  await expect(explorer.tablePicker.locator('option', { hasText: 'UiOrders' })).toHaveCount(0);
});

test('creates a table from a design in DynamoDB Local in one click, and the table details show its keys and GSI', async ({ page }) => {
  test.setTimeout(120_000);
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await new ConnectionPanelPage(page).connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`);
  await expect(page.locator('#explorer-title + .muted')).toContainText('DynamoDB Local');

  await page.getByRole('button', { name: 'Create table' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create table' });
  await dialog.getByLabel('From a design').selectOption({ label: 'Leaderboard · Leaderboard' });
  // The form shows what will be created: the design's keys and its GSI.
  await expect(dialog.getByLabel('Table name')).toHaveValue('Leaderboard');
  await expect(dialog.getByLabel('Partition key name')).toHaveValue('leaderboardId');
  await expect(dialog.getByLabel('Sort key name')).toHaveValue('rankKey');
  await expect(dialog.getByRole('group', { name: 'GSI 1' }).getByLabel('Index name')).toHaveValue('byPlayer');
  await dialog.getByRole('button', { name: 'Create as designed' }).click();
  await expect(page.getByRole('status', { name: 'Table status' })).toContainText('Leaderboard: ACTIVE', { timeout: 30_000 });
  await expect(explorer.tablePicker).toHaveValue('Leaderboard');

  const facts = page.locator('dl[aria-label="Table details"]');
  const fact = (term: string) => facts.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
  await expect(fact('Partition key')).toHaveText('leaderboardId S');
  await expect(fact('Sort key')).toHaveText('rankKey S');
  await expect(fact('GSI byPlayer')).toHaveText('playerId + ts · ALL');
  // And DynamoDB Local has it as designed, attribute types included.
  const client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'keylab', secretAccessKey: 'x' } });
  try {
    const { Table } = await client.describeTable({ TableName: 'Leaderboard' });
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ]);
    expect(Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.KeySchema, index.Projection?.ProjectionType])).toEqual([
      [
        'byPlayer',
        [
          { AttributeName: 'playerId', KeyType: 'HASH' },
          { AttributeName: 'ts', KeyType: 'RANGE' },
        ],
        'ALL',
      ],
    ]);
    expect(Object.fromEntries(Table?.AttributeDefinitions?.map((definition) => [definition.AttributeName, definition.AttributeType]) ?? [])).toEqual({
      leaderboardId: 'S',
      rankKey: 'S',
      playerId: 'S',
      ts: 'N',
    });
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
  } finally {
    client.destroy();
  }
});

test('a read-only DynamoDB Local connection shows no write control', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await connection.kind.selectOption('DynamoDB Local');
  await page.getByRole('checkbox', { name: 'Read-only' }).check();
  await connection.connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`);
  await expect(page.locator('#explorer-title + .muted')).toContainText('· read-only');
  for (const name of ['Create table', 'Delete table', 'Add index', 'Delete index', 'Generate items'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
});

test('creates a table from a design on the built-in table', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await page.getByRole('button', { name: 'Create table' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create table' });
  const choice = dialog.getByLabel('From a design');
  const option = choice.locator('option').nth(1);
  const label = (await option.textContent()) ?? '';
  const tableName = label.split(' · ').at(-1)!;
  await choice.selectOption({ index: 1 });
  await expect(dialog.getByLabel('Table name')).toHaveValue(tableName);
  // The example tables already exist in the built-in table: rename, then create.
  await dialog.getByLabel('Table name').fill(`${tableName}Copy`);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Table status' })).toContainText(`${tableName}Copy: ACTIVE`);
  await expect(explorer.tablePicker).toHaveValue(`${tableName}Copy`);
});
