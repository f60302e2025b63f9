import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { findFreePort, type RunningDynamoDBLocal } from '../scripts/dynamodbLocal';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { emptyDynamoDBLocal } from './sharedDynamoDBLocal';

// The table details ask for tags, which DynamoDB Local refuses with an HTTP 400 ("Tagging is not currently supported in
// DynamoDB Local."; the details show it as "not available"), and Chromium logs every 400 it fetches.
test.use({
  allowedPageErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/proxy\/dynamodb/],
});

/*
 * The explorer against the real DynamoDB Local, started here plainly (no
 * -cors flag), so the browser can only reach it through Keylab's loopback
 * proxy. Tables and items are created by the test through the SDK in Node.
 * One DynamoDB Local for the file: the tests run serially in one worker.
 */
test.describe.configure({ mode: 'serial' });

let ddbLocal: RunningDynamoDBLocal;

test.beforeAll(async ({ dynamoDBLocal }) => {
  ddbLocal = await emptyDynamoDBLocal(dynamoDBLocal);
  const client = new DynamoDB({ region: 'us-east-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'seeder', secretAccessKey: 'x' } });
  await client.createTable({
    TableName: 'Scores',
    AttributeDefinitions: [
      { AttributeName: 'game', AttributeType: 'S' },
      { AttributeName: 'scoreKey', AttributeType: 'S' },
      { AttributeName: 'player', AttributeType: 'S' },
      { AttributeName: 'at', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'game', KeyType: 'HASH' },
      { AttributeName: 'scoreKey', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: 'byPlayer',
        KeySchema: [
          { AttributeName: 'player', KeyType: 'HASH' },
          { AttributeName: 'at', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  const rows = [
    { scoreKey: '9', player: 'p_8842', at: '2026-06-23T10:00:00Z' },
    { scoreKey: '10', player: 'p_8842', at: '2026-06-21T08:30:00Z' },
    { scoreKey: '240', player: 'p_1234', at: '2026-06-22T12:00:00Z' },
    { scoreKey: '1500', player: 'p_8842', at: '2026-06-22T09:15:00Z' },
  ];
  for (const row of rows) {
    await client.putItem({ TableName: 'Scores', Item: { game: { S: 'G#1' }, scoreKey: { S: row.scoreKey }, player: { S: row.player }, at: { S: row.at } } });
  }
  // A binary sort key: the explorer's key boxes take hex or base64 and show the bytes they send.
  await client.createTable({
    TableName: 'Thumbprints',
    AttributeDefinitions: [
      { AttributeName: 'id', AttributeType: 'S' },
      { AttributeName: 'blob', AttributeType: 'B' },
    ],
    KeySchema: [
      { AttributeName: 'id', KeyType: 'HASH' },
      { AttributeName: 'blob', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (const bytes of [[0x01, 0x02, 0x03], [0x01, 0xff], [0x02]]) {
    await client.putItem({ TableName: 'Thumbprints', Item: { id: { S: 'b1' }, blob: { B: Uint8Array.from(bytes) }, note: { S: `n${bytes.length}` } } });
  }
  client.destroy();
});

test('connects to DynamoDB Local through the proxy, describes, queries an index and paginates', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await connection.connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`, 'someoneElse', 'eu-west-1');
  await expect(page.getByText(`DynamoDB Local http://localhost:${ddbLocal.port} (via Keylab’s proxy)`)).toBeVisible();
  await expect(explorer.tablePicker).toHaveValue('Scores');

  // DescribeTable, compactly.
  const facts = page.locator('.table-facts');
  await expect(facts).toContainText('Partition key');
  await expect(facts).toContainText('game');
  await expect(facts).toContainText('scoreKey');
  await expect(facts).toContainText('GSI byPlayer');
  await expect(facts).toContainText('player + at · ALL');

  // The table's raw order: bytes, not numbers.
  await explorer.partitionKey('game').fill('G#1');
  await explorer.runQuery.click();
  await expect(explorer.grid).toBeVisible();
  await expect.poll(() => explorer.columnValues('scoreKey')).toEqual(['10', '1500', '240', '9']);

  // The index, two items a page.
  await explorer.indexPicker.selectOption({ label: 'GSI byPlayer (player, at)' });
  await explorer.partitionKey('player').fill('p_8842');
  await explorer.limit.fill('2');
  await explorer.runQuery.click();
  await expect(explorer.grid).toBeVisible();
  await expect.poll(() => explorer.columnValues('at')).toEqual(['2026-06-21T08:30:00Z', '2026-06-22T09:15:00Z']);
  await expect(explorer.loadMore).toBeVisible();
  await explorer.loadMore.click();
  await expect.poll(() => explorer.columnValues('at')).toEqual(['2026-06-21T08:30:00Z', '2026-06-22T09:15:00Z', '2026-06-23T10:00:00Z']);
  await expect(page.getByText(/3 items in \d pages · end of results/)).toBeVisible();

  // Descending on the index.
  await explorer.descending.check();
  await explorer.limit.fill('');
  await explorer.runQuery.click();
  await expect.poll(() => explorer.columnValues('at')).toEqual(['2026-06-23T10:00:00Z', '2026-06-22T09:15:00Z', '2026-06-21T08:30:00Z']);

  // And back to the built-in table.
  await connection.kind.selectOption('Built-in table');
  await connection.connect.click();
  await expect(explorer.tablePicker.locator('option', { hasText: 'Leaderboard' })).toBeAttached();
});

test('a binary sort key typed as hex or base64 sends the bytes it shows, and refuses what is not valid', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await connection.connectToDynamoDBLocal(`http://localhost:${ddbLocal.port}`, 'someoneElse', 'eu-west-1');
  await explorer.tablePicker.selectOption('Thumbprints');
  await explorer.partitionKey('id').fill('b1');
  await page.getByRole('combobox', { name: 'Sort key condition' }).selectOption({ label: 'blob =' });
  const encoding = page.getByRole('combobox', { name: 'Binary key values typed as' });
  await expect(encoding).toHaveValue('hex');
  const value = page.getByRole('textbox', { name: 'blob value' });
  await value.fill('010203');
  await expect(page.getByText('Sends 3 bytes: 01 02 03')).toBeVisible();
  await explorer.runQuery.click();
  await expect.poll(() => explorer.columnValues('note')).toEqual(['n3']);

  // The same bytes in base64: switching keeps them and retypes the box.
  await encoding.selectOption('base64');
  await expect(value).toHaveValue('AQID');
  await explorer.runQuery.click();
  await expect.poll(() => explorer.columnValues('note')).toEqual(['n3']);

  // Not base64: refused next to the box, and nothing is sent.
  await value.fill('0x01!');
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Sends \d+ bytes?/)).toHaveCount(0);
});

test('says what is wrong next to the field before connecting', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  const connection = new ConnectionPanelPage(page);
  await explorer.open();
  await connection.kind.selectOption('DynamoDB Local');
  await connection.endpoint.fill('localhost 8000');
  await connection.region.fill('Frankfurt');
  await connection.connect.click();
  await expect(connection.endpoint).toHaveAttribute('aria-invalid', 'true');
  await expect(connection.endpoint).toHaveAccessibleDescription(/Not a URL/);
  await expect(connection.region).toHaveAccessibleDescription(/region code such as us-east-1/);
  await expect(connection.problem).toHaveCount(0);
});

test.describe('an endpoint where nothing listens', () => {
  // The proxy answers 502 (connection refused), and Chromium logs every
  // non-2xx fetch as "Failed to load resource" — expected here, nothing else is.
  test.use({ allowedPageErrors: [/Failed to load resource: the server responded with a status of 502/] });

  test('reports "connection refused" in plain words, without the secret', async ({ page }) => {
    const secret = 'sEcReT/value+that-must-not-show';
    const closedPort = await findFreePort();
    const explorer = new ExplorerPage(page);
    const connection = new ConnectionPanelPage(page);
    await explorer.open();
    await connection.kind.selectOption('Custom endpoint');
    await connection.endpoint.fill(`http://127.0.0.1:${closedPort}`);
    await connection.accessKeyId.fill('keylab');
    await connection.secretAccessKey.fill(secret);
    await connection.connect.click();
    await expect(connection.problem).toContainText(`Connection refused: nothing is listening on 127.0.0.1:${closedPort}`);
    await expect(page.locator('body')).not.toContainText(secret);
    expect(page.url()).not.toContain(secret);
    // The explorer still shows what it had.
    await expect(explorer.tablePicker.locator('option', { hasText: 'Leaderboard' })).toBeAttached();
  });
});
