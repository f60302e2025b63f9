import { DynamoDB } from '@aws-sdk/client-dynamodb';
import type { RunningDynamoDBLocal } from '../scripts/dynamodbLocal';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { emptyDynamoDBLocal } from './sharedDynamoDBLocal';

/*
 * The explorer's PartiQL tab and table details against the real DynamoDB
 * Local (through Keylab's loopback proxy): a SELECT with a parameter, paged
 * with NextToken; DynamoDB's refusal of a bad statement; TTL, streams and
 * tags; Add index followed until ACTIVE. One DynamoDB Local for the file.
 */
test.describe.configure({ mode: 'serial' });
// DynamoDB's refusals (a bad statement, tagging in DynamoDB Local) are HTTP 400s, which Chromium logs.
test.use({ allowedPageErrors: [/Failed to load resource: the server responded with a status of 400/] });

let ddbLocal: RunningDynamoDBLocal;
const TIMES = ['2026-06-21T08:30:00Z', '2026-06-22T09:15:00Z', '2026-06-22T12:00:00Z', '2026-06-23T10:00:00Z', '2026-06-24T07:45:00Z'];

test.beforeAll(async ({ dynamoDBLocal }) => {
  ddbLocal = await emptyDynamoDBLocal(dynamoDBLocal);
  const client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'seeder', secretAccessKey: 'x' } });
  await client.createTable({
    TableName: 'Matches',
    AttributeDefinitions: [
      { AttributeName: 'game', AttributeType: 'S' },
      { AttributeName: 'at', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'game', KeyType: 'HASH' },
      { AttributeName: 'at', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  });
  await client.updateTimeToLive({ TableName: 'Matches', TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' } });
  for (const [index, at] of TIMES.entries()) {
    await client.putItem({
      TableName: 'Matches',
      Item: { game: { S: 'G#1' }, at: { S: at }, team: { S: index % 2 ? 'red' : 'blue' }, points: { N: String(10 * index) } },
    });
  }
  await client.putItem({ TableName: 'Matches', Item: { game: { S: 'G#2' }, at: { S: TIMES[0] as string }, team: { S: 'red' } } });
  client.destroy();
});

async function openOnDynamoDBLocal(page: import('@playwright/test').Page): Promise<ExplorerPage> {
  const explorer = new ExplorerPage(page);
  await explorer.open();
  await new ConnectionPanelPage(page).connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`);
  await expect(explorer.tablePicker).toHaveValue('Matches');
  return explorer;
}

test('runs a SELECT with a parameter, pages with NextToken, and shows DynamoDB’s refusals next to the statement', async ({ page }) => {
  test.setTimeout(60_000);
  const explorer = await openOnDynamoDBLocal(page);
  await page.getByRole('radio', { name: 'PartiQL' }).check();
  const statement = page.getByRole('textbox', { name: 'PartiQL statement' });
  const parameters = page.getByRole('textbox', { name: 'Parameters' });
  const run = page.getByRole('button', { name: 'Run statement' });
  const nextPage = page.getByRole('button', { name: 'Next page' });
  // It starts with a Query on the table's partition key.
  await expect(statement).toHaveValue('SELECT * FROM "Matches" WHERE "game" = ?');
  await expect(parameters).toHaveValue('[{"S": ""}]');
  await expect(page.getByRole('radio', { name: 'PartiQL' })).toBeFocused();

  await parameters.fill('[{"S": "G#1"}]');
  await page.getByRole('textbox', { name: 'Limit' }).fill('2');
  await run.click();
  // DynamoDB Local's first PartiQL statement warms up its parser: give it time.
  await expect.poll(() => explorer.columnValues('at'), { timeout: 30_000 }).toEqual(TIMES.slice(0, 2));
  // The same grid as Query and Scan: the table's keys first.
  expect((await explorer.grid.getByRole('columnheader').allInnerTexts()).slice(1, 3).map((header) => header.split('\n')[0])).toEqual(['game', 'at']);
  await nextPage.click();
  await expect.poll(() => explorer.columnValues('at')).toEqual(TIMES.slice(0, 4));
  await nextPage.click();
  await expect.poll(() => explorer.columnValues('at')).toEqual(TIMES);
  await expect(page.getByRole('status').filter({ hasText: '5 items in 3 pages · end of results' })).toBeVisible();
  await expect(nextPage).toHaveCount(0);

  // Parameters that aren't DynamoDB JSON are refused where they are, before anything is sent.
  await parameters.fill('[\n  {"S": 5}\n]');
  await run.click();
  await expect(parameters).toHaveAttribute('aria-invalid', 'true');
  // src/dynamo's DynamoDB-JSON reader's wording: the parameter, where it starts, the path inside it, what is wrong and how to write it.
  await expect(parameters).toHaveAccessibleDescription(/Parameter 1 \(line 2, column 3\) at S: a string value is text: write \{"S": "…"\}, not the number 5\./);
  await expect.poll(() => explorer.columnValues('at')).toEqual(TIMES);

  // DynamoDB's own message for a statement it can't read, as text next to the statement.
  await parameters.fill('');
  await statement.fill('SELEC * FROM "Matches"');
  await run.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'ValidationException' });
  await expect(refusal).toContainText("Statement wasn't well formed");
  await expect(statement).toHaveAccessibleDescription(/ValidationException/);

  // Back to Query: the builder is there again.
  await page.getByRole('radio', { name: 'Query' }).check();
  await expect(explorer.runQuery).toBeVisible();
});

test('table details show TTL, streams and tags; Add index creates a GSI, followed until ACTIVE', async ({ page }) => {
  const explorer = await openOnDynamoDBLocal(page);
  const facts = page.locator('dl[aria-label="Table details"]');
  await expect(facts.locator('div', { hasText: 'Time to live' })).toContainText('ENABLED on expiresAt');
  await expect(facts.locator('div', { hasText: 'Streams' })).toContainText(
    /NEW_AND_OLD_IMAGES · arn:aws:dynamodb:ddblocal:000000000000:table\/Matches\/stream\//,
  );
  await expect(facts.locator('div', { hasText: 'Tags' })).toContainText('not available: Tagging is not currently supported in DynamoDB Local.');

  await page.getByRole('button', { name: 'Add index' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add index' });
  await expect(dialog).toBeVisible();
  const indexName = dialog.getByRole('textbox', { name: 'Index name' });
  await indexName.fill('by');
  await dialog.getByRole('textbox', { name: 'Partition key', exact: true }).fill('team');
  await dialog.getByRole('textbox', { name: /^Sort key/ }).fill('at');
  await dialog.getByRole('combobox', { name: 'Sort key type' }).selectOption('N');
  await dialog.getByRole('button', { name: 'Create index' }).click();
  // Checked before sending: the name's length, and a type that contradicts the table's.
  await expect(indexName).toHaveAccessibleDescription('An index name is 3 to 255 characters long; "by" has 2.');
  await expect(dialog.getByRole('textbox', { name: /^Sort key/ })).toHaveAccessibleDescription(/at is already a S key attribute of Matches/);
  await indexName.fill('byTeam');
  await dialog.getByRole('combobox', { name: 'Sort key type' }).selectOption('S');
  await dialog.getByRole('combobox', { name: 'Projection' }).selectOption('INCLUDE');
  await dialog.getByRole('textbox', { name: 'Projected attributes' }).fill('points');
  await dialog.getByRole('button', { name: 'Create index' }).click();
  await expect(dialog).toBeHidden();
  // DescribeTable is polled until the index is ACTIVE; then it is listed like the others.
  const gsi = facts.locator('div', { hasText: 'GSI byTeam' });
  await expect(gsi).toContainText('team + at · INCLUDE');
  await expect(page.getByRole('status').filter({ hasText: 'Creating index byTeam' })).toHaveCount(0, { timeout: 30_000 });
  await expect(gsi).not.toContainText('CREATING');
  await expect(explorer.indexPicker.locator('option', { hasText: 'GSI byTeam (team, at)' })).toBeAttached();
});
