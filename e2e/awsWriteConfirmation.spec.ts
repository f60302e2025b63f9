import { DynamoDB } from '@aws-sdk/client-dynamodb';
import type { Page } from '@playwright/test';
import type { RunningDynamoDBLocal } from '../scripts/dynamodbLocal';
import { SHOP_DESIGN } from '../src/design';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { LoadIntoTablePage } from './pages/LoadIntoTablePage';
import { PROFILE_ACCESS_KEY_ID, PROFILE_SECRET, startProfileAppServer, type ProfileAppServer } from './profileAppServer';
import { emptyDynamoDBLocal } from './sharedDynamoDBLocal';

/*
 * Writes on an AWS connection. The app server reads a temp ~/.aws
 * (profileAppServer.ts) whose profile signs with a credential_process
 * script's dummy keys and sends to the worker's DynamoDB Local
 * (endpoint_url): to Keylab that is an AWS connection, so every write asks
 * "Write to AWS?" and a Read-only connection offers no write at all.
 */
test.describe.configure({ mode: 'serial' });
// DynamoDB Local refuses tags (DescribeTable's ListTagsOfResource), which Chromium logs as a 400 through the proxy.
test.use({ allowedPageErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/localhost:\d+\/proxy\//] });

const REGION = 'eu-west-2';
const APP_PORT = 5400;
const KEY = { pk: { S: 'note-1' } };

let ddbLocal: RunningDynamoDBLocal;
let client: DynamoDB;
let app: ProfileAppServer;

test.beforeAll(async ({ dynamoDBLocal }) => {
  test.setTimeout(120_000);
  ddbLocal = await emptyDynamoDBLocal(dynamoDBLocal);
  client = new DynamoDB({ region: REGION, endpoint: ddbLocal.endpoint, credentials: { accessKeyId: PROFILE_ACCESS_KEY_ID, secretAccessKey: PROFILE_SECRET } });
  await client.createTable({
    TableName: 'Notes',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  app = await startProfileAppServer({
    port: APP_PORT,
    config: (credentialProcess) => `[profile writer]
credential_process = ${credentialProcess}
region = ${REGION}
endpoint_url = ${ddbLocal.endpoint}
`,
  });
});

test.afterAll(async () => {
  client?.destroy();
  await app?.stop();
});

const stored = async () => (await client.getItem({ TableName: 'Notes', Key: KEY, ConsistentRead: true })).Item;

/** Opens the app (the Shop design open in the Design tab) and connects the explorer to AWS with the `writer` profile. */
async function connectWriter(page: Page, readOnly: boolean) {
  const saved = JSON.stringify({
    state: { designs: [{ id: 'example-shop', design: SHOP_DESIGN, updatedAt: '2026-12-01T10:00:00.000Z' }], openDesignId: 'example-shop' },
    version: 1,
  });
  await page.addInitScript((value) => localStorage.setItem('keylab.designs', value), saved);
  await page.goto(`${app.origin}/`);
  const explorer = new ExplorerPage(page);
  await explorer.tab.click();
  const connection = new ConnectionPanelPage(page);
  await connection.kind.selectOption('AWS');
  await connection.namedProfile.check();
  await connection.profile.selectOption('writer');
  // Read-only is the default for AWS.
  await expect(connection.readOnly).toBeChecked();
  await connection.readOnly.setChecked(readOnly);
  await connection.connect.click();
  await expect(
    page.getByText(`AWS ${REGION} · profile writer (signed by Keylab’s server) · endpoint_url ${ddbLocal.endpoint}${readOnly ? ' · read-only' : ''}`, {
      exact: true,
    }),
  ).toBeVisible();
  await expect(explorer.tablePicker).toHaveValue('Notes');
  return explorer;
}

test('with the Explorer and Migrate tabs both mounted, a write asks ONE "Write to AWS?": focus on Cancel, Escape declines (nothing written), Write to AWS writes', async ({
  page,
}) => {
  const explorer = await connectWriter(page, false);
  // Visit Migrate keys (it stays mounted, hidden, from now on): on this writable connection it offers Apply.
  await page.getByRole('tab', { name: 'Migrate keys' }).click();
  const migrate = page.getByRole('tabpanel', { name: 'Migrate keys' });
  await expect(migrate.getByRole('button', { name: 'Apply' })).toBeVisible();
  await explorer.tab.click();

  await page.getByRole('button', { name: 'New item' }).click();
  const editor = page.getByRole('dialog', { name: 'Item editor' });
  await editor.getByRole('textbox', { name: 'DynamoDB JSON' }).fill(JSON.stringify({ ...KEY, text: { S: 'hello' } }));
  await editor.getByRole('button', { name: 'Save item' }).click();

  const ask = page.getByRole('dialog', { name: 'Write to AWS?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(`Put a new item into Notes on AWS, region ${REGION}, endpoint ${ddbLocal.endpoint}`);
  // One open dialog for the question, visible or not (a hidden tab's copy would make the visible one inert).
  await expect(page.locator('dialog[open]').filter({ hasText: 'Write to AWS?' })).toHaveCount(1);
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(editor).toBeVisible();
  expect(await stored()).toBeUndefined();

  await editor.getByRole('button', { name: 'Save item' }).click();
  await expect(ask).toBeVisible();
  await expect(page.locator('dialog[open]').filter({ hasText: 'Write to AWS?' })).toHaveCount(1);
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Write to AWS' }).click();
  await expect(ask).toBeHidden();
  await expect(editor).toBeHidden();
  expect(await stored()).toEqual({ ...KEY, text: { S: 'hello' } });
  await expect(page.content()).resolves.not.toContain(PROFILE_SECRET);
});

test('on a Read-only AWS connection: Migrate keys shows no Apply or Resume (a note says why), and Load into a table offers the connection only as a disabled "(read-only)" target', async ({
  page,
}) => {
  await connectWriter(page, true);
  await expect(page.getByRole('button', { name: 'New item' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Migrate keys' }).click();
  const migrate = page.getByRole('tabpanel', { name: 'Migrate keys' });
  await expect(migrate.getByRole('button', { name: 'Preview' })).toBeVisible();
  await expect(migrate.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await expect(migrate.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  await expect(migrate.getByText('This connection is Read-only, so Apply and Resume are hidden')).toContainText(
    'untick “Read-only” in the Table explorer’s connection panel and Connect again',
  );

  await page.getByRole('tab', { name: 'Design' }).click();
  const load = new LoadIntoTablePage(page);
  await expect(load.connectionTarget).toBeDisabled();
  await expect(load.region.getByText('The explorer’s connection (read-only)', { exact: true })).toBeVisible();
  await expect(load.connectionTarget).toHaveAccessibleDescription(
    /^It is marked Read-only, so it refuses writes: untick “Read-only” in the Table explorer’s connection panel and Connect again to load there\./,
  );
  await expect(load.builtInTarget).toBeChecked();
  expect((await client.listTables({})).TableNames).toEqual(['Notes']);
});
