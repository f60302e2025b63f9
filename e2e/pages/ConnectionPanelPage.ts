import type { Locator, Page } from '@playwright/test';

/** The explorer's connection control, found by roles and names. */
export class ConnectionPanelPage {
  readonly kind: Locator;
  readonly endpoint: Locator;
  readonly region: Locator;
  readonly accessKeyId: Locator;
  readonly secretAccessKey: Locator;
  readonly remember: Locator;
  readonly readOnly: Locator;
  readonly connect: Locator;
  readonly problem: Locator;
  readonly namedProfile: Locator;
  readonly profile: Locator;
  readonly profileHelp: Locator;
  readonly saved: Locator;
  readonly connectionName: Locator;
  readonly saveConnection: Locator;
  readonly renameConnection: Locator;
  readonly deleteConnection: Locator;

  constructor(readonly page: Page) {
    const form = page.getByRole('form', { name: 'Connection' });
    this.kind = form.getByRole('combobox', { name: 'Connection', exact: true });
    this.endpoint = form.getByRole('textbox', { name: 'Endpoint URL' });
    this.region = form.getByRole('textbox', { name: 'Region' });
    this.accessKeyId = form.getByRole('textbox', { name: 'Access key id' });
    this.secretAccessKey = form.getByLabel(/^Secret access key/);
    this.remember = form.getByRole('checkbox', { name: 'Remember in this browser' });
    this.readOnly = form.getByRole('checkbox', { name: 'Read-only' });
    this.connect = form.getByRole('button', { name: 'Connect', exact: true });
    this.problem = form.getByRole('alert');
    this.namedProfile = form.getByRole('radio', { name: 'Named profile (~/.aws)' });
    this.profile = form.getByRole('combobox', { name: 'Profile' });
    this.profileHelp = form.locator('.help').filter({ hasText: 'Keylab’s server reads ~/.aws' });
    this.saved = form.getByRole('combobox', { name: 'Saved connections' });
    this.connectionName = form.getByRole('textbox', { name: 'Connection name' });
    this.saveConnection = form.getByRole('button', { name: 'Save connection' });
    this.renameConnection = form.getByRole('button', { name: 'Rename connection' });
    this.deleteConnection = form.getByRole('button', { name: 'Delete connection' });
  }

  /** Chooses AWS with a named profile from the app server's ~/.aws and presses Connect. */
  async connectWithProfile(name: string): Promise<void> {
    await this.kind.selectOption('AWS');
    await this.namedProfile.check();
    await this.profile.selectOption(name);
    await this.connect.click();
  }

  /** Saves the form's connection under `name` (Saved connections). */
  async save(name: string): Promise<void> {
    await this.connectionName.fill(name);
    await this.saveConnection.click();
  }

  /** Chooses DynamoDB Local at `endpoint` and presses Connect. */
  async connectToDynamoDBLocal(endpoint: string, accessKeyId = 'keylab', region = 'us-east-1'): Promise<void> {
    await this.kind.selectOption('DynamoDB Local');
    await this.endpoint.fill(endpoint);
    await this.region.fill(region);
    await this.accessKeyId.fill(accessKeyId);
    await this.connect.click();
  }
}
