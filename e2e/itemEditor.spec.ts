import { DynamoDB } from '@aws-sdk/client-dynamodb';
import type { Page } from '@playwright/test';
import { startDynamoDBLocal, type RunningDynamoDBLocal } from '../scripts/dynamodbLocal';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';

/*
 * The item editor end to end: New item with a string set, a number set with
 * a 38-digit member and a binary value, Edit item, the conflict when the
 * test changes the item behind the editor's back (through the SDK),
 * Duplicate item refused for its taken key, Delete item from the keyboard;
 * on the built-in table, keys from the bound design.
 */

// Conditional writes that fail are HTTP 400s through Keylab's proxy (and DynamoDB Local refuses tags), which Chromium logs.
test.use({ allowedPageErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/proxy\/dynamodb/] });
test.describe.configure({ mode: 'serial' });

const BIG = '12345678901234567890123456789012345678';
const KEY = { pk: { S: 'G1' }, sk: { S: 'a' } };

let ddbLocal: RunningDynamoDBLocal;
let client: DynamoDB;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ddbLocal = await startDynamoDBLocal({ sharedDb: true });
  client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'keylab', secretAccessKey: 'x' } });
  await client.createTable({
    TableName: 'Gear',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
});

test.afterAll(async () => {
  client?.destroy();
  await ddbLocal?.stop();
});

function editorOf(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Item editor' });
  return { dialog, json: dialog.getByRole('textbox', { name: 'DynamoDB JSON' }), save: dialog.getByRole('button', { name: 'Save item' }) };
}

test('on DynamoDB Local: add, edit, conflict, duplicate-key refusal, delete', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await new ConnectionPanelPage(page).connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`);
  await expect(explorer.tablePicker).toHaveValue('Gear');
  await explorer.partitionKey('pk').fill('G1');
  await explorer.runQuery.click();

  // New item: an empty set is refused with DynamoDB's message, then the item is written exactly.
  await page.getByRole('button', { name: 'New item' }).click();
  const editor = editorOf(page);
  await expect(editor.dialog).toBeVisible();
  await editor.json.fill(JSON.stringify({ ...KEY, tags: { SS: [] } }));
  await editor.save.click();
  await expect(editor.dialog.getByRole('alert')).toContainText('An string set  may not be empty');
  await editor.json.fill(JSON.stringify({ ...KEY, tags: { SS: ['red', 'blue'] }, sizes: { NS: [BIG, '1.50E+3'] }, raw: { B: '/wA=' } }));
  await expect(editor.dialog.getByRole('status')).toContainText('1.50E+3 will be stored as 1500');
  // The form shows the same item: the binary in hex on request.
  await editor.dialog.getByRole('combobox', { name: 'Binary as' }).selectOption('hex');
  await expect(editor.dialog.getByRole('textbox', { name: 'Value of raw' })).toHaveValue('ff00');
  await expect(editor.dialog.getByRole('textbox', { name: 'Member 1 of sizes' })).toHaveValue(BIG);
  await editor.save.click();
  await expect(editor.dialog).toBeHidden();
  await expect.poll(() => explorer.columnValues('sk')).toEqual(['a']);
  const stored = (await client.getItem({ TableName: 'Gear', Key: KEY, ConsistentRead: true })).Item;
  expect(stored?.tags?.SS?.sort()).toEqual(['blue', 'red']);
  expect(stored?.sizes?.NS?.sort()).toEqual([BIG, '1500'].sort());
  expect(stored?.raw?.B).toEqual(Uint8Array.of(0xff, 0));

  // Edit item: untouched writes nothing; a change made behind the editor's back is a conflict.
  await page.getByRole('button', { name: 'Inspect the key of row 1' }).click();
  await page.getByRole('button', { name: 'Edit item' }).click();
  await editor.save.click();
  await expect(editor.dialog.getByText('Nothing changed, so nothing was written.')).toBeVisible();
  await client.putItem({ TableName: 'Gear', Item: { ...(stored ?? {}), tags: { SS: ['changed by someone else'] } } });
  await editor.dialog.getByRole('button', { name: 'Add attribute', exact: true }).click();
  await editor.dialog.getByRole('textbox', { name: 'Name of attribute 6' }).fill('mine');
  await editor.save.click();
  const conflict = editor.dialog.getByRole('alert');
  await expect(conflict).toContainText('Someone changed this item since you opened it');
  await expect(conflict.getByLabel('Stored now')).toContainText('changed by someone else');
  await expect(conflict.getByLabel('Your version')).toContainText('"mine"');
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(editor.json).toHaveValue(/changed by someone else/);
  await editor.dialog.getByRole('textbox', { name: 'Member 1 of tags' }).fill('edited in Keylab');
  await editor.save.click();
  await expect(editor.dialog).toBeHidden();
  await expect.poll(async () => (await client.getItem({ TableName: 'Gear', Key: KEY, ConsistentRead: true })).Item?.tags?.SS).toEqual(['edited in Keylab']);

  // Duplicate item keeps the key: refused, with the existing item one click away.
  await page.getByRole('button', { name: 'Inspect the key of row 1' }).click();
  await page.getByRole('button', { name: 'Duplicate item' }).click();
  await editor.save.click();
  await expect(editor.dialog.getByRole('alert')).toContainText('An item with this key already exists');
  await editor.dialog.getByRole('button', { name: 'Open the existing item' }).click();
  await expect(editor.dialog).toContainText('Editing an item of Gear');
  await editor.dialog.getByRole('button', { name: 'Cancel' }).click();

  // Delete item from the keyboard: Delete on a focused row, a confirmation showing the key.
  await page.getByRole('button', { name: 'Inspect the key of row 1' }).focus();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete item' });
  await expect(confirm.getByLabel('Key to delete')).toContainText('"G1"');
  await confirm.getByRole('button', { name: 'Delete item' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(async () => (await client.getItem({ TableName: 'Gear', Key: KEY, ConsistentRead: true })).Item).toBeUndefined();
  await expect(explorer.grid).toHaveCount(0);
});

test('on the built-in table: keys from the bound design, Enter edits, delete', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await explorer.tablePicker.selectOption('Leaderboard');
  await explorer.partitionKey('leaderboardId').fill('SEASON#2026-TEST');
  await explorer.runQuery.click();
  await page.getByRole('button', { name: 'New item' }).click();
  const editor = editorOf(page);
  const fields = { season: '2026-TEST', score: '1500', ts: '1719100800', playerId: 'p_8842' };
  for (const [field, value] of Object.entries(fields)) await editor.dialog.getByRole('textbox', { name: field, exact: true }).fill(value);
  await expect(editor.dialog.getByLabel('Encoded key')).toContainText('0000001500#0000001719100800#p_8842');
  await expect(editor.json).toHaveValue(/0000001500#0000001719100800#p_8842/);
  await editor.dialog.getByRole('textbox', { name: 'score', exact: true }).fill('123456789012');
  await expect(editor.dialog.getByLabel('Key findings')).toContainText('score');
  await editor.dialog.getByRole('textbox', { name: 'score', exact: true }).fill('1500');
  await editor.save.click();
  await expect(editor.dialog).toBeHidden();
  await expect.poll(() => explorer.columnValues('rankKey')).toEqual(['0000001500#0000001719100800#p_8842']);

  await page.getByRole('button', { name: 'Inspect the key of row 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.dialog).toContainText('Editing an item of Leaderboard');
  await editor.save.click();
  await expect(editor.dialog.getByText('Nothing changed, so nothing was written.')).toBeVisible();
  await editor.dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Inspect the key of row 1' }).click();
  await page.getByRole('button', { name: 'Delete item' }).click();
  await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete item' }).click();
  await expect(explorer.grid).toHaveCount(0);
});
