import { createLocalDynamoDB } from '../src/engine';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../src/server';
import { expect, test } from './fixtures';
import { ConnectionPanelPage } from './pages/ConnectionPanelPage';
import { ExplorerPage } from './pages/ExplorerPage';
import { PROFILE_SECRET, startProfileAppServer, type ProfileAppServer } from './profileAppServer';

/*
 * Named profiles in the browser. Profiles come from the app server's
 * environment, so this file runs its own app server (profileAppServer.ts:
 * the same routes as `npm start`, serving dist/, with AWS_CONFIG_FILE and
 * HOME pointed at a temp folder): a credential_process profile whose
 * endpoint_url is Keylab's own DynamoDB-compatible endpoint, and an SSO
 * profile that was never logged in.
 */
test.describe.configure({ mode: 'serial' });
// The signer answers a missing SSO login with HTTP 401, which Chromium logs.
test.use({ allowedPageErrors: [/status of 401/] });

let endpoint: RunningDynamoDBEndpoint;
let app: ProfileAppServer;
let origin: string;

test.beforeAll(async () => {
  const db = createLocalDynamoDB();
  await db.createTable({
    TableName: 'ProfileTable',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  await db.putItem({ TableName: 'ProfileTable', Item: { pk: { S: 'from-a-profile' } } });
  endpoint = await startDynamoDBEndpoint({ db, port: 0 });
  app = await startProfileAppServer({
    config: (credentialProcess) => `[profile tools]
credential_process = ${credentialProcess}
region = eu-west-2
endpoint_url = ${endpoint.url}

[profile sso-dev]
sso_session = corp
sso_account_id = 111122223333
sso_role_name = Reader
region = us-east-1

[sso-session corp]
sso_start_url = https://corp.awsapps.com/start
sso_region = us-east-1
`,
  });
  origin = app.origin;
});

test.afterAll(async () => {
  await app?.stop();
  await endpoint?.stop();
});

test('SSO and credential_process profiles are selectable; SSO says to log in, the process profile connects', async ({ page }) => {
  await page.goto(`${origin}/`);
  const explorer = new ExplorerPage(page);
  await explorer.tab.click();
  const connection = new ConnectionPanelPage(page);
  await connection.kind.selectOption('AWS');
  await connection.namedProfile.check();
  await expect(connection.profile.locator('option')).toHaveText(['Choose…', 'tools (credential_process)', 'sso-dev (SSO)']);
  await expect(connection.profile.locator('option:disabled')).toHaveCount(0);

  await connection.profile.selectOption('sso-dev');
  await expect(connection.region).toHaveValue('us-east-1');
  await expect(connection.profileHelp).toContainText('aws sso login --profile sso-dev');
  await connection.connect.click();
  await expect(connection.problem).toHaveText(
    'Could not connect: The AWS SSO session for profile sso-dev has expired or was never started. Run `aws sso login --profile sso-dev`, then Connect again.',
  );

  await connection.profile.selectOption('tools');
  await expect(connection.profileHelp).toContainText(`Requests go to ${endpoint.url.replace(/\/$/, '')} (the profile’s endpoint_url)`);
  await connection.connect.click();
  await expect(page.getByText(`AWS eu-west-2 · profile tools (signed by Keylab’s server) · endpoint_url ${endpoint.url.replace(/\/$/, '')}`)).toBeVisible();
  await expect(explorer.tablePicker).toHaveValue('ProfileTable');
  await expect(page.content()).resolves.not.toContain(PROFILE_SECRET);
});
