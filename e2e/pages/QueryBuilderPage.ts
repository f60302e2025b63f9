import type { Locator, Page } from '@playwright/test';

/** The explorer's query builder, found by roles and names. */
export class QueryBuilderPage {
  readonly form: Locator;
  readonly sortCondition: Locator;
  readonly rawValues: Locator;
  readonly fieldValues: Locator;
  readonly requestJson: Locator;
  readonly copyRequest: Locator;
  readonly aliasEveryName: Locator;
  readonly pasteButton: Locator;
  readonly pasteDialog: Locator;
  readonly pasteText: Locator;
  readonly fillBuilder: Locator;
  readonly warnings: Locator;
  readonly filterSection: Locator;
  readonly consistentRead: Locator;
  readonly select: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Query builder' });
    this.sortCondition = page.getByRole('combobox', { name: 'Sort key condition' });
    this.rawValues = page.getByRole('radio', { name: 'Raw values' });
    this.fieldValues = page.getByRole('radio', { name: 'Field values' });
    this.requestJson = page.getByLabel('Request JSON', { exact: true });
    this.copyRequest = page.getByRole('button', { name: 'Copy request' });
    this.aliasEveryName = page.getByRole('checkbox', { name: 'Alias every name' });
    this.pasteButton = page.getByRole('button', { name: 'Paste request…' });
    this.pasteDialog = page.getByRole('dialog', { name: 'Paste request' });
    this.pasteText = page.getByRole('textbox', { name: 'Request JSON to paste' });
    this.fillBuilder = page.getByRole('button', { name: 'Fill builder' });
    this.warnings = page.getByRole('list', { name: 'Warnings' });
    this.filterSection = page.locator('summary', { hasText: /^Filter/ });
    this.consistentRead = page.getByRole('checkbox', { name: 'Consistent read' });
    this.select = page.getByRole('combobox', { name: 'Select', exact: true });
  }

  /** The input of a template field (`from` for BETWEEN's lower bound). */
  field(name: string, bound?: 'from' | 'to'): Locator {
    return this.page.getByRole('textbox', { name: bound ? new RegExp(`^${name} ${bound}`) : new RegExp(`^${name}\\b(?! (from|to))`) });
  }

  /** The request JSON as an object. */
  async request(): Promise<Record<string, unknown>> {
    return JSON.parse(await this.requestJson.innerText()) as Record<string, unknown>;
  }

  /** Adds a filter condition at the top level and fills it. */
  async addCondition(path: string, operator: string, value?: string, type?: string): Promise<void> {
    if (!(await this.filterSection.locator('..').getAttribute('open'))) await this.filterSection.click();
    await this.page.getByRole('group', { name: 'Filter conditions' }).getByRole('button', { name: '+ Condition' }).first().click();
    const row = this.page.getByRole('group', { name: 'Condition on an attribute' }).last();
    await row.getByRole('textbox', { name: 'Attribute path' }).fill(path);
    const filled = this.page.getByRole('group', { name: `Condition on ${path}` }).last();
    await filled.getByRole('combobox', { name: 'Comparator' }).selectOption(operator);
    if (type) await filled.getByRole('combobox', { name: 'Value type' }).selectOption(type);
    if (value !== undefined) await filled.getByRole('textbox', { name: /^Value/ }).fill(value);
  }

  async paste(json: string): Promise<void> {
    await this.pasteButton.click();
    await this.pasteText.fill(json);
    await this.fillBuilder.click();
  }
}
