/**
 * Migrate keys on a remote endpoint through Keylab's app server and its
 * loopback proxy: the endpoint process (`npm run endpoint -- --data DIR`) is
 * killed in the middle of Apply. The migration pauses naming the server that
 * stopped answering (nothing is marked failed); once the endpoint runs again
 * on its files, Resume finishes with every item migrated exactly once.
 */
import { DynamoDB, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';

const ITEMS = 1500;
const TABLE = 'RawScores';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the endpoint process on `port` with its tables in `dataDir`, as `npm run endpoint` does (bin/keylab.mjs: the
 * prebuilt dist-endpoint bundle, or the sources through tsx when it is stale; the sources through tsx took 4 times as
 * long to answer, twice per test); resolves once it answers.
 */
async function startEndpoint(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bin/keylab.mjs', 'endpoint', '--port', String(port), '--data', dataDir], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the endpoint exited with ${child.exitCode}`);
        return fetch(`http://127.0.0.1:${port}/`, { method: 'POST' }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

test.describe('Migrate keys through the proxy when the endpoint dies', () => {
  let dataDir: string;
  let port: number;
  let endpoint: ChildProcess | undefined;
  let db: DynamoDB;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'keylab-migrate-remote-'));
    port = await freePort();
    endpoint = await startEndpoint(port, dataDir);
    db = new DynamoDB({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' } });
    await db.createTable({
      TableName: TABLE,
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    for (let start = 0; start < ITEMS; start += 25) {
      let requests = Array.from({ length: Math.min(25, ITEMS - start) }, (_, k) => ({
        PutRequest: {
          Item: { pk: { S: `P#${(start + k) % 5}` }, sk: { S: String(start + k) }, n: { N: String(start + k) } } as Record<string, AttributeValue>,
        },
      }));
      while (requests.length > 0)
        requests = ((await db.batchWriteItem({ RequestItems: { [TABLE]: requests } })).UnprocessedItems?.[TABLE] ?? []) as typeof requests;
    }
  });

  test.afterAll(async () => {
    db.destroy();
    if (endpoint) await killed(endpoint);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The browser logs each refused request of the paused run (502 from the proxy) as a console error.
  test.use({ allowedPageErrors: [/Failed to load resource: the server responded with a status of 502/] });

  test('pauses naming the endpoint that stopped answering; Resume after a restart migrates every item exactly once', async ({ page }) => {
    test.setTimeout(300_000);
    const explorer = new ExplorerPage(page);
    const connection = new ConnectionPanelPage(page);
    await explorer.open();
    await connection.connectToDynamoDBLocal(`http://127.0.0.1:${port}`);
    await expect(explorer.tablePicker).toHaveValue(TABLE);

    await page.getByRole('tab', { name: 'Migrate keys' }).click();
    const migrate = page.getByRole('tabpanel', { name: 'Migrate keys' });
    await migrate.getByLabel('Table', { exact: true }).selectOption(TABLE);
    await expect(migrate.getByRole('textbox', { name: 'Current template for sk' })).toHaveValue('{sk}');
    await migrate.getByRole('textbox', { name: 'Target template for sk' }).fill('{sk:int(10)}');
    await migrate.getByRole('button', { name: 'Preview' }).click();
    const preview = migrate.getByRole('region', { name: 'Migration preview' });
    await expect(preview.getByRole('status').first()).toHaveText(
      `${ITEMS.toLocaleString('en-US')} to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 0 collisions`,
      { timeout: 60_000 },
    );

    await migrate.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('dialog', { name: 'Apply the migration?' }).getByRole('button', { name: 'Apply migration' }).click();
    const progress = migrate.getByRole('progressbar', { name: 'Migration progress' });
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(50);
    if (endpoint) await killed(endpoint);
    endpoint = undefined;

    const alert = migrate.getByRole('alert');
    await expect(alert).toContainText(`DynamoDB Local http://127.0.0.1:${port} (via Keylab’s proxy)`, { timeout: 60_000 });
    await expect(alert).toContainText('stopped answering');
    await expect(alert).toContainText('Nothing was marked failed');
    const doneAtPause = Number(await progress.getAttribute('value'));
    expect(doneAtPause).toBeLessThan(ITEMS);
    await expect(migrate).toContainText(/0 failures/);

    endpoint = await startEndpoint(port, dataDir);
    await migrate.getByRole('button', { name: 'Resume' }).click();
    const report = migrate.getByRole('region', { name: 'Migration report' });
    await expect(report).toContainText(`${ITEMS.toLocaleString('en-US')} of ${ITEMS.toLocaleString('en-US')} items done, 0 skipped, 0 failed.`, {
      timeout: 180_000,
    });
    await migrate.getByRole('button', { name: 'Verify' }).click();
    await expect(report).toContainText(
      `Verified: all ${ITEMS.toLocaleString('en-US')} migrated items are present once under their new keys; nothing is left under old keys.`,
      { timeout: 60_000 },
    );

    // Exactly once: every item under its padded key, none under its raw one, none twice.
    const keys: string[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const output = await db.scan({ TableName: TABLE, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) });
      for (const item of output.Items ?? []) keys.push(`${item.pk?.S}|${item.sk?.S}|${item.n?.N}`);
      start = output.LastEvaluatedKey;
    } while (start);
    expect(keys.sort()).toEqual(Array.from({ length: ITEMS }, (_, i) => `P#${i % 5}|${String(i).padStart(10, '0')}|${i}`).sort());
  });
});
